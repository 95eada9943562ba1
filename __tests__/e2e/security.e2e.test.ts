/**
 * What the agent can reach, who can start it and what is hidden, end to end through dist/: the
 * simulator records the environment it was given and plays a stream holding secrets; a loopback
 * stand-in for the REST API answers the permission check. The whole gate table, and redaction of
 * each kind of string, run in-process in security.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentDir } from '../helpers/agent-dir.js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { NONE_WHERE_UNISOLATED, OPEN_WHERE_UNFENCED } from '../helpers/machine-tools.js';

const RUNNER_CREDENTIALS = {
  ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
  ACTIONS_RUNTIME_URL: 'http://127.0.0.1:1/runtime/',
  ACTIONS_RESULTS_URL: 'http://127.0.0.1:1/results/',
  ACTIONS_CACHE_URL: 'http://127.0.0.1:1/cache/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-value',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:1/oidc'
};

const SECRET = 'the-value-to-hide';
const TOKEN = `ghp_${'Z9y8X7w6V5'.repeat(4)}`;

interface Record {
  argv: string[];
  env: { [name: string]: string };
}
const record = (file: string): Record => JSON.parse(fs.readFileSync(file, 'utf8')) as Record;

/** The success scenario, with the redact value and a token in a command, its output and the answer. */
function leakingScenario(dir: string): string {
  const events = [
    { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's-leak' },
    { type: 'text', text: `Reading ${SECRET}.` },
    { type: 'tool_use', name: 'terminal', input: { command: `echo ${SECRET} ${TOKEN}` } },
    { type: 'tool_result', name: 'terminal', output: `${SECRET}\n${TOKEN}`, is_error: false },
    {
      type: 'result',
      session_id: 's-leak',
      exit_code: 0,
      text: `The secret is ${SECRET}, the token ${TOKEN}.`,
      tokens: { input: 2100, output: 64, total: 2164, cache_read: 0, cache_write: 0 },
      duration_ms: 302
    }
  ];
  const file = path.join(dir, 'leak.jsonl');
  fs.writeFileSync(file, events.map(e => JSON.stringify(e)).join('\n') + '\n');
  return file;
}

describe('the environment Hermes gets, and what reaches the runner of its stream', () => {
  let r: ActionRun;
  let chat: Record;
  let version: Record;
  beforeAll(async () => {
    const dir = agentDir('hermes-env-');
    const argvFile = path.join(dir, 'argv.json');
    r = await runAction({
      inputs: {
        query: 'Check the build',
        redact: SECRET,
        'github-token': 'gh-token-input-value',
        'upload-artifact': 'false'
      },
      env: {
        ...RUNNER_CREDENTIALS,
        HERMES_SIM_ARGV_FILE: argvFile,
        HERMES_SIM_SCENARIO: leakingScenario(dir),
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
      expect(JSON.stringify(env)).not.toContain(SECRET);
      expect(JSON.stringify(env)).not.toContain('gh-token-input-value');
    }
  });

  test('what the workflow put in env:, PATH, HOME and GITHUB_* still arrive; the provider key as the gateway capability', () => {
    for (const env of [chat.env, version.env]) {
      // model-proxy: auto fronts the key: Hermes gets a per-run capability in its place.
      expect(env.OPENROUTER_API_KEY).toMatch(/^\S{32,}$/);
      expect(env.OPENROUTER_API_KEY).not.toBe('provider-key-from-env');
      expect(env.OPENROUTER_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(env).toMatchObject({
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

  test('a secret in the stream never reaches stdout, GITHUB_OUTPUT or the summary in clear', () => {
    // The add-mask commands carry the values to mask; no other line of stdout holds one.
    const printed = r.stdout
      .split('\n')
      .filter(line => !line.startsWith('::add-mask::'))
      .join('\n');
    const written = fs.readFileSync(r.files.output, 'utf8');
    for (const text of [printed, written, r.summary]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(TOKEN);
    }
    // What the stream said did arrive, redacted: the answer, and the command in the log.
    expect(r.outputs.text).toBe('The secret is ***, the token ***.');
    expect(printed).toContain('echo *** ***');
    expect(r.stdout).toContain(`::add-mask::${SECRET}`);
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

  /** A step triggered on issue_comment by `actor`, re-run by `rerunBy`; the argv file says whether Hermes ran. */
  async function step(actor: string, rerunBy = actor): Promise<{ r: ActionRun; ran: boolean }> {
    const argvFile = path.join(agentDir('hermes-gate-'), 'argv.json');
    const r = await runAction({
      inputs: {
        query: 'Fix the issue',
        'github-token': 'gate-token',
        'upload-artifact': 'false',
        ...OPEN_WHERE_UNFENCED,
        ...NONE_WHERE_UNISOLATED
      },
      env: {
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_ACTOR: actor,
        GITHUB_TRIGGERING_ACTOR: rerunBy,
        GITHUB_API_URL: api.url,
        HERMES_SIM_ARGV_FILE: argvFile
      }
    });
    return { r, ran: fs.existsSync(argvFile) };
  }

  const triggeredBy = (r: ActionRun): string | undefined =>
    all(render(r.summary), 'table')
      .flatMap(t => tableRows(t))
      .find(cells => cells[0] === 'Triggered by')?.[1];

  test('allowed after the API said write: the token as a bearer, GITHUB_ACTOR and a re-runner both checked', async () => {
    api.plan('re-runner', { permission: 'write' });
    api.plan('original', { permission: 'write' });
    const before = api.requests.length;
    const { r, ran } = await step('original', 're-runner');
    expect([ran, r.exitCode, r.outputs.outcome]).toEqual([true, 0, 'success']);
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
    expect(triggeredBy(r)).toContain('original');
    expect(textOf(render(r.summary))).toContain('write permission on octo/repo');
    expect(r.log).not.toContain('gate-token');
    expect(r.summary).not.toContain('gate-token');
  });

  test('not_allowed: a reader of the repository; Hermes never runs, the step fails saying why', async () => {
    api.plan('reader', { permission: 'read' });
    const { r, ran } = await step('reader');
    const says =
      'reader triggered the issue_comment event but has read permission on octo/repo, and only people with write access start the agent; add "reader" to "allowed-users" to let them start it.';
    expect([ran, r.exitCode, r.outputs.outcome]).toEqual([false, 1, 'not_allowed']);
    expect(r.outputs.error).toContain(says);
    expect(r.annotations.filter(a => a.command === 'error').map(a => a.message)).toEqual([
      r.outputs.error
    ]);
    expect(r.outputs.jsonl).toBe('');
    expect(textOf(render(r.summary)).replace(/\u200b/g, '')).toContain(says);
    expect(triggeredBy(r)).toContain('reader');
  });
});
