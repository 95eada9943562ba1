/**
 * The session record, end to end: after the turn the action runs `hermes sessions export` (the
 * simulator's, which writes upstream's record format), reports the cost, and uploads the record,
 * redacted, as a second artifact through the real client (helpers/artifact-service.ts). The success
 * goes through the bundled dist/index.js under Node 24; every other case is run() in-process with
 * the real Hermes ports on the simulator and the real uploads (helpers/artifact-in-process.ts).
 */
import { agentDir } from '../helpers/agent-dir.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import type { ActionRun } from '../../scripts/local-runner.mjs';
import type { Run, StoredArtifact } from '../helpers/artifact-service.js';
import { inProcessStep, type UploadWorld } from '../helpers/artifact-in-process.js';
import {
  annotations,
  artifactUrl,
  scenario,
  step,
  useArtifactStore
} from '../helpers/artifact-steps.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { must } from '../helpers/must.js';

const store = useArtifactStore();

/** A step whose simulated state store is its own (HERMES_HOME), so that no two tests share one. */
function recorded(
  run: Run,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
): Promise<ActionRun> {
  const home = agentDir('hermes-home-');
  return step(run, inputs, { HERMES_HOME: home, ...env });
}

/** The same step in-process: run() with the real Hermes ports on the simulator and the real uploads. */
function recordedInProcess(
  run: Run,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
): Promise<UploadWorld> {
  const home = agentDir('hermes-home-');
  return inProcessStep(run, {
    inputs: { 'session-record': 'true', ...inputs },
    env: { HERMES_HOME: home, ...env },
    hermes: 'simulator'
  });
}

/** What a step left, read the same way through dist/ or in-process. */
interface Step {
  outputs: Record<string, string | undefined>;
  summary: string;
  log: string;
  notices: string[];
  /** The step failed with these messages. */
  errors: string[];
}

function stepOf(r: ActionRun | UploadWorld): Step {
  if ('ports' in r)
    return {
      outputs: Object.fromEntries(r.outputs),
      summary: r.summary ?? '',
      log: r.log.join('\n'),
      notices: r.notices,
      errors: r.failed
    };
  return {
    outputs: r.outputs,
    summary: r.summary,
    log: r.log,
    notices: annotations(r, 'notice'),
    errors: r.exitCode === 0 ? [] : annotations(r, 'error')
  };
}

const recordPath = (r: Step): string => r.outputs.jsonl!.replace(/\.jsonl$/, '.session.jsonl');

async function sessionArtifact(run: Run): Promise<{ artifact: StoredArtifact; blob: Buffer }> {
  const found = run.finalized.filter(a => a.name.endsWith('-session.jsonl'));
  expect(found).toHaveLength(1);
  const artifact = must(found[0]);
  return { artifact, blob: await run.read(artifact) };
}

/** The summary's run table, as label → cell text. */
function facts(r: Step): Map<string, string> {
  const table = all(render(r.summary), 'table').find(t => tableRows(t)[0]?.[0] === 'Run');
  return new Map((table ? tableRows(table).slice(1) : []).map(([k, v]) => [must(k), must(v)]));
}

/** A fresh store and one recorded step of `name`, in-process. */
async function fresh(inputs: Record<string, string>, name: string) {
  const run = store.service.newRun();
  return { run, r: stepOf(await recordedInProcess(run, inputs, scenario(name))) };
}

/** The success run through dist/, shared by the record's test and the export's argv test, Hermes' argv kept. */
const argvFile = path.join(agentDir('argv-'), 'argv.json');
let success: Promise<{ run: Run; r: Step }> | undefined;
const successRun = (): Promise<{ run: Run; r: Step }> => {
  success ??= (async () => {
    const run = store.service.newRun();
    const r = await recorded(
      run,
      {},
      { ...scenario('success'), HERMES_SIM_ARGV_FILE: argvFile, OPENROUTER_API_KEY: 'k' }
    );
    return { run, r: stepOf(r) };
  })();
  return success;
};

describe('a record after every turn with a session id', () => {
  // The success through dist/, the failure and the timeout in-process.
  test.each([
    ['success', 'success', {}],
    ['failure', 'failure', {}],
    ['slow', 'timeout', { 'timeout-minutes': '0.01' }]
  ])(
    '%s: cost outputs, the record uploaded byte for byte, its link',
    async (name, outcome, inputs) => {
      const { run, r } = name === 'success' ? await successRun() : await fresh(inputs, name);
      expect(r.outputs.outcome).toBe(outcome);
      const exported = fs.readFileSync(recordPath(r));
      const row = JSON.parse(exported.toString('utf8')) as Record<string, unknown>;
      expect(row.id).toBe(r.outputs.session_id);
      expect(row.cost_status).toBe('actual');
      expect(r.outputs.cost_usd).toBe(String(row.actual_cost_usd));
      expect(r.outputs.cost_estimated).toBe('false');
      const usage = JSON.parse(r.outputs.usage!) as Record<string, unknown>;
      expect(usage).toMatchObject({
        actual_cost_usd: row.actual_cost_usd,
        billing_provider: 'openrouter',
        api_call_count: row.api_call_count,
        tool_call_count: row.tool_call_count,
        reasoning_tokens: 0,
        end_reason: 'cli_close'
      });
      expect(usage).not.toHaveProperty('messages');

      const { artifact, blob } = await sessionArtifact(run);
      expect(artifact.name).toBe('hermes-demo-hermes-session.jsonl');
      expect(blob.equals(exported)).toBe(true);
      expect(r.outputs.session_artifact_url).toBe(artifactUrl(run, artifact.id));
      const links = all(render(r.summary), 'a').map(a => a.attrs.href);
      expect(links).toContain(artifactUrl(run, artifact.id));
      const cost = Number(row.actual_cost_usd).toFixed(4);
      expect(facts(r).get('Cost')).toBe(`$${cost}`);
      expect(facts(r).get('API calls')).toBe(String(row.api_call_count));
      expect(r.log).toContain(
        'Session record uploaded as artifact hermes-demo-hermes-session.jsonl'
      );
    }
  );

  test('a record with only an estimate: cost_estimated is true, the table says ≈', async () => {
    const run = store.service.newRun();
    const r = stepOf(await recordedInProcess(run, {}, { HERMES_SIM_COST: 'estimated' }));
    const row = JSON.parse(fs.readFileSync(recordPath(r), 'utf8')) as Record<string, unknown>;
    expect(row.actual_cost_usd).toBeNull();
    expect(r.outputs.cost_usd).toBe(String(row.estimated_cost_usd));
    expect(r.outputs.cost_estimated).toBe('true');
    expect(facts(r).get('Cost')).toBe(`≈ $${Number(row.estimated_cost_usd).toFixed(4)}`);
  });

  test('a record without cost: the cost outputs are empty, never 0; usage says why', async () => {
    const run = store.service.newRun();
    const r = stepOf(await recordedInProcess(run, {}, { HERMES_SIM_COST: 'none' }));
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.cost_usd ?? '').toBe('');
    expect(r.outputs.cost_estimated ?? '').toBe('');
    expect(JSON.parse(r.outputs.usage!)).toMatchObject({
      actual_cost_usd: null,
      estimated_cost_usd: null,
      cost_status: 'unknown'
    });
    expect(facts(r).get('Cost')).toBe('–');
    await sessionArtifact(run);
  });
});

describe('the record never changes the verdict', () => {
  // One failing export, with the simulator; each way an export fails (absent, hanging, unparsable)
  // has its note checked on readSessionRecord in session-record.test.ts.
  test.each([['a failing export', { HERMES_SIM_SESSIONS: 'fail' }, 'database is locked']])(
    '%s: one note, everything else as without it',
    async (_, env, fragment) => {
      const run = store.service.newRun();
      const r = stepOf(await recordedInProcess(run, {}, env));
      expect(r.outputs.outcome).toBe('success');
      expect(r.errors).toEqual([]);
      const notes = r.notices.filter(n => n.includes('session record'));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toContain(fragment);
      expect(facts(r).get('Session record')).toContain(fragment);
      expect(r.outputs.cost_usd ?? '').toBe('');
      expect(r.outputs.usage ?? '').toBe('');
      expect(r.outputs.session_artifact_url ?? '').toBe('');
      expect(run.finalized.map(a => a.name)).toEqual(['hermes-demo-hermes.jsonl']);
    }
  );

  test('session-record: false runs no export', async () => {
    const run = store.service.newRun();
    const argvFile = path.join(agentDir('argv-'), 'argv.json');
    const r = stepOf(
      await recordedInProcess(
        run,
        { 'session-record': 'false' },
        { HERMES_SIM_ARGV_FILE: argvFile }
      )
    );
    // The turn ran (its argv was kept), and no export after it.
    expect(fs.existsSync(argvFile)).toBe(true);
    expect(fs.existsSync(`${argvFile}.export`)).toBe(false);
    expect(r.outputs.cost_usd ?? '').toBe('');
    expect(facts(r).has('Session record')).toBe(false);
    expect(run.finalized.map(a => a.name)).toEqual(['hermes-demo-hermes.jsonl']);
  });

  test('through dist/: the export runs the same executable, in the same directory, with the same environment', async () => {
    const { r } = await successRun();
    const chat = JSON.parse(fs.readFileSync(argvFile, 'utf8')) as {
      cwd: string;
      env: Record<string, string>;
    };
    const exp = JSON.parse(fs.readFileSync(`${argvFile}.export`, 'utf8')) as typeof chat & {
      argv: string[];
    };
    expect(exp.argv).toEqual([
      'sessions',
      'export',
      '-',
      '--session-id',
      r.outputs.session_id,
      '--redact'
    ]);
    expect(exp.cwd).toBe(chat.cwd);
    expect(exp.env).toEqual(chat.env);
    expect(
      Object.keys(exp.env).filter(k => k.startsWith('INPUT_') || k.startsWith('ACTIONS_'))
    ).toEqual([]);
  });
});

describe('every tool’s full output', () => {
  test('a secret past the stream’s 5000-character cut is redacted in the second artifact, which stays JSON', async () => {
    const run = store.service.newRun();
    const secret = 'hunter2-session-secret';
    const dir = agentDir('scenario-');
    const long = `${'build log line\n'.repeat(400)}the key is ${secret} (and "quoted")\n`;
    const lines = [
      { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: '$SESSION' },
      { type: 'tool_use', name: 'terminal', input: { command: 'cat build.log' } },
      { type: 'tool_result', name: 'terminal', output: long, duration_ms: 12, is_error: false },
      {
        type: 'result',
        session_id: '$SESSION',
        exit_code: 0,
        text: 'Done.',
        tokens: { input: 10, output: 2, total: 12, cache_read: 0, cache_write: 0 },
        duration_ms: 40
      }
    ];
    const file = path.join(dir, 'long-output.jsonl');
    fs.writeFileSync(file, lines.map(l => JSON.stringify(l)).join('\n') + '\n');
    const r = stepOf(
      await recordedInProcess(run, { redact: secret }, { HERMES_SIM_SCENARIO: file })
    );
    expect(r.outputs.outcome).toBe('success');
    // The stream cut the output before the secret; the record has all of it.
    expect(fs.readFileSync(r.outputs.jsonl!, 'utf8')).not.toContain(secret);
    const exported = fs.readFileSync(recordPath(r), 'utf8');
    expect(exported).toContain(secret);

    const { blob } = await sessionArtifact(run);
    const uploaded = blob.toString('utf8');
    expect(uploaded).not.toContain(secret);
    expect(uploaded).toBe(exported.replace(secret, '***'));
    const row = JSON.parse(uploaded) as { messages: { role: string; content: string }[] };
    const tool = row.messages.find(m => m.role === 'tool');
    expect(tool?.content).toBe(long.replace(secret, '***'));

    const calls = all(render(r.summary), 'table').find(t => tableRows(t)[0]?.[0] === '#');
    expect(must(tableRows(calls!)[1]).at(-1)).toBe('ok · output cut; whole in the session record');
    expect(textOf(render(r.summary))).not.toContain(secret);
  });
});
