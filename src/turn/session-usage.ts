/**
 * What a session record (`hermes sessions export`, one JSON object per session: the state store's
 * session row and its `messages`) says about cost and usage. Hermes computes the cost; the action
 * only reads it, never prices tokens itself.
 */
import { parseJson } from '../text/json.js';
import { redactStrings, type Redactor } from '../text/redact.js';

/** The row's fields the `usage` output carries, as upstream's `sessions` table names them. */
export const USAGE_FIELDS = [
  'actual_cost_usd',
  'estimated_cost_usd',
  'cost_status',
  'cost_source',
  'pricing_version',
  'billing_provider',
  'billing_mode',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'reasoning_tokens',
  'api_call_count',
  'tool_call_count',
  'message_count',
  'end_reason'
] as const;

export type UsageField = (typeof USAGE_FIELDS)[number];

export interface SessionUsage {
  /** The actual cost when the record has one, else Hermes' estimate; absent when it has neither. */
  costUsd?: number;
  /** True when costUsd is the estimate. */
  costEstimated?: boolean;
  apiCalls?: number;
  /** The record's cost and usage fields it has (numbers, strings and nulls only). */
  fields: Partial<Record<UsageField, number | string | null>>;
}

/** The usage of a session row (an object parsed from one line of the export). */
export function usageOf(row: Record<string, unknown>): SessionUsage {
  const fields: SessionUsage['fields'] = {};
  for (const name of USAGE_FIELDS) {
    const value = row[name];
    if (value === null || typeof value === 'string' || isAmount(value)) fields[name] = value;
  }
  const usage: SessionUsage = { fields };
  const actual = fields.actual_cost_usd;
  const estimate = fields.estimated_cost_usd;
  // An estimate Hermes itself marks unknown is no estimate (it stores 0 for "no price").
  if (isAmount(actual)) usage.costUsd = actual;
  else if (isAmount(estimate) && fields.cost_status !== 'unknown') {
    usage.costUsd = estimate;
    usage.costEstimated = true;
  }
  if (usage.costUsd !== undefined) usage.costEstimated ??= false;
  if (isAmount(fields.api_call_count)) usage.apiCalls = fields.api_call_count;
  return usage;
}

/** The largest session record read (every line is parsed whole): past it, a note, and no cost. */
export const RECORD_LIMIT = 64 * 1024 * 1024;

/**
 * The record of sessionId in an export's text: the first line whose object has that `id` (or, for
 * an export of one session, its only object). Throws an error saying what is wrong otherwise.
 */
export function parseSessionRecord(text: string, sessionId?: string): SessionUsage {
  const rows: Record<string, unknown>[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const { ok, value } = parseJson(line);
    if (!ok) throw new Error(`line ${i + 1} of the session record is not JSON`);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`line ${i + 1} of the session record is not a JSON object`);
    rows.push(value as Record<string, unknown>);
  }
  if (rows.length === 0) throw new Error('the session record is empty');
  const row = rows.find(r => r.id === sessionId) ?? (rows.length === 1 ? rows[0] : undefined);
  if (!row) throw new Error(`the session record holds no session ${JSON.stringify(sessionId)}`);
  return usageOf(row);
}

/**
 * The usage with its strings (billing provider, end reason…) redacted: the record is the agent's
 * session, and a string in it can carry what the agent read.
 */
export function redactedUsage(usage: SessionUsage, redact: Redactor): SessionUsage {
  return { ...usage, fields: redactStrings(usage.fields, redact) as SessionUsage['fields'] };
}

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** `$0.0123`, `≈ $0.0123` for an estimate; `$<0.0001` for a cost too small to show. */
export function formatCost(usd: number, estimated = false): string {
  const text = usd > 0 && usd < 0.00005 ? '$<0.0001' : `$${usd.toFixed(4)}`;
  return estimated ? `≈ ${text}` : text;
}
