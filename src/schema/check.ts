/** The answer against `json-schema`: extracted, validated, made `structured_output`, or why not. */
import type { ErrorObject } from 'ajv';
import { redactStrings, type Redacted, type Redactor } from '../text/redact.js';
import { stringify } from '../text/json.js';
import { clip } from '../text/text.js';
import { splitAnswer } from './extract.js';
import { schemaName, type AnswerSchema } from './load.js';

/** One way the answer does not match: where (a JSON pointer into the answer) and what was expected. */
export interface SchemaError {
  pointer: string;
  message: string;
}

/** A schema error as the report shows it: it quotes the answer (its keys, its values), redacted. */
export interface ShownSchemaError {
  pointer: Redacted;
  message: Redacted;
}

export type AnswerCheck =
  | {
      ok: true;
      /** The answer's JSON, secrets redacted in its strings. */
      value: unknown;
      /** The same, compact: the `structured_output` output. */
      json: Redacted;
      /** What was left out of the answer and why (AnswerSchema.settle): one warning each. */
      warnings?: Redacted[];
      /** The answer's text around its JSON (the agent's prose), redacted, when there is some. */
      prose?: Redacted;
    }
  | {
      ok: false;
      /** One sentence: the step's error (redacted: it may quote the answer). */
      message: Redacted;
      /** Validation errors, the first MAX_ERRORS of errorCount. */
      errors: ShownSchemaError[];
      errorCount: number;
      /** The JSON found, secrets redacted, when there was one. */
      value?: unknown;
    };

/** All outputs of a job share 1 MB: structured_output gets at most this many bytes of it, like `text`. */
export const STRUCTURED_OUTPUT_BYTES = 64 * 1024;
export const MAX_ERRORS = 100;
const VALUE_CHARS = 80;
const VALUES_SHOWN = 10;

export function checkAnswer(
  text: string | undefined,
  answer: AnswerSchema,
  redact: Redactor
): AnswerCheck {
  const name = schemaName(answer.asks);
  const none = (problem: string): AnswerCheck => ({
    ok: false,
    message: redact(`${problem}; ${name} asks for one JSON value that matches it.`),
    errors: [],
    errorCount: 0
  });
  if (text === undefined || text.trim() === '') return none('The answer is empty');
  const { extracted, rest } = splitAnswer(text);
  if (!extracted.found) return none(extracted.problem);
  if (!answer.validate(extracted.value)) {
    const value = redactStrings(extracted.value, redact);
    const all = (answer.validate.errors ?? []).map(describe).map(e => ({
      pointer: redact(e.pointer),
      message: redact(e.message)
    }));
    const [first] = all;
    const more = all.length > 1 ? ` (and ${all.length - 1} more)` : '';
    return {
      ok: false,
      message: redact(
        `The answer does not match ${name}: ${first ? `${first.pointer || '/'}: ${first.message}` : 'it was rejected'}${more}.`
      ),
      errors: all.slice(0, MAX_ERRORS),
      errorCount: all.length,
      value
    };
  }
  const settled = answer.settle?.(extracted.value, redact) ?? {
    value: extracted.value,
    warnings: []
  };
  const value = redactStrings(settled.value, redact);
  const warnings = settled.warnings.map(warning => redact(warning));
  // The strings of value are redacted, and JSON.stringify writes them as they are, escaped.
  const json = JSON.stringify(value) as Redacted;
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > STRUCTURED_OUTPUT_BYTES) {
    return {
      ok: false,
      message: redact(
        `The answer matches ${name}, but its JSON takes ${bytes.toLocaleString('en-US')} bytes, over the ` +
          `${STRUCTURED_OUTPUT_BYTES.toLocaleString('en-US')} that structured_output may take (the outputs of a job share 1 MB); ` +
          'ask for a shorter answer, or read it from the transcript.'
      ),
      errors: [],
      errorCount: 0,
      value
    };
  }
  return {
    ok: true,
    value,
    json,
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(rest !== '' && { prose: redact(rest) })
  };
}

/** An ajv error as the field it is about and what that field should have been. */
export function describe(error: ErrorObject): SchemaError {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const child = (name: unknown): string =>
    `${at}/${String(name).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  switch (error.keyword) {
    case 'required':
      return { pointer: child(params.missingProperty), message: 'is required, and missing' };
    case 'dependentRequired':
    case 'dependencies':
      return {
        pointer: child(params.missingProperty),
        message: `is required when ${JSON.stringify(params.property)} is present, and missing`
      };
    case 'additionalProperties':
      return { pointer: child(params.additionalProperty), message: 'is not allowed by the schema' };
    case 'unevaluatedProperties':
      return {
        pointer: child(params.unevaluatedProperty),
        message: 'is not allowed by the schema'
      };
    case 'enum':
      return { pointer: at, message: `must be one of ${values(params.allowedValues)}` };
    case 'const':
      return { pointer: at, message: `must be ${shown(params.allowedValue)}` };
    default:
      return { pointer: at, message: error.message ?? `fails "${error.keyword}"` };
  }
}

function values(list: unknown): string {
  if (!Array.isArray(list)) return shown(list);
  const more = list.length > VALUES_SHOWN ? `, … (${list.length} in all)` : '';
  return list.slice(0, VALUES_SHOWN).map(shown).join(', ') + more;
}

const shown = (value: unknown): string => clip(stringify(value) ?? String(value), VALUE_CHARS);
