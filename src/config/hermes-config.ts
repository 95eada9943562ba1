/**
 * The `model:` section of Hermes' `config.yaml`, as far as the model gateway needs it: which provider
 * it asks for and the base URL it gives, read the way upstream reads them
 * (`hermes_cli/runtime_provider.py`, `_get_model_config`: a mapping, or a plain string that is only
 * the model's name); and the agent's own copy of the file with Anthropic pointed at the gateway,
 * every other line of the user's kept (see docs/gateway.md). The runner's file is never written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isScalar, parseDocument, YAMLMap, type Document } from 'yaml';
import { hermesHomeOf } from './hermes-dotenv.js';

/** What config.yaml's model section asks for; `unusable`: the action cannot read it for certain. */
export type ModelSection =
  | { kind: 'read'; path: string; text: string; provider?: string; baseUrl?: string }
  | { kind: 'absent'; path: string }
  | { kind: 'unusable'; path: string; why: string };

/** config.yaml of Hermes' home (its target, when it is a link), read for its model section. */
export function readModelSection(env: NodeJS.ProcessEnv): ModelSection {
  const file = path.join(hermesHomeOf(env), 'config.yaml');
  let text: string;
  try {
    text = fs.readFileSync(fs.realpathSync(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent', path: file };
    return { kind: 'unusable', path: file, why: `it cannot be read (${String(error)})` };
  }
  return modelSectionOf(text, file);
}

/** The model section of config.yaml's text (exported for the tests). */
export function modelSectionOf(text: string, file: string): ModelSection {
  const parsed = parsed_(text);
  if (typeof parsed === 'string') return { kind: 'unusable', path: file, why: parsed };
  const root: unknown = parsed.contents;
  if (root !== null && !isMap(root))
    return { kind: 'unusable', path: file, why: 'it is not a mapping' };
  const model: unknown = parsed.get('model', true);
  if (model === undefined || model === null || isScalar(model)) {
    const value = isScalar(model) ? model.value : undefined;
    if (value !== undefined && value !== null && typeof value !== 'string')
      return { kind: 'unusable', path: file, why: 'its model is neither a mapping nor a name' };
    return { kind: 'read', path: file, text };
  }
  if (!isMap(model))
    return { kind: 'unusable', path: file, why: 'its model is neither a mapping nor a name' };
  const read: { provider?: string; baseUrl?: string } = {};
  for (const [key, name] of [
    ['provider', 'provider'],
    ['base_url', 'baseUrl']
  ] as const) {
    const node: unknown = model.get(key, true);
    if (node === undefined) continue;
    const value = isScalar(node) ? node.value : node;
    if (value === null) continue;
    if (typeof value !== 'string')
      return { kind: 'unusable', path: file, why: `its model.${key} is not a string` };
    // Hermes expands ${…} in its config, as it does in .env; this reading does not.
    if (value.includes('$'))
      return { kind: 'unusable', path: file, why: `its model.${key} has a $ in it` };
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
    if (isScalar(model) && typeof model.value === 'string' && model.value.trim())
      made.set('default', model.value.trim());
    doc.set('model', made);
  }
  doc.setIn(['model', 'provider'], 'anthropic');
  doc.setIn(['model', 'base_url'], base);
  // No folding at 80 columns: the user's long lines stay as they were.
  return doc.toString({ lineWidth: 0 });
}

/**
 * The parsed document, or why it cannot be read for certain (a YAML error, a key twice, several
 * documents). Read as YAML 1.1, as Hermes' PyYAML reads it (`yes`, `on` are booleans there).
 */
function parsed_(text: string): Document | string {
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), {
    version: '1.1',
    uniqueKeys: true,
    prettyErrors: false
  });
  const [error] = doc.errors;
  return error ? `it is not YAML the action can read (${error.code})` : doc;
}
