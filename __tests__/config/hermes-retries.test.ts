/**
 * One layer retries (issue 42): the agent's copy of config.yaml turns Hermes' own API retries off
 * (src/config/hermes-config.ts withoutHermesRetries, agentConfigText), whatever the user wrote around
 * them, and the isolated agent's Hermes home holds that copy while the model gateway fronts a key,
 * Anthropic or not, ignore-user-config or not (startTurnGateway, agentOverrides, fillAgentHome). The
 * copy is read as Hermes reads it where PyYAML is installed: `yaml.safe_load`, merged over defaults
 * as `hermes_cli/config.py` `_deep_merge` does, `agent.api_max_retries` as `_apply_agent_section`
 * takes it (docs/gateway.md).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import {
  agentConfigText,
  HERMES_RETRIES_OFF,
  modelSectionOf,
  withoutHermesRetries
} from '../../src/config/hermes-config.js';
import { agentOverrides } from '../../src/fronting/agent-reach.js';
import {
  agentHomeOf,
  type StartedTurn,
  type TurnOptions,
  turnsClosedAfterEach
} from '../helpers/turn-gateway.js';

const OFF = { ...HERMES_RETRIES_OFF };
const OR_KEY = 'sk-or-v1-real-key-one-layer-retries-0123456789';
const AN_KEY = 'sk-ant-api03-real-key-one-layer-retries-0123456789';

/** What Hermes takes from the text: its attempts a call, and the whole config as PyYAML loads it. */
const HERMES_READS = `
import sys, json, yaml
def deep_merge(base, override):  # hermes_cli/config.py _deep_merge
    result = dict(base)
    for key, value in override.items():
        over_dict = isinstance(result.get(key), dict)
        if over_dict and isinstance(value, dict):
            result[key] = deep_merge(result[key], value)
        elif not (over_dict and value is None):
            result[key] = value
    return result
user = yaml.safe_load(sys.stdin) or {}
config = deep_merge({"agent": {"max_turns": 90}, "model": {"default": ""}}, user)
agent = config.get("agent") if isinstance(config.get("agent"), dict) else {}
attempts = max(int(agent.get("api_max_retries", 3)), 1)  # agent/agent_init.py _apply_agent_section
print(json.dumps({"attempts": attempts, "cycles": agent.get("auto_recovery_cycles", 5), "loaded": user}))
`;
function hermesReads(
  text: string
): { attempts: number; cycles: number; loaded: Record<string, unknown> } | undefined {
  const py = spawnSync('python3', ['-c', HERMES_READS], { input: text, encoding: 'utf8' });
  return py.status === 0 ? (JSON.parse(py.stdout) as ReturnType<typeof hermesReads>) : undefined;
}
const havePyYaml = hermesReads('{}') !== undefined;
if (!havePyYaml)
  process.stderr.write(
    "!!! SKIPPED in part: python3 with PyYAML is not here, so the copy is not read as Hermes reads it (the yaml package's reading is still checked).\n"
  );

/** The edited text: YAML the yaml package reads, and (where PyYAML is) one attempt a call to Hermes. */
function edited(text: string): string {
  const out = withoutHermesRetries(text);
  const hermes = hermesReads(out);
  if (havePyYaml) expect(hermes).toMatchObject({ attempts: 1, cycles: 0 });
  return out;
}

describe('withoutHermesRetries', () => {
  test("comments, other keys and the user's agent settings kept; the two keys set", () => {
    const user = [
      '# The team’s Hermes settings',
      'model:',
      '  default: claude-sonnet-4-6 # the model we pay for',
      'agent:',
      '  max_turns: 7 # short turns',
      '  # retries below',
      'toolsets: [terminal, file]',
      ''
    ].join('\n');
    const out = edited(user);
    expect(parse(out)).toEqual({
      model: { default: 'claude-sonnet-4-6' },
      agent: { max_turns: 7, ...OFF },
      toolsets: ['terminal', 'file']
    });
    for (const line of user.split('\n')) expect(out).toContain(line);
  });

  test("the user's own retries overridden, and only they; its comment kept", () => {
    const out = edited(
      'agent:\n  api_max_retries: 10 # flaky provider\n  auto_recovery_cycles: 9\n'
    );
    expect(parse(out)).toEqual({ agent: OFF });
    expect(out).toContain('# flaky provider');
    expect(edited('agent: {"api_max_retries": "5", verbose: true}\n')).toBe(
      'agent: {"api_max_retries": 1, verbose: true, auto_recovery_cycles: 0}\n'
    );
  });

  test('no file, an empty one, comments only, `agent:` with no value: the keys alone', () => {
    for (const text of ['', '\n', '---\n', 'agent:\n', 'agent: ~\n'])
      expect(parse(edited(text))).toEqual({ agent: OFF });
    const commented = edited('# only a comment\n');
    expect(commented).toContain('# only a comment');
    expect(parse(commented)).toEqual({ agent: OFF });
  });

  test('anchors and aliases: still one anchor, every alias resolving, the merge kept', () => {
    // The anchored agent mapping is edited in place: what aliases it sees the same mapping.
    const anchored = edited('agent: &a {max_turns: 5}\ndelegation: *a\n');
    expect(anchored).toContain('&a');
    expect(parse(anchored)).toEqual({
      agent: { max_turns: 5, ...OFF },
      delegation: { max_turns: 5, ...OFF }
    });
    // An aliased agent becomes a mapping merging it under the two keys; the anchor's owner untouched.
    const aliased = edited('defaults: &d {max_turns: 5, api_max_retries: 8}\nagent: *d\n');
    expect(parse(aliased, { merge: true })).toEqual({
      defaults: { max_turns: 5, api_max_retries: 8 },
      agent: { max_turns: 5, ...OFF }
    });
    if (havePyYaml)
      expect(hermesReads(aliased)?.loaded.defaults).toEqual({ max_turns: 5, api_max_retries: 8 });
    // A merge inside agent: the explicit keys win over the merged ones, as PyYAML reads them.
    const merged = edited('b: &b {api_max_retries: 6, max_turns: 4}\nagent:\n  <<: *b\n');
    expect(merged).toContain('<<: *b');
    expect(parse(merged, { merge: true }).agent).toEqual({ max_turns: 4, ...OFF });
    // A top-level merge next to an agent of its own: that agent is what Hermes reads, edited.
    expect(parse(edited('x: &x {toolsets: [a]}\n<<: *x\nagent: {}\n'), { merge: true })).toEqual({
      x: { toolsets: ['a'] },
      toolsets: ['a'],
      agent: OFF
    });
  });

  test.each([
    ['a list', '- agent\n- model\n', /not a mapping/],
    ['a scalar', 'hello\n', /not a mapping/],
    ['a set', '!!set {agent, model}\n', /not a mapping/],
    ['agent a list', 'agent: [api_max_retries]\n', /agent section is not a mapping/],
    ['agent a string', 'agent: fast\n', /agent section is not a mapping/],
    ['agent a set', 'agent: !!set {api_max_retries}\n', /agent section is not a mapping/],
    ['agent an alias of a list', 'l: &l [1]\nagent: *l\n', /agent section is not a mapping/],
    ['a top-level merge that may bring agent', 'x: &x {agent: {max_turns: 3}}\n<<: *x\n', /merges/],
    ['not YAML', 'agent: [\n', /not YAML/],
    ['agent twice', 'agent: {}\nagent: {max_turns: 2}\n', /not YAML/],
    ['a NEL', 'agent: {}\n# c\u0085api_max_retries: 5\n', /line break/],
    ['a directive', '%YAML 1.1\n---\nagent: {}\n', /directive/]
  ])('%s: not edited, said why', (_what, text, why) => {
    expect(() => withoutHermesRetries(text)).toThrow(why);
  });
});

describe('agentConfigText: the two edits compose', () => {
  const GW = 'http://127.0.0.1:40123/anthropic';
  test('Anthropic fronted: the gateway in model, the retries off in agent, comments kept', () => {
    const user = '# mine\nmodel: claude-x\nagent:\n  max_turns: 3 # short\n';
    const { text, kept } = agentConfigText(modelSectionOf(user, 'c'), GW);
    expect(kept).toBeUndefined();
    expect(parse(text!)).toEqual({
      model: { default: 'claude-x', provider: 'anthropic', base_url: GW },
      agent: { max_turns: 3, ...OFF }
    });
    expect(text).toContain('# mine');
    expect(text).toContain('max_turns: 3 # short');
  });

  test("another provider: the user's file with the retries off; none (ignore-user-config): the keys alone", () => {
    expect(parse(agentConfigText(modelSectionOf('toolsets: [a]\n', 'c'), undefined).text!)).toEqual(
      { toolsets: ['a'], agent: OFF }
    );
    expect(parse(agentConfigText({ kind: 'absent', path: 'c' }, undefined).text!)).toEqual({
      agent: OFF
    });
    expect(agentConfigText(undefined, undefined)).toEqual({
      text: withoutHermesRetries('')
    });
  });

  test('a file the action cannot edit: no text (copied as it is) or Anthropic’s alone, and why', () => {
    expect(agentConfigText(modelSectionOf('agent: [\n', 'c'), undefined)).toEqual({
      kept: expect.stringMatching(/not YAML/)
    });
    expect(
      agentConfigText({ kind: 'unusable', path: 'c', why: 'it cannot be read' }, undefined)
    ).toEqual({ kept: 'it cannot be read' });
    const anthropic = agentConfigText(modelSectionOf('agent: fast\n', 'c'), GW);
    expect(anthropic.kept).toMatch(/agent section is not a mapping/);
    expect(parse(anthropic.text!)).toEqual({
      agent: 'fast',
      model: { provider: 'anthropic', base_url: GW }
    });
    // Unusable for Anthropic's reading (a $ Hermes expands), yet the agent section can be edited.
    const dollar = 'model: {provider: $P}\n';
    const unusable = { ...modelSectionOf(dollar, 'c'), text: dollar };
    expect(unusable.kind).toBe('unusable');
    expect(parse(agentConfigText(unusable, undefined).text!)).toEqual({
      model: { provider: '$P' },
      agent: OFF
    });
  });
});

describe("the isolated agent's Hermes home while the gateway fronts a key", () => {
  const startTurn = turnsClosedAfterEach();
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  async function start(
    config: string | undefined,
    env: NodeJS.ProcessEnv,
    options: TurnOptions = {}
  ): Promise<StartedTurn> {
    const got = await startTurn(config === undefined ? {} : { config }, env, options);
    made.push(got.home);
    return got;
  }
  /** The agent's config.yaml as fillAgentHome writes it, with ignore-user-config as the turn had it. */
  function agentConfigFile(got: StartedTurn, ignoreUserConfig: boolean): string | undefined {
    const copy = agentHomeOf(got, ignoreUserConfig);
    made.push(copy.home);
    return copy.config;
  }

  test("OpenRouter fronted: the agent's copy turns Hermes' retries off; the runner's file as it was", async () => {
    const user = '# ours\nagent:\n  max_turns: 9\n';
    const got = await start(user, { OPENROUTER_API_KEY: OR_KEY });
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['openrouter']);
    expect(got.warnings).toEqual([]);
    const copy = agentHomeOf(got).config!;
    expect(parse(copy)).toEqual({ agent: { max_turns: 9, ...OFF } });
    expect(copy).toContain('# ours');
    if (havePyYaml) expect(hermesReads(copy)?.attempts).toBe(1);
    expect(fs.readFileSync(path.join(got.home, 'config.yaml'), 'utf8')).toBe(user);
  });

  test('Anthropic fronted: both edits in the copy', async () => {
    const got = await start('model:\n  provider: anthropic\n', { ANTHROPIC_API_KEY: AN_KEY });
    expect(parse(agentHomeOf(got).config!)).toEqual({
      model: { provider: 'anthropic', base_url: got.agentEnv.ANTHROPIC_BASE_URL },
      agent: OFF
    });
  });

  test('no config.yaml of the user’s: the copy holds the keys alone', async () => {
    const got = await start(undefined, { OPENROUTER_API_KEY: OR_KEY });
    expect(parse(agentHomeOf(got).config!)).toEqual({ agent: OFF });
  });

  test('ignore-user-config: a config.yaml holding the keys alone, none of the user’s lines', async () => {
    const got = await start(
      'agent:\n  max_turns: 9\n',
      { OPENROUTER_API_KEY: OR_KEY },
      { inputs: { 'ignore-user-config': 'true' } }
    );
    const copy = agentConfigFile(got, true)!;
    expect(parse(copy)).toEqual({ agent: OFF });
    if (havePyYaml) expect(hermesReads(copy)?.attempts).toBe(1);
  });

  test('a config.yaml the action cannot edit: copied as it is, and a warning says the retries stay', async () => {
    const user = 'agent: fast\n';
    const got = await start(user, { OPENROUTER_API_KEY: OR_KEY });
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['openrouter']);
    expect(got.turn.agentConfig).toBeUndefined();
    expect(agentHomeOf(got).config).toBe(user);
    expect(got.warnings).toEqual([
      expect.stringMatching(/agent section is not a mapping.*Hermes' own API retries .* stay/)
    ]);
  });

  test("the runner's user (isolation none): nothing written, the retries stay", async () => {
    const got = await start(
      'agent:\n  max_turns: 9\n',
      { OPENROUTER_API_KEY: OR_KEY },
      {
        isolated: false
      }
    );
    expect(got.turn.gateway).toBeDefined();
    expect(got.turn.agentConfig).toBeUndefined();
    expect(agentOverrides(got.turn, got.stepEnv)?.config).toBeUndefined();
  });

  test('no key fronted: no gateway, nothing written', async () => {
    const got = await start('agent: {}\n', {});
    expect(got.turn.gateway).toBeUndefined();
    expect(got.turn.agentConfig).toBeUndefined();
    expect(agentHomeOf(got).config).toBe('agent: {}\n');
  });
});
