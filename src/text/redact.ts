/** Secrets out of everything the action writes: user-listed values and well-known token formats. */

/**
 * Where a bare `sk-` key may begin: not right after a letter, digit or `_` (`risk-assessment-…` is
 * no key), except where that letter ends a JSON escape (`\n`, `\t`, `\u00e9`…): in a raw transcript
 * line, a key alone on a line of a file the agent read stands right after the `n` of `\n`. The other
 * formats have prefixes distinctive enough to be masked wherever they stand, glued to a word too:
 * an injected agent must not get a token past the redactor by writing a letter before it.
 */
const LEAD = String.raw`(?:(?<![A-Za-z0-9_])|(?<=\\[bfnrt])|(?<=\\u[0-9A-Fa-f]{4}))`;

// Token formats of well-known providers. Each is specific enough not to eat ordinary text.
const TOKEN_PATTERNS: string[] = [
  String.raw`gh[pousr]_[A-Za-z0-9]{36,255}`, // GitHub tokens
  String.raw`github_pat_[A-Za-z0-9_]{22,255}`, // GitHub fine-grained tokens
  String.raw`sk-ant-[A-Za-z0-9_-]{20,}`, // Anthropic
  String.raw`sk-or-(?:v1-)?[A-Za-z0-9]{20,}`, // OpenRouter
  String.raw`sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}`, // OpenAI project, service and admin keys
  LEAD + String.raw`sk-[A-Za-z0-9_-]{20,}`, // OpenAI (and look-alikes)
  String.raw`(?:AKIA|ASIA)[A-Z0-9]{16}`, // AWS access key ids
  String.raw`xox[abposr]-[A-Za-z0-9-]{10,}`, // Slack
  String.raw`eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}` // JWTs
];

/** What every token format above starts with. */
const TOKEN_PREFIXES = ['gh[pousr]_', 'github_pat_', 'sk-', 'AKIA', 'ASIA', 'xox', 'eyJ'];

export const MASK = '***';

/**
 * How much of a long text is redacted when only its start is shown. Generous, because masking
 * shortens the text: a head cut just past what is shown could bring half a secret into view.
 */
export const REDACTED_HEAD_CHARS = 64 * 1024;

/** The start of text, redacted: what a preview of at most a few thousand characters is cut from. */
export function redactHead(redact: Redactor, text: string): string {
  return redact(text.length > REDACTED_HEAD_CHARS ? text.slice(0, REDACTED_HEAD_CHARS) : text);
}

export type Redactor = (text: string) => string;

/**
 * Builds the redactor for the given literal values, also in the forms they take inside a JSON
 * string (how they stand in a transcript line), and for the token formats unless `tokens` is false.
 * One regular expression, one pass over the text (the redactor runs on every line of the log);
 * literal values come first and longest first, so a value inside another goes too.
 */
export function makeRedactor(values: string[], { tokens = true } = {}): Redactor {
  const literals = [...new Set(values.flatMap(jsonForms).filter(v => v.length > 0))].sort(
    (a, b) => b.length - a.length
  );
  const patterns = [...literals.map(escapeRegExp), ...(tokens ? TOKEN_PATTERNS : [])];
  if (patterns.length === 0) return text => text;
  const all = new RegExp(patterns.join('|'), 'g');
  // Most lines hold no secret: a scan for the tokens' fixed prefixes and the values is cheaper.
  const maybe = new RegExp(
    [...literals.map(escapeRegExp), ...(tokens ? TOKEN_PREFIXES : [])].join('|')
  );
  return text => (maybe.test(text) ? text.replace(all, MASK) : text);
}

/**
 * A value as it may stand inside a JSON string: as it is, escaped as JSON.stringify and Python's
 * json.dumps escape it, with every non-ASCII character as `\uXXXX` (ensure_ascii), and with `/` as
 * `\/` (encoders that escape it).
 */
function jsonForms(value: string): string[] {
  const escaped = JSON.stringify(value).slice(1, -1);
  const ascii = escaped.replace(
    /[\u0080-\uffff]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  );
  return [value, escaped, ascii, escaped.replaceAll('/', '\\/'), ascii.replaceAll('/', '\\/')];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
