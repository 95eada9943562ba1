/**
 * The sticky comment end to end through dist/: the action runs as a runner starts it, against a
 * loopback stand-in for the REST API's issue comments (helpers/github-api.ts). Two runs: one
 * cancelled mid-turn by the runner's SIGINT (what only a real process shows), and the next run,
 * which finds the same comment and ends it with the outcome. The rest (keys, pages, a deleted
 * comment, each outcome, a refusal, a read-only token, a hostile answer) is comment-run.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction, startAction } from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { MARKER, PR, rendered } from '../helpers/comment.js';
import { textOf } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { untilTurnStarted } from '../helpers/turn-started.js';
import { until } from '../helpers/until.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { must } from '../helpers/must.js';
import { NONE_WHERE_UNISOLATED, OPEN_WHERE_UNFENCED } from '../helpers/machine-tools.js';

let api: GithubApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await GithubApi.start();
  const file = path.join(agentDir('hermes-comment-'), 'pull_request.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ number: PR, pull_request: { number: PR, head: { repo: { fork: false } } } })
  );
  env = {
    GITHUB_API_URL: api.url,
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKFLOW_REF: 'octo/repo/.github/workflows/review.yml@refs/pull/7/merge',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: file
  };
  // The gate lets octocat in: write access.
  api.plan('octocat', { permission: 'write' });
});
afterAll(() => api.stop());

const inputs = {
  query: 'Review this pull request',
  comment: 'true',
  'github-token': 'gh-token-for-comments',
  'upload-artifact': 'false',
  ...OPEN_WHERE_UNFENCED,
  ...NONE_WHERE_UNISOLATED
};

describe('one comment, kept true', () => {
  test('cancelled mid-turn: "working" while Hermes runs, then "Cancelled", within the runner’s grace; the next run ends the same comment with its outcome', async () => {
    const started = startAction({ inputs, env: { ...env, HERMES_SIM_SCENARIO: 'slow' } });
    // Written when the turn starts, before Hermes is done.
    const running = await until('the comment saying Hermes is working', () =>
      api.commentsOn(PR).find(c => c.body.includes('Hermes is working'))
    );
    await untilTurnStarted(started);
    expect(running.body).toMatch(MARKER);
    expect(textOf(rendered(running.body))).toContain('Follow the run');
    started.child.kill('SIGINT');
    const cancelled = await started.done;
    expect(cancelled.outputs.outcome).toBe('interrupted');
    expect(api.requests.filter(q => q.method === 'POST')).toHaveLength(1);
    const comments = api.commentsOn(PR);
    expect(comments.map(c => c.id)).toEqual([running.id]);
    const text = textOf(rendered(must(comments[0]).body));
    expect(text).toContain(
      'Cancelled: the job was cancelled before Hermes finished · exit code 130'
    );
    expect(text).toContain('Interrupted');
    expect(text).not.toContain('working');
    // It ended by itself, before any SIGTERM (the runner's comes 7.5 s after SIGINT; the action's
    // deadlines fit it, a timing this test does not hold a shared machine to).
    expect(cancelled.signal).toBeNull();

    api.requests.length = 0;
    const next = await runAction({ inputs, env });
    expect(next.outputs.outcome).toBe('success');
    expect(next.exitCode).toBe(0);
    expect(api.commentsOn(PR).map(c => c.id)).toEqual([running.id]);
    const ended = textOf(rendered(must(api.commentsOn(PR)[0]).body));
    expect(ended).toContain('Hermes completed the turn · exit code 0');
    expect(ended).toContain('The build is clean.');
    expect(ended).toMatch(
      /2 tool calls \(1 failed\) · 2,164 tokens \(2,100 in, 64 out\) · \$0\.0046 · nous\/hermes-4-70b/
    );
    // Found (listed once, at its start), then only PATCHed: no second POST.
    const writes = api.requests.filter(q => q.method !== 'GET' && q.path.includes('/issues/'));
    expect(writes.map(q => q.method)).toEqual(['PATCH', 'PATCH']);
    expect(
      api.requests.every(
        q => !q.path.includes('/issues/') || q.authorization === 'Bearer gh-token-for-comments'
      )
    ).toBe(true);
  });
});
