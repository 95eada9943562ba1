/**
 * Anthropic behind the model gateway, end to end through dist/: the bundled action runs the simulator
 * as its own user (isolation: user), the simulator resolves its provider as upstream Hermes does
 * (config.yaml's model.provider and model.base_url, the key from ANTHROPIC_API_KEY) and calls the
 * Messages API there, the gateway forwards to the stand-in provider, which answers 401 to anything
 * but the real key. The agent's environment, its .env and its config.yaml copy hold the capability
 * and the gateway's address only; the runner's config.yaml (the real upstream) is left as it was.
 *
 * Isolating needs root on Linux with setpriv: elsewhere the suite is skipped with a loud line.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { render, tableRows } from '../helpers/gfm.js';
import { must } from '../helpers/must.js';
import { REAL_KEY, startStandIn, type StandIn } from '../helpers/provider-standin.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';

const root = runsHere(
  rootWith('setpriv'),
  'the Anthropic gateway suite needs root on Linux with setpriv (this is ' +
    `${process.platform}, uid ${process.getuid?.()}); Anthropic behind the gateway is NOT tested here.`
);
const describeRoot = root ? describe : describe.skip;

interface Seen {
  env: Record<string, string>;
  argv: string[];
  config: string | null;
  dotenv: string | null;
}

describeRoot('dist/: action → isolated simulator → gateway → Anthropic stand-in', () => {
  let standIn: StandIn;
  let r: ActionRun;
  let seen: Seen;
  let userConfig: string;
  let configFile: string;
  beforeAll(async () => {
    standIn = await startStandIn('');
    standIn.script({
      kind: 'json',
      body: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-standin',
        content: [{ type: 'text', text: 'Looked.' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 21, output_tokens: 4 }
      }
    });
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-anthropic-'));
    const home = path.join(base, 'runner-home');
    fs.mkdirSync(path.join(home, '.hermes'), { recursive: true });
    fs.chmodSync(home, 0o750);
    // The user's own file: Anthropic asked for, its upstream (the stand-in), comments, other keys.
    userConfig = [
      '# The team’s Hermes settings',
      'model:',
      '  default: claude-sonnet-4-6 # the model we pay for',
      '  provider: anthropic',
      `  base_url: ${standIn.url}`,
      'agent:',
      '  max_turns: 7 # short turns',
      ''
    ].join('\n');
    configFile = path.join(home, '.hermes', 'config.yaml');
    fs.writeFileSync(configFile, userConfig);
    // The key in ~/.hermes/.env, which Hermes loads over its environment, beside a setting of the user's.
    fs.writeFileSync(
      path.join(home, '.hermes', '.env'),
      `ANTHROPIC_API_KEY=${REAL_KEY}\nHERMES_SIM_NOTE=kept\n`,
      { mode: 0o600 }
    );
    const workspace = path.join(base, 'workspace');
    fs.mkdirSync(workspace);
    const argvFile = path.join(agentDir('gateway-anthropic-'), 'argv');
    r = await runAction({
      cwd: workspace,
      inputs: { query: 'Check the build', 'upload-artifact': 'false', isolation: 'user' },
      env: {
        HOME: home,
        ANTHROPIC_API_KEY: REAL_KEY,
        HERMES_SIM_SCENARIO: 'model-calls',
        HERMES_SIM_MODEL_CALLS: '1',
        HERMES_SIM_ARGV_FILE: argvFile
      }
    });
    seen = JSON.parse(fs.readFileSync(argvFile, 'utf8')) as Seen;
  });
  afterAll(() => standIn.close());

  test('the stand-in got the Messages call with the real key; the turn succeeded, counted', () => {
    expect(r.outputs.outcome).toBe('success');
    expect(standIn.received.map(q => [q.method, q.url, q.headers['x-api-key']])).toEqual([
      ['POST', '/v1/messages', REAL_KEY]
    ]);
    expect(standIn.received[0]?.headers.authorization).toBeUndefined();
    expect(r.outputs.model_calls).toBe('1');
    expect(r.outputs.tokens_input).toBe('21');
    expect(r.outputs.tokens_output).toBe('4');
  });

  test("the agent's config.yaml names the gateway, with the user's comments and keys; the runner's is as it was", () => {
    const config = must(seen.config ?? undefined);
    const gatewayUrl = seen.env.ANTHROPIC_BASE_URL;
    expect(gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/anthropic$/);
    expect(parse(config)).toEqual({
      model: { default: 'claude-sonnet-4-6', provider: 'anthropic', base_url: gatewayUrl },
      // Hermes' own API retries off: only the gateway retries (docs/gateway.md).
      agent: { max_turns: 7, api_max_retries: 1, auto_recovery_cycles: 0 }
    });
    expect(config).toContain('# the model we pay for');
    expect(config).toContain('max_turns: 7 # short turns');
    expect(config).not.toContain(standIn.url);
    expect(fs.readFileSync(configFile, 'utf8')).toBe(userConfig);
    // The agent's own Hermes home, not the runner's.
    expect(seen.env.HERMES_HOME?.startsWith(path.dirname(path.dirname(configFile)))).toBe(false);
  });

  test('the agent holds the capability only: env, .env copy, config.yaml, argv; never in clear in the log', () => {
    const capability = must(seen.env.ANTHROPIC_API_KEY);
    expect(capability).not.toBe(REAL_KEY);
    expect(capability.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(seen)).not.toContain(REAL_KEY);
    expect(seen.dotenv).toContain('HERMES_SIM_NOTE=kept');
    expect(seen.dotenv).not.toContain('ANTHROPIC_API_KEY');
    expect(r.stdout.split('\n').filter(l => l === `::add-mask::${capability}`)).toHaveLength(1);
    const transcript = fs.readFileSync(must(r.outputs.jsonl), 'utf8');
    for (const text of [r.stdout.replace(`::add-mask::${capability}`, ''), r.summary, transcript])
      for (const secret of [capability, REAL_KEY]) expect(text).not.toContain(secret);
  });

  test('no warning that the key is held, and the Isolation row lists no Anthropic key', () => {
    expect(r.stdout).not.toContain('ANTHROPIC_API_KEY is not fronted');
    const isolation = tableRows(render(r.summary)).find(row => row[0] === 'Isolation');
    const cell = must(must(isolation)[1]);
    expect(cell).toMatch(/^hermes-agent-[0-9a-f]{6} \(uid \d+/);
    expect(cell).not.toContain('ANTHROPIC_API_KEY');
  });
});
