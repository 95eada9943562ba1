/**
 * The model gateway end to end through dist/ and the runner's files: the bundled action, the
 * simulator as a model client (isolated where the machine allows it), the gateway, a loopback
 * stand-in provider. A budget stops the turn between calls.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { startModelProvider, type ModelProvider } from '../helpers/model-provider.js';
import { must } from '../helpers/must.js';

const REAL_KEY = 'sk-or-v1-e2e-real-provider-key-9f8e7d6c5b4a';

describe('dist/: action → simulator → gateway → provider, with max-model-calls', () => {
  let provider: ModelProvider;
  let r: ActionRun;
  let seen: { env: Record<string, string> };
  beforeAll(async () => {
    provider = await startModelProvider();
    const argvFile = path.join(agentDir('gateway-e2e-'), 'argv');
    r = await runAction({
      inputs: { query: 'Check the build', 'upload-artifact': 'false', 'max-model-calls': '2' },
      env: {
        OPENROUTER_API_KEY: REAL_KEY,
        OPENROUTER_BASE_URL: provider.url,
        HERMES_SIM_SCENARIO: 'model-calls',
        HERMES_SIM_MODEL_CALLS: '3',
        HERMES_SIM_ARGV_FILE: argvFile
      }
    });
    seen = JSON.parse(fs.readFileSync(argvFile, 'utf8')) as typeof seen;
  });
  afterAll(() => provider.close());

  test('the provider got two calls with the real key; the third was refused: budget_exceeded', () => {
    expect(provider.requests.map(q => q.authorization)).toEqual([
      `Bearer ${REAL_KEY}`,
      `Bearer ${REAL_KEY}`
    ]);
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('budget_exceeded');
    expect(r.outputs.model_calls).toBe('3');
    expect(r.outputs.model_retries).toBe('0');
    expect(r.outputs.error).toBe(
      'The turn reached max-model-calls: 2 against a limit of 2 (the gateway refused the next model call).'
    );
    expect(r.stdout).toContain('::error::The turn reached max-model-calls: 2 against a limit of 2');
    expect(r.summary).toContain('Budget exceeded');
    expect(r.summary).toContain('Model calls (3)');
  });

  test('Hermes held only the capability, masked once and never in clear; the key nowhere', () => {
    const capability = seen.env.OPENROUTER_API_KEY;
    expect(capability).not.toBe(REAL_KEY);
    expect(JSON.stringify(seen)).not.toContain(REAL_KEY);
    expect(r.stdout.split('\n').filter(l => l === `::add-mask::${capability}`)).toHaveLength(1);
    const transcript = fs.readFileSync(must(r.outputs.jsonl), 'utf8');
    for (const text of [r.stdout.replace(`::add-mask::${capability}`, ''), r.summary, transcript])
      for (const secret of [capability, REAL_KEY]) expect(text).not.toContain(secret);
  });
});
