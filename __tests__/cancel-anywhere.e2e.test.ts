/**
 * SIGINT at several points of a run, through dist/ as a runner starts it: while the gate is still
 * asking (the stand-in GitHub API holds the permission request until the test has seen it), while
 * the comment is first written (held the same way), and during the turn. Each time: outcome
 * `interrupted`, every output, the summary and the comment, within the runner's 7.5 s.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { startAction } from '../scripts/local-runner.mjs';
import { agentDir } from './helpers/agent-dir.js';
import { PR, rendered } from './helpers/comment.js';
import { render, textOf } from './helpers/gfm.js';
import { GithubApi } from './helpers/github-api.js';
import { untilTurnStarted } from './helpers/turn-started.js';
import { until } from './helpers/until.js';
import { must } from './helpers/must.js';

let api: GithubApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await GithubApi.start();
  const file = path.join(agentDir('hermes-cancel-'), 'pull_request.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      number: PR,
      pull_request: { number: PR, user: { login: 'octocat' }, head: { repo: { fork: false } } }
    })
  );
  env = {
    GITHUB_API_URL: api.url,
    GITHUB_RUN_ID: '4242',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: file,
    HERMES_SIM_SCENARIO: 'slow'
  };
});
afterAll(() => api.stop());
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.holdComments = false;
  api.plan('octocat', { permission: 'write' });
});

const inputs = {
  query: 'Review this pull request',
  comment: 'true',
  'github-token': 'gh-token-for-comments',
  'upload-artifact': 'false'
};
const OUTPUTS = ['outcome', 'exit_code', 'duration_ms', 'tokens_total', 'attempts'];

describe('SIGINT at any point ends in a report', () => {
  test.each<
    [string, () => void, (started: ReturnType<typeof startAction>) => Promise<unknown>, string]
  >([
    [
      'while the gate is still asking',
      () => api.plan('octocat', 'hang'),
      () =>
        until('the permission request', () =>
          api.requests.some(q => q.path.includes('/collaborators/octocat/permission'))
        ),
      'cancelled while the gate was deciding who may start the agent'
    ],
    [
      'while the comment is being written',
      () => (api.holdComments = true),
      () => until('the comment request', () => api.requests.some(q => q.path.includes('/issues/'))),
      'cancelled while the comment saying Hermes is working was written'
    ],
    ['during the turn', () => undefined, started => untilTurnStarted(started), 'Interrupted']
  ])('%s', async (_name, hold, reached, said) => {
    hold();
    const started = startAction({ inputs, env });
    await reached(started);
    const sent = Date.now();
    started.child.kill('SIGINT');
    api.holdComments = false;
    const done = await started.done;
    expect(Date.now() - sent).toBeLessThan(7500);
    expect(done.outputs.outcome).toBe('interrupted');
    for (const name of OUTPUTS) expect(done.outputs[name]).toBeDefined();
    expect(textOf(render(done.summary))).toContain(said);
    const comments = api.commentsOn(PR);
    if (comments.length > 0) {
      const text = textOf(rendered(must(comments[comments.length - 1]).body));
      expect(text).toContain('Cancelled');
      expect(text).not.toContain('Hermes is working on it');
    }
  });
});
