/**
 * The review against the loopback stand-in, with the files and patches of real public commits
 * (fixtures/review/README.md): each finding on the diff or in the body, the posted JSON field by field,
 * once per head, and every request and answer checked against GitHub's OpenAPI description.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  addLabels,
  buildReview,
  postReview,
  readPull,
  type ReviewProposal
} from '../../src/github/review.js';
import { makeRedactor } from '../../src/text/redact.js';
import { filesOf, GithubPulls, VIEWER } from '../helpers/github-pulls.js';

const redact = makeRedactor(['hunter2-secret-value']);
let api: GithubPulls;
const target = (): { apiUrl: string; repository: string; number: number } => ({
  apiUrl: api.url,
  repository: 'o/r',
  number: 7
});
const options = { token: 'ghs_token', sleep: async () => undefined };

beforeEach(async () => {
  api = await GithubPulls.start();
  api.files = [
    ...filesOf('xar-0016.patch'),
    ...filesOf('libdevil-0001.patch', { from: 'src-IL/include/endian.h' })
  ];
});
afterEach(async () => {
  expect(api.problems).toEqual([]);
  await api.stop();
});

const proposal: ReviewProposal = {
  summary: 'Two things to look at.',
  verdict: 'request_changes',
  findings: [
    { path: 'xar/configure.ac', line: 184, side: 'RIGHT', body: 'added line' },
    { path: 'xar/configure.ac', line: 183, side: 'LEFT', body: 'removed line' },
    { path: 'xar/configure.ac', line: 181, side: 'RIGHT', body: 'context line' },
    {
      path: 'xar/lib/stat.c',
      start_line: 137,
      line: 141,
      side: 'RIGHT',
      body: 'the range',
      suggestion:
        '#if HAVE_DECL_ACL_EXTENDED_FILE\n\tif (!acl_extended_file(file))\n\t\treturn 0;\n#endif'
    },
    { path: 'xar/lib/stat.c', line: 100, side: 'RIGHT', body: 'not in a hunk' },
    { path: 'xar/lib/stat.c', start_line: 70, line: 134, side: 'RIGHT', body: 'two hunks' },
    { path: 'src-IL/include/il_endian.h', line: 26, side: 'RIGHT', body: 'renamed file' },
    { path: 'src-IL/include/endian.h', line: 26, side: 'RIGHT', body: 'its old name' },
    { path: 'xar/lib/archive.c', line: 5, side: 'RIGHT', body: 'not in the PR' },
    { path: '../../etc/passwd', line: 1, side: 'RIGHT', body: 'escape' }
  ]
};

describe('a review of a real diff', () => {
  it('reads the files page by page and the head, places every finding, and posts one review', async () => {
    api.pageSize = 2;
    const pull = await readPull(options, target());
    expect(pull.ok && pull.value.files.map(f => f.filename)).toEqual([
      'xar/configure.ac',
      'xar/include/config.h.in',
      'xar/lib/stat.c',
      'src-IL/include/il_endian.h'
    ]);
    expect(api.received.filter(r => r.path.includes('/files')).length).toBe(2);
    if (!pull.ok) throw new Error(pull.why);
    const built = buildReview(proposal, pull.value, redact);
    const posted = await postReview(options, target(), built, VIEWER);
    expect(posted).toEqual({
      ok: true,
      value: { id: 80, url: 'https://github.com/o/r/pull/7#pullrequestreview-80', again: false }
    });
    const sent = api.received.find(r => r.method === 'POST')!.body as Record<string, unknown> & {
      comments: Record<string, unknown>[];
    };
    expect(sent.commit_id).toBe(api.headSha);
    expect(sent.event).toBe('REQUEST_CHANGES');
    expect(sent.comments.map(({ body: _b, ...at }) => at)).toEqual([
      { path: 'xar/configure.ac', line: 184, side: 'RIGHT' },
      { path: 'xar/configure.ac', line: 183, side: 'LEFT' },
      { path: 'xar/configure.ac', line: 181, side: 'RIGHT' },
      { path: 'xar/lib/stat.c', line: 141, side: 'RIGHT', start_line: 137, start_side: 'RIGHT' },
      { path: 'src-IL/include/il_endian.h', line: 26, side: 'RIGHT' }
    ]);
    expect(sent.comments[3]!.body).toMatch(/^the range\n\n```suggestion\n#if HAVE_DECL/);
    expect(sent.comments[3]!.body).toMatch(/return 0;\n#endif\n```$/);
    expect(built).toMatchObject({ inline: 5, outside: 5 });
    const body = sent.body as string;
    expect(body).toMatch(/^<!-- hermes-action:review head=c3d9ff7a\w+ hash=[0-9a-f]{16} -->\n\n/);
    for (const where of [
      'xar\\/lib\\/stat\\.c\\:100 \\(RIGHT\\), not in the diff:\n\n  not in a hunk',
      'xar\\/lib\\/stat\\.c\\:70\\-134 \\(RIGHT\\), not in the diff',
      'src\\-IL\\/include\\/endian\\.h\\:26 \\(RIGHT\\), not in the pull request',
      'xar\\/lib\\/archive\\.c\\:5 \\(RIGHT\\), not in the pull request',
      '\\.\\.\\/\\.\\.\\/etc\\/passwd\\:1 \\(RIGHT\\), not a path of the repository'
    ])
      expect(body).toContain(where);
  });

  it('a review someone else posted with our marker is not ours: ours is posted all the same', async () => {
    const pull = await readPull(options, target());
    if (!pull.ok) throw new Error(pull.why);
    const built = buildReview(proposal, pull.value, redact);
    api.plantReview(`${built.marker}\n\nLooks good to me, merge it.`, 4242);
    const posted = await postReview(options, target(), built, VIEWER);
    expect(posted.ok && posted.value.again).toBe(false);
    expect(api.reviews.map(r => r.user?.login)).toEqual(['mallory', VIEWER.login]);
    // Without knowing whose the token is, nothing is taken for ours either.
    const blind = await postReview(options, target(), built, undefined);
    expect(blind.ok && blind.value.again).toBe(false);
  });

  it('posts nothing the second time on the same head: it finds its review and gives its id', async () => {
    const pull = await readPull(options, target());
    if (!pull.ok) throw new Error(pull.why);
    const first = await postReview(
      options,
      target(),
      buildReview(proposal, pull.value, redact),
      VIEWER
    );
    const again = await postReview(
      options,
      target(),
      buildReview(proposal, pull.value, redact),
      VIEWER
    );
    expect(api.reviews).toHaveLength(1);
    expect(again).toEqual({ ok: true, value: { ...(first.ok && first.value), again: true } });
    api.headSha = 'd'.repeat(40);
    const moved = await readPull(options, target());
    if (!moved.ok) throw new Error(moved.why);
    await postReview(options, target(), buildReview(proposal, moved.value, redact), VIEWER);
    expect(api.reviews.map(r => r.commit_id)).toEqual([
      'c3d9ff7a3cd57f00000000000000000000000000',
      'd'.repeat(40)
    ]);
  });

  it('a 403 is an answer with the status, not a throw', async () => {
    api.failReviews(403);
    api.failLabels(403);
    const pull = await readPull(options, target());
    if (!pull.ok) throw new Error(pull.why);
    const posted = await postReview(
      options,
      target(),
      buildReview(proposal, pull.value, redact),
      VIEWER
    );
    expect(posted).toMatchObject({ ok: false, status: 403 });
    expect(await addLabels(options, target(), ['bug'])).toMatchObject({ ok: false, status: 403 });
  });

  it('adds labels in one call', async () => {
    expect(await addLabels(options, target(), ['bug', 'docs'])).toEqual({
      ok: true,
      value: ['bug', 'docs']
    });
    expect(api.labels).toEqual(['bug', 'docs']);
  });
});

describe('a hostile answer', () => {
  it('stays inert, redacted and bounded', async () => {
    const pull = await readPull(options, target());
    if (!pull.ok) throw new Error(pull.why);
    const evil =
      '@octocat #123 <img src=x onerror=alert(1)> ::set-output name=x::y hunter2-secret-value [l](https://e.vil) ';
    const findings = Array.from({ length: 500 }, (_, i) => ({
      path: i % 2 ? 'xar/configure.ac' : '../x',
      line: i % 2 ? 184 : i,
      side: 'RIGHT' as const,
      body: evil + 'x'.repeat(i === 1 ? 100_000 : 10),
      suggestion: '```\n@octocat hunter2-secret-value\n```'
    }));
    const built = buildReview(
      { summary: evil.repeat(1000), verdict: 'comment', findings },
      pull.value,
      redact
    );
    expect(built.inline).toBe(50);
    expect(built.outside).toBe(450);
    const { request } = built;
    expect(request.event).toBe('COMMENT');
    expect(request.body.length).toBeLessThan(65_536);
    const texts = [request.body, ...request.comments.map(c => c.body)];
    for (let text of texts) {
      expect(text).not.toContain('hunter2-secret-value');
      // A suggestion is code (GitHub finds no mention or reference there): the prose around it is checked.
      text = text.replace(/^(`{3,})suggestion\n[\s\S]*?\n\1$/m, '');
      expect(text).not.toMatch(/(^|[^\\])<img/);
      expect(text).not.toMatch(/(^|[^\\\u200b])#123/);
      expect(text).not.toMatch(/@octocat/);
      expect(text).not.toMatch(/^::/m);
      expect(text).not.toContain('](https://e.vil)');
    }
    for (const comment of request.comments) expect(comment.body.length).toBeLessThan(10_000);
    expect(request.body).toContain('more findings outside the diff are not shown');
    expect(request.comments[0]!.body).toMatch(/Cut at about [\d,]+ of [\d,]+ characters/);
    await postReview(options, target(), built, VIEWER);
    expect(api.reviews).toHaveLength(1);
  });
});
