/** JSON in and out: the one parse (a failure said without quoting the text), and JSON as upstream Hermes writes it. */
import { messageOf } from './errors.js';

/** Python's `json.dumps` spacing (`", "` and `": "`), non-ASCII raw; undefined members left out. */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`).join(', ')}}`;
  }
  return stringify(value) ?? 'null';
}

/** JSON.stringify as it behaves: undefined for undefined, a function or a symbol (its type says string). */
export function stringify(value: unknown): string | undefined {
  return JSON.stringify(value);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string; value?: undefined };

/**
 * JSON.parse that never throws, with a failure said the same way on every Node (line and column,
 * counted from 1). `.value` alone is the value, or undefined where the text is not JSON.
 */
export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // V8 quotes the text's first characters, cut short: a piece of a secret no redactor could
    // know. The position says where the fault is; the quote goes.
    const message =
      messageOf(error).replace(/(?:, )?".*"(?:\.\.\.)? is not valid JSON$/s, '') ||
      'not valid JSON';
    const at = /at position (\d+)/.exec(message);
    if (!at) return { ok: false, error: message };
    const position = Number(at[1]);
    const before = text.slice(0, position).split(/\r\n|\r|\n/);
    // split gives at least one piece: the line the position is on.
    const column = (before.at(-1) ?? '').length + 1;
    const where = `line ${before.length}, column ${column}`;
    return { ok: false, error: `${message.replace(/\s*\(line \d+ column \d+\)/, '')} (${where})` };
  }
}
