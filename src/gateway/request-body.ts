/**
 * A call's request as the gateway reads it before it goes anywhere: its body held within bounds, and
 * what the body says (the model, what it asks the provider to reach), rewritten where it must be.
 */
import type { IncomingMessage } from 'node:http';
import { parseJson } from '../text/json.js';
import { isObject } from '../text/text.js';
import { MAX_NODES, reachOf, type Reach } from './reach.js';
import type { FrontedKey } from './providers.js';
import type { BodyLimits } from './types.js';

/**
 * A request body larger than `perRequest` is refused (413: a model call's is JSON, images in base64
 * included, far smaller), and so is one that would take the bodies held at once past `inFlight` (503,
 * until a call ends), and one of more than MAX_NODES objects and lists (413: parsed, `{}` takes some
 * twenty times its bytes): calls side by side cannot make the action's process run out of memory,
 * which would lose the run's report and transcript. A body is held from its first byte until its
 * call ends.
 */
export const BODY_LIMITS: BodyLimits = {
  perRequest: 64 * 1024 * 1024,
  inFlight: 96 * 1024 * 1024,
  connections: 256
};

/** Whether buf holds more than `limit` of the bytes `{` and `[` (a string's count too: an upper bound). */
function structuresOver(buf: Buffer, limit: number): boolean {
  let n = 0;
  for (const byte of [0x7b, 0x5b])
    for (let at = buf.indexOf(byte); at !== -1; at = buf.indexOf(byte, at + 1))
      if (++n > limit) return true;
  return false;
}

/** The bytes of request bodies the gateway holds now, across its calls. */
export interface BodyPool {
  limits: BodyLimits;
  held: number;
}

/**
 * The request's body, each byte counted into the pool as it arrives (`taken` says how many this
 * request holds, for the caller to give back when its call ends); or why it is refused.
 */
export async function bodyOf(
  req: IncomingMessage,
  pool: BodyPool,
  taken: { bytes: number }
): Promise<Buffer | 'too large' | 'too many' | 'too nested'> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    taken.bytes += chunk.length;
    pool.held += chunk.length;
    if (taken.bytes > pool.limits.perRequest) return 'too large';
    if (pool.held > pool.limits.inFlight) return 'too many';
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  // Counted before any parse: the parse is what would run out of memory.
  return structuresOver(body, MAX_NODES) ? 'too nested' : body;
}

export const MIB = 1024 * 1024;

/**
 * The request as the gateway reads it: its model, what it asks the provider to reach (reach.ts), and,
 * for an OpenRouter call, the body asking for usage accounting (the cost). Under the fence the
 * provider gets the body as it was checked, written anew from what was parsed: no duplicate key, odd
 * encoding or value another parser reads otherwise (`NaN`) can show it a URL the check did not see;
 * and a body that does not parse is not sent.
 */
export function prepared(
  provider: FrontedKey,
  path: string,
  raw: Buffer,
  { isCall, fenced }: { isCall: boolean; fenced: boolean }
): { model?: string; body: Buffer; reach: Reach[] } {
  const read = raw.length > 0 ? parseJson(raw.toString('utf8')) : { ok: true, value: undefined };
  if (!read.ok) {
    const why = 'it is not JSON the gateway can read';
    return { body: raw, reach: fenced ? [{ kind: 'unchecked', at: 'the whole body', why }] : [] };
  }
  const parsed = read.value;
  // Read for the fence alone: unfenced, what the provider fetches is no concern of the gateway's.
  const reach = fenced ? reachOf(parsed) : [];
  const record = isCall && isObject(parsed) ? parsed : undefined;
  const model = typeof record?.model === 'string' ? record.model : undefined;
  // OpenRouter's call asks for its cost; that body is written anew in any case.
  if (record && provider.provider === 'openrouter' && path.endsWith('completions')) {
    const usage = typeof record.usage === 'object' && record.usage !== null ? record.usage : {};
    const asked = { ...record, usage: { ...usage, include: true } };
    return { model, body: Buffer.from(JSON.stringify(asked)), reach };
  }
  const body = fenced && parsed !== undefined ? Buffer.from(JSON.stringify(parsed)) : raw;
  return { ...(model !== undefined && { model }), body, reach };
}
