/**
 * Budgets the model gateway cannot enforce live (issue 46.1), through dist/: with no key it fronts
 * (`model-proxy: off`, a key in Hermes' own `.env` while it runs as the runner's user, a provider it
 * does not know), a `max-*` budget is said before the turn, and counted after it on the session
 * record Hermes exported: over it, budget_exceeded and a red step, said "estimated"; never silent.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { render, textOf } from '../helpers/gfm.js';
import { startModelProvider, USAGE, type ModelProvider } from '../helpers/model-provider.js';
import { must } from '../helpers/must.js';

const KEY = 'sk-or-v1-unenforced-budget-key-0123456789ab';

const warnings = (r: ActionRun): string[] =>
  r.annotations.filter(a => a.command === 'warning').map(a => a.message);
const unenforced = (r: ActionRun): string[] =>
  warnings(r).filter(w => w.includes('cannot be enforced live'));

/** What the session record the action read says (its file beside the transcript). */
function record(r: ActionRun): Record<string, unknown> {
  const file = must(r.outputs.jsonl).replace(/\.jsonl$/, '.session.jsonl');
  return JSON.parse(fs.readFileSync(file, 'utf8').split('\n')[0]!) as Record<string, unknown>;
}

let provider: ModelProvider;
beforeAll(async () => {
  provider = await startModelProvider();
});
afterAll(() => provider.close());

/** A step whose Hermes (the simulator) makes two model calls to the stand-in provider itself. */
function twoCalls(
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<ActionRun> {
  return runAction({
    inputs: { query: 'Check the build', 'upload-artifact': 'false', isolation: 'none', ...inputs },
    env: {
      OPENROUTER_API_KEY: KEY,
      OPENROUTER_BASE_URL: provider.url,
      // A loopback base URL gets the key only with openrouter asked for by name (simulator/README.md).
      HERMES_INFERENCE_PROVIDER: 'openrouter',
      HERMES_SIM_SCENARIO: 'model-calls',
      HERMES_SIM_MODEL_CALLS: '2',
      ...env
    }
  });
}

describe('model-proxy: off, two model calls', () => {
  let calls: ActionRun;
  let tokens: ActionRun;
  let within: ActionRun;
  beforeAll(async () => {
    const before = provider.requests.length;
    calls = await twoCalls({ 'model-proxy': 'off', 'max-model-calls': '1' });
    expect(provider.requests.length - before).toBe(2);
    tokens = await twoCalls({ 'model-proxy': 'off', 'max-tokens': '1' });
    within = await twoCalls({ 'model-proxy': 'off', 'max-model-calls': '5', 'max-tokens': '1000' });
  }, 120_000);

  test('one warning before the turn names the budget and why it is not live', () => {
    expect(unenforced(calls)).toEqual([
      '"max-model-calls" cannot be enforced live: "model-proxy" is off, so the model gateway sees none of the turn\'s calls. ' +
        "It is counted after the turn on Hermes' session record (estimated): a turn over it ends budget_exceeded, but its calls were made and paid for. See docs/gateway.md."
    ]);
    // Before the turn: ahead of the first event's line in the log.
    const warned = calls.stdout.indexOf('cannot be enforced live');
    expect(warned).toBeGreaterThan(-1);
    expect(warned).toBeLessThan(calls.stdout.indexOf('The model answered.'));
  });

  test("max-model-calls 1: budget_exceeded on the record's count, estimated, the step red", () => {
    // Two calls to the provider, and the simulator counts its answer as a call of its own.
    const counted = Number(record(calls).api_call_count);
    expect(counted).toBeGreaterThanOrEqual(2);
    expect(calls.exitCode).toBe(1);
    expect(calls.outputs.outcome).toBe('budget_exceeded');
    const said = `The turn reached max-model-calls: ${counted} against a limit of 1 (estimated after the turn on the session record).`;
    expect(calls.outputs.error).toBe(said);
    expect(calls.annotations.filter(a => a.command === 'error').map(a => a.message)).toEqual([
      said
    ]);
    const summary = textOf(render(calls.summary));
    expect(summary).toContain('Budget exceeded');
    expect(summary).toContain(said);
  });

  test("max-tokens 1: the record's tokens, its cached part included, budget_exceeded, estimated", () => {
    const row = record(tokens);
    // Upstream keeps the prompt's cached part apart from input_tokens: all four count.
    const used = ['input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens']
      .map(name => Number(row[name]))
      .reduce((a, b) => a + b, 0);
    expect(Number(row.input_tokens) + Number(row.output_tokens)).toBe(2 * USAGE.total_tokens);
    expect(tokens.exitCode).toBe(1);
    expect(tokens.outputs.outcome).toBe('budget_exceeded');
    expect(tokens.outputs.error).toBe(
      `The turn reached max-tokens: ${used} against a limit of 1 (estimated after the turn on the session record).`
    );
    expect(unenforced(tokens)).toHaveLength(1);
    expect(unenforced(tokens)[0]).toMatch(
      /^"max-tokens" cannot be enforced live: "model-proxy" is off/
    );
  });

  test('within both budgets: success, and the warning still says neither was live', () => {
    expect(within.exitCode).toBe(0);
    expect(within.outputs.outcome).toBe('success');
    expect(unenforced(within)).toEqual([
      expect.stringMatching(
        /^"max-model-calls" and "max-tokens" cannot be enforced live: "model-proxy" is off, .* They are counted after the turn/
      )
    ]);
  });
});

describe('no key the gateway can front', () => {
  test("the key in Hermes' .env, Hermes as the runner's user: said why, then counted after the turn", async () => {
    const home = agentDir('unenforced-home-');
    fs.mkdirSync(path.join(home, '.hermes'));
    fs.writeFileSync(
      path.join(home, '.hermes', '.env'),
      `OPENROUTER_API_KEY=${KEY}\nOPENROUTER_BASE_URL=${provider.url}\n`
    );
    const r = await twoCalls({ 'max-model-calls': '1' }, { HOME: home });
    expect(warnings(r).some(w => w.includes('the model gateway does not front openrouter'))).toBe(
      true
    );
    expect(unenforced(r)).toEqual([
      expect.stringMatching(
        /^"max-model-calls" cannot be enforced live: no key the model gateway fronts is in Hermes' reach/
      )
    ]);
    expect(r.outputs.outcome).toBe('budget_exceeded');
    expect(r.outputs.error).toBe(
      `The turn reached max-model-calls: ${Number(record(r).api_call_count)} against a limit of 1 (estimated after the turn on the session record).`
    );
    expect(r.exitCode).toBe(1);
  });

  test("a provider it does not know: its session record's 2 calls and 3,488 tokens are counted", async () => {
    // The simulator calls no provider it does not know: its session row says what the turn spent.
    const dir = agentDir('unenforced-scenario-');
    const scenario = path.join(dir, 'two-calls.jsonl');
    fs.writeFileSync(
      scenario,
      [
        '{"type": "system", "subtype": "init", "model": "deepseek/deepseek-v4", "session_id": "$SESSION"}',
        '{"sim": "session", "api_call_count": 2, "input_tokens": 3000, "output_tokens": 488, "cache_read_tokens": 0, "cache_write_tokens": 0}',
        '{"type": "result", "session_id": "$SESSION", "exit_code": 0, "text": "Done.", "tokens": {"input": 3000, "output": 488, "total": 3488, "cache_read": 0, "cache_write": 0}, "duration_ms": 40}',
        ''
      ].join('\n')
    );
    const r = await runAction({
      inputs: {
        query: 'Check the build',
        'upload-artifact': 'false',
        isolation: 'none',
        'max-tokens': '1'
      },
      env: {
        DEEPSEEK_API_KEY: 'sk-deepseek-unknown-provider-0123456789',
        HERMES_SIM_SCENARIO: scenario
      }
    });
    expect(unenforced(r)).toEqual([
      expect.stringMatching(
        /^"max-tokens" cannot be enforced live: no key the model gateway fronts/
      )
    ]);
    expect(record(r)).toMatchObject({ api_call_count: 2, input_tokens: 3000, output_tokens: 488 });
    expect(r.outputs.outcome).toBe('budget_exceeded');
    expect(r.outputs.error).toBe(
      'The turn reached max-tokens: 3488 against a limit of 1 (estimated after the turn on the session record).'
    );
    expect(r.exitCode).toBe(1);
  });

  test('session-record: false: said before the turn that nothing counts the budget; the step stays green', async () => {
    const r = await twoCalls({
      'model-proxy': 'off',
      'max-model-calls': '1',
      'session-record': 'false'
    });
    expect(unenforced(r)).toEqual([
      expect.stringContaining('"session-record" is false, so nothing counts it')
    ]);
    expect(r.outputs.outcome).toBe('success');
  });

  test('the session record cannot be read: a warning after the turn says the budget was not counted', async () => {
    const r = await twoCalls(
      { 'model-proxy': 'off', 'max-model-calls': '1' },
      { HERMES_SIM_SESSIONS: 'fail' }
    );
    expect(unenforced(r)).toHaveLength(1);
    expect(warnings(r)).toContain(
      '"max-model-calls" could not be counted after the turn: there is no session record to count on (its row in the summary says why), so the turn was not held to it.'
    );
    expect(r.outputs.outcome).toBe('success');
  });
});
