/**
 * What the agent may propose for the action to write (`review: true`, `allowed-labels`): a schema for
 * each, joined with `json-schema`'s into one answer schema, so that one check (schema/check.ts) validates
 * everything the agent asks for. With a proposal on, the answer is an object: `answer` (json-schema's
 * value, when set), `review`, `labels`.
 */
import Ajv07 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { AnySchemaObject } from 'ajv';
import { stringify } from '../text/json.js';
import { clip, isObject } from '../text/text.js';
import type { AnswerSchema } from './load.js';
import type { Redactor } from '../text/redact.js';

/** Bounds the schema itself states, so that the check refuses an answer past them. */
export const MAX_FINDINGS = 500;
const MAX_TEXT = 100_000;

export const REVIEW_SCHEMA: AnySchemaObject = {
  type: 'object',
  description:
    'A review of the pull request. Each finding names a line the diff shows: side RIGHT for an added or unchanged line (new file line numbers), LEFT for a removed line (old file line numbers).',
  properties: {
    summary: { type: 'string', maxLength: MAX_TEXT },
    verdict: { enum: ['comment', 'request_changes'] },
    findings: {
      type: 'array',
      maxItems: MAX_FINDINGS,
      items: {
        type: 'object',
        properties: {
          path: { type: 'string', minLength: 1, maxLength: 1000 },
          line: { type: 'integer', minimum: 1 },
          start_line: { type: 'integer', minimum: 1 },
          side: { enum: ['RIGHT', 'LEFT'] },
          body: { type: 'string', maxLength: MAX_TEXT },
          suggestion: {
            type: 'string',
            maxLength: MAX_TEXT,
            description: 'The replacement for the lines start_line..line (RIGHT only).'
          }
        },
        required: ['path', 'line', 'side', 'body'],
        additionalProperties: false
      }
    }
  },
  required: ['summary', 'verdict', 'findings'],
  additionalProperties: false
};

export interface Finding {
  path: string;
  line: number;
  start_line?: number;
  side: 'RIGHT' | 'LEFT';
  body: string;
  suggestion?: string;
}

export interface ReviewProposal {
  summary: string;
  verdict: 'comment' | 'request_changes';
  findings: Finding[];
}

export interface Wanted {
  review: boolean;
  /** allowed-labels; empty: no labels asked for. */
  labels: readonly string[];
}

/** The schema the agent answers to: json-schema's alone, or joined with the proposals asked for. */
export function withProposals(
  user: AnswerSchema | undefined,
  wanted: Wanted
): AnswerSchema | undefined {
  if (!wanted.review && wanted.labels.length === 0) return user;
  const draft = user?.draft ?? '2020-12';
  const properties: Record<string, AnySchemaObject> = {};
  const required: string[] = [];
  if (user) {
    const { $schema: _declared, ...own } = user.schema;
    // Its own $id keeps the user's `#/...` references pointing into its own schema, not ours.
    properties.answer = {
      ...own,
      $id: typeof own.$id === 'string' ? own.$id : 'urn:hermes-action:answer'
    };
    required.push('answer');
  }
  if (wanted.review) {
    properties.review = REVIEW_SCHEMA;
    required.push('review');
  }
  if (wanted.labels.length > 0) {
    properties.labels = {
      type: 'array',
      description: 'Labels to add to the issue or pull request, from this list only.',
      items: { enum: [...wanted.labels] },
      uniqueItems: true
    };
  }
  const schema: AnySchemaObject = {
    ...(draft === 'draft-07' ? { $schema: 'http://json-schema.org/draft-07/schema#' } : {}),
    type: 'object',
    properties,
    required,
    additionalProperties: false
  };
  // The agent is shown the list; the check takes any labels, sorted by settle, so that a label the
  // agent should not have proposed costs that label, never the review or the rest of the answer.
  const checked =
    wanted.labels.length > 0 ? { ...schema, properties: { ...properties, labels: true } } : schema;
  const options = { allErrors: true, strict: false };
  const ajv = draft === 'draft-07' ? new Ajv07.default(options) : new Ajv2020.default(options);
  formats.default(ajv);
  return {
    schema,
    draft,
    validate: ajv.compile(checked),
    warnings: user?.warnings ?? [],
    asks: {
      jsonSchema: user !== undefined,
      review: wanted.review,
      labels: wanted.labels.length > 0
    },
    ...(wanted.labels.length > 0
      ? { settle: (value, redact) => settleLabels(value, wanted.labels, redact) }
      : {})
  };
}

/** Labels the warning names at most, each cut at LABEL_SHOWN characters. */
const LABELS_SHOWN = 10;
const LABEL_SHOWN = 60;

/**
 * The answer with only its labels from allowed-labels, each once; what was dropped is one warning.
 * A `labels` that is no list of labels is an empty list.
 */
function settleLabels(
  value: unknown,
  allowed: readonly string[],
  redact: Redactor
): { value: unknown; warnings: string[] } {
  if (!isObject(value) || !('labels' in value)) return { value, warnings: [] };
  const proposed = value.labels;
  if (!Array.isArray(proposed))
    return {
      value: { ...value, labels: [] },
      warnings: [
        `The answer's "labels" is ${kindOf(proposed)}, not a list of labels from "allowed-labels", so no label is added; the rest of the answer stands.`
      ]
    };
  const kept = [
    ...new Set(proposed.filter((l): l is string => typeof l === 'string' && allowed.includes(l)))
  ];
  const dropped = [
    ...new Set(
      proposed
        .filter(l => typeof l !== 'string' || !allowed.includes(l))
        .map(label => shownLabel(label, redact))
    )
  ];
  if (dropped.length === 0) return { value: { ...value, labels: kept }, warnings: [] };
  const more = dropped.length > LABELS_SHOWN ? ` and ${dropped.length - LABELS_SHOWN} more` : '';
  return {
    value: { ...value, labels: kept },
    warnings: [
      `The answer proposed ${dropped.length === 1 ? 'a label' : 'labels'} outside "allowed-labels", not added: ` +
        `${dropped.slice(0, LABELS_SHOWN).join(', ')}${more} (allowed: ${allowed.join(', ')}); ` +
        `${kept.length > 0 ? `added from the list: ${kept.join(', ')}; ` : ''}the rest of the answer stands.`
    ]
  };
}

/**
 * A proposed label as the warning quotes it: JSON, so that no control character or quote survives;
 * redacted before it is cut, so that a cut never leaves the start of a secret unmasked.
 */
function shownLabel(label: unknown, redact: Redactor): string {
  return clip(redact(stringify(label) ?? String(label)), LABEL_SHOWN);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (isObject(value)) return 'an object';
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}

/** The parts of a checked answer: json-schema's value, the review, the labels (each when asked for). */
export function proposalsOf(
  value: unknown,
  wanted: Wanted
): { answer?: unknown; review?: ReviewProposal; labels: string[] } {
  if (!wanted.review && wanted.labels.length === 0) return { answer: value, labels: [] };
  if (!isObject(value)) return { labels: [] };
  // Settled already (settleLabels); checked again here, where they are written.
  const labels = Array.isArray(value.labels)
    ? value.labels.filter((l): l is string => typeof l === 'string' && wanted.labels.includes(l))
    : [];
  return {
    answer: value.answer,
    review:
      wanted.review && isObject(value.review)
        ? (value.review as unknown as ReviewProposal)
        : undefined,
    labels
  };
}
