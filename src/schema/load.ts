/** `json-schema`: the JSON Schema the answer must match, read (inline or from a file) and compiled before Hermes runs. */
import { messageOf } from '../text/errors.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv07 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { AnySchemaObject, ErrorObject, Options, ValidateFunction } from 'ajv';
import { Input, InputError, type Environment } from '../config/inputs.js';
import { confine } from '../config/paths.js';
import { clip, isObject } from '../text/text.js';
import { parseJson } from '../text/json.js';
import type { Redactor } from '../text/redact.js';

export type Draft = '2020-12' | 'draft-07';

/** What the answer is asked to hold: json-schema's value, a review (`review: true`), labels (`allowed-labels`). */
export interface Asks {
  jsonSchema: boolean;
  review: boolean;
  labels: boolean;
}

/** The schema as messages name it: json-schema when it is the user's alone, else the inputs that ask for it. */
export function schemaName(asks: Asks): string {
  if (!asks.review && !asks.labels) return 'json-schema';
  const inputs = [
    asks.jsonSchema ? 'json-schema' : undefined,
    asks.review ? '"review: true"' : undefined,
    asks.labels ? '"allowed-labels"' : undefined
  ].filter(Boolean);
  return `the schema of ${inputs.join(' and ')}`;
}

export interface AnswerSchema {
  /** The schema as parsed: the prompt shows it. */
  schema: AnySchemaObject;
  draft: Draft;
  validate: ValidateFunction;
  /** What ajv's strict mode noticed and let pass (an unknown keyword, say), for one warning. */
  warnings: string[];
  asks: Asks;
  /**
   * After validate: the answer as the action takes it, and what it left out of it and why (labels
   * outside allowed-labels), each a warning. The answer stands.
   */
  settle?: (value: unknown, redact: Redactor) => { value: unknown; warnings: string[] };
}

/** The `$schema` values the action can check (without the trailing `#`); none means 2020-12. */
const DRAFTS: Record<string, Draft> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'http://json-schema.org/draft-07/schema': 'draft-07'
};
const SHOWN_CHARS = 200;
const SCHEMA_ERRORS_SHOWN = 5;

/**
 * The schema from `json-schema`, or undefined when the input is empty. Inline when the value starts
 * with `{`, else the path of a file relative to the workspace. Anything that is not a JSON Schema
 * (draft 2020-12 or draft-07) is an InputError saying where.
 */
export function readSchema({ getInput, env }: Environment): AnswerSchema | undefined {
  const raw = getInput(Input.JsonSchema).trim();
  if (raw === '') return undefined;
  const given = `Input "${Input.JsonSchema}"`;
  let text = raw;
  let where = `${given} (inline)`;
  if (!raw.startsWith('{')) {
    // As parseSettings resolves the workspace.
    const file = confine(
      Input.JsonSchema,
      clip(raw, SHOWN_CHARS),
      path.resolve(env.GITHUB_WORKSPACE ?? process.cwd(), raw),
      env
    );
    where = `${given} (the file ${file})`;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      // YAML (or any text) given inline is no path: naming it as a file would only confuse.
      if (/\n|^\s*[\w$"'-]+\s*:(\s|$)/.test(raw))
        throw new InputError(
          `${given} is neither JSON nor a file: it does not start with "{", so it is not an inline schema, and no file in the workspace is named so. ` +
            `It looks like YAML: write the schema as JSON (json-schema: '{"type": "object", "properties": {…}}', or a block scalar holding the JSON), or give the path of a .json file in the workspace.`
        );
      const why = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new InputError(
        `${given} is ${JSON.stringify(clip(raw, SHOWN_CHARS))}: not an inline schema (one starts with "{"), and ${file} cannot be read (${why}). ` +
          'Give a JSON Schema object, or the path of a .json file in the workspace.'
      );
    }
  }
  const parsed = parseJson(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok) throw new InputError(`${where} is not JSON: ${parsed.error}.`);
  const schema = parsed.value;
  if (!isObject(schema)) {
    throw new InputError(
      `${where} is JSON, but not a JSON Schema: a schema is an object, such as {"type": "object", "properties": {…}}.`
    );
  }
  const draft = draftOf(schema, where);
  const warnings: string[] = [];
  const note = (...args: unknown[]): void => void warnings.push(args.map(String).join(' '));
  const options: Options = {
    allErrors: true,
    // Unknown keywords are allowed by the specification: said in a warning rather than refused.
    strict: 'log',
    logger: { log: () => undefined, warn: note, error: note }
  };
  const ajv = draft === 'draft-07' ? new Ajv07.default(options) : new Ajv2020.default(options);
  formats.default(ajv);
  if (!ajv.validateSchema(schema)) {
    throw new InputError(
      `${where} is not a valid JSON Schema (draft ${draft}): ${schemaErrors(ajv.errors ?? [])}.`
    );
  }
  try {
    const asks = { jsonSchema: true, review: false, labels: false };
    return { schema, draft, validate: ajv.compile(schema), warnings, asks };
  } catch (error) {
    const why = messageOf(error);
    throw new InputError(`${where} cannot be used as a JSON Schema (draft ${draft}): ${why}.`);
  }
}

function draftOf(schema: AnySchemaObject, where: string): Draft {
  const declared = schema.$schema;
  if (declared === undefined) return '2020-12';
  const draft = typeof declared === 'string' ? DRAFTS[declared.replace(/#$/, '')] : undefined;
  if (draft) return draft;
  throw new InputError(
    `${where} declares "$schema": ${clip(JSON.stringify(declared), SHOWN_CHARS)}, which the action cannot check; ` +
      `use "https://json-schema.org/draft/2020-12/schema" (or leave "$schema" out) or "http://json-schema.org/draft-07/schema#".`
  );
}

/** Where in the schema each problem is (a JSON pointer), and what is wrong there. */
function schemaErrors(errors: ErrorObject[]): string {
  const shown = errors
    .slice(0, SCHEMA_ERRORS_SHOWN)
    .map(e => `at ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
  const more = errors.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
