/**
 * Hermes' config.yaml as the action reads its model section, the agent's copy with Anthropic pointed
 * at the gateway (the user's comments and other keys kept, the original untouched), and the rule
 * that decides when Hermes would send its Anthropic calls there (src/steps/anthropic-route.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import {
  configCredentials,
  modelSectionOf,
  readModelSection,
  withAnthropicBase,
  type ModelSection
} from '../src/config/hermes-config.js';
import { fillAgentHome } from '../src/confine/agent-home.js';
import { anthropicRoute, type RouteFacts } from '../src/steps/anthropic-route.js';

const GATEWAY = 'http://127.0.0.1:40123/anthropic';
const USER_CONFIG = `# The runner's Hermes settings
model:
  default: claude-sonnet-4-6 # the model the team pays for
  provider: anthropic
agent:
  max_turns: 12 # keep turns short
toolsets: [terminal, file]
`;

const homeWith = (files: Record<string, string>): string => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-home-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(home, name), text);
  return home;
};

describe('the model section, read as upstream reads it', () => {
  test('a mapping: provider and base_url; a plain name or none: neither', () => {
    expect(
      modelSectionOf('model:\n  provider: Anthropic\n  base_url: http://x/ \n', 'c.yaml')
    ).toMatchObject({ kind: 'read', provider: 'Anthropic', baseUrl: 'http://x/' });
    expect(modelSectionOf('model: claude-x\n', 'c.yaml')).toEqual({
      kind: 'read',
      path: 'c.yaml',
      text: 'model: claude-x\n'
    });
    expect(modelSectionOf('agent: {}\n', 'c.yaml')).not.toHaveProperty('provider');
    expect(modelSectionOf('', 'c.yaml')).toMatchObject({ kind: 'read' });
    expect(readModelSection({ HERMES_HOME: homeWith({}) })).toMatchObject({ kind: 'absent' });
    expect(
      readModelSection({ HERMES_HOME: homeWith({ 'config.yaml': USER_CONFIG }) })
    ).toMatchObject({ kind: 'read', provider: 'anthropic' });
  });

  test.each([
    ['not YAML', 'model: [unclosed\n', /not YAML/],
    ['a key twice', 'model: a\nmodel: b\n', /not YAML/],
    ['a list for model', 'model:\n  - anthropic\n', /neither a mapping nor a name/],
    ['a number for model', 'model: 3\n', /neither a mapping nor a name/],
    ['a list at the top', '- model\n', /not a mapping/],
    ['a provider that is not a string', 'model:\n  provider: [a]\n', /model.provider is not/],
    // YAML 1.1, as PyYAML reads it: `on` is a boolean, not a provider's name.
    [
      'a provider that YAML 1.1 reads as a boolean',
      'model:\n  provider: on\n',
      /model.provider is not/
    ],
    ['${…} in base_url', 'model:\n  base_url: ${ANTHROPIC_URL}\n', /has a \$ in it/]
  ])('%s: unusable, with why', (_what, text, why) => {
    const read = modelSectionOf(text, 'c.yaml');
    expect(read.kind).toBe('unusable');
    expect(read.kind === 'unusable' && read.why).toMatch(why);
  });
});

describe("the agent's config.yaml", () => {
  test("the user's comments and other keys kept; provider and base_url set", () => {
    const text = withAnthropicBase(modelSectionOf(USER_CONFIG, 'c.yaml'), GATEWAY);
    for (const kept of [
      "# The runner's Hermes settings",
      '# the model the team pays for',
      'max_turns: 12 # keep turns short',
      'toolsets: [ terminal, file ]'
    ])
      expect(text).toContain(kept);
    expect(parse(text)).toEqual({
      model: { default: 'claude-sonnet-4-6', provider: 'anthropic', base_url: GATEWAY },
      agent: { max_turns: 12 },
      toolsets: ['terminal', 'file']
    });
  });

  test('a plain model name becomes model.default; no file or no model: a model section alone', () => {
    expect(parse(withAnthropicBase(modelSectionOf('model: claude-x\n', 'c'), GATEWAY))).toEqual({
      model: { default: 'claude-x', provider: 'anthropic', base_url: GATEWAY }
    });
    expect(parse(withAnthropicBase({ kind: 'absent', path: 'c' }, GATEWAY))).toEqual({
      model: { provider: 'anthropic', base_url: GATEWAY }
    });
    expect(parse(withAnthropicBase(modelSectionOf('agent: {}\n', 'c'), GATEWAY))).toEqual({
      agent: {},
      model: { provider: 'anthropic', base_url: GATEWAY }
    });
    // A base URL of the user's (their upstream) is replaced, never kept beside the gateway's.
    const theirs = modelSectionOf('model:\n  provider: anthropic\n  base_url: http://up\n', 'c');
    expect(parse(withAnthropicBase(theirs, GATEWAY))).toEqual({
      model: { provider: 'anthropic', base_url: GATEWAY }
    });
    // A file of comments only keeps them; a flow mapping stays one (never a !!omap of YAML 1.1).
    const commented = withAnthropicBase(modelSectionOf('# only a comment\n', 'c'), GATEWAY);
    expect(commented).toContain('# only a comment');
    expect(commented).not.toContain('!!');
    expect(withAnthropicBase(modelSectionOf('model: {default: x} # flow\n', 'c'), GATEWAY)).toBe(
      `model: { default: x, provider: anthropic, base_url: ${GATEWAY} } # flow\n`
    );
    expect(() => withAnthropicBase(modelSectionOf('model: 3\n', 'c'), GATEWAY)).toThrow();
  });

  test("fillAgentHome writes the edited copy (owner-only); the runner's file is untouched", () => {
    const source = homeWith({ 'config.yaml': USER_CONFIG, '.env': 'ANTHROPIC_API_KEY=sk-real\n' });
    const before = fs.statSync(path.join(source, 'config.yaml'));
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-home-'));
    const config = withAnthropicBase(readModelSection({ HERMES_HOME: source }), GATEWAY);
    const warnings: string[] = [];
    fillAgentHome(home, {
      ignoreUserConfig: false,
      env: { HERMES_HOME: source },
      overrides: {
        names: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
        keys: ['ANTHROPIC_API_KEY'],
        config
      },
      warn: m => warnings.push(m)
    });
    const copy = path.join(home, '.hermes', 'config.yaml');
    expect(fs.readFileSync(copy, 'utf8')).toBe(config);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(home, '.hermes', '.env'), 'utf8')).not.toContain('sk-real');
    expect(fs.readFileSync(path.join(source, 'config.yaml'), 'utf8')).toBe(USER_CONFIG);
    expect(fs.statSync(path.join(source, 'config.yaml')).mtimeMs).toBe(before.mtimeMs);
    expect(warnings).toEqual([]);
  });

  test('without an Anthropic config to write, the copy is the user’s file as it was', () => {
    const source = homeWith({ 'config.yaml': USER_CONFIG });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-home-'));
    fillAgentHome(home, { ignoreUserConfig: false, env: { HERMES_HOME: source }, warn: () => {} });
    expect(fs.readFileSync(path.join(home, '.hermes', 'config.yaml'), 'utf8')).toBe(USER_CONFIG);
  });
});

describe('when Hermes would send its Anthropic calls to the gateway', () => {
  const KEY = 'sk-ant-api03-real-key';
  const none: ModelSection = { kind: 'absent', path: '/h/config.yaml' };
  const route = (over: Partial<RouteFacts> = {}, env: NodeJS.ProcessEnv = {}) =>
    anthropicRoute({
      seen: { ANTHROPIC_API_KEY: KEY, ...env },
      model: none,
      isolated: true,
      ignoreUserConfig: false,
      ...over
    });
  const read = (text: string): ModelSection => modelSectionOf(text, '/h/config.yaml');

  test.each<[string, Partial<RouteFacts>, NodeJS.ProcessEnv, string]>([
    ['no provider asked, no other key: auto picks anthropic', {}, {}, 'https://api.anthropic.com'],
    [
      'asked by HERMES_INFERENCE_PROVIDER',
      {},
      { HERMES_INFERENCE_PROVIDER: 'Anthropic' },
      'https://api.anthropic.com'
    ],
    [
      "config.yaml's provider, and its base URL as the upstream",
      { model: read('model:\n  provider: anthropic\n  base_url: http://127.0.0.1:9/up/\n') },
      // config.yaml's model.provider comes before the variable, as upstream reads them.
      { HERMES_INFERENCE_PROVIDER: 'openrouter' },
      'http://127.0.0.1:9/up'
    ],
    [
      'ANTHROPIC_BASE_URL as the upstream (the credential pool reads it)',
      {},
      { ANTHROPIC_BASE_URL: 'http://localhost:7' },
      'http://localhost:7'
    ],
    ['a plain model name', { model: read('model: claude-x\n') }, {}, 'https://api.anthropic.com']
  ])('fronted: %s', (_what, over, env, upstream) => {
    expect(route(over, env)).toEqual({ routed: true, upstream });
  });

  test.each<[string, Partial<RouteFacts>, NodeJS.ProcessEnv, RegExp]>([
    [
      'isolation none (the runner’s own config.yaml)',
      { isolated: false },
      {},
      /runner's own config.yaml/
    ],
    ['ignore-user-config', { ignoreUserConfig: true }, {}, /ignore config.yaml/],
    [
      'config.yaml unreadable',
      { model: read('model: [x\n') },
      {},
      /cannot be read for certain: it is not YAML/
    ],
    [
      "config.yaml's provider is another",
      { model: read('model:\n  provider: openrouter\n') },
      { HERMES_INFERENCE_PROVIDER: 'anthropic' },
      /asked for the openrouter provider \(\/h\/config.yaml, model.provider\)/
    ],
    [
      'config.yaml says auto, the variable anthropic: auto wins, with an OpenRouter key',
      { model: read('model:\n  provider: auto\n') },
      { HERMES_INFERENCE_PROVIDER: 'anthropic', OPENROUTER_API_KEY: 'k' },
      /would not pick anthropic/
    ],
    [
      'another provider asked by the variable',
      {},
      { HERMES_INFERENCE_PROVIDER: 'openai-api' },
      /asked for the openai-api provider \(HERMES_INFERENCE_PROVIDER\)/
    ],
    [
      'auto with an OpenRouter key',
      {},
      { OPENROUTER_API_KEY: 'sk-or' },
      /with OPENROUTER_API_KEY set Hermes would not pick anthropic/
    ],
    [
      'auto with a Gemini key (a registry row above anthropic)',
      {},
      { GEMINI_API_KEY: 'g' },
      /GEMINI_API_KEY/
    ],
    [
      'auto with a base_url but no provider',
      { model: read('model:\n  base_url: http://127.0.0.1:5\n') },
      {},
      /custom endpoint/
    ],
    [
      'ANTHROPIC_TOKEN, read before the key',
      {},
      { ANTHROPIC_TOKEN: 'sk-ant-oat01-x' },
      /ANTHROPIC_TOKEN is set, which Hermes uses before ANTHROPIC_API_KEY/
    ],
    [
      'CLAUDE_CODE_OAUTH_TOKEN, read before the key',
      {},
      { CLAUDE_CODE_OAUTH_TOKEN: 't' },
      /CLAUDE_CODE_OAUTH_TOKEN is set/
    ],
    [
      'an OAuth-shaped key',
      {},
      { ANTHROPIC_API_KEY: 'sk-ant-oat01-abc' },
      /looks like an OAuth token/
    ],
    [
      'a third-party endpoint',
      {
        model: read(
          'model:\n  provider: anthropic\n  base_url: https://x.services.ai.azure.com/anthropic\n'
        )
      },
      {},
      /adapts its Anthropic calls to the endpoint's host/
    ],
    [
      'a plain-http Anthropic URL',
      {},
      { ANTHROPIC_BASE_URL: 'http://api.anthropic.com' },
      /endpoint's host/
    ]
  ])('not fronted: %s', (_what, over, env, why) => {
    const got = route(over, env);
    expect(got.routed).toBe(false);
    expect(!got.routed && got.why).toMatch(
      /^ANTHROPIC_API_KEY is not fronted by the model gateway, so the agent holds the key: /
    );
    expect(!got.routed && got.why).toMatch(why);
  });
});

describe('where config.yaml sets a credential (configCredentials)', () => {
  test.each<[string, string, string[]]>([
    ['block style', 'model:\n  api_key: sk-1\n', ['model.api_key']],
    ['a flow mapping', 'auxiliary: {vision: {api_key: sk-2}}\n', ['auxiliary.vision.api_key']],
    ['a quoted key', 'a:\n  "openai_key": sk-3\n', ['a.openai_key']],
    ['in a list', 'fallback_providers:\n  - token: t-4\n', ['fallback_providers.0.token']],
    ['after a NEL, as PyYAML reads it', '# c\u0085secret: s-5\n', ['secret']],
    ['a ${VAR} reference (Hermes expands it)', 'model:\n  api_key: ${OPENROUTER_API_KEY}\n', []],
    ['empty, or not a string', 'model:\n  api_key: ""\n  token: 12\n', []],
    ['no credential', 'model:\n  provider: anthropic\n  keyboard: x\n', []]
  ])('%s', (_what, text, paths) => {
    expect(configCredentials(text)).toEqual(paths);
  });
});
