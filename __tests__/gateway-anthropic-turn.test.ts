/**
 * startTurnGateway with an Anthropic key, in-process: fronted when the agent runs as its own user and
 * Hermes would use anthropic (the upstream from config.yaml, the agent's config.yaml text naming the
 * gateway, the key no longer listed as held); left with the agent, said why, otherwise.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import type { TurnGateway } from '../src/steps/gateway.js';
import { startTurn } from './helpers/turn-gateway.js';

const KEY = 'sk-ant-api03-real-key-0123456789';
let turn: TurnGateway | undefined;
afterEach(async () => {
  await turn?.gateway?.close();
  turn = undefined;
});

async function start(
  config: string | undefined,
  env: NodeJS.ProcessEnv = {},
  options: { isolated?: boolean; inputs?: Record<string, string> } = {}
) {
  const got = await startTurn(
    config !== undefined ? { config } : {},
    { ANTHROPIC_API_KEY: KEY, ...env },
    options
  );
  turn = got.turn;
  return {
    ...got,
    original:
      config === undefined ? undefined : fs.readFileSync(path.join(got.home, 'config.yaml'), 'utf8')
  };
}

describe('an Anthropic key at the start of a turn', () => {
  test("fronted: config.yaml's base URL as the upstream; the agent's config names the gateway", async () => {
    const config = '# mine\nmodel:\n  provider: anthropic\n  base_url: http://127.0.0.1:9/up\n';
    const got = await start(config);
    expect(got.warnings).toEqual([]);
    expect(got.turn.gateway?.fronted).toEqual([
      { provider: 'anthropic', keyVariable: 'ANTHROPIC_API_KEY', upstream: 'http://127.0.0.1:9/up' }
    ]);
    const capability = got.turn.gateway!.capability;
    expect(got.hidden).toEqual([capability]);
    expect(got.agentEnv.ANTHROPIC_API_KEY).toBe(capability);
    const base = got.agentEnv.ANTHROPIC_BASE_URL;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/anthropic$/);
    expect(got.turn.agentConfig).toContain('# mine');
    expect(parse(got.turn.agentConfig!)).toEqual({
      model: { provider: 'anthropic', base_url: base }
    });
    expect(got.turn.agentConfig).not.toContain(KEY);
    expect(got.original).toBe(config);
    expect(got.held).toEqual([]);
  });

  test('fronted with no config.yaml (auto picks anthropic): api.anthropic.com upstream', async () => {
    const got = await start(undefined);
    expect(got.turn.gateway?.fronted.map(f => f.upstream)).toEqual(['https://api.anthropic.com']);
    expect(parse(got.turn.agentConfig!)).toEqual({
      model: { provider: 'anthropic', base_url: got.agentEnv.ANTHROPIC_BASE_URL }
    });
  });

  test.each<
    [
      string,
      string | undefined,
      NodeJS.ProcessEnv,
      { isolated?: boolean; inputs?: Record<string, string> },
      RegExp
    ]
  >([
    [
      'config.yaml asks for another provider',
      'model:\n  provider: nous\n',
      {},
      {},
      /asked for the nous provider/
    ],
    ['config.yaml cannot be read', 'model: [\n', {}, {}, /cannot be read for certain/],
    ['isolation none', undefined, {}, { isolated: false }, /runner's own config.yaml/],
    [
      'ignore-user-config',
      undefined,
      {},
      { inputs: { 'ignore-user-config': 'true' } },
      /ignore-user-config/
    ],
    [
      'ANTHROPIC_TOKEN beside the key',
      undefined,
      { ANTHROPIC_TOKEN: 'sk-ant-oat01-t' },
      {},
      /ANTHROPIC_TOKEN is set/
    ]
  ])(
    'not fronted (%s): said, held, no config written',
    async (_what, config, env, options, why) => {
      const got = await start(config, env, options);
      expect(got.turn.gateway).toBeUndefined();
      expect(got.turn.agentConfig).toBeUndefined();
      expect(got.agentEnv.ANTHROPIC_API_KEY).toBe(KEY);
      expect(got.warnings).toContainEqual(expect.stringMatching(why));
      expect(got.held).toContain('ANTHROPIC_API_KEY');
    }
  );
});
