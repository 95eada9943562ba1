/** Small text helpers shared by every stage: copies, one-line cuts, durations. */
import type { Redacted, Redactor } from './redact.js';

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 makes substrings (and
 * JSON.parse's strings) views into their source: one kept tool name would keep a whole 64 KiB chunk.
 */
export function own<T extends string | undefined>(text: T): T {
  // Slicing a concatenation flattens it into a new string of its own: one copy, no Buffer round trip.
  return (text && ` ${text}`.slice(1)) as T;
}

/** Collapses whitespace and cuts to max characters, marking the cut. */
export function oneLine(text: string, max: number): string {
  // Only the head can show, so only the head is flattened: inputs can be megabytes.
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const flat = head.replace(/\s+/g, ' ').trim();
  if (flat.length <= max && head === text) return flat;
  return `${slice(flat, max - 1)}…`;
}

export function formatMs(ms: number): string {
  // Rounded first, to the unit shown, so that 59.96 s reads "1 min 0 s", never "60.0 s".
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Cuts to at most max characters, the mark included, never splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${slice(text, max - 1)}…`;
}

/**
 * Where to cut text that runs past max characters: after the last blank in the last `margin`
 * characters before max, else at max (never inside a surrogate pair). Cut after redaction, a
 * secret (which holds no blank) stays whole on one side of it.
 */
export function cutPoint(text: string, max: number, margin = 4096): number {
  if (text.length <= max) return text.length;
  const blank = text.lastIndexOf(' ', max - 1);
  return blank >= max - margin ? blank + 1 : slice(text, max).length;
}

/** The end of a line without end that is never cut off: a secret still arriving is whole in it. */
export const HELD_SECRET_CHARS = 4096;

/**
 * A line without end, past max characters, cut into pieces of at most max: redacted before it is
 * cut, and never cut in its last HELD_SECRET_CHARS, where a secret may still be arriving (its
 * start alone, cut off, would match no pattern and pass). The pieces, and what is held.
 */
export function cutRedacted(
  pending: string,
  redact: Redactor,
  max: number
): { pieces: Redacted[]; rest: string } {
  const pieces: Redacted[] = [];
  let rest = pending;
  while (rest.length > max) {
    const clean = redact(rest);
    const room = Math.min(max, clean.length - HELD_SECRET_CHARS);
    const at = room < 2 || clean.length <= max ? 0 : cutPoint(clean, room);
    if (at === 0) return { pieces, rest: clean };
    pieces.push(clean.slice(0, at) as Redacted);
    rest = clean.slice(at);
  }
  return { pieces, rest };
}

/** The first `end` characters, or one fewer where the last would be half a surrogate pair. */
export function slice(text: string, end: number): string {
  return /[\ud800-\udbff]/.test(text[end - 1] ?? '') ? text.slice(0, end - 1) : text.slice(0, end);
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The start of a piece of raw input (a line that is not JSON, an event the server garbled), for a
 * problem report: one line, about 60 characters, cut from text already redacted.
 */
export function preview(text: Redacted): Redacted {
  const flat = (text.length > 240 ? text.slice(0, 240) : text).replace(/\s+/g, ' ');
  // Cuts and whitespace folded in redacted text leave it redacted.
  if (flat.length <= 60 && text.length <= 240) return flat as Redacted;
  // Cut before a token-like run that the cut would split: what the redactor does not know as a
  // secret may still be one, and a piece of it is never shown.
  let end = Math.min(60, flat.length);
  while (end > 0 && TOKEN_CHAR.test(flat.charAt(end)) && TOKEN_CHAR.test(flat.charAt(end - 1)))
    end--;
  return (
    end > 0 ? `${flat.slice(0, end)}…` : `(one word of ${text.length} characters)`
  ) as Redacted;
}

const TOKEN_CHAR = /[A-Za-z0-9_.-]/;
