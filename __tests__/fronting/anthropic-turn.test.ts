/**
 * startTurnGateway with an Anthropic key, in-process: fronted when the agent runs as its own user and
 * Hermes would use anthropic (the upstream from config.yaml, the agent's config.yaml text naming the
 * gateway, the key no longer listed as held); left with the agent, said why, otherwise. It also holds
 * the red team's attacks on this: upstreams that hide another host (or a loopback port the agent
 * holds) from the routing rule, and configurations where Hermes would not use the key for anthropic
 * ("was a hole: …" where one was found and closed, "attack held: …" where the product held).
 */
import { type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import {
  HERMES_RETRIES_OFF,
  modelSectionOf,
  type ModelSection
} from '../../src/config/hermes-config.js';
import { anthropicRoute, type RouteFacts } from '../../src/fronting/anthropic-route.js';
import { foreignListener } from '../helpers/foreign-listener.js';
import { turnsClosedAfterEach } from '../helpers/turn-gateway.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';
import { ANTHROPIC_MESSAGE, portIn, post } from '../helpers/test-gateway.js';

const KEY = 'sk-ant-api03-real-key-0123456789';

const root = runsHere(
  rootWith(),
  'the loopback-upstream attack needs root on Linux (a listener of another user); see gateway/loopback-owner.test.ts.'
);
const children: ChildProcess[] = [];
const startTurn = turnsClosedAfterEach();
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function start(
  config: string | undefined,
  env: NodeJS.ProcessEnv = {},
  {
    dotenv,
    ...options
  }: { isolated?: boolean; dotenv?: string; inputs?: Record<string, string> } = {}
) {
  const got = await startTurn(
    { ...(config !== undefined && { config }), ...(dotenv !== undefined && { dotenv }) },
    { ANTHROPIC_API_KEY: KEY, ...env },
    options
  );
  return {
    ...got,
    original:
      config === undefined ? undefined : fs.readFileSync(path.join(got.home, 'config.yaml'), 'utf8')
  };
}

/** The routing rule's facts (src/fronting/anthropic-route.ts) for a model section, the key and seen in the step's env. */
const facts = (model: ModelSection, seen: NodeJS.ProcessEnv = {}): RouteFacts => ({
  seen: { ANTHROPIC_API_KEY: KEY, ...seen },
  model,
  isolated: true,
  ignoreUserConfig: false
});
const routeOf = (config: string, seen: NodeJS.ProcessEnv = {}) =>
  anthropicRoute(facts(modelSectionOf(config, 'c.yaml'), seen));

/** A raw request to the gateway's port, target sent as given (helpers/test-gateway.ts). */
const raw = (port: number, target: string, headers: Record<string, string>) =>
  post(port, target, headers, ANTHROPIC_MESSAGE);

const gatewayPort = (env: Readonly<Record<string, string>>): number =>
  portIn(env, 'ANTHROPIC_BASE_URL');

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
      model: { provider: 'anthropic', base_url: base },
      agent: HERMES_RETRIES_OFF
    });
    expect(got.turn.agentConfig).not.toContain(KEY);
    expect(got.original).toBe(config);
    expect(got.held).toEqual([]);
  });

  test('fronted with no config.yaml (auto picks anthropic): api.anthropic.com upstream', async () => {
    const got = await start(undefined);
    expect(got.turn.gateway?.fronted.map(f => f.upstream)).toEqual(['https://api.anthropic.com']);
    expect(parse(got.turn.agentConfig!)).toEqual({
      model: { provider: 'anthropic', base_url: got.agentEnv.ANTHROPIC_BASE_URL },
      agent: HERMES_RETRIES_OFF
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

describe('the upstream the real key goes to', () => {
  test.each([
    ['userinfo hiding the host', 'https://api.anthropic.com@evil.example'],
    ['a fragment hiding the host', 'https://evil.example#@api.anthropic.com'],
    ['a query hiding the host', 'https://evil.example?.api.anthropic.com'],
    ['a look-alike suffix', 'https://api.anthropic.com.evil.example'],
    ['a look-alike prefix', 'https://evilapi.anthropic.com'],
    ['plain http to Anthropic', 'http://api.anthropic.com'],
    ['a backslash', 'https://evil.example\\@api.anthropic.com'],
    ['a wildcard DNS name for loopback', 'http://127.0.0.1.nip.io:4000'],
    ['another loopback address (conservative)', 'http://127.0.0.2:4000'],
    ['not a URL', 'api.anthropic.com'],
    ['a file URL', 'file:///etc/passwd']
  ])('attack held: model.base_url %s: not fronted', (_what, url) => {
    const got = routeOf(`model:\n  provider: anthropic\n  base_url: "${url}"\n`);
    expect(got.routed).toBe(false);
    // The same through ANTHROPIC_BASE_URL (Hermes' .env or the step's env).
    expect(routeOf('model:\n  provider: anthropic\n', { ANTHROPIC_BASE_URL: url }).routed).toBe(
      false
    );
  });

  test('attack held: upper case or a trailing slash is still api.anthropic.com', () => {
    expect(
      routeOf('model:\n  provider: anthropic\n  base_url: HTTPS://API.ANTHROPIC.COM/\n')
    ).toEqual({
      routed: true,
      upstream: 'HTTPS://API.ANTHROPIC.COM'
    });
  });

  test("attack held: .env's ANTHROPIC_BASE_URL to another host, with model.provider anthropic and no base_url: not fronted", async () => {
    const got = await start(
      'model:\n  provider: anthropic\n',
      {},
      {
        dotenv: 'ANTHROPIC_BASE_URL=https://llm-proxy.example\n'
      }
    );
    expect(got.turn.gateway).toBeUndefined();
    expect(got.warnings.join('\n')).toMatch(/llm-proxy\.example/);
    expect(got.held).toContain('ANTHROPIC_API_KEY');
  });

  // Was a hole (loopback upstream): a loopback model.base_url (or ANTHROPIC_BASE_URL) is fronted, and
  // the gateway sent the REAL key in clear to whatever listened on that port. The agent user shares
  // the runner's loopback and may bind any free port >1024: a local proxy not (yet) up, down, or bound
  // on the other family. Now the listener's owner is checked (src/gateway/loopback-owner.ts); the
  // listener here is a real process of another user's, so this needs root (CI runs as root).
  (root ? test : test.skip)(
    'was a hole: a loopback upstream port the agent holds is refused the real key',
    async () => {
      const agent = await foreignListener('127.0.0.1', children);
      const got = await start(
        `model:\n  provider: anthropic\n  base_url: http://127.0.0.1:${agent.port}\n`
      );
      const gateway = got.turn.gateway!;
      const answer = await raw(gatewayPort(gateway.env), '/anthropic/v1/messages', {
        'x-api-key': gateway.capability,
        'content-type': 'application/json'
      });
      expect(answer.status).toBe(502);
      expect(agent.seen()).not.toContain('seen');
    }
  );
});

describe('the routing rule against what Hermes would do', () => {
  test.each<[string, string, NodeJS.ProcessEnv, RegExp]>([
    [
      'another provider in .env-style env',
      '',
      { HERMES_INFERENCE_PROVIDER: 'openrouter' },
      /openrouter/
    ],
    [
      'model.provider beats an env anthropic',
      'model:\n  provider: nous\n',
      { HERMES_INFERENCE_PROVIDER: 'anthropic' },
      /nous/
    ],
    [
      'model.provider auto with a base_url',
      'model:\n  provider: auto\n  base_url: https://api.anthropic.com\n',
      {},
      /custom endpoint/
    ],
    [
      'OPENROUTER beside it under auto',
      '',
      { OPENROUTER_API_KEY: 'sk-or-x' },
      /OPENROUTER_API_KEY/
    ],
    [
      'CLAUDE_CODE_OAUTH_TOKEN beside it',
      '',
      { CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-x' },
      /CLAUDE_CODE_OAUTH_TOKEN/
    ],
    ['an OAuth-shaped key', '', { ANTHROPIC_API_KEY: 'sk-ant-oat01-abc' }, /OAuth/],
    ['a JWT-shaped key', '', { ANTHROPIC_API_KEY: 'eyJhbGciOi.x.y' }, /OAuth/],
    // Conservative: upstream's aliases (claude → anthropic) are not followed, so the key is left held.
    ['an alias of anthropic', 'model:\n  provider: claude\n', {}, /claude provider/]
  ])('attack held: %s: not fronted, said why', (_what, config, seen, why) => {
    const got = routeOf(config, seen);
    expect(got.routed).toBe(false);
    expect(!got.routed && got.why).toMatch(why);
  });

  test('attack held: the whole chain with ANTHROPIC_TOKEN only in Hermes’ .env: not fronted, the key held', async () => {
    const got = await start(undefined, {}, { dotenv: 'ANTHROPIC_TOKEN=sk-ant-oat01-t\n' });
    expect(got.turn.gateway).toBeUndefined();
    expect(got.warnings.join('\n')).toMatch(/ANTHROPIC_TOKEN is set/);
    expect(got.held).toEqual(expect.arrayContaining(['ANTHROPIC_API_KEY', 'ANTHROPIC_TOKEN']));
  });

  test('attack held: HERMES_INFERENCE_PROVIDER=openrouter only in Hermes’ .env: not fronted', async () => {
    const got = await start(undefined, {}, { dotenv: 'HERMES_INFERENCE_PROVIDER=openrouter\n' });
    expect(got.turn.gateway).toBeUndefined();
    expect(got.held).toContain('ANTHROPIC_API_KEY');
  });
});
