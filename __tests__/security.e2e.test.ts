/**
 * What the agent can reach, and who can start it, end to end through dist/: the simulator records
 * the environment it was given; a loopback stand-in for the REST API answers the permission check.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentDir } from './helpers/agent-dir.js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../scripts/local-runner.mjs';
import { all, render, tableRows, textOf } from './helpers/gfm.js';
import { GithubApi, type Answer } from './helpers/github-api.js';

const RUNNER_CREDENTIALS = {
  ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
  ACTIONS_RUNTIME_URL: 'http://127.0.0.1:1/runtime/',
  ACTIONS_RESULTS_URL: 'http://127.0.0.1:1/results/',
  ACTIONS_CACHE_URL: 'http://127.0.0.1:1/cache/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-value',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:1/oidc'
};

/** What else a gate case sets: a re-run by someone else, the event payload, other logins' answers. */
interface Case {
  rerunBy?: string;
  payload?: object;
  plans?: { [login: string]: Answer[] };
}

interface Record {
  argv: string[];
  env: { [name: string]: string };
}
const record = (file: string): Record => JSON.parse(fs.readFileSync(file, 'utf8')) as Record;

describe('the environment Hermes gets', () => {
  let r: ActionRun;
  let chat: Record;
  let version: Record;
  beforeAll(async () => {
    const dir = agentDir('hermes-env-');
    const argvFile = path.join(dir, 'argv.json');
    r = await runAction({
      inputs: {
        query: 'Check the build',
        redact: 'the-value-to-hide',
        'github-token': 'gh-token-input-value',
        'upload-artifact': 'false'
      },
      env: {
        ...RUNNER_CREDENTIALS,
        HERMES_SIM_ARGV_FILE: argvFile,
        OPENROUTER_API_KEY: 'provider-key-from-env',
        MY_SETTING: 'from the workflow env'
      }
    });
    chat = record(argvFile);
    version = record(`${argvFile}.version`);
  });

  test('the turn ran', () => {
    expect(r.outputs.outcome).toBe('success');
  });

  test.each(Object.keys(RUNNER_CREDENTIALS))(
    'neither the chat nor the version probe gets %s',
    name => {
      expect(chat.env).not.toHaveProperty(name);
      expect(version.env).not.toHaveProperty(name);
    }
  );

  test('no INPUT_* variable reaches it: not the redact values, not the token', () => {
    for (const env of [chat.env, version.env]) {
      expect(Object.keys(env).filter(n => n.toUpperCase().startsWith('INPUT_'))).toEqual([]);
      expect(JSON.stringify(env)).not.toContain('the-value-to-hide');
      expect(JSON.stringify(env)).not.toContain('gh-token-input-value');
    }
  });

  test('what the workflow put in env:, PATH, HOME and GITHUB_* still arrive', () => {
    for (const env of [chat.env, version.env]) {
      expect(env).toMatchObject({
        OPENROUTER_API_KEY: 'provider-key-from-env',
        MY_SETTING: 'from the workflow env',
        GITHUB_REPOSITORY: 'octo/repo',
        GITHUB_WORKSPACE: r.files.workspace
      });
      expect(env.PATH).toBeTruthy();
      expect(env.HOME).toBeTruthy();
    }
  });

  test('the token given as an input is masked for the runner at once', () => {
    const masks = r.commands.filter(c => c.command === 'add-mask').map(c => c.message);
    expect(masks).toContain('gh-token-input-value');
    expect(r.stdout.indexOf('::add-mask::gh-token-input-value')).toBeLessThan(
      r.stdout.indexOf('::stop-commands::')
    );
  });
});

describe('who may start the agent', () => {
  let api: GithubApi;
  beforeAll(async () => {
    api = await GithubApi.start();
  });
  afterAll(async () => {
    await api.stop();
  });

  /** A step triggered by `actor` on `event`; the argv file says whether Hermes ran. */
  async function step(
    event: string,
    actor: string,
    answers: Answer[],
    inputs: { [name: string]: string } = {},
    more: Partial<Case> = {}
  ): Promise<{ r: ActionRun; ran: boolean; calls: number; asked: string[] }> {
    api.plan(actor, ...answers);
    for (const [login, planned] of Object.entries(more.plans ?? {})) api.plan(login, ...planned);
    const before = api.requests.length;
    const dir = agentDir('hermes-gate-');
    const argvFile = path.join(dir, 'argv.json');
    const eventFile = path.join(dir, 'event.json');
    if (more.payload) fs.writeFileSync(eventFile, JSON.stringify(more.payload));
    const r = await runAction({
      inputs: {
        query: 'Fix the issue',
        'github-token': 'gate-token',
        'upload-artifact': 'false',
        ...inputs
      },
      env: {
        GITHUB_EVENT_NAME: event,
        GITHUB_ACTOR: actor,
        GITHUB_TRIGGERING_ACTOR: more.rerunBy ?? actor,
        GITHUB_API_URL: api.url,
        HERMES_SIM_ARGV_FILE: argvFile,
        ...(more.payload ? { GITHUB_EVENT_PATH: eventFile } : {})
      }
    });
    const asked = api.requests
      .slice(before)
      .map(q => /\/collaborators\/([^/]+)\/permission$/.exec(q.path)?.[1] ?? q.path);
    return { r, ran: fs.existsSync(argvFile), calls: asked.length, asked };
  }

  const WRITE: Answer = { permission: 'write' };
  const READ: Answer = { permission: 'read' };

  test.each(['push', 'schedule', 'workflow_dispatch', 'repository_dispatch', 'merge_group'])(
    '%s: only writers cause it, so no API call is made',
    async event => {
      const { r, ran, calls } = await step(event, 'stranger-on-' + event, [{ status: 404 }]);
      expect([ran, calls, r.outputs.outcome]).toEqual([true, 0, 'success']);
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
      'could not be read (the GitHub API answered HTTP 401; "github-token" needs to read'
    ],
    ['issue_comment', 'forbidden', [{ status: 403 }], {}, false, 'not_allowed', 1, 'HTTP 403'],
    ['issue_comment', 'flaky', [{ status: 502 }, WRITE], {}, true, 'success', 2, 'write permission']
    // A 5xx twice and an API that never answers are in gate.test.ts, on a fake clock.
  ])(
    '%s by %s (%j, %j): ran %s, %s, %i API call(s)',
    async (event, actor, answers, inputs, shouldRun, outcome, apiCalls, says) => {
      const { r, ran, calls } = await step(event, actor, answers, inputs);
      expect([ran, r.outputs.outcome, calls]).toEqual([shouldRun, outcome, apiCalls]);
      const text = textOf(render(r.summary)).replace(/\u200b/g, '');
      expect(text).toContain(says);
      const row = all(render(r.summary), 'table')
        .flatMap(t => tableRows(t))
        .find(cells => cells[0] === 'Triggered by');
      expect(row?.[1]).toContain(actor);
      if (!shouldRun) {
        expect(r.exitCode).toBe(1);
        expect(r.outputs.error).toContain(says);
        const errors = r.annotations.filter(a => a.command === 'error').map(a => a.message);
        expect(errors).toEqual([r.outputs.error]);
        expect(r.outputs.jsonl).toBe('');
      } else {
        expect(r.exitCode).toBe(0);
      }
    },
    30_000
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
  ])(
    '%s: ran %s',
    async (_what, event, actor, answers, inputs, more, shouldRun, outcome, asked, says) => {
      const { r, ran, asked: got } = await step(event, actor, answers, inputs, more);
      expect([ran, r.outputs.outcome, got]).toEqual([shouldRun, outcome, asked]);
      const text = textOf(render(r.summary)).replace(/\u200b/g, '');
      expect(text).toContain(says);
      if (!shouldRun) {
        expect(r.exitCode).toBe(1);
        expect(r.outputs.error).toContain(says);
      } else {
        expect(r.exitCode).toBe(0);
      }
    },
    30_000
  );

  test('allowed-bots "*" is an invalid input: nothing runs, no API call', async () => {
    const { r, ran, calls } = await step('pull_request', 'any[bot]', [WRITE], {
      'allowed-bots': '*'
    });
    expect([ran, calls, r.exitCode]).toEqual([false, 0, 1]);
    expect(r.annotations.filter(a => a.command === 'error').map(a => a.message)).toEqual([
      expect.stringContaining(
        'Input "allowed-bots" lists a wildcard ("*"); bots are allowed by name only'
      )
    ]);
  });

  test('the token goes to the API as a bearer token; GITHUB_ACTOR and a re-runner are both checked', async () => {
    api.plan('re-runner', WRITE);
    api.plan('original', WRITE);
    const before = api.requests.length;
    const r = await runAction({
      inputs: { query: 'x', 'github-token': 'gate-token', 'upload-artifact': 'false' },
      env: {
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_ACTOR: 'original',
        GITHUB_TRIGGERING_ACTOR: 're-runner',
        GITHUB_API_URL: api.url
      }
    });
    expect(r.outputs.outcome).toBe('success');
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
    expect(r.log).not.toContain('gate-token');
    expect(r.summary).not.toContain('gate-token');
  });

  test('fail-on-error: false reports the refusal and lets the step pass', async () => {
    const { r, ran } = await step('issue_comment', 'reader2', [READ], { 'fail-on-error': 'false' });
    expect([ran, r.exitCode, r.outputs.outcome]).toEqual([false, 0, 'not_allowed']);
    expect(r.annotations.filter(a => a.command === 'warning').map(a => a.message)).toEqual([
      expect.stringContaining('reader2 triggered the issue_comment event')
    ]);
  });
});

describe('the enum and number outputs are never redacted', () => {
  test('redact: success leaves the outcome, the exit code and the counts as they are', async () => {
    const r = await runAction({
      inputs: { query: 'Check the build', redact: 'success', 'upload-artifact': 'false' }
    });
    expect(r.outputs).toMatchObject({
      outcome: 'success',
      exit_code: '0',
      tokens_input: '2100',
      tokens_total: '2164',
      attempts: '1'
    });
  });
});
