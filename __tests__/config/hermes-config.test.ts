/**
 * Hermes' config.yaml as the action reads its model section, the agent's copy with Anthropic pointed
 * at the gateway (the user's comments and other keys kept, the original untouched), and the rule
 * that decides when Hermes would send its Anthropic calls there (src/fronting/anthropic-route.ts).
 * It also holds the red team's attacks on that reading: YAML 1.1 tricks (merge keys, NEL and other
 * line breaks, directives, aliases, several documents), a fronted key hidden in config.yaml where
 * the agent's copy would hold it (a turn's gateway started in-process, helpers/turn-gateway.ts),
 * the copy as PyYAML (Hermes) loads it, a config.yaml that is a link, a directory or a FIFO, and
 * the credential paths configCredentials must find. Each is a named case: "was a hole: …" where they
 * found one (closed since, its comment says how), "attack held: …" where the reading held.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import {
  configCredentials,
  configHolding,
  modelSectionOf,
  readModelSection,
  withAnthropicBase,
  type ModelSection
} from '../../src/config/hermes-config.js';
import { fillAgentHome } from '../../src/confine/agent-home.js';
import { heldFact } from '../../src/publish/model-calls.js';
import { anthropicRoute, type RouteFacts } from '../../src/fronting/anthropic-route.js';
import { agentHomeOf, type StartedTurn, turnsClosedAfterEach } from '../helpers/turn-gateway.js';
import { havePyYaml } from '../helpers/machine-tools.js';
import { hermesHome } from '../helpers/hermes-home.js';

const GATEWAY = 'http://127.0.0.1:40123/anthropic';
const USER_CONFIG = `# The runner's Hermes settings
model:
  default: claude-sonnet-4-6 # the model the team pays for
  provider: anthropic
agent:
  max_turns: 12 # keep turns short
toolsets: [terminal, file]
`;

/** The red team's keys: an Anthropic key in the route's facts, an OpenRouter key in config.yaml. */
const AN_KEY = 'sk-ant-api03-real-key-redteam-0123456789';
const OR_KEY = 'sk-or-v1-real-key-change-attack-0123456789abcdef';

const tmp = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** What anthropicRoute decides on: an Anthropic key in the step, isolated, config.yaml read. */
const facts = (model: ModelSection, seen: NodeJS.ProcessEnv = {}): RouteFacts => ({
  seen: { ANTHROPIC_API_KEY: AN_KEY, ...seen },
  model,
  isolated: true,
  ignoreUserConfig: false
});
const routeOf = (config: string, seen: NodeJS.ProcessEnv = {}) =>
  anthropicRoute(facts(modelSectionOf(config, 'c.yaml'), seen));

const startTurn = turnsClosedAfterEach();

/** The turn's gateway as the action starts it, on a Hermes home holding config (turn-gateway). */
async function start(config: string, env: NodeJS.ProcessEnv): Promise<StartedTurn> {
  return startTurn({ config }, env);
}

/** The agent's config.yaml copy as PyYAML loads it (undefined: python3 with PyYAML is not here). */
function pyLoad(text: string): Record<string, unknown> | undefined {
  const py = spawnSync(
    'python3',
    ['-c', 'import sys,json,yaml;print(json.dumps(yaml.safe_load(sys.stdin)))'],
    { input: text, encoding: 'utf8' }
  );
  if (py.status !== 0) return undefined;
  return JSON.parse(py.stdout) as Record<string, unknown>;
}

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
    expect(readModelSection({ HERMES_HOME: hermesHome({}) })).toMatchObject({ kind: 'absent' });
    expect(
      readModelSection({ HERMES_HOME: hermesHome({ 'config.yaml': USER_CONFIG }) })
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

describe('config.yaml read as PyYAML reads it', () => {
  // Was a hole, now closed (low: the real key still goes only to api.anthropic.com or a checked loopback, but not
  // where the user's config sends Hermes): two merge keys in one mapping. PyYAML's flatten_mapping
  // puts every merge's pairs in order before the explicit ones, so the LAST `<<` wins; the `yaml`
  // package sets a merged key only when absent, so the FIRST wins, and uniqueKeys lets a second `<<`
  // pass. Here PyYAML gives base_url https://llm-proxy.example (never fronted, docs/gateway.md);
  // the action reads api.anthropic.com and fronts it, and the copy overrides the user's endpoint.
  // Fix: a mapping in the model section with more than one merge key is unusable.
  test('was a hole: two `<<` keys in model: read as PyYAML does (the last wins), not fronted', () => {
    const config =
      'a: &a {provider: anthropic, base_url: https://api.anthropic.com}\n' +
      'b: &b {provider: anthropic, base_url: https://llm-proxy.example}\n' +
      'model:\n  <<: *a\n  <<: *b\n';
    expect(routeOf(config).routed).toBe(false);
  });

  // Was a hole, now closed (low, same class): PyYAML reads YAML 1.1, where NEL (\x85), LINE SEPARATOR (\u2028) and
  // PARAGRAPH SEPARATOR (\u2029) are line breaks; the `yaml` package's lexer does not (1.2). A
  // comment then hides from the action what PyYAML reads as keys: a base_url after `# …\u2028`, or a
  // second top-level `model:` (PyYAML keeps the last of a duplicate key). The action then fronts
  // Anthropic at api.anthropic.com where the user's file sends Hermes elsewhere (the agent's copy
  // comes out safe, see the next test). Conversely `\x85base_url:` is a key to the action and not to
  // PyYAML. Fix: a config.yaml with \x85, \u2028 or \u2029 in it is unusable (as a tab indent is),
  // or replace them by \n before parsing, as PyYAML's reader does.
  test.each([
    [
      'a base_url behind \\u2028 in a comment',
      'model:\n  provider: anthropic # x\u2028  base_url: https://llm-proxy.example\n'
    ],
    [
      'a second model behind \\u2028 in a comment',
      'model:\n  provider: anthropic\n# end\u2028model: {provider: nous}\n'
    ],
    [
      'a second model behind \\x85 in a comment',
      'model:\n  provider: anthropic\n# end\x85model: {provider: nous}\n'
    ]
  ])('was a hole: %s: not read for certain, not fronted', (_what, config) => {
    expect(routeOf(config).routed).toBe(false);
  });

  // What Hermes itself reads from the agent's copy: PyYAML, when this machine has it.
  const pyyaml = havePyYaml();
  if (!pyyaml)
    process.stderr.write(
      '!!! SKIPPED: no python3 with PyYAML here: what Hermes itself reads from a \\u2028 config is NOT checked.\n'
    );
  // Was a hold by luck (the `yaml` stringifier writes a `#` after a \u2028 in a comment); now a file
  // with a YAML 1.1 line break is not read at all, so no copy is made from it and Anthropic is not
  // fronted. PyYAML, when this machine has it, confirms what Hermes would have read.
  (pyyaml ? test : test.skip)(
    'attack held: a config with a \u2028 comment: PyYAML reads a second model; the action reads none, makes no copy',
    () => {
      const config = 'model:\n  provider: anthropic\n# end\u2028model: {provider: nous}\n';
      const read = spawnSync(
        'python3',
        ['-c', 'import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin.read())))'],
        { input: config, encoding: 'utf8' }
      );
      expect(read.stdout).toMatch(/nous/);
      const section = modelSectionOf(config, 'c.yaml');
      expect(section.kind).toBe('unusable');
      expect(() => withAnthropicBase(section, GATEWAY)).toThrow();
    }
  );

  test.each([
    ['an explicit !!merge tag', 'a: &a {provider: nous}\nmodel:\n  !!merge x: *a\n'],
    ['a merge key as `? !!merge`', 'a: &a {provider: nous}\nmodel:\n  ? !!merge\n  : *a\n'],
    ['a !!merge at the top', 'a: &a {model: {provider: nous}}\n!!merge x: *a\n'],
    ['an alias before its anchor', 'model: *m\nm: &m {provider: anthropic}\n'],
    ['model as `? model`', '? model\n: {provider: anthropic}\n"model": {provider: nous}\n'],
    ['a !!null provider', 'model:\n  provider: !!null anthropic\n'],
    ['a sexagesimal base_url', 'model:\n  provider: anthropic\n  base_url: 190:20:30\n']
  ])('attack held: %s: not read as anthropic to front', (_what, config) => {
    expect(routeOf(config).routed).toBe(false);
  });

  // Was a hole, now closed (low: a routing mismatch, not a leak of the key to the agent; the property test's generator
  // never writes a directive). parsed_ passes `version: '1.1'`, but a `%YAML 1.2` directive in the
  // file switches the yaml package to the 1.2 core schema for that document, where `<<` is a plain
  // key: the merged provider/base_url are not seen. PyYAML accepts the directive (any 1.x) and still
  // merges. Here PyYAML (Hermes) reads model.base_url http://10.0.0.9:4000 and provider custom; the
  // action reads neither, fronts Anthropic at api.anthropic.com and overrides the user's endpoint in
  // the agent's copy (the same class as round 2's two `<<` keys). Checked with python3 yaml.safe_load.
  // Fix: refuse (unusable) a document with a %YAML directive, or with any directive at all.
  test('was a hole: a %YAML 1.2 directive and a merge: the action reads what PyYAML reads', () => {
    const config =
      '%YAML 1.2\n---\nbase: &b\n  provider: custom\n  base_url: http://10.0.0.9:4000\nmodel:\n  <<: *b\n';
    const pyyaml = spawnSync(
      'python3',
      ['-c', 'import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin)["model"]))'],
      { input: config, encoding: 'utf8' }
    );
    const section = modelSectionOf(config, 'c.yaml');
    if (pyyaml.status === 0) {
      expect(JSON.parse(pyyaml.stdout)).toEqual({
        provider: 'custom',
        base_url: 'http://10.0.0.9:4000'
      });
    }
    expect(
      section.kind === 'unusable' || (section.kind === 'read' && section.baseUrl)
    ).toBeTruthy();
  });

  // Was a hole, now closed (low-medium: the agent holds the key while the action says it is fronted; needs an odd file).
  // configHolds parses with the yaml package, where NEL (\x85) is no line break, but parsed_'s NEL
  // refusal is not applied to it: after `# comment\x85` PyYAML (Hermes, and the agent reading its
  // copy) reads a new key, the action reads a comment. A double-quoted escaped key there
  // (`spare: "\x73k-or-…"`) is neither in the raw text (includes() misses it, so does dropHolding's
  // byte search) nor in any scalar the yaml package sees. The model section is `unusable`, which stops
  // Anthropic only: OpenRouter is fronted, the agent's copy of config.yaml decodes to the real key,
  // and OPENROUTER_API_KEY is not listed as held. Fix: in configHolds, when the text is one parsed_
  // refuses (NEL/LS/PS, errors), replace \x85 \u2028 \u2029 by \n before parsing as PyYAML's reader
  // does, or treat any text the action cannot read for certain as holding every fronted key (front
  // no provider whose key could be in it; or give the agent no copy of it).
  test('was a hole: an escaped OpenRouter key after a NEL in a comment: not fronted, or not in the agent’s copy', async () => {
    const escaped = `\\x73${OR_KEY.slice(1)}`;
    const config = `model:\n  provider: openrouter\n# old settings\x85spare: "${escaped}"\n`;
    expect(config).not.toContain(OR_KEY);
    const got = await start(config, { ANTHROPIC_API_KEY: '', OPENROUTER_API_KEY: OR_KEY });
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'openrouter') ?? false;
    const copy = path.join(agentHomeOf(got).dir, 'config.yaml');
    const decoded = fs.existsSync(copy)
      ? spawnSync(
          'python3',
          [
            '-c',
            'import sys, yaml, json; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))',
            copy
          ],
          { encoding: 'utf8' }
        ).stdout
      : '';
    if (fronted) expect(got.held).not.toContain('OPENROUTER_API_KEY');
    expect(fronted && decoded.includes(OR_KEY)).toBe(false);
  });
});

describe('YAML tricks in the user’s config.yaml', () => {
  test.each([
    ['a key twice, spelled apart', 'model:\n  provider: anthropic\n  "provider": openrouter\n'],
    ['a key twice, as an explicit key', 'model:\n  provider: anthropic\n  ? provider\n  : nous\n'],
    ['model twice', 'model: {provider: anthropic}\n"model": {provider: nous}\n'],
    ['two documents', 'model: {provider: anthropic}\n---\nmodel: {provider: nous}\n'],
    ['model a sequence', 'model:\n  - provider: anthropic\n'],
    ['model a !!omap', 'model: !!omap [provider: anthropic]\n'],
    ['provider a boolean of YAML 1.1', 'model:\n  provider: off\n'],
    ['provider a number', 'model:\n  provider: 1\n'],
    ['base_url a timestamp', 'model:\n  provider: anthropic\n  base_url: 2001-12-14\n'],
    ['base_url binary', 'model:\n  provider: anthropic\n  base_url: !!binary aGk=\n'],
    ['a $ in provider', 'model:\n  provider: ${P}\n'],
    ['the top a sequence', '- model: {provider: anthropic}\n'],
    ['not YAML (a tab indent)', 'model:\n\tprovider: anthropic\n']
  ])('attack held: %s: cannot be read for certain, not fronted', (_what, config) => {
    const read = modelSectionOf(config, 'c.yaml');
    expect(read.kind).toBe('unusable');
    expect(anthropicRoute(facts(read)).routed).toBe(false);
    expect(() => withAnthropicBase(read, GATEWAY)).toThrow();
  });

  test.each([
    ['model an alias', 'm: &m {provider: nous}\nmodel: *m\n'],
    ['provider an alias', 'p: &p nous\nmodel:\n  provider: *p\n'],
    [
      'model a merge of two',
      'a: &a {provider: nous}\nb: &b {provider: anthropic}\nmodel:\n  <<: [*a, *b]\n'
    ]
  ])('attack held: %s: read through it as PyYAML does (nous), not fronted', (_what, config) => {
    const read = modelSectionOf(config, 'c.yaml');
    expect(read).toMatchObject({ kind: 'read', provider: 'nous' });
    expect(anthropicRoute(facts(read)).routed).toBe(false);
  });

  test('attack held: a merge at the top level: cannot be read for certain', () => {
    const read = modelSectionOf('t: &t {model: {provider: nous}}\n<<: *t\n', 'c.yaml');
    expect(read.kind).toBe('unusable');
  });

  test('attack held: model an alias of anthropic: the copy merges it and points at the gateway', () => {
    const config = 'm: &m {provider: anthropic, default: claude-x}\nmodel: *m\n';
    const copy = withAnthropicBase(modelSectionOf(config, 'c'), GATEWAY);
    expect(parse(copy, { merge: true })).toEqual({
      m: { provider: 'anthropic', default: 'claude-x' },
      model: { provider: 'anthropic', default: 'claude-x', base_url: GATEWAY }
    });
  });

  test('attack held: an alias bomb inside the model section: cannot be read for certain, not expanded', () => {
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x]'];
    for (let n = 1; n < 9; n++) {
      const prev = `l${n - 1}`.replace('l0', 'a');
      levels.push(`l${n}: &l${n} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const began = Date.now();
    const read = modelSectionOf(
      `${levels.join('\n')}\nmodel: {provider: anthropic, x: *l8}\n`,
      'c'
    );
    expect(Date.now() - began).toBeLessThan(2000);
    expect(read.kind).toBe('unusable');
  });

  test('attack held: a BOM: read, and the copy holds no BOM', () => {
    const read = modelSectionOf('\uFEFFmodel:\n  provider: anthropic\n', 'c.yaml');
    expect(read).toMatchObject({ kind: 'read', provider: 'anthropic' });
    const copy = withAnthropicBase(read, GATEWAY);
    expect(copy.startsWith('\uFEFF')).toBe(false);
    expect(parse(copy)).toEqual({ model: { provider: 'anthropic', base_url: GATEWAY } });
  });

  test('attack held: a %YAML 1.2 directive cannot turn `on` into the name of a provider to front', () => {
    expect(routeOf('%YAML 1.2\n---\nmodel:\n  provider: on\n').routed).toBe(false);
  });

  test('attack held: the copy: explicit keys over a merge key, so Hermes (PyYAML merges) sees the gateway', () => {
    const config =
      'base: &b {provider: anthropic, base_url: http://127.0.0.1:9/up}\nmodel:\n  <<: *b\n  provider: anthropic\n';
    const copy = withAnthropicBase(modelSectionOf(config, 'c'), GATEWAY);
    expect(parse(copy, { merge: true })).toMatchObject({
      model: { provider: 'anthropic', base_url: GATEWAY }
    });
  });

  test('attack held: an anchored model used elsewhere: the other use points at the gateway too, never elsewhere', () => {
    const copy = withAnthropicBase(
      modelSectionOf(
        'model: &m {provider: anthropic, base_url: http://127.0.0.1:9}\nfallback_model: *m\n',
        'c'
      ),
      GATEWAY
    );
    expect(parse(copy)).toMatchObject({
      model: { base_url: GATEWAY },
      fallback_model: { base_url: GATEWAY }
    });
  });

  test('attack held: an alias bomb is neither expanded nor slow', () => {
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x]'];
    for (let n = 1; n < 9; n++) {
      const prev = `l${n - 1}`.replace('l0', 'a');
      levels.push(`l${n}: &l${n} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const config = `${levels.join('\n')}\nmodel: {provider: anthropic}\n`;
    const began = Date.now();
    const copy = withAnthropicBase(modelSectionOf(config, 'c'), GATEWAY);
    expect(Date.now() - began).toBeLessThan(2000);
    expect(copy.length).toBeLessThan(config.length * 2);
  });

  test('attack held: a 20 MB config.yaml is read and copied in bounded time', () => {
    const big = `model:\n  provider: anthropic\nnotes: |\n${'  lorem ipsum dolor sit amet\n'.repeat(700_000)}`;
    const began = Date.now();
    const copy = withAnthropicBase(modelSectionOf(big, 'c'), GATEWAY);
    expect(Date.now() - began).toBeLessThan(20_000);
    expect(copy).toContain(GATEWAY);
  });

  // HOLE (merge key read past): PyYAML, which Hermes reads config.yaml with, resolves `<<:`; the
  // action's reading (YAMLMap.get) does not. A model section that takes provider and base_url from a
  // merge reads as "no provider, no base_url": `auto`, so fronted, with api.anthropic.com as the
  // upstream, and the copy overrides the merged provider with anthropic. Hermes would have used the
  // merged third-party endpoint (never fronted, docs/gateway.md): the real key goes to another
  // upstream than the user's, and the rule's "Hermes would use anthropic at X" is false.
  test('was a hole: provider and base_url from a merge key are read as PyYAML reads them', () => {
    const got = routeOf(
      'common: &common\n  provider: anthropic\n  base_url: https://llm-proxy.example/anthropic\nmodel:\n  <<: *common\n  default: claude-sonnet-4-6\n'
    );
    expect(got.routed).toBe(false);
  });

  test('was a hole: a merged other provider is read, not replaced by anthropic', () => {
    const got = routeOf('common: &c {provider: nous}\nmodel:\n  <<: *c\n');
    expect(got.routed).toBe(false);
  });

  // HOLE (low, robustness): a !!set (YAML 1.1) is a YAMLMap to the `yaml` package, so it reads as a
  // mapping; withAnthropicBase then throws ("Expected boolean value for set(key, value)") inside
  // startTurnGateway, after the gateway has started: the step dies instead of saying "not fronted".
  // PyYAML gives Hermes a Python set, which it reads as no model section.
  test('was a hole: model as a !!set is not a section the action can read', () => {
    const read = modelSectionOf('model: !!set {? default}\n', 'c');
    expect(read.kind).toBe('unusable');
  });

  // HOLE (low): a tag PyYAML's safe_load refuses (!!python/…) is only a warning to `yaml`: the
  // section reads, the gateway fronts, and the copy (tag kept) is a file Hermes cannot load at all.
  test('was a hole: a !!python tag PyYAML refuses makes the file unusable', () => {
    const read = modelSectionOf(
      'model:\n  provider: anthropic\nhooks: !!python/object/apply:os.system ["id"]\n',
      'c'
    );
    expect(read.kind).toBe('unusable');
  });
});

describe('config.yaml with several documents', () => {
  // Was a hole, now closed (low-medium: the agent holds the real key while the action says it is fronted and not held;
  // needs a config.yaml of two documents holding the key escaped, which the agent then decodes).
  // configHolds parses the text with the yaml package's parseDocument, which gives the first
  // document only (MULTIPLE_DOCS is an error, the rest is not visited); configCredentials reads all
  // documents, configHolds does not. A key written escaped (`"\x73k-or-…"`) in a second document is
  // neither in the raw text (includes(), and dropHolding's byte search, miss it) nor in any scalar
  // configHolds visits. The section is `unusable` (several documents), which stops Anthropic only:
  // OpenRouter is fronted, the agent's copy of config.yaml decodes (yaml.safe_load_all) to the real
  // key, and OPENROUTER_API_KEY is not listed as held (a key under a name like `spare` is no
  // credential to configCredentials either). Fix: visit every document (parseAllDocuments, as
  // configCredentials does), or treat a text parsed_ refuses as holding every fronted key.
  test('was a hole: configHolding finds a key escaped in a second document', () => {
    const text = `model:\n  provider: openrouter\n---\nspare: "\\x73${OR_KEY.slice(1)}"\n`;
    expect(text).not.toContain(OR_KEY);
    expect(configHolding(text, [OR_KEY]).holding.has(OR_KEY)).toBe(true);
  });

  test('attack held: an escaped OpenRouter key in a second document: not fronted, or not in the agent’s copy', async () => {
    const config = `model:\n  provider: openrouter\n---\nspare: "\\x73${OR_KEY.slice(1)}"\n`;
    const got = await startTurn({ config }, { ANTHROPIC_API_KEY: '', OPENROUTER_API_KEY: OR_KEY });
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'openrouter') ?? false;
    const copy = path.join(agentHomeOf(got).dir, 'config.yaml');
    const decoded = fs.existsSync(copy)
      ? spawnSync(
          'python3',
          [
            '-c',
            'import sys, yaml, json; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))',
            copy
          ],
          { encoding: 'utf8' }
        ).stdout
      : '';
    if (fronted) expect(got.held).not.toContain('OPENROUTER_API_KEY');
    expect(fronted && decoded.includes(OR_KEY)).toBe(false);
  });
});

describe('config.yaml that is not clean YAML', () => {
  // Was a hole, now closed (low-medium, the same class as above without a second document: the agent holds the real
  // key while the action says it is fronted and not held). After a stray closing bracket
  // (`a: {b: 1\n}}}`) the yaml package builds no node of what follows, so configHolds visits no
  // scalar there; the agent's copy of config.yaml is the file as it is (dropHolding searches its
  // bytes as written), and the agent unescapes `"\x73k-or-…"` by hand (codecs.decode(s,
  // 'unicode_escape')) while OpenRouter is fronted and OPENROUTER_API_KEY is not listed as held.
  // Fix: when parsed_ refuses the text (any error, several documents), treat it as holding every
  // fronted key (front none whose value could be in it), or search every double-quoted span of the
  // raw text, unescaped, as well.
  test('was a hole: a stray closing bracket, then a key escaped: not fronted, or said', async () => {
    const config = `a: {b: 1\n}}}\nspare: "\\x73${OR_KEY.slice(1)}"\n`;
    expect(config).not.toContain(OR_KEY);
    const got = await startTurn({ config }, { ANTHROPIC_API_KEY: '', OPENROUTER_API_KEY: OR_KEY });
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'openrouter') ?? false;
    const copy = path.join(agentHomeOf(got).dir, 'config.yaml');
    // What the agent reads: the copy, its \x escapes undone as YAML (and Python) undo them.
    const text = fs.existsSync(copy) ? fs.readFileSync(copy, 'utf8') : '';
    const unescaped = text.replace(/\\x([0-9a-f]{2})/gi, (_m, h: string) =>
      String.fromCharCode(parseInt(h, 16))
    );
    if (fronted) expect(got.held).not.toContain('OPENROUTER_API_KEY');
    expect(fronted && unescaped.includes(OR_KEY)).toBe(false);
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
    const source = hermesHome({
      'config.yaml': USER_CONFIG,
      '.env': 'ANTHROPIC_API_KEY=sk-real\n'
    });
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
    const source = hermesHome({ 'config.yaml': USER_CONFIG });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-home-'));
    fillAgentHome(home, { ignoreUserConfig: false, env: { HERMES_HOME: source }, warn: () => {} });
    expect(fs.readFileSync(path.join(home, '.hermes', 'config.yaml'), 'utf8')).toBe(USER_CONFIG);
  });
});

describe("the agent's config.yaml copy as PyYAML reads it", () => {
  const GW = 'http://127.0.0.1:40001';
  test.each([
    [
      'an alias of an anchored mapping',
      'm: &m {provider: openrouter, base_url: https://x.example}\nmodel: *m\n'
    ],
    ['a plain name', 'model: claude-sonnet\n'],
    [
      'a merge inside model',
      'b: &b {base_url: https://x.example}\nmodel:\n  <<: *b\n  provider: anthropic\n'
    ],
    ['a quoted key', '"model":\n  provider: anthropic\n  base_url: https://api.anthropic.com\n']
  ])('attack held: %s: model.provider anthropic and base_url the gateway', (_what, text) => {
    const section = modelSectionOf(text, 'c.yaml');
    expect(section.kind).not.toBe('unusable');
    const loaded = pyLoad(withAnthropicBase(section, GW));
    if (!loaded) return;
    const model = loaded.model as Record<string, unknown>;
    expect(model.provider).toBe('anthropic');
    expect(model.base_url).toBe(GW);
  });

  test.each([
    [
      'model twice, once quoted',
      'model:\n  provider: anthropic\n"model":\n  provider: openrouter\n'
    ],
    [
      'model twice, as an explicit key',
      'model: {provider: anthropic}\n? model\n: {provider: openrouter}\n'
    ],
    [
      'model twice inside model',
      'model:\n  provider: anthropic\n  base_url: a\n  base_url: https://x.example\n'
    ]
  ])('attack held: %s: not read for certain, so not fronted', (_what, text) => {
    expect(modelSectionOf(text, 'c.yaml').kind).toBe('unusable');
  });
});

describe('config.yaml as a link, a directory, a FIFO', () => {
  test('attack held: a link: its target is read, the agent’s copy is a fresh file, the target untouched', () => {
    const source = tmp('hermes-home-');
    const target = path.join(tmp('elsewhere-'), 'real.yaml');
    const text = 'model:\n  provider: anthropic\n';
    fs.writeFileSync(target, text);
    fs.symlinkSync(target, path.join(source, 'config.yaml'));
    const read = readModelSection({ HERMES_HOME: source });
    expect(read).toMatchObject({ kind: 'read', provider: 'anthropic' });
    const home = tmp('agent-home-');
    fillAgentHome(home, {
      ignoreUserConfig: false,
      env: { HERMES_HOME: source },
      overrides: { names: [], keys: [], config: withAnthropicBase(read, GATEWAY) },
      warn: () => undefined
    });
    const copy = path.join(home, '.hermes', 'config.yaml');
    expect(fs.lstatSync(copy).isFile()).toBe(true);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(target, 'utf8')).toBe(text);
  });

  test('attack held: a directory: cannot be read, not fronted', () => {
    const source = tmp('hermes-home-');
    fs.mkdirSync(path.join(source, 'config.yaml'));
    const read = readModelSection({ HERMES_HOME: source });
    expect(read.kind).toBe('unusable');
    expect(anthropicRoute(facts(read)).routed).toBe(false);
  });

  // HOLE (low, availability): readModelSection is a readFileSync on whatever config.yaml names; a FIFO
  // (or a link to one) blocks the action's whole event loop until some writer comes, for ever if none
  // does: no timeout of the step's fires. Read only with an Anthropic key, isolated or not. Before
  // dcc6fcd, fillAgentHome's cpSync refused a FIFO (ERR_FS_CP_FIFO_PIPE).
  test('was a hole: a FIFO config.yaml is refused at once', () => {
    const source = tmp('hermes-home-');
    const fifo = path.join(source, 'config.yaml');
    const made = spawn('mkfifo', [fifo], { stdio: 'ignore' });
    return new Promise<void>((resolve, reject) => {
      made.on('exit', () => {
        // A writer 1.5 s later, so that the test ends; without it the read never returns.
        const writer = spawn('sh', ['-c', `sleep 1.5; printf 'model: x\\n' > '${fifo}'`], {
          stdio: 'ignore'
        });
        try {
          const began = Date.now();
          readModelSection({ HERMES_HOME: source });
          expect(Date.now() - began).toBeLessThan(500);
          resolve();
        } catch (error) {
          reject(error as Error);
        } finally {
          writer.kill();
        }
      });
    });
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

describe('where config.yaml sets a credential (configCredentials), missed', () => {
  // Was a hole, now closed (low: the held row and the warning say nothing of a credential the agent reads in its copy
  // of config.yaml; needs the owner to write it so). configCredentials counts a credential-named key
  // only when its value is a plain string scalar: a list of keys (`api_key: [sk-…]`, `api_keys:`),
  // a `!!binary` value (PyYAML gives Hermes the bytes; the agent base64-decodes them) and an
  // `Authorization: Bearer sk-…` header (no credential name) are all passed over. Fix: a
  // credential-named key (and `api_keys`, `authorization`) with any non-empty value (a sequence of
  // strings, bytes) is a credential; walk into the sequence under it.
  const B64 = Buffer.from(OR_KEY).toString('base64');
  test.each([
    ['a list under api_key', `api_key: [${OR_KEY}]\n`],
    ['api_keys, a list', `api_keys:\n  - ${OR_KEY}\n`],
    ['a !!binary api_key', `api_key: !!binary ${B64}\n`],
    ['an Authorization header', `headers:\n  Authorization: Bearer ${OR_KEY}\n`]
  ])('attack held: %s: said', (_what, text) => {
    expect(configCredentials(text)).not.toEqual([]);
  });
});

describe("config.yaml's credential paths", () => {
  const KEY = 'sk-or-v1-real-key-round6-0123456789abcdef';

  test('attack held: text around a `${VAR}` (a key after it, `$${X}`, two references): still said', () => {
    expect(configCredentials(`api_key: \${X}${KEY}\n`)).toEqual(['api_key']);
    expect(configCredentials(`api_key: ${KEY}\${X}\n`)).toEqual(['api_key']);
    expect(configCredentials('api_key: $${X}\n')).toEqual(['api_key']);
    expect(configCredentials('api_key: ${A}${B}\n')).toEqual(['api_key']);
    expect(configCredentials('api_key: "${OPENROUTER_API_KEY}"\n')).toEqual([]);
  });

  // Was a hole, now closed (low, promise b): an alias is not followed ("the anchored original is found where it is
  // written"), but the original may be written under a key not named like a credential: `shared:
  // &k sk-…` with `api_key: *k` gives Hermes the key as api_key (PyYAML resolves the alias), the
  // agent reads it in its copy, and neither the warning nor the held row says so. Suggested fix:
  // for an alias value under a credential-named key, resolve it (alias.resolve(doc)) and test the
  // resolved scalar; name the path of the use (`auxiliary.vision.api_key`).
  test('was a hole: api_key an alias of a key anchored under another name: said', () => {
    const text = `shared: &k ${KEY}\nauxiliary:\n  vision:\n    api_key: *k\n`;
    expect(configCredentials(text)).toEqual(['auxiliary.vision.api_key']);
  });

  test('attack held: a key with HTML, markdown or a workflow command in its name: escaped in the held row', () => {
    const text = `"<img src=x onerror=alert(1)>|**x** ::warning::y_token": ${KEY}\n`;
    const found = configCredentials(text);
    expect(found).toHaveLength(1);
    const fact = heldFact(found.map(at => `config.yaml: ${at}`)) ?? '';
    // Every markup character backslash-escaped: no raw tag, no table pipe, no bold.
    expect(fact).not.toMatch(/(^|[^\\])[<|]/);
    expect(fact).not.toContain('|**x**');
  });

  test('attack held: several documents: a key in the second is said', () => {
    expect(configCredentials(`model: {}\n---\ntoken: ${KEY}\n`)).toEqual(['token']);
  });
});
