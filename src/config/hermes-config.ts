/**
 * The `model:` section of Hermes' `config.yaml`, as far as the model gateway needs it: which provider
 * it asks for and the base URL it gives, read the way upstream reads them
 * (`hermes_cli/runtime_provider.py`, `_get_model_config`: a mapping, or a plain string that is only
 * the model's name); and the agent's own copy of the file with Anthropic pointed at the gateway and
 * Hermes' own API retries off, every other line of the user's kept (see docs/gateway.md). The
 * runner's file is never written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  isAlias,
  isDocument,
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseAllDocuments,
  Pair,
  parseDocument,
  visit,
  YAMLMap,
  type Document
} from 'yaml';
import { hermesHomeOf } from './hermes-dotenv.js';

/** What config.yaml's model section asks for; `unusable`: the action cannot read it for certain. */
export type ModelSection =
  | { kind: 'read'; path: string; text: string; provider?: string; baseUrl?: string }
  | { kind: 'absent'; path: string }
  | { kind: 'unusable'; path: string; why: string; text?: string };

/** config.yaml of Hermes' home (its target, when it is a link), read for its model section. */
export function readModelSection(env: NodeJS.ProcessEnv): ModelSection {
  const file = path.join(hermesHomeOf(env), 'config.yaml');
  let text: string;
  try {
    text = readRegularFile(fs.realpathSync(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent', path: file };
    return { kind: 'unusable', path: file, why: `it cannot be read (${String(error)})` };
  }
  const section = modelSectionOf(text, file);
  // The text kept: the agent gets a copy of the file, and the action looks in it for a fronted key.
  return section.kind === 'unusable' ? { ...section, text } : section;
}

/**
 * A regular file's text. Opened without blocking and checked on the open descriptor, so that a FIFO
 * (or a device) named config.yaml is refused at once rather than holding the action until a writer
 * comes.
 */
function readRegularFile(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    if (!fs.fstatSync(fd).isFile()) throw new Error('it is not a regular file');
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** A merge key (`<<`): its value is a symbol once parsed with merges on, as under YAML 1.1. */
const mergeKey = (key: unknown): boolean =>
  isScalar(key) && (typeof key.value === 'symbol' || key.value === '<<');

/** The plain value of a mapping PyYAML would give Hermes as a dict, else undefined. */
const plainObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
    ? (value as Record<string, unknown>)
    : undefined;

/**
 * The model section of config.yaml's text (exported for the tests), its values as PyYAML gives them:
 * merge keys (`<<`) and aliases resolved; a set, an ordered map or a tag PyYAML's safe loader refuses
 * is not a section the action can read for certain.
 */
export function modelSectionOf(text: string, file: string): ModelSection {
  const unusable = (why: string): ModelSection => ({ kind: 'unusable', path: file, why });
  const parsed = parsed_(text);
  if (typeof parsed === 'string') return unusable(parsed);
  const root: unknown = parsed.contents;
  if (root !== null && !isMap(root)) return unusable('it is not a mapping');
  // A merge at the top could bring a model section the reading below would not see.
  if (isMap(root) && root.items.some(pair => mergeKey(pair.key)))
    return unusable('it merges (<<) into its top level');
  const node: unknown = parsed.get('model', true);
  let model: unknown;
  try {
    model = isNode(node) ? node.toJS(parsed, { maxAliasCount: 100 }) : node;
  } catch (error) {
    return unusable(`its model section cannot be expanded (${String(error)})`);
  }
  // No model section, or only the model's name.
  if (model === undefined || model === null || typeof model === 'string')
    return { kind: 'read', path: file, text };
  const section = plainObject(model);
  if (!section) return unusable('its model is neither a mapping nor a name');
  const read: { provider?: string; baseUrl?: string } = {};
  for (const [key, name] of [
    ['provider', 'provider'],
    ['base_url', 'baseUrl']
  ] as const) {
    const value = section[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return unusable(`its model.${key} is not a string`);
    // Hermes expands ${…} in its config, as it does in .env; this reading does not.
    if (value.includes('$')) return unusable(`its model.${key} has a $ in it`);
    if (value.trim()) read[name] = value.trim();
  }
  return { kind: 'read', path: file, text, ...read };
}

/**
 * The text of the agent's config.yaml: the user's (empty when there was none) with
 * `model.provider: anthropic` and `model.base_url: <base>`; a model given as a plain name becomes
 * `model.default`, as upstream reads it. Comments and every other key stay as they were.
 */
export function withAnthropicBase(section: ModelSection, base: string): string {
  if (section.kind === 'unusable') throw new Error(`${section.path}: ${section.why}`);
  const doc = parsed_(section.kind === 'read' ? section.text : '');
  if (typeof doc === 'string') throw new Error(`${section.path}: ${doc}`);
  // Maps made as YAMLMap: under the 1.1 schema, createNode and setIn would make !!omap sequences.
  if (!isMap(doc.contents)) doc.contents = new YAMLMap();
  const model: unknown = doc.get('model', true);
  if (!isMap(model)) {
    const made = new YAMLMap();
    const target: unknown = isAlias(model) ? model.resolve(doc) : model;
    // An alias of a mapping is merged into the new one, where the two keys below take precedence.
    if (isAlias(model) && isMap(target)) made.items.push(new Pair(doc.createNode('<<'), model));
    else if (isScalar(target) && typeof target.value === 'string' && target.value.trim())
      made.set('default', target.value.trim());
    doc.set('model', made);
  }
  doc.setIn(['model', 'provider'], 'anthropic');
  doc.setIn(['model', 'base_url'], base);
  // No folding at 80 columns: the user's long lines stay as they were.
  return doc.toString({ lineWidth: 0 });
}

/**
 * Hermes' own retries of a model call, in config.yaml's `agent:` (upstream, see docs/gateway.md):
 * `api_max_retries` counts attempts (at least 1, a single one), `auto_recovery_cycles` (newer Hermes)
 * enters that loop again after a wait (0: never). The agent's copy sets both: only the gateway retries.
 */
export const HERMES_RETRIES_OFF = { api_max_retries: 1, auto_recovery_cycles: 0 } as const;

/** A mapping PyYAML gives Hermes as a dict: untagged or `!!map` (a `!!set` is not one). */
const plainMap = (node: unknown): node is YAMLMap =>
  isMap(node) && (node.tag === undefined || node.tag === 'tag:yaml.org,2002:map');

/**
 * config.yaml's text with HERMES_RETRIES_OFF in its `agent:` mapping (made when there is none, or it
 * is empty; an alias becomes a mapping that merges it under the keys set); every other line, comment
 * and anchor of the user's as it was. Throws, saying why, when the text cannot be edited for certain:
 * not YAML the action can read, a top level or `agent:` that is not a mapping, a top-level merge (`<<`)
 * with no `agent:` of its own (the merge may bring one, which a new `agent:` would hide whole).
 */
export function withoutHermesRetries(text: string): string {
  const doc = parsed_(text);
  if (typeof doc === 'string') throw new Error(doc);
  // No document, or an empty one (`---`, `~`): PyYAML gives None, which Hermes reads as {}.
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null))
    doc.contents = new YAMLMap();
  const root: unknown = doc.contents;
  if (!plainMap(root)) throw new Error('it is not a mapping');
  if (!root.has('agent') && root.items.some(pair => mergeKey(pair.key)))
    throw new Error('it merges (<<) into its top level, which may bring an agent section');
  const agent: unknown = root.get('agent', true);
  const target: unknown = isAlias(agent) ? agent.resolve(doc) : agent;
  let section: YAMLMap;
  if (plainMap(agent)) section = agent;
  else if (agent === undefined || (isScalar(target) && target.value === null) || plainMap(target)) {
    section = new YAMLMap();
    if (isAlias(agent) && plainMap(target))
      section.items.push(new Pair(doc.createNode('<<'), agent));
    root.set('agent', section);
  } else throw new Error('its agent section is not a mapping');
  for (const [key, value] of Object.entries(HERMES_RETRIES_OFF)) section.set(key, value);
  // Long lines not folded, flow collections unpadded (`[a, b]`): as users write them.
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/**
 * The agent's own config.yaml while the model gateway fronts a key: the user's (none with
 * ignore-user-config: `section` undefined), Anthropic pointed at the gateway when it is fronted, and
 * Hermes' own retries off. `kept`: why the retries could not be set; the text is then Anthropic's
 * edit alone, or none (the user's file is copied as it is).
 */
export function agentConfigText(
  section: ModelSection | undefined,
  anthropicBase: string | undefined
): { text?: string; kept?: string } {
  const base =
    anthropicBase !== undefined
      ? withAnthropicBase(section ?? { kind: 'absent', path: 'config.yaml' }, anthropicBase)
      : section === undefined || section.kind === 'absent'
        ? ''
        : section.text;
  if (base === undefined) return { kept: section?.kind === 'unusable' ? section.why : 'unread' };
  try {
    return { text: withoutHermesRetries(base) };
  } catch (error) {
    return { ...(anthropicBase !== undefined && { text: base }), kept: (error as Error).message };
  }
}

/** NEL, LS and PS: line breaks to PyYAML (YAML 1.1), not to the yaml package. */
const YAML11_BREAKS = /[\x85\u2028\u2029]/g;

/** The text with PyYAML's line breaks as newlines and no BOM: read as Hermes reads it. */
const asPyYaml = (text: string): string => text.replace(YAML11_BREAKS, '\n').replace(/^\uFEFF/, '');

/**
 * Which of values config.yaml's text holds: as written, or in any string of any of its documents as
 * PyYAML would decode it (escapes, folded lines, `!!binary`; a key after a NEL in a comment is a key
 * to it). The agent reads its copy and can decode it as well. The text is parsed once, for all the
 * values. Of a text that is not YAML the action can read (what follows an error is not in the tree),
 * only what is written as it is can be found: `unsure` says any of the others may be in it.
 */
export function configHolding(
  text: string,
  values: readonly string[]
): { holding: Set<string>; unsure: boolean } {
  const holding = new Set(values.filter(value => text.includes(value)));
  const left = values.filter(value => !holding.has(value));
  if (left.length === 0) return { holding, unsure: false };
  const docs = parseAllDocuments(asPyYaml(text), { version: '1.1', prettyErrors: false });
  if (!Array.isArray(docs)) return { holding, unsure: false };
  if (docs.some(doc => doc.errors.length > 0)) return { holding, unsure: true };
  for (const doc of docs)
    visit(doc, {
      Scalar(_key, node) {
        const v: unknown = node.value;
        const bytes = v instanceof Uint8Array ? Buffer.from(v) : undefined;
        for (const value of left)
          if (typeof v === 'string' ? v.includes(value) : bytes?.includes(value))
            holding.add(value);
        return holding.size === values.length ? visit.BREAK : undefined;
      }
    });
  return { holding, unsure: false };
}

/** A config key that names a credential (`api_key`, `api_keys`, `token`, `Authorization`, …). */
const CREDENTIAL_KEY =
  /^(?:.*[_-])?(?:api[_-]?keys?|key|tokens?|secrets?|password|passwd|pat|credentials?|authorization)$/i;

/**
 * Where config.yaml's text sets a credential: the dotted paths of keys named like one with a
 * non-empty string value, other than a `${VAR}` reference (Hermes expands it from its environment,
 * where a fronted key is the capability). The agent reads the file (its copy, or the runner's).
 * Aliases are not followed: the anchored original is found where it is written.
 */
export function configCredentials(text: string): string[] {
  // A value a credential-named key gives: a string other than a bare `${NAME}` reference (`${A:-x}`
  // and anything around one are text), bytes (`!!binary`), or a list holding either.
  const setsCredential = (doc: Document, node: unknown): boolean => {
    const value: unknown = isAlias(node) ? node.resolve(doc) : node;
    if (isSeq(value)) return value.items.some(item => setsCredential(doc, item));
    if (!isScalar(value)) return false;
    if (value.value instanceof Uint8Array) return value.value.length > 0;
    const text = typeof value.value === 'string' ? value.value.trim() : '';
    return text !== '' && !/^\$\{[A-Za-z_]\w*\}$/.test(text);
  };
  const found: string[] = [];
  const walk = (doc: Document, node: unknown, at: string): void => {
    if (isMap(node))
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '?';
        // An alias gives Hermes what it names (PyYAML resolves it): `api_key: *shared`.
        const value: unknown = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
        if (CREDENTIAL_KEY.test(key) && setsCredential(doc, value)) found.push(at + key);
        else if (!isAlias(pair.value)) walk(doc, value, `${at}${key}.`);
      }
    else if (isSeq(node)) node.items.forEach((item, n) => walk(doc, item, `${at}${n}.`));
  };
  for (const doc of parseAllDocuments(asPyYaml(text), { version: '1.1', prettyErrors: false }))
    if (isDocument(doc)) walk(doc, doc.contents, '');
  return found;
}

/**
 * The parsed document, or why it cannot be read for certain (a YAML error, a key twice, several
 * documents). Read as YAML 1.1, as Hermes' PyYAML reads it (`yes`, `on` are booleans there).
 */
function parsed_(text: string): Document | string {
  // A comment could hide from the action a key that Hermes reads after a line break of YAML 1.1.
  if (text.search(YAML11_BREAKS) >= 0) return 'it holds a line break of YAML 1.1 (NEL, LS or PS)';
  // A directive (`%YAML 1.2`) changes the schema the yaml package reads with (merges off); PyYAML's
  // does not change.
  if (/^\uFEFF?%/m.test(text)) return 'it holds a directive (%YAML, %TAG)';
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), {
    version: '1.1',
    uniqueKeys: true,
    prettyErrors: false
  });
  // A warning is a tag the action cannot resolve (`!!python/…`), which PyYAML's safe loader refuses.
  const [error] = [...doc.errors, ...doc.warnings];
  if (error) return `it is not YAML the action can read (${error.code})`;
  // Two merge keys in one mapping: PyYAML takes the last, the yaml package the first.
  const doubled: unknown[] = [];
  visit(doc, {
    Map(_key, map) {
      if (map.items.filter(pair => mergeKey(pair.key)).length < 2) return undefined;
      doubled.push(map);
      return visit.BREAK;
    }
  });
  return doubled.length > 0 ? 'a mapping in it has two merge keys (<<)' : doc;
}
