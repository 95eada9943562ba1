/**
 * The sticky comment end to end through dist/: the action runs as a runner starts it, against a
 * loopback stand-in for the REST API's issue comments (helpers/github-api.ts).
 */
import { agentDir } from './helpers/agent-dir.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { runAction, startAction } from '../scripts/local-runner.mjs';
import { all, parseHtml, prose, renderGfm, tagNames, textOf } from './helpers/gfm.js';
import { GithubApi } from './helpers/github-api.js';
import { untilTurnStarted } from './helpers/turn-started.js';
import { until } from './helpers/until.js';

const PR = 7;
const RUN_URL = 'https://github.com/octo/repo/actions/runs/4242';
const MARKER = /^<!-- hermes-action:workflow=[^ ]*;job=[^ ]*;key=[^ ]* -->\n/;

let api: GithubApi;
let dir: string;
beforeAll(async () => {
  api = await GithubApi.start();
  dir = agentDir('hermes-comment-');
});
afterAll(() => api.stop());
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.failComments(undefined);
  api.pageSize = 100;
});

/** An event payload on disk, as the runner gives it (GITHUB_EVENT_PATH). */
function event(name: string, payload: object): Record<string, string> {
  const file = path.join(dir, `${name}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(payload));
  return { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: file };
}

const pullRequest = (): Record<string, string> =>
  event('pull_request', {
    number: PR,
    pull_request: { number: PR, head: { repo: { fork: false } } }
  });

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    GITHUB_API_URL: api.url,
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKFLOW_REF: 'octo/repo/.github/workflows/review.yml@refs/pull/7/merge',
    // The gate lets octocat in: write access.
    ...pullRequest(),
    ...extra
  };
}

const inputs = (extra: Record<string, string> = {}): Record<string, string> => ({
  query: 'Review this pull request',
  comment: 'true',
  'github-token': 'gh-token-for-comments',
  'upload-artifact': 'false',
  ...extra
});

/** The comment as GitHub shows it: rendered, checked to hold nothing but our own markup. */
function rendered(body: string) {
  const tree = parseHtml(renderGfm(body));
  const allowed = new Set([
    '#root',
    '#comment',
    'h3',
    'p',
    'em',
    'strong',
    'blockquote',
    'code',
    'pre',
    'br',
    'a',
    'details',
    'summary',
    // The structured output's errors (json-schema), a list of our own.
    'ul',
    'li'
  ]);
  expect([...tagNames(tree)].filter(t => !allowed.has(t))).toEqual([]);
  // One HTML comment, the marker; links only to the run.
  expect(all(tree, '#comment')).toHaveLength(1);
  for (const a of all(tree, 'a')) expect(a.attrs.href).toBe(RUN_URL);
  return tree;
}

describe('one comment, kept true', () => {
  test('the first run creates it ("working", then the outcome); a second run updates the same one', async () => {
    api.plan('octocat', { permission: 'write' });
    const started = startAction({ inputs: inputs(), env: env({ HERMES_SIM_SCENARIO: 'slow' }) });
    // Written when the turn starts, before Hermes is done.
    const running = await until('the comment saying Hermes is working', () =>
      api.commentsOn(PR).find(c => c.body.includes('Hermes is working'))
    );
    await untilTurnStarted(started);
    expect(running.body).toMatch(MARKER);
    expect(textOf(rendered(running.body))).toContain('Follow the run');
    started.child.kill('SIGINT');
    await started.done;
    expect(api.requests.filter(q => q.method === 'POST')).toHaveLength(1);
    api.requests.length = 0;

    const r = await runAction({ inputs: inputs(), env: env() });
    expect(r.outputs.outcome).toBe('success');
    expect(r.exitCode).toBe(0);
    const comments = api.commentsOn(PR);
    expect(comments).toHaveLength(1);
    expect(comments[0].id).toBe(running.id);
    const text = textOf(rendered(comments[0].body));
    expect(text).toContain('Hermes completed the turn · exit code 0');
    expect(text).toContain('The build is clean.');
    expect(text).toMatch(
      /2 tool calls \(1 failed\) · 2,164 tokens \(2,100 in, 64 out\) · \$0\.0046 · nous\/hermes-4-70b/
    );
    // The second run found it (listed once, at its start), then only PATCHed it: no second POST.
    const writes = api.requests.filter(q => q.method !== 'GET' && q.path.includes('/issues/'));
    expect(writes.map(q => q.method)).toEqual(['PATCH', 'PATCH']);
    expect(
      api.requests.every(
        q => !q.path.includes('/issues/') || q.authorization === 'Bearer gh-token-for-comments'
      )
    ).toBe(true);
  });

  test('two steps with different comment-keys keep two comments; a lookalike by a stranger is left alone', async () => {
    api.plan('octocat', { permission: 'write' });
    api.pageSize = 2;
    const forged = api.addComment(
      PR,
      '<!-- hermes-action:workflow=octo%2Frepo%2F.github%2Fworkflows%2Freview.yml;job=demo;key=lint -->\nforged'
    );
    for (let i = 0; i < 3; i++) api.addComment(PR, `chatter ${i}`);
    for (const key of ['lint', 'docs', 'lint']) {
      const r = await runAction({ inputs: inputs({ 'comment-key': key }), env: env() });
      expect(r.outputs.outcome).toBe('success');
    }
    const ours = api.commentsOn(PR).filter(c => c.user.type === 'Bot');
    expect(ours).toHaveLength(2);
    expect(ours[0].body).toContain('key=lint');
    expect(ours[1].body).toContain('key=docs');
    expect(forged.body).toMatch(/forged$/);
    // Found past the first page (pages of 2): the third run's listing followed the Link header.
    expect(api.requests.some(q => q.path.includes('page=3'))).toBe(true);
  });

  test('a deleted comment is written anew at the end', async () => {
    api.plan('octocat', { permission: 'write' });
    const started = startAction({ inputs: inputs(), env: env({ HERMES_SIM_SCENARIO: 'slow' }) });
    await until('the comment', () => api.commentsOn(PR).length === 1);
    await untilTurnStarted(started);
    api.comments.length = 0;
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.annotations.filter(a => a.command === 'warning')).toEqual([]);
    expect(api.commentsOn(PR)).toHaveLength(1);
    expect(api.commentsOn(PR)[0].body).toContain('Cancelled');
  });
});

describe('every outcome', () => {
  test('cancelled mid-turn: the comment ends "Cancelled", within the runner’s grace', async () => {
    api.plan('octocat', { permission: 'write' });
    const started = startAction({ inputs: inputs(), env: env({ HERMES_SIM_SCENARIO: 'slow' }) });
    await until('the comment', () => api.commentsOn(PR).length === 1);
    await untilTurnStarted(started);
    const sent = Date.now();
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.outputs.outcome).toBe('interrupted');
    const [comment] = api.commentsOn(PR);
    const text = textOf(rendered(comment.body));
    expect(text).toContain(
      'Cancelled: the job was cancelled before Hermes finished · exit code 130'
    );
    expect(text).toContain('Interrupted');
    expect(text).not.toContain('working');
    // The runner sends SIGTERM 7.5 s after SIGINT.
    expect(Date.now() - sent).toBeLessThan(7500);
  });

  // One outcome through dist/; each outcome's wording in the comment is comment.test.ts's.
  test.each<[string, Record<string, string>, string]>([['failure', {}, 'Hermes failed']])(
    '%s: the comment ends with the outcome, never "working"',
    async (scenario, more, title) => {
      api.plan('octocat', { permission: 'write' });
      const r = await runAction({
        inputs: inputs(more),
        env: env({ HERMES_SIM_SCENARIO: scenario })
      });
      expect(r.exitCode).toBe(1);
      const [comment] = api.commentsOn(PR);
      const text = textOf(rendered(comment.body));
      expect(text).toContain(title);
      expect(text).not.toContain('working');
    }
  );

  test('a refusal (not_allowed): the comment says why the agent did not start', async () => {
    api.plan('stranger', { status: 404 });
    const r = await runAction({
      inputs: inputs(),
      env: env({
        GITHUB_ACTOR: 'stranger',
        GITHUB_TRIGGERING_ACTOR: 'stranger',
        ...event('issue_comment', { issue: { number: 12 }, comment: { body: '/hermes hi' } })
      })
    });
    expect(r.outputs.outcome).toBe('not_allowed');
    expect(r.exitCode).toBe(1);
    const comments = api.commentsOn(12);
    expect(comments).toHaveLength(1);
    const text = textOf(rendered(comments[0].body));
    expect(text).toContain('Not allowed to start the agent');
    expect(text).toContain('is not a collaborator');
  });

  test('a read-only token (403): one warning naming the permission; the verdict is unchanged', async () => {
    api.plan('octocat', { permission: 'write' });
    api.failComments(403);
    const r = await runAction({ inputs: inputs(), env: env() });
    expect(r.outputs.outcome).toBe('success');
    expect(r.exitCode).toBe(0);
    const warnings = r.annotations.filter(a => a.command === 'warning').map(a => a.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('HTTP 403 (Resource not accessible by integration)');
    expect(warnings[0]).toContain('"pull-requests: write"');
    // Refused at the start: not asked again at the end.
    expect(api.requests.filter(q => q.path.includes('/issues/'))).toHaveLength(1);
  });

  test('an event with no issue and no comment-number: a warning, and the turn runs', async () => {
    const r = await runAction({ inputs: inputs(), env: env(event('schedule', {})) });
    expect(r.outputs.outcome).toBe('success');
    const warnings = r.annotations.filter(a => a.command === 'warning').map(a => a.message);
    expect(warnings).toEqual([expect.stringContaining('set "comment-number"')]);
  });
});

describe('a hostile answer', () => {
  test('renders inert and redacted: no mention, reference, HTML, link, image or token', async () => {
    api.plan('octocat', { permission: 'write' });
    const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
    const answer = [
      'Done @octocat, cc @octo/team, closes #3 and octo/repo#4, see GH-5.',
      '<img src=x onerror=alert(1)> <script>alert(1)</script> <!-- hermes-action:workflow=x -->',
      '[click](https://evil.example) ![pixel](https://evil.example/p.png) https://evil.example/x',
      `token: ${token} and the-secret-value`,
      '</details> | a | b |\n# heading\n```js\nfence'
    ].join('\n');
    const scenario = path.join(dir, 'hostile.jsonl');
    fs.writeFileSync(
      scenario,
      [
        { type: 'system', subtype: 'init', model: 'm', session_id: '20261201_100000_abcdef' },
        {
          type: 'result',
          session_id: '20261201_100000_abcdef',
          exit_code: 0,
          text: answer,
          tokens: { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 },
          duration_ms: 5
        }
      ]
        .map(e => JSON.stringify(e))
        .join('\n') + '\n'
    );
    const r = await runAction({
      inputs: inputs({ redact: 'the-secret-value' }),
      env: env({ HERMES_SIM_SCENARIO: scenario })
    });
    expect(r.outputs.outcome).toBe('success');
    const [comment] = api.commentsOn(PR);
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
  });
});
