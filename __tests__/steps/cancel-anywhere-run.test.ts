/**
 * A cancel before Hermes runs (at the gate, at the comment, while Hermes' own user is set up), and
 * an unexpected failure of the action's own, still end in a report: outcome, every output, the
 * summary and the comment. run() in-process, its signals a stand-in the test emits SIGINT on once
 * the run has reached the request (or the root command) it is waiting on.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { PR, rendered } from '../helpers/comment.js';
import { textOf } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { rootHost } from '../helpers/root-host.js';
import { summaryText, world, type Options, type World } from '../helpers/in-process.js';
import { until } from '../helpers/until.js';
import { must } from '../helpers/must.js';

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.holdComments = false;
  api.plan('octocat', { permission: 'write' });
});

/** octocat's run on a pull request, with `comment: true`; not yet run. */
function pullRequestRun(options: Options = {}): World {
  const w = world({
    ...options,
    inputs: {
      comment: 'true',
      'github-token': 'gh-token',
      'upload-artifact': 'false',
      ...options.inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_API_URL: api.url,
      GITHUB_RUN_ID: '4242',
      GITHUB_JOB: 'demo',
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: 'pull_request',
      ...options.env
    }
  });
  const file = path.join(w.dir, 'event.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      number: PR,
      pull_request: { number: PR, user: { login: 'octocat' }, head: { repo: { fork: false } } }
    })
  );
  w.ports.env.GITHUB_EVENT_PATH = file;
  return w;
}

/** Every output the action sets, set. */
const OUTPUTS = ['outcome', 'exit_code', 'duration_ms', 'tokens_total', 'attempts'];

describe('a cancel before Hermes runs', () => {
  test.each<[string, () => void, string, (path: string) => boolean]>([
    [
      'while the gate is still asking',
      () => api.plan('octocat', 'hang'),
      'The job was cancelled while the gate was deciding who may start the agent, before Hermes started',
      p => p.includes('/collaborators/octocat/permission')
    ],
    [
      'while the comment is being written',
      () => (api.holdComments = true),
      'The job was cancelled while the comment saying Hermes is working was written, before Hermes started',
      p => p.includes('/issues/')
    ]
  ])(
    '%s: interrupted, saying how far it got; outputs and summary written',
    async (_name, hold, message, seen) => {
      hold();
      const w = pullRequestRun();
      const done = run(w.ports);
      await until('the request the run waits on', () => api.requests.some(q => seen(q.path)));
      w.signals.emit('SIGINT');
      // What was held stays unanswered; what comes after the cancel is answered.
      api.holdComments = false;
      await done;
      expect(w.outputs.get('outcome')).toBe('interrupted');
      for (const name of OUTPUTS) expect(w.outputs.has(name)).toBe(true);
      expect(w.transcripts).toEqual([]);
      expect(summaryText(w)).toContain(message);
      expect(w.failed).toEqual([message]);
    }
  );

  test('the gate let the run in, the comment then says it was cancelled', async () => {
    const w = pullRequestRun();
    api.holdComments = true;
    const done = run(w.ports);
    await until('the comment request', () => api.requests.some(q => q.path.includes('/issues/')));
    api.holdComments = false;
    w.signals.emit('SIGINT');
    await done;
    expect(w.outputs.get('outcome')).toBe('interrupted');
    const written = api.commentsOn(PR);
    expect(written).toHaveLength(1);
    expect(textOf(rendered(must(written[0]).body))).toContain('Cancelled');
  });
});

/**
 * In-process, not through dist/: the real useradd runs as root, synchronously, and nothing outside
 * the action can hold it (but the lock on /etc/passwd, which would hold every other test of this
 * shared machine too). The stand-in root host (as in confine-run.test.ts) records root's commands
 * and is where the test sees the useradd: it sends SIGINT then, as the runner would meanwhile.
 */
describe('a cancel while Hermes’ own user is set up', () => {
  const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'cancel-isolation-'));
  afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));

  test('interrupted, saying so (not that Hermes was); the user is removed; outputs, summary, comment', async () => {
    // The simulator: an executable that exists, for the agent's user to be lent (it never runs).
    const w = pullRequestRun({
      hermes: 'simulator',
      inputs: { isolation: 'user' },
      env: { RUNNER_TEMP: fs.mkdtempSync(path.join(ROOT, 'temp-')) }
    });
    const { host, asked } = rootHost(ROOT, file => {
      if (file === 'useradd') w.signals.emit('SIGINT');
    });
    w.ports = { ...w.ports, platform: 'linux', isolationHost: host };
    await run(w.ports);
    const name = asked.find(([file]) => file === 'useradd')?.at(-1) ?? '';
    expect(name).toMatch(/^hermes-agent-[0-9a-f]{6}$/);
    expect(asked).toContainEqual(['userdel', name]);
    expect(w.outputs.get('outcome')).toBe('interrupted');
    for (const output of OUTPUTS) expect(w.outputs.has(output)).toBe(true);
    const message =
      'The job was cancelled while Hermes’ own user was set up, before Hermes started';
    expect(summaryText(w)).toContain(message);
    expect(w.failed).toEqual([message]);
    const written = api.commentsOn(PR);
    expect(written).toHaveLength(1);
    const body = textOf(rendered(must(written[0]).body));
    expect(body).toContain('Cancelled');
    expect(body).not.toContain('working');
  });
});

describe('an unexpected failure of the action’s own', () => {
  test('still writes the outcome, every output, the summary and the comment', async () => {
    const w = pullRequestRun({
      hermes: { provide: () => Promise.reject(new Error('the disk is full')) }
    });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('failure');
    for (const name of OUTPUTS) expect(w.outputs.has(name)).toBe(true);
    const message = 'The action failed: the disk is full';
    expect(summaryText(w)).toContain(message);
    expect(w.failed).toEqual([message]);
    const comment = must(api.commentsOn(PR)[0]);
    expect(textOf(rendered(comment.body))).toContain('the disk is full');
    expect(textOf(rendered(comment.body))).not.toContain('working');
  });
});
