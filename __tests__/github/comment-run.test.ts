/**
 * The sticky comment in-process: run() through its ports, the comment calls going through
 * src/http/fetch.ts to a loopback stand-in for the REST API's issue comments, Hermes a stand-in.
 * A cancel mid-turn and a run that finds the comment again go through dist/ in comment.e2e.test.ts;
 * each outcome's wording is comment.test.ts's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { all, prose, textOf } from '../helpers/gfm.js';
import { MARKER, PR, rendered } from '../helpers/comment.js';
import { ACTIONS_BOT, GithubApi, type User } from '../helpers/github-api.js';
import { world, type Options, type World } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';

const SUCCESS = fs.readFileSync(
  path.join(import.meta.dirname, '..', '..', 'simulator', 'scenarios', 'success.jsonl'),
  'utf8'
);

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.failComments(undefined);
  api.failViewer(undefined);
  api.identity = ACTIONS_BOT;
  api.pageSize = 100;
  api.plan('octocat', { permission: 'write' });
});

/** A run on a pull request (or `event`), octocat's, with `comment: true`. */
async function step(
  options: Options & { event?: [string, object] } = {},
  prepare?: (w: World) => void
): Promise<World> {
  const [name, payload] = options.event ?? [
    'pull_request',
    { number: PR, pull_request: { number: PR, head: { repo: { fork: false } } } }
  ];
  const w = world({
    runs: [{ exitCode: 0, stdout: SUCCESS }],
    ...options,
    inputs: {
      query: 'Review this pull request',
      comment: 'true',
      'github-token': 'gh-token-for-comments',
      'upload-artifact': 'false',
      ...options.inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: api.url,
      GITHUB_RUN_ID: '4242',
      GITHUB_JOB: 'demo',
      GITHUB_WORKFLOW_REF: 'octo/repo/.github/workflows/review.yml@refs/pull/7/merge',
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: name,
      ...options.env
    }
  });
  const file = path.join(w.dir, 'event.json');
  fs.writeFileSync(file, JSON.stringify(payload));
  w.ports.env.GITHUB_EVENT_PATH = file;
  prepare?.(w);
  await run(w.ports);
  return w;
}

const commentCalls = (): string[] =>
  api.requests.filter(q => q.path.includes('/issues/')).map(q => q.method ?? 'GET');

describe('one comment, kept true', () => {
  test('written "working" before Hermes runs, then the outcome; a second run updates the same one', async () => {
    let working: string[] = [];
    const w = await step({
      runs: [
        {
          exitCode: 0,
          stdout: SUCCESS,
          meddle: () => (working = api.commentsOn(PR).map(c => c.body))
        }
      ]
    });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(working).toHaveLength(1);
    expect(working[0]).toMatch(MARKER);
    expect(textOf(rendered(must(working[0])))).toContain('Hermes is working');
    expect(textOf(rendered(must(working[0])))).toContain('Follow the run');
    // Looked for (none yet), created, then rewritten with the outcome.
    expect(commentCalls()).toEqual(['GET', 'POST', 'PATCH']);
    const first = must(api.commentsOn(PR)[0]);
    const text = textOf(rendered(first.body));
    expect(text).toContain('Hermes completed the turn · exit code 0');
    expect(text).toContain('The build is clean.');
    expect(text).toMatch(/2 tool calls \(1 failed\) · 2,164 tokens \(2,100 in, 64 out\)/);
    expect(text).not.toContain('working');

    api.requests.length = 0;
    const again = await step();
    expect(again.outputs.get('outcome')).toBe('success');
    expect(api.commentsOn(PR).map(c => c.id)).toEqual([first.id]);
    // Found (listed once, at its start), then only PATCHed: no second POST.
    expect(commentCalls()).toEqual(['GET', 'PATCH', 'PATCH']);
    expect(
      api.requests.every(
        q => !q.path.includes('/issues/') || q.authorization === 'Bearer gh-token-for-comments'
      )
    ).toBe(true);
  });

  test('two steps with different comment-keys keep two comments; a lookalike by a stranger is left alone', async () => {
    api.pageSize = 2;
    const forged = api.addComment(
      PR,
      '<!-- hermes-action:workflow=octo%2Frepo%2F.github%2Fworkflows%2Freview.yml;job=demo;key=lint -->\nforged'
    );
    for (let i = 0; i < 3; i++) api.addComment(PR, `chatter ${i}`);
    for (const key of ['lint', 'docs', 'lint']) {
      const w = await step({ inputs: { 'comment-key': key } });
      expect(w.outputs.get('outcome')).toBe('success');
    }
    const ours = api.commentsOn(PR).filter(c => c.user.type === 'Bot');
    expect(ours).toHaveLength(2);
    expect(must(ours[0]).body).toContain('key=lint');
    expect(must(ours[1]).body).toContain('key=docs');
    expect(forged.body).toMatch(/forged$/);
    // Found past the first page (pages of 2): the third run's listing followed the Link header.
    expect(api.requests.some(q => q.path.includes('page=3'))).toBe(true);
  });

  test('a comment deleted during a cancelled turn is written anew at the end, without a warning', async () => {
    // What Hermes prints when the runner's SIGINT reaches it mid-turn.
    const interrupted = [
      { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's-1' },
      { type: 'result', session_id: 's-1', exit_code: 130, text: '', error: 'Interrupted' }
    ]
      .map(e => JSON.stringify(e) + '\n')
      .join('');
    let cancel = (): void => undefined;
    const w = await step(
      {
        runs: [
          {
            exitCode: 130,
            stdout: interrupted,
            meddle: () => {
              expect(api.commentsOn(PR)).toHaveLength(1);
              api.comments.length = 0;
              cancel();
            }
          }
        ]
      },
      w => (cancel = () => void w.signals.emit('SIGINT'))
    );
    expect(w.outputs.get('outcome')).toBe('interrupted');
    expect(w.warnings).toEqual([]);
    expect(api.commentsOn(PR)).toHaveLength(1);
    expect(textOf(rendered(must(api.commentsOn(PR)[0]).body))).toContain('Cancelled');
    expect(commentCalls()).toEqual(['GET', 'POST', 'PATCH', 'POST']);
  });
});

describe('only the token’s own comment is taken over', () => {
  // This step's marker: the review.yml workflow, job demo, no comment-key.
  const OURS =
    '<!-- hermes-action:workflow=octo%2Frepo%2F.github%2Fworkflows%2Freview.yml;job=demo;key= -->';
  const plant = (user: User, association: string): number =>
    api.addComment(PR, `${OURS}\nplanted by ${user.login}`, user, association).id;

  test('a comment planted with the marker by another bot, an owner or a collaborator is left alone: a new one is written', async () => {
    const planted = [
      plant({ login: 'renovate[bot]', id: 29139614, type: 'Bot' }, 'NONE'),
      plant({ login: 'octo-owner', id: 9, type: 'User' }, 'OWNER'),
      plant({ login: 'helper', id: 10, type: 'User' }, 'COLLABORATOR'),
      // The bot's login, as a user account could not take it; the id tells them apart anyway.
      plant({ login: 'github-actions[bot]', id: 11, type: 'User' }, 'MEMBER')
    ];
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    expect(commentCalls()).toEqual(['GET', 'POST', 'PATCH']);
    const comments = api.commentsOn(PR);
    for (const id of planted) expect(comments.find(c => c.id === id)?.body).toMatch(/planted by/);
    const ours = comments.filter(c => !planted.includes(c.id));
    expect(ours).toHaveLength(1);
    expect(must(ours[0]).user).toEqual(ACTIONS_BOT);
    expect(textOf(rendered(must(ours[0]).body))).toContain('Hermes completed the turn');
    // Whom the token belongs to was asked once, with the token, of GraphQL beside the REST API.
    const asked = api.requests.filter(q => q.path === '/graphql');
    expect(asked).toEqual([{ path: '/graphql', authorization: 'Bearer gh-token-for-comments' }]);
  });

  test('a personal token: the comment its user wrote is found, not the bot’s', async () => {
    const octocat = { login: 'octocat', id: 583231, type: 'User' };
    api.identity = octocat;
    plant(ACTIONS_BOT, 'NONE');
    const mine = plant(octocat, 'OWNER');
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    expect(commentCalls()).toEqual(['GET', 'PATCH', 'PATCH']);
    expect(api.commentsOn(PR)).toHaveLength(2);
    expect(textOf(rendered(api.commentsOn(PR).find(c => c.id === mine)!.body))).toContain(
      'Hermes completed the turn'
    );
  });

  test('whom the token belongs to cannot be read: no comment is taken over, a new one is written, and a warning says why', async () => {
    api.failViewer(401);
    const earlier = plant(ACTIONS_BOT, 'NONE');
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    expect(commentCalls()).toEqual(['POST', 'PATCH']);
    expect(api.commentsOn(PR).find(c => c.id === earlier)?.body).toMatch(/planted by/);
    expect(api.commentsOn(PR)).toHaveLength(2);
    expect(w.warnings).toEqual([
      expect.stringContaining(
        'whom the token belongs to could not be read (the GitHub API answered HTTP 401'
      )
    ]);
  });
});

describe('every outcome', () => {
  test('failure: the comment ends with the outcome, never "working"', async () => {
    const w = await step({ runs: [{ exitCode: 1 }] });
    expect(w.failed).toHaveLength(1);
    const comment = must(api.commentsOn(PR)[0]);
    const text = textOf(rendered(comment.body));
    expect(text).toContain('Hermes failed');
    expect(text).not.toContain('working');
  });

  test('a refusal (not_allowed): the comment says why the agent did not start', async () => {
    api.plan('stranger', { status: 404 });
    const w = await step({
      env: { GITHUB_ACTOR: 'stranger', GITHUB_TRIGGERING_ACTOR: 'stranger' },
      event: ['issue_comment', { issue: { number: 12 }, comment: { body: '/hermes hi' } }]
    });
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.failed).toHaveLength(1);
    expect(w.transcripts).toEqual([]);
    const comments = api.commentsOn(12);
    expect(comments).toHaveLength(1);
    const text = textOf(rendered(must(comments[0]).body));
    expect(text).toContain('Not allowed to start the agent');
    expect(text).toContain('is not a collaborator');
  });

  test('a read-only token (403): one warning naming the permission; the verdict is unchanged', async () => {
    api.failComments(403);
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.failed).toEqual([]);
    expect(w.warnings).toHaveLength(1);
    expect(w.warnings[0]).toContain('HTTP 403 (Resource not accessible by integration)');
    expect(w.warnings[0]).toContain('"pull-requests: write"');
    // Refused at the start: not asked again at the end.
    expect(commentCalls()).toHaveLength(1);
  });

  test('an event with no issue and no comment-number: a warning, and the turn runs', async () => {
    const w = await step({ event: ['schedule', {}] });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.warnings).toEqual([expect.stringContaining('set "comment-number"')]);
    expect(commentCalls()).toEqual([]);
  });
});

describe('a hostile answer', () => {
  test('renders inert and redacted: no mention, reference, HTML, link, image or token', async () => {
    const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
    const answer = [
      'Done @octocat, cc @octo/team, closes #3 and octo/repo#4, see GH-5.',
      '<img src=x onerror=alert(1)> <script>alert(1)</script> <!-- hermes-action:workflow=x -->',
      '[click](https://evil.example) ![pixel](https://evil.example/p.png) https://evil.example/x',
      `token: ${token} and the-secret-value`,
      '</details> | a | b |\n# heading\n```js\nfence'
    ].join('\n');
    const w = await step({
      inputs: { redact: 'the-secret-value' },
      runs: [{ exitCode: 0, answer }]
    });
    expect(w.outputs.get('outcome')).toBe('success');
    const comment = must(api.commentsOn(PR)[0]);
    expect(comment.body).not.toContain(token);
    expect(comment.body).not.toContain('the-secret-value');
    expect(comment.body.match(/<!-- hermes-action:/g)).toHaveLength(1);
    const tree = rendered(comment.body);
    const text = prose(tree);
    expect(text).toContain('token: *** and ***');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    // GitHub finds mentions and references in the rendered text: none survives whole.
    expect(text).not.toMatch(/@[A-Za-z]/);
    expect(text).not.toMatch(/#\d/);
    expect(text).not.toMatch(/GH-\d/i);
    expect(text).toContain('@\u200boctocat');
    expect(text).toContain('#\u200b3');
    expect(all(tree, 'img')).toEqual([]);
    // https links stay links, each with its host shown; the image is one of them.
    expect(textOf(tree)).toContain('click (evil.example) pixel (evil.example)');
    // `</details>` opens an HTML block to the end: shown as text, the fence inside it too.
    expect(textOf(tree)).toContain('</details> | a | b |\n# heading\n```js\nfence');
  });
});
