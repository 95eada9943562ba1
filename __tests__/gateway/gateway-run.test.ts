/**
 * The model gateway in the run, in-process: run() with the Hermes simulator as a model client
 * (`model-calls` scenario), the real gateway between it and a loopback stand-in provider. The whole
 * chain: action → simulator → gateway → provider.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { runnerPorts } from '../../src/steps/ports.js';
import { runInProcess, summaryText, type World } from '../helpers/in-process.js';
import { chatChunks } from '../helpers/provider-standin.js';
import {
  startModelProvider,
  type ModelProvider,
  type ProviderAnswer
} from '../helpers/model-provider.js';

const REAL_KEY = 'sk-or-v1-real-provider-key-0123456789abcdef';
let provider: ModelProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

/** A run whose simulator makes `calls` model calls through whatever its environment names. */
async function chain(
  inputs: Record<string, string> = {},
  {
    calls = 3,
    script,
    env = {},
    costUsd
  }: {
    calls?: number;
    script?: ProviderAnswer[];
    env?: Record<string, string>;
    costUsd?: number;
  } = {}
): Promise<{ w: World; seen: { env: Record<string, string>; argv: string[] } | undefined }> {
  provider = await startModelProvider({ script, costUsd });
  const argvFile = path.join(
    fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gw-')),
    'argv'
  );
  const w = await runInProcess({
    hermes: 'simulator',
    inputs,
    // The real uploads, as on a local run: off a runner they upload nothing.
    upload: runnerPorts().upload,
    env: {
      OPENROUTER_API_KEY: REAL_KEY,
      OPENROUTER_BASE_URL: provider.url,
      HERMES_SIM_SCENARIO: 'model-calls',
      HERMES_SIM_MODEL_CALLS: String(calls),
      HERMES_SIM_ARGV_FILE: argvFile,
      ...env
    }
  });
  const seen = fs.existsSync(argvFile)
    ? (JSON.parse(fs.readFileSync(argvFile, 'utf8')) as {
        env: Record<string, string>;
        argv: string[];
      })
    : undefined;
  return { w, seen };
}

/** Everything the run wrote where people and the runner read it. */
const written = (w: World): string =>
  [
    w.log.join('\n'),
    w.summary ?? '',
    ...w.outputs.values(),
    ...w.transcripts.map(t => fs.readFileSync(t, 'utf8')),
    fs.readFileSync(w.outputs.get('jsonl')!, 'utf8')
  ].join('\n');

describe('the whole chain', () => {
  test('the provider gets the real key, the simulator only the capability; calls counted', async () => {
    const { w, seen } = await chain();
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('model_calls')).toBe('3');
    expect(w.outputs.get('model_retries')).toBe('0');
    expect(w.outputs.get('tokens_input')).toBe('300');
    expect(w.outputs.get('tokens_output')).toBe('60');
    // The provider: three calls, each with the real key, on its own API path.
    expect(provider!.requests.map(r => [r.path, r.authorization])).toEqual(
      Array(3).fill(['/api/v1/chat/completions', `Bearer ${REAL_KEY}`])
    );
    // The simulator: the capability in the key's place, the base URL to the loopback gateway.
    const capability = seen!.env.OPENROUTER_API_KEY;
    expect(capability).not.toBe(REAL_KEY);
    expect(w.secrets).toContain(capability);
    expect(seen!.env.OPENROUTER_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(seen!.env.OPENROUTER_BASE_URL).not.toContain(provider!.url);
    // Asked for openrouter by name (Hermes sends its key to a loopback URL only then), and the
    // loopback kept off the runner's proxy.
    expect(seen!.env.HERMES_INFERENCE_PROVIDER).toBe('openrouter');
    expect(seen!.env.NO_PROXY?.split(',')).toContain('127.0.0.1');
    expect(JSON.stringify(seen)).not.toContain(REAL_KEY);
    // Neither the key nor the capability in clear where people read.
    expect(written(w)).not.toContain(REAL_KEY);
    expect(written(w)).not.toContain(capability);
    // The summary: the run table's row and the bounded block.
    const text = summaryText(w);
    expect(text).toMatch(/Model calls\s*3 calls · 3 attempts · 360 tokens/);
    expect(text).toContain('Model calls (3)');

    // Hermes ran as the runner's user: the fronted key is within its reach, and said to be.
    expect(w.warnings).toEqual([
      expect.stringContaining(
        "(OPENROUTER_API_KEY) stay readable by the agent in this action's own environment"
      )
    ]);
    expect(text).toMatch(/Isolation\s+none: .* · the agent held: OPENROUTER_API_KEY/);
  });

  test("Hermes as the runner's user: the held list is this process's whole environment, the runner's tokens too", async () => {
    const { w } = await chain(
      {},
      { calls: 0, env: { ACTIONS_RUNTIME_TOKEN: 'runtime-token', 'INPUT_GITHUB-TOKEN': 'gh' } }
    );
    expect(summaryText(w)).toMatch(
      /the agent held: ACTIONS_RUNTIME_TOKEN, INPUT_GITHUB-TOKEN, OPENROUTER_API_KEY/
    );
  });

  test("an Anthropic key while Hermes runs as the runner's user (it reads the runner's config.yaml, where its Anthropic base URL comes from): not fronted, said, and held", async () => {
    const { w, seen } = await chain(
      {},
      { calls: 0, env: { ANTHROPIC_API_KEY: 'sk-ant-real-0123456789' } }
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(seen!.env.ANTHROPIC_API_KEY).toBe('sk-ant-real-0123456789');
    expect(seen!.env.ANTHROPIC_BASE_URL).toBeUndefined();
    expect(w.warnings).toContainEqual(
      expect.stringMatching(
        /^ANTHROPIC_API_KEY is not fronted by the model gateway, so the agent holds the key: .*runner's own config.yaml/
      )
    );
    expect(summaryText(w)).toMatch(/the agent held: ANTHROPIC_API_KEY, OPENROUTER_API_KEY/);
  });

  test("Hermes' .env names the provider, Hermes as the runner's user: not fronted, said, and held", async () => {
    const hermesHome = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gw-home-'));
    fs.writeFileSync(path.join(hermesHome, '.env'), 'OPENROUTER_API_KEY=sk-or-v1-in-the-file\n');
    const { w, seen } = await chain({}, { calls: 1, env: { HERMES_HOME: hermesHome } });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('model_calls')).toBe('');
    expect(seen!.env.OPENROUTER_BASE_URL).toBe(provider!.url);
    expect(w.warnings).toEqual([
      `${path.join(hermesHome, '.env')} sets OPENROUTER_API_KEY: Hermes reads that file over its environment, so while it runs as the runner's user the model gateway does not front openrouter; give the key in the step's env instead.`
    ]);
    expect(summaryText(w)).toMatch(/the agent held: OPENROUTER_API_KEY/);
  });

  test('a 529 then 200: one retry, logged, and the turn succeeds', async () => {
    const { w } = await chain({}, { calls: 1, script: [{ status: 529 }] });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('model_calls')).toBe('1');
    expect(w.outputs.get('model_retries')).toBe('1');
    expect(provider!.requests).toHaveLength(2);
    expect(w.log.filter(l => /model gateway: .*HTTP 529; try 2 of/.test(l))).toHaveLength(1);
    // The summary's run table counts both upstream attempts.
    expect(summaryText(w)).toMatch(/Model calls\s*1 call · 2 attempts/);
  });

  test('model-proxy: off behaves as today: Hermes holds the key and calls the provider itself', async () => {
    // A loopback OPENROUTER_BASE_URL gets the key only with openrouter asked for by name.
    const { w, seen } = await chain(
      { 'model-proxy': 'off' },
      { env: { HERMES_INFERENCE_PROVIDER: 'openrouter' } }
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(seen!.env.OPENROUTER_API_KEY).toBe(REAL_KEY);
    expect(seen!.env.OPENROUTER_BASE_URL).toBe(provider!.url);
    expect(provider!.requests.map(r => r.authorization)).toEqual(
      Array(3).fill(`Bearer ${REAL_KEY}`)
    );
    expect(w.outputs.get('model_calls')).toBe('');
    expect(w.outputs.get('model_retries')).toBe('');
    // The Isolation row says the agent holds the key.
    expect(summaryText(w)).toMatch(/Isolation\s+none: .* · the agent held: OPENROUTER_API_KEY/);
  });
});

describe('budgets stop the turn between calls', () => {
  test('max-model-calls: the third call is refused → budget_exceeded, naming the budget, figure and limit', async () => {
    const { w } = await chain({ 'max-model-calls': '2' }, { calls: 5 });
    expect(provider!.requests).toHaveLength(2);
    expect(w.outputs.get('outcome')).toBe('budget_exceeded');
    expect(w.outputs.get('model_calls')).toBe('3');
    expect(w.outputs.get('error')).toBe(
      'The turn reached max-model-calls: 2 against a limit of 2 (the gateway refused the next model call).'
    );
    expect(w.failed).toHaveLength(1);
    expect(w.failed[0]).toContain('max-model-calls');
    const text = summaryText(w);
    expect(text).toContain('Budget exceeded');
    expect(text).toContain('402 (refused: budget)');
    expect(text).toContain('stopped by max-model-calls: 2 of 2');
    // Every attempt the provider got, none for the refused call.
    expect(text).toMatch(/Model calls\s*3 calls · 2 attempts/);
  });

  test('max-tokens: a call whose input does not fit in what is left is refused before it is sent', async () => {
    const { w } = await chain({ 'max-tokens': '150' }, { calls: 5 });
    // 120 tokens after the first call: the second's input, bounded by its size (a token per four
    // bytes), does not fit in the 30 left.
    expect(provider!.requests).toHaveLength(1);
    const second = Math.ceil(Buffer.byteLength(provider!.requests[0]!.body) / 4);
    expect(w.outputs.get('outcome')).toBe('budget_exceeded');
    expect(w.outputs.get('error')).toContain(`max-tokens: ${120 + second} against a limit of 150`);
  });

  test('max-cost-usd, cost reported live: refused once spent', async () => {
    const { w } = await chain({ 'max-cost-usd': '0.015' }, { calls: 5, costUsd: 0.01 });
    expect(provider!.requests).toHaveLength(2);
    expect(w.outputs.get('outcome')).toBe('budget_exceeded');
    expect(w.outputs.get('error')).toContain('max-cost-usd: 0.02 against a limit of 0.015');
    expect(summaryText(w)).toContain('$0.0200 live');
  });

  test('max-cost-usd, cost not live: checked after the turn on the session record, said "estimated"', async () => {
    const { w } = await chain(
      { 'max-cost-usd': '0.00001', 'session-record': 'true' },
      { calls: 2, env: { HERMES_SIM_COST: 'estimated' } }
    );
    expect(provider!.requests).toHaveLength(2);
    expect(w.outputs.get('outcome')).toBe('budget_exceeded');
    expect(w.outputs.get('error')).toMatch(
      /^The turn reached max-cost-usd: [\d.]+ against a limit of 0\.00001 \(estimated after the turn on the session record\)\.$/
    );
  });
});

describe('a stream cut at the budget, through the run', () => {
  test('a 10,000-token streamed answer against max-tokens 1000: budget_exceeded, the answer so far shown and kept', async () => {
    const deltas = Array<string>(10_000).fill('abcd');
    const { w } = await chain(
      { 'max-tokens': '1000' },
      {
        calls: 1,
        env: { HERMES_SIM_MODEL_STREAM: '1' },
        script: [
          { status: 200, sse: chatChunks(deltas, { prompt_tokens: 20, completion_tokens: 10_000 }) }
        ]
      }
    );
    expect(w.outputs.get('outcome')).toBe('budget_exceeded');
    expect(w.failed[0]).toContain('max-tokens');
    // The summary, rendered: the answer so far, said to be cut short, at most the budget's worth.
    const text = summaryText(w);
    expect(text).toContain('Answer so far, cut short');
    expect(text).toContain('The turn ended before its answer');
    const shown = /(?:abcd)+/.exec(text)?.[0].length ?? 0;
    expect(shown / 4).toBeGreaterThan(900);
    expect(shown / 4).toBeLessThanOrEqual(1000);
    // The transcript: every delta the model streamed before the cut, as Hermes' text events.
    const streamed = fs
      .readFileSync(w.outputs.get('jsonl')!, 'utf8')
      .split('\n')
      .filter(line => line.includes('"type": "text"') && line.includes('abcd')).length;
    expect(streamed).toBe(shown / 4);
    expect(fs.readFileSync(w.outputs.get('jsonl')!, 'utf8')).toContain('reached mid-answer');
  });
});

describe('inputs', () => {
  test.each([
    ['max-tokens', '1.5'],
    ['max-cost-usd', '-1'],
    ['max-model-calls', 'ten'],
    ['model-proxy', 'sometimes']
  ])('%s: %j → invalid_input before anything runs', async (input, value) => {
    const { w, seen } = await chain({ [input]: value });
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.outputs.get('error')).toContain(`"${input}" is ${JSON.stringify(value)}`);
    expect(seen).toBeUndefined();
    expect(provider!.requests).toHaveLength(0);
  });

  test('a key variable present but empty: no gateway for it, one warning', async () => {
    const { w, seen } = await chain({}, { calls: 0, env: { OPENROUTER_API_KEY: '' } });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.warnings.filter(m => m.includes('OPENROUTER_API_KEY'))).toHaveLength(1);
    expect(seen!.env.OPENROUTER_BASE_URL).toBe(provider!.url);
    expect(w.outputs.get('model_calls')).toBe('');
  });

  test('max-turns and run-budget reach Hermes as --max-turns and --run-budget where its --help lists them', async () => {
    const { w, seen } = await chain({ 'max-turns': '4', 'run-budget': '90' }, { calls: 1 });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(seen!.argv.join(' ')).toContain('--max-turns 4 --run-budget 90');
  });

  test('a Hermes whose --help lists neither flag: refused as usage_error before it runs, naming the inputs', async () => {
    const { w, seen } = await chain(
      { 'max-turns': '4', 'run-budget': '90' },
      { calls: 1, env: { HERMES_SIM_HELP: 'old' } }
    );
    expect(w.outputs.get('outcome')).toBe('usage_error');
    expect(w.outputs.get('exit_code')).toBe('2');
    expect(w.outputs.get('error')).toContain(
      'Input "max-turns" (4) and "run-budget" (90) asks for --max-turns and --run-budget, which this Hermes\' "hermes chat --help" does not list'
    );
    // Only the help probe ran: no turn, no model call.
    expect(seen!.argv).toEqual(['chat', '--help']);
    expect(provider!.requests).toHaveLength(0);
  });
});
