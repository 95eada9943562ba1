/**
 * The fronting decision (src/fronting/) as values in, values out: which keys the model gateway is
 * to front and why the others are left with the agent, the agent's config.yaml and warnings once it
 * fronts, the agent's environment, its home's overrides and what it still holds. No gateway starts,
 * no file is read: the end-to-end proofs with a live gateway are in agent-reach.test.ts,
 * anthropic-turn.test.ts and config/hermes-config.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import { HERMES_RETRIES_OFF, modelSectionOf } from '../../src/config/hermes-config.js';
import type { HermesDotenv } from '../../src/config/hermes-dotenv.js';
import {
  agentEnvironment,
  agentOverrides,
  heldByAgent,
  type TurnFronting
} from '../../src/fronting/agent-reach.js';
import {
  frontingOf,
  readsConfig,
  whileFronted,
  type FrontingFacts
} from '../../src/fronting/fronting.js';
import { heldCredentials } from '../../src/gateway/providers.js';
import type { Fronted } from '../../src/gateway/types.js';

const OPENROUTER = 'sk-or-v1-0123456789abcdef';
const OPENAI = 'sk-openai-0123456789abcdef';
const ANTHROPIC = 'sk-ant-api03-0123456789abcdef';
const CAPABILITY = 'hgw-capability-0123456789';

const facts = (over: Partial<FrontingFacts> = {}): FrontingFacts => ({
  env: {},
  isolated: true,
  ignoreUserConfig: false,
  modelProxy: 'auto',
  ...over
});
const dotenvOf = (values: Record<string, string>): HermesDotenv => ({
  path: '/home/runner/.hermes/.env',
  text: '',
  values
});
const config = (text: string) => modelSectionOf(text, '/home/runner/.hermes/config.yaml');

/** The gateway as the agent's side sees it, fronting these keys (no socket behind it). */
function fronts(...keys: ('OPENROUTER_API_KEY' | 'ANTHROPIC_API_KEY')[]): TurnFronting['gateway'] {
  const fronted: Fronted[] = keys.map(keyVariable => ({
    provider: keyVariable === 'ANTHROPIC_API_KEY' ? 'anthropic' : 'openrouter',
    keyVariable,
    upstream: 'https://upstream.test'
  }));
  const env: Record<string, string> = { NO_PROXY: '127.0.0.1,localhost' };
  for (const f of fronted) {
    env[f.keyVariable] = CAPABILITY;
    env[f.keyVariable.replace('_API_KEY', '_BASE_URL')] = `http://127.0.0.1:4000/${f.provider}`;
  }
  return { env, fronted };
}

describe('readsConfig: config.yaml is read only when the decision needs it', () => {
  test.each([
    ['isolated, ignore-user-config, no Anthropic key', true, true, {}, undefined, false],
    ['isolated, the agent reads its copy', true, false, {}, undefined, true],
    ["as the runner's user, it reads the runner's own", false, true, {}, undefined, true],
    ['an Anthropic key in the step', true, true, { ANTHROPIC_API_KEY: ANTHROPIC }, undefined, true],
    ["an Anthropic key in Hermes' .env", true, true, {}, { ANTHROPIC_API_KEY: ANTHROPIC }, true]
  ])('%s', (_what, isolated, ignoreUserConfig, env, dotenv, reads) => {
    expect(
      readsConfig({
        env,
        isolated,
        ignoreUserConfig,
        ...(dotenv && { dotenv: dotenvOf(dotenv) })
      })
    ).toBe(reads);
  });
});

describe('frontingOf: the keys the gateway starts on, and why others are not', () => {
  test('model-proxy: off: what Hermes sees, nothing said', () => {
    const dotenv = dotenvOf({ OPENROUTER_API_KEY: OPENROUTER });
    const got = frontingOf(facts({ modelProxy: 'off', isolated: false, dotenv }));
    expect(got).toEqual({ env: { OPENROUTER_API_KEY: OPENROUTER }, warnings: [], configHeld: [] });
  });

  test("an OpenRouter key in the step's env, isolated: fronted, nothing said", () => {
    const got = frontingOf(facts({ env: { OPENROUTER_API_KEY: OPENROUTER } }));
    expect(got.env).toEqual({ OPENROUTER_API_KEY: OPENROUTER });
    expect(got.warnings).toEqual([]);
  });

  test("Hermes' .env beats the step's env: its value is the one fronted", () => {
    const dotenv = dotenvOf({ OPENROUTER_API_KEY: `${OPENROUTER}-file` });
    const got = frontingOf(facts({ env: { OPENROUTER_API_KEY: OPENROUTER }, dotenv }));
    expect(got.env.OPENROUTER_API_KEY).toBe(`${OPENROUTER}-file`);
  });

  test("as the runner's user, a provider named in .env is not fronted: it would bypass the gateway", () => {
    const dotenv = dotenvOf({ OPENROUTER_BASE_URL: 'https://elsewhere.test' });
    const got = frontingOf(
      facts({ isolated: false, env: { OPENROUTER_API_KEY: OPENROUTER }, dotenv })
    );
    expect(got.env.OPENROUTER_API_KEY).toBeUndefined();
    expect(got.warnings).toEqual([
      expect.stringMatching(
        /^\/home\/runner\/\.hermes\/\.env sets OPENROUTER_API_KEY: .* does not front openrouter; give the key in the step's env instead\.$/
      )
    ]);
  });

  test('a $ in a .env key: Hermes expands it and the action does not, so not fronted', () => {
    const dotenv = dotenvOf({ OPENROUTER_API_KEY: '${OTHER}-tail-0123' });
    const got = frontingOf(facts({ dotenv }));
    expect(got.env.OPENROUTER_API_KEY).toBeUndefined();
    expect(got.warnings).toEqual([expect.stringContaining('with a $ in it')]);
  });

  test.each([
    ['no provider asked for', {}, false],
    ['asked for openai-api', { HERMES_INFERENCE_PROVIDER: 'openai-api' }, true]
  ])('an OpenAI key, %s', (_what, asked, frontedNow) => {
    const got = frontingOf(facts({ env: { OPENAI_API_KEY: OPENAI, ...asked } }));
    expect(got.env.OPENAI_API_KEY).toBe(frontedNow ? OPENAI : undefined);
    expect(got.warnings).toEqual(
      frontedNow ? [] : [expect.stringMatching(/^OPENAI_API_KEY is not fronted/)]
    );
  });

  test("the agent's copy of config.yaml holds the key: not fronted, the agent holds it", () => {
    const model = config(`model: x\n# ${OPENROUTER}\n`);
    const got = frontingOf(facts({ env: { OPENROUTER_API_KEY: OPENROUTER }, model }));
    expect(got.env.OPENROUTER_API_KEY).toBeUndefined();
    expect(got.warnings).toEqual([
      expect.stringContaining('config.yaml holds the value of OPENROUTER_API_KEY')
    ]);
  });

  test('with ignore-user-config the copy is not made: the same file is no reason', () => {
    const model = config(`model: x\n# ${OPENROUTER}\n`);
    const env = { OPENROUTER_API_KEY: OPENROUTER };
    const got = frontingOf(facts({ env, model, ignoreUserConfig: true }));
    expect(got.env.OPENROUTER_API_KEY).toBe(OPENROUTER);
    expect(got.warnings).toEqual([]);
  });

  test('a config.yaml that is not YAML the action can read may hold the key: said last', () => {
    // As readModelSection keeps it: the text of an unusable file, for the copy and the search.
    const text = 'model: [unclosed\n';
    const model = { ...config(text), text };
    expect(model.kind).toBe('unusable');
    const got = frontingOf(facts({ env: { OPENROUTER_API_KEY: OPENROUTER }, model }));
    expect(got.env.OPENROUTER_API_KEY).toBeUndefined();
    expect(got.warnings.at(-1)).toContain('is not YAML the action can read, so it may hold');
  });

  test("an Anthropic key, isolated, config.yaml's own base URL: fronted on that upstream", () => {
    const model = config('model:\n  provider: anthropic\n  base_url: http://127.0.0.1:9/up/\n');
    const got = frontingOf(facts({ env: { ANTHROPIC_API_KEY: ANTHROPIC }, model }));
    expect(got.warnings).toEqual([]);
    expect(got.env).toEqual({
      ANTHROPIC_API_KEY: ANTHROPIC,
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/up'
    });
  });

  test.each([
    ["as the runner's user", { isolated: false }, /reads the runner's own config\.yaml/],
    ['with ignore-user-config', { ignoreUserConfig: true }, /ignore-user-config/]
  ])('an Anthropic key %s: not fronted, said why', (_what, over, why) => {
    const model = config('model:\n  provider: anthropic\n');
    const got = frontingOf(facts({ env: { ANTHROPIC_API_KEY: ANTHROPIC }, model, ...over }));
    expect(got.env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(got.warnings).toEqual([expect.stringMatching(why)]);
  });

  test('where the config.yaml the agent reads sets a credential', () => {
    const model = config('model: x\nauxiliary:\n  vision:\n    api_key: abc-literal-value\n');
    expect(frontingOf(facts({ model })).configHeld).toEqual(['auxiliary.vision.api_key']);
    expect(frontingOf(facts({ model, ignoreUserConfig: true })).configHeld).toEqual([]);
  });
});

describe('whileFronted: what follows once the gateway fronts keys', () => {
  test("isolated: the agent's own config.yaml, Hermes' retries off, Anthropic pointed at the gateway", () => {
    const gateway = fronts('ANTHROPIC_API_KEY');
    const model = config('# mine\nmodel:\n  provider: anthropic\n');
    const got = whileFronted(facts({ model }), gateway!);
    expect(got.warnings).toEqual([]);
    expect(got.agentConfig).toContain('# mine');
    expect(parse(got.agentConfig!)).toEqual({
      model: { provider: 'anthropic', base_url: 'http://127.0.0.1:4000/anthropic' },
      agent: HERMES_RETRIES_OFF
    });
  });

  test("as the runner's user: no copy to edit; the fronted key still in reach, NO_PROXY said", () => {
    const dotenv = dotenvOf({ NO_PROXY: 'internal.test' });
    const got = whileFronted(facts({ isolated: false, dotenv }), fronts('OPENROUTER_API_KEY')!);
    expect(got.agentConfig).toBeUndefined();
    expect(got.warnings).toEqual([
      expect.stringMatching(/sets NO_PROXY without 127\.0\.0\.1/),
      expect.stringMatching(
        /^Hermes runs as the runner's user: the key the model gateway fronts \(OPENROUTER_API_KEY\)/
      )
    ]);
  });
});

describe("the agent's reach", () => {
  const env = { OPENROUTER_API_KEY: OPENROUTER, LLM_KEY: OPENROUTER, GITHUB_TOKEN: 'ghp_x1234567' };

  test('no gateway: the environment as it is, no overrides', () => {
    expect(agentEnvironment(env, {})).toBe(env);
    expect(agentOverrides({}, env)).toBeUndefined();
  });

  test('the key replaced by the capability, a copy of its value left out, said by name', () => {
    const warnings: string[] = [];
    const got = agentEnvironment(
      { ...env, [`X_${OPENROUTER}`]: '1' },
      { gateway: fronts('OPENROUTER_API_KEY') },
      m => warnings.push(m)
    );
    expect(got.OPENROUTER_API_KEY).toBe(CAPABILITY);
    expect(got.LLM_KEY).toBeUndefined();
    expect(Object.keys(got).some(name => name.includes(OPENROUTER))).toBe(false);
    expect(warnings).toEqual([
      "LLM_KEY, 1 whose name holds it hold the value of a key the model gateway fronts: left out of Hermes' environment, which would otherwise hold the key."
    ]);
  });

  test("the home's overrides: the gateway's names, the fronted keys, their real values", () => {
    const dotenv = dotenvOf({ OPENROUTER_API_KEY: `${OPENROUTER}-file`, SHORT: 'x' });
    const turn = { gateway: fronts('OPENROUTER_API_KEY'), dotenv, agentConfig: 'model: x\n' };
    expect(agentOverrides(turn, env)).toEqual({
      names: ['NO_PROXY', 'OPENROUTER_API_KEY', 'OPENROUTER_BASE_URL'],
      keys: ['OPENROUTER_API_KEY'],
      values: [OPENROUTER, `${OPENROUTER}-file`],
      config: 'model: x\n'
    });
  });

  test.each([
    ['isolated', true, ['GITHUB_TOKEN', 'config.yaml: auxiliary.vision.api_key']],
    [
      "as the runner's user",
      false,
      ['GITHUB_TOKEN', 'OPENROUTER_API_KEY', 'config.yaml: auxiliary.vision.api_key']
    ]
  ])('held, %s: a fronted key only where the agent reads this process', (_what, isolated, held) => {
    const turn = {
      gateway: fronts('OPENROUTER_API_KEY'),
      configHeld: ['auxiliary.vision.api_key']
    };
    const agentEnv = { OPENROUTER_API_KEY: CAPABILITY, GITHUB_TOKEN: 'ghp_x1234567' };
    expect(heldByAgent(heldCredentials, agentEnv, turn, isolated)).toEqual(held);
  });
});
