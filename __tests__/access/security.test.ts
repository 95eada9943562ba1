/**
 * Who may start the agent, and what is hidden, in-process: run() (src/main.ts) through its ports,
 * the gate's permission call going through src/http/fetch.ts to a loopback stand-in for the REST API,
 * Hermes a stand-in whose stdout the test writes. One allowed and one refused run, the environment
 * Hermes gets and a secret from the simulator's stream go through dist/ in security.e2e.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { GATE_LIMITS } from '../../src/access/gate.js';
import { run } from '../../src/main.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { GithubApi, type Answer } from '../helpers/github-api.js';
import { runnerReading, world, type World } from '../helpers/in-process.js';

/** What else a gate case sets: a re-run by someone else, the event payload, other logins' answers. */
interface Case {
  rerunBy?: string;
  payload?: object;
  plans?: { [login: string]: Answer[] };
}

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
});
afterAll(async () => {
  await api.stop();
});

/** A run on a runner, triggered by `actor` on `event`; whether Hermes ran, and whom the API was asked about. */
async function step(
  event: string,
  actor: string,
  answers: Answer[],
  inputs: { [name: string]: string } = {},
  more: Case = {}
): Promise<{ w: World; ran: boolean; calls: number; asked: string[]; text: string }> {
  api.plan(actor, ...answers);
  for (const [login, planned] of Object.entries(more.plans ?? {})) api.plan(login, ...planned);
  const before = api.requests.length;
  const w = world({
    inputs: {
      query: 'Fix the issue',
      'github-token': 'gate-token',
      'upload-artifact': 'false',
      ...inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_EVENT_NAME: event,
      GITHUB_ACTOR: actor,
      GITHUB_TRIGGERING_ACTOR: more.rerunBy ?? actor,
      GITHUB_API_URL: api.url
    },
    // The wait before the permission check's retry (a 5xx), shortened; its default is gate.test.ts's.
    limits: { gate: { ...GATE_LIMITS, retryDelayMs: 10 } }
  });
  if (more.payload) {
    const file = path.join(w.dir, 'event.json');
    fs.writeFileSync(file, JSON.stringify(more.payload));
    w.ports.env.GITHUB_EVENT_PATH = file;
  }
  await run(w.ports);
  const asked = api.requests
    .slice(before)
    .map(q => /\/collaborators\/([^/]+)\/permission$/.exec(q.path)?.[1] ?? q.path);
  const text = textOf(render(w.summary ?? '')).replace(/\u200b/g, '');
  return { w, ran: w.transcripts.length > 0, calls: asked.length, asked, text };
}

/** A refused run fails the step with one error, the `error` output; it ran nothing. */
function expectRefused(w: World, says: string): void {
  expect(w.outputs.get('error')).toContain(says);
  expect(w.failed).toEqual([w.outputs.get('error')]);
  expect(w.outputs.get('jsonl')).toBe('');
  expect(w.outputs.get('attempts')).toBe('0');
}

const WRITE: Answer = { permission: 'write' };
const READ: Answer = { permission: 'read' };

describe('who may start the agent', () => {
  test.each(['push', 'schedule', 'workflow_dispatch', 'repository_dispatch', 'merge_group'])(
    '%s: only writers cause it, so no API call is made',
    async event => {
      const { w, ran, calls, text } = await step(event, 'stranger-on-' + event, [{ status: 404 }]);
      expect([ran, calls, w.outputs.get('outcome')]).toEqual([true, 0, 'success']);
      expect(w.failed).toEqual([]);
      expect(text).toContain(`${event} events need no check`);
    }
  );

  // event, permission answers, inputs → ran, outcome, API calls, what the message or summary says
  test.each<
    [string, string, Answer[], { [name: string]: string }, boolean, string, number, string]
  >([
    ['issue_comment', 'writer', [WRITE], {}, true, 'success', 1, 'write permission on octo/repo'],
    [
      'issue_comment',
      'owner',
      [{ permission: 'admin' }],
      {},
      true,
      'success',
      1,
      'admin permission'
    ],
    [
      'pull_request_target',
      'keeper',
      [{ permission: 'write', role_name: 'maintain' }],
      {},
      true,
      'success',
      1,
      'maintain permission'
    ],
    [
      'issue_comment',
      'reader',
      [READ],
      {},
      false,
      'not_allowed',
      1,
      'reader triggered the issue_comment event but has read permission on octo/repo, and only people with write access start the agent; add "reader" to "allowed-users" to let them start it.'
    ],
    [
      'issues',
      'triager',
      [{ permission: 'read', role_name: 'triage' }],
      {},
      false,
      'not_allowed',
      1,
      'has triage permission'
    ],
    [
      'pull_request_target',
      'stranger',
      [{ status: 404 }],
      {},
      false,
      'not_allowed',
      1,
      'stranger triggered the pull_request_target event but is not a collaborator on octo/repo'
    ],
    [
      'discussion_comment',
      'stranger2',
      [{ status: 404 }],
      {},
      false,
      'not_allowed',
      1,
      'add "stranger2" to "allowed-users"'
    ],
    [
      'issue_comment',
      'friend',
      [{ status: 404 }],
      { 'allowed-users': 'someone, Friend' },
      true,
      'success',
      0,
      'listed in "allowed-users"'
    ],
    [
      'issue_comment',
      'anyone',
      [{ status: 404 }],
      { 'allowed-users': '*' },
      true,
      'success',
      0,
      '"allowed-users" is "*"'
    ],
    [
      'pull_request',
      'dependabot[bot]',
      [{ status: 404 }],
      { 'allowed-users': 'dependabot[bot]' },
      false,
      'not_allowed',
      1,
      'add "dependabot[bot]" to "allowed-bots" to let this bot start it'
    ],
    [
      'issue_comment',
      'badtoken',
      [{ status: 401 }],
      {},
      false,
      'not_allowed',
      1,
      'could not be read (the GitHub API answered HTTP 401 (error); "github-token" needs to read'
    ],
    ['issue_comment', 'forbidden', [{ status: 403 }], {}, false, 'not_allowed', 1, 'HTTP 403'],
    ['issue_comment', 'flaky', [{ status: 502 }, WRITE], {}, true, 'success', 2, 'write permission']
    // A 5xx twice and an API that never answers are in gate.test.ts, on a fake clock.
  ])(
    '%s by %s (%j, %j): ran %s, %s, %i API call(s)',
    async (event, actor, answers, inputs, shouldRun, outcome, apiCalls, says) => {
      const { w, ran, calls, text } = await step(event, actor, answers, inputs);
      expect([ran, w.outputs.get('outcome'), calls]).toEqual([shouldRun, outcome, apiCalls]);
      expect(text).toContain(says);
      const row = all(render(w.summary ?? ''), 'table')
        .flatMap(t => tableRows(t))
        .find(cells => cells[0] === 'Triggered by');
      expect(row?.[1]).toContain(actor);
      if (shouldRun) expect(w.failed).toEqual([]);
      else expectRefused(w, says);
    }
  );

  const BASE = { full_name: 'octo/repo', fork: false };
  const FORK = { full_name: 'stranger/repo', fork: true };
  const runOf = (head: object | null): object => ({ workflow_run: { head_repository: head } });
  const prOf = (head: object | null, author: string): object => ({
    pull_request: { head: { repo: head }, user: { login: author } }
  });

  // what, event, actor, their answers, inputs, more → ran, outcome, logins asked, what it says
  test.each<
    [
      string,
      string,
      string,
      Answer[],
      { [name: string]: string },
      Case,
      boolean,
      string,
      string[],
      string
    ]
  >([
    [
      'workflow_run from a fork, by a stranger',
      'workflow_run',
      'forker',
      [{ status: 404 }],
      {},
      { payload: runOf(FORK) },
      false,
      'not_allowed',
      [],
      'forker triggered the workflow_run event for a run of stranger/repo, a fork of octo/repo; a fork\'s run starts the agent only for an actor listed by name in "allowed-users" ("*" does not count), so the agent does not start; add "forker" to "allowed-users" to let them start it.'
    ],
    [
      'workflow_run from a fork, by a writer of the base repository',
      'workflow_run',
      'forking-writer',
      [WRITE],
      {},
      { payload: runOf(FORK) },
      false,
      'not_allowed',
      [],
      'only for an actor listed by name'
    ],
    [
      'workflow_run from a fork, with allowed-users "*"',
      'workflow_run',
      'forker2',
      [{ status: 404 }],
      { 'allowed-users': '*' },
      { payload: runOf(FORK) },
      false,
      'not_allowed',
      [],
      '("*" does not count)'
    ],
    [
      'workflow_run from another repository that says fork: false',
      'workflow_run',
      'forker3',
      [{ status: 404 }],
      {},
      { payload: runOf({ full_name: 'elsewhere/repo', fork: false }) },
      false,
      'not_allowed',
      [],
      'for a run of elsewhere/repo, a fork of octo/repo'
    ],
    [
      'workflow_run from a fork, by a contributor listed by name',
      'workflow_run',
      'friend',
      [{ status: 404 }],
      { 'allowed-users': 'friend' },
      { payload: runOf(FORK) },
      true,
      'success',
      [],
      'listed by name in "allowed-users" for a run of the fork stranger/repo'
    ],
    [
      'workflow_run from a fork, by a bot listed in allowed-bots',
      'workflow_run',
      'helper[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'helper[bot]', 'allowed-users': 'helper[bot]' },
      { payload: runOf(FORK) },
      false,
      'not_allowed',
      [],
      '("*" does not count, and a bot never does), so the agent does not start.'
    ],
    [
      'workflow_run from the base repository, by a writer',
      'workflow_run',
      'pusher',
      [WRITE],
      {},
      { payload: runOf(BASE) },
      true,
      'success',
      ['pusher'],
      'write permission on octo/repo'
    ],
    [
      'workflow_run from the base repository, by a reader',
      'workflow_run',
      'base-reader',
      [READ],
      {},
      { payload: runOf(BASE) },
      false,
      'not_allowed',
      ['base-reader'],
      'base-reader triggered the workflow_run event but has read permission on octo/repo'
    ],
    [
      'workflow_run without an event payload',
      'workflow_run',
      'unknown-run',
      [WRITE],
      {},
      {},
      false,
      'not_allowed',
      [],
      'whether the run comes from a fork is unknown (GITHUB_EVENT_PATH is not set)'
    ],
    [
      'workflow_call is checked like any other event',
      'workflow_call',
      'caller',
      [{ status: 404 }],
      {},
      {},
      false,
      'not_allowed',
      ['caller'],
      'caller triggered the workflow_call event but is not a collaborator on octo/repo'
    ],
    [
      "a maintainer's re-run of a stranger's comment",
      'issue_comment',
      'commenter',
      [{ status: 404 }],
      {},
      { rerunBy: 'maintainer', plans: { maintainer: [{ permission: 'admin' }] } },
      false,
      'not_allowed',
      ['commenter'],
      'commenter triggered the issue_comment event but is not a collaborator on octo/repo, and only people with write access start the agent; add "commenter" to "allowed-users" to let them start it. A re-run does not help: maintainer re-ran it, but a re-run keeps the privileges of commenter, whose event it is.'
    ],
    [
      "a maintainer's re-run of a stranger's fork run",
      'workflow_run',
      'forker4',
      [{ status: 404 }],
      {},
      { rerunBy: 'maintainer2', payload: runOf(FORK), plans: { maintainer2: [WRITE] } },
      false,
      'not_allowed',
      [],
      'A re-run does not help: maintainer2 re-ran it'
    ],
    [
      "a writer's comment re-run by a maintainer: both pass",
      'issue_comment',
      'author-writer',
      [WRITE],
      {},
      { rerunBy: 'keeper2', plans: { keeper2: [{ permission: 'write', role_name: 'maintain' }] } },
      true,
      'success',
      ['author-writer', 'keeper2'],
      'write permission on octo/repo; re-run by keeper2: maintain permission on octo/repo'
    ],
    [
      "a writer's comment re-run by a reader",
      'issue_comment',
      'author-writer2',
      [WRITE],
      {},
      { rerunBy: 'rerun-reader', plans: { 'rerun-reader': [READ] } },
      false,
      'not_allowed',
      ['author-writer2', 'rerun-reader'],
      'rerun-reader re-ran the run of the issue_comment event but has read permission on octo/repo'
    ],
    [
      'a bot by name, on its own pull request',
      'pull_request',
      'renovate[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'renovate[bot]' },
      { payload: prOf(BASE, 'renovate[bot]') },
      true,
      'success',
      [],
      'listed in "allowed-bots"'
    ],
    [
      'a bot by name, on a pull request a writer opened',
      'pull_request_target',
      'fixer[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'fixer[bot]' },
      { payload: prOf(BASE, 'alice'), plans: { alice: [WRITE] } },
      true,
      'success',
      ['alice'],
      'listed in "allowed-bots"; the pull request\'s author alice: write permission on octo/repo'
    ],
    [
      'a bot by name, on a pull request a stranger opened',
      'pull_request_target',
      'dependabot[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'dependabot[bot]' },
      { payload: prOf(BASE, 'mallory') },
      false,
      'not_allowed',
      ['mallory'],
      'mallory opened the pull request dependabot[bot] acted on but is not a collaborator on octo/repo, and only people with write access start the agent; add "mallory" to "allowed-users" to let them start it. A bot is only as trusted as the pull request it acts on, so dependabot[bot] does not start the agent there.'
    ],
    [
      'a bot by name, on a fork pull request',
      'pull_request_target',
      'renovate[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'renovate[bot]' },
      { payload: prOf(FORK, 'renovate[bot]') },
      false,
      'not_allowed',
      [],
      "renovate[bot] triggered the pull_request_target event on a pull request from stranger/repo, a fork of octo/repo; a bot acting on a fork's pull request never starts the agent"
    ],
    [
      'a bot by name, on a pull request review of a deleted fork',
      'pull_request_review',
      'renovate[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'renovate[bot]' },
      { payload: prOf(null, 'someone') },
      false,
      'not_allowed',
      [],
      'on a pull request from a deleted fork'
    ],
    [
      'a bot by name, without an event payload',
      'pull_request',
      'renovate[bot]',
      [{ status: 404 }],
      { 'allowed-bots': 'renovate[bot]' },
      {},
      false,
      'not_allowed',
      [],
      'the pull request it acts on is unknown (GITHUB_EVENT_PATH is not set)'
    ]
  ])('%s', async (_what, event, actor, answers, inputs, more, shouldRun, outcome, asked, says) => {
    const { w, ran, asked: got, text } = await step(event, actor, answers, inputs, more);
    expect([ran, w.outputs.get('outcome'), got]).toEqual([shouldRun, outcome, asked]);
    expect(text).toContain(says);
    if (shouldRun) expect(w.failed).toEqual([]);
    else expectRefused(w, says);
  });

  test('allowed-bots "*" is an invalid input: nothing runs, no API call', async () => {
    const { w, ran, calls } = await step('pull_request', 'any[bot]', [WRITE], {
      'allowed-bots': '*'
    });
    expect([ran, calls, w.outputs.get('outcome')]).toEqual([false, 0, 'invalid_input']);
    expect(w.failed).toEqual([
      expect.stringContaining(
        'Input "allowed-bots" lists a wildcard ("*"); bots are allowed by name only'
      )
    ]);
  });

  test('the token goes to the API as a bearer token; GITHUB_ACTOR and a re-runner are both checked', async () => {
    api.plan('re-runner', WRITE);
    const before = api.requests.length;
    const { w } = await step('issue_comment', 'original', [WRITE], {}, { rerunBy: 're-runner' });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.requests.slice(before)).toEqual([
      {
        path: '/repos/octo/repo/collaborators/original/permission',
        authorization: 'Bearer gate-token'
      },
      {
        path: '/repos/octo/repo/collaborators/re-runner/permission',
        authorization: 'Bearer gate-token'
      }
    ]);
    // Masked for the runner before anything else, and never written in clear by the action itself.
    expect(w.secrets[0]).toBe('gate-token');
    expect(w.log.join('\n')).not.toContain('gate-token');
    expect(w.summary).not.toContain('gate-token');
  });

  test('fail-on-error: false reports the refusal and lets the step pass', async () => {
    const { w, ran } = await step('issue_comment', 'reader2', [READ], { 'fail-on-error': 'false' });
    expect([ran, w.failed, w.outputs.get('outcome')]).toEqual([false, [], 'not_allowed']);
    expect(w.warnings).toEqual([
      expect.stringContaining('reader2 triggered the issue_comment event')
    ]);
  });
});

describe('what the action hides', () => {
  const SECRET = 'the-value-to-hide';
  const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
  const KEY = 'sk-or-v1-provider-key-from-env-0123456789';
  /** A turn whose every string holds the secrets: a command, its output, the answer, the error. */
  const hostile = (exitCode: number): string =>
    [
      { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's-1' },
      { type: 'text', text: `I found ${SECRET} and ${TOKEN}.` },
      { type: 'tool_use', name: 'terminal', input: { command: `echo ${SECRET} ${KEY}` } },
      {
        type: 'tool_result',
        name: 'terminal',
        output: `${SECRET} ${TOKEN} ${KEY}`,
        duration_ms: 3,
        is_error: true
      },
      {
        type: 'result',
        session_id: 's-1',
        exit_code: exitCode,
        text: `The key is ${KEY}; the secret ${SECRET}; the token ${TOKEN}.`,
        ...(exitCode === 0 ? {} : { error: `refused with ${SECRET}` }),
        tokens: { input: 210000, output: 5, total: 210005, cache_read: 0, cache_write: 0 },
        duration_ms: 1200
      }
    ]
      .map(e => JSON.stringify(e) + '\n')
      .join('');

  test('a secret in the stream reaches no output, log line, annotation or summary in clear', async () => {
    const w = world({
      inputs: { redact: SECRET },
      env: { OPENROUTER_API_KEY: KEY },
      runs: [{ exitCode: 1, stdout: hostile(1), stderr: [`stderr says ${SECRET} ${TOKEN}`] }]
    });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('failure');
    // Something of each string did arrive, redacted.
    expect(w.outputs.get('text')).toBe('The key is ***; the secret ***; the token ***.');
    expect(w.failed).toEqual([expect.stringContaining('refused with ***')]);
    expect(w.log.join('\n')).toContain('echo *** ***');
    const everything = [
      ...w.outputs.values(),
      ...w.log,
      ...w.failed,
      ...w.warnings,
      ...w.notices,
      w.summary ?? ''
    ].join('\n');
    for (const secret of [SECRET, TOKEN, KEY]) expect(everything).not.toContain(secret);
    // The redact value is masked for the runner too, before the stream is printed.
    expect(w.secrets).toContain(SECRET);
    expect(runnerReading(w).commands.map(c => c.command)).toContain('stop-commands');
  });

  test('the outcome, the exit code and the counts are never redacted, even when they are redact values', async () => {
    const w = world({
      inputs: { redact: 'success\n210000\n210005' },
      runs: [{ exitCode: 0, stdout: hostile(0) }]
    });
    await run(w.ports);
    expect(Object.fromEntries(w.outputs)).toMatchObject({
      outcome: 'success',
      exit_code: '0',
      tokens_input: '210000',
      tokens_total: '210005',
      tool_calls: '1',
      tool_errors: '1',
      attempts: '1'
    });
  });
});
