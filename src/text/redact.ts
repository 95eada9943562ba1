/**
 * Secrets out of everything the action writes: user-listed values, values of the child
 * environment's secret-looking variables, and well-known token and credential formats.
 */
import { stringify } from './json.js';

declare const REDACTED: unique symbol;
/**
 * Text the redactor has been through. Only makeRedactor makes it: the renderers (log, summary,
 * outputs) take this type, so the compiler says where a string from the stream was not redacted.
 */
export type Redacted = string & { readonly [REDACTED]: true };

/**
 * Where a bare `sk-` key may begin: not right after a letter, digit or `_` (`risk-assessment-…` is
 * no key), except where that letter ends a JSON escape (`\n`, `\t`, `\u00e9`…) or a percent escape
 * (`Bearer%20sk-…`): in a raw transcript line, a key alone on a line of a file the agent read
 * stands right after the `n` of `\n`. The other formats have prefixes distinctive enough to be
 * masked wherever they stand, glued to a word too: an injected agent must not get a token past the
 * redactor by writing a letter before it.
 */
const LEAD = String.raw`(?:(?<![A-Za-z0-9_])|(?<=\\[bfnrt])|(?<=\\u[0-9A-Fa-f]{4})|(?<=%[0-9A-Fa-f]{2}))`;

/** Token formats of well-known providers: each a prefix and what may follow it. */
const FORMATS: { prefix: string; body: string; min: number; max?: number; lead?: string }[] = [
  { prefix: 'gh[pousr]_', body: 'A-Za-z0-9', min: 36 }, // GitHub tokens
  { prefix: 'github_pat_', body: 'A-Za-z0-9_', min: 22 }, // GitHub fine-grained tokens
  { prefix: 'sk-ant-', body: 'A-Za-z0-9_-', min: 20 }, // Anthropic
  { prefix: 'sk-or-', body: 'A-Za-z0-9-', min: 20 }, // OpenRouter (sk-or-v1-…)
  { prefix: 'sk-(?:proj|svcacct|admin)-', body: 'A-Za-z0-9_-', min: 20 }, // OpenAI project keys
  { prefix: 'sk-', body: 'A-Za-z0-9_-', min: 20, lead: LEAD }, // OpenAI (and look-alikes)
  { prefix: '(?:AKIA|ASIA)', body: 'A-Z0-9', min: 16, max: 16 }, // AWS access key ids
  { prefix: 'xox[abposr]-', body: 'A-Za-z0-9-', min: 10 }, // Slack
  { prefix: 'AIza', body: 'A-Za-z0-9_-', min: 30 }, // Google API keys (Gemini)
  { prefix: 'gsk_', body: 'A-Za-z0-9', min: 20 }, // Groq
  { prefix: 'hf_', body: 'A-Za-z0-9', min: 30 }, // Hugging Face
  { prefix: 'npms?_', body: 'A-Za-z0-9', min: 36 }, // npm
  // GitLab: personal, deploy, runner, pipeline-trigger, CI-job, incoming-mail, feed, OAuth, agent…
  {
    prefix: 'gl(?:pat|dt|rt|ptt|cbt|imt|ft|soat|oas|agent|ffct|wt)-',
    body: 'A-Za-z0-9_.-',
    min: 20
  },
  { prefix: '(?:sk|rk)_(?:live|test)_', body: 'A-Za-z0-9', min: 10 }, // Stripe secret, restricted
  { prefix: 'whsec_', body: 'A-Za-z0-9', min: 24 } // Stripe webhook secrets
];

// `[A-Za-z]` spelt out: the one expression is case-sensitive, the header words may not be.
const BEARER = '(?<![A-Za-z])(?:[Bb]earer|BEARER|[Bb]asic|BASIC)';
const SCHEME = '(?:[Bb]earer|BEARER|[Bb]asic|BASIC|[Tt]oken|TOKEN|[Dd]igest)';
const GAP = String.raw`(?:[ \t]+|%20|\+)`;
const CRED = String.raw`[A-Za-z0-9._~+/-]`;

const PATTERNS: string[] = [
  ...FORMATS.map(f => `${f.lead ?? ''}${f.prefix}[${f.body}]{${f.min},${f.max ?? ''}}`),
  // JWTs: three base64url parts, the first two JSON objects (`e30` is the empty one, `{}`).
  String.raw`eyJ[A-Za-z0-9_-]{8,}\.(?:eyJ[A-Za-z0-9_-]{8,}|e30)\.[A-Za-z0-9_-]{8,}`,
  // A prefix cut short by `...` (upstream's 5000-character cut, V8's JSON.parse quote `"…"...`):
  // what is left of the token is enough to rebuild it (GitHub's last 6 characters are a checksum).
  ...FORMATS.map(f => `${f.lead ?? ''}${f.prefix}[${f.body}]+(?="?(?:\\.\\.\\.|…))`),
  String.raw`eyJ[A-Za-z0-9_.-]+(?="?(?:\.\.\.|…))`,
  // The value of an Authorization header, whatever its scheme.
  String.raw`(?<=(?<![A-Za-z])(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION)["']?[ \t]*(?::|%3[Aa]|=)(?:[ \t]|%20)*["']?(?:${SCHEME}${GAP})?)(?!${SCHEME}${GAP}|%20)[^\s"',;&]+`,
  // Bearer or Basic and a credential elsewhere (curl -H, a log line): one with a digit, or long.
  String.raw`(?<=${BEARER}${GAP})(?=${CRED}{8,})(?:(?=[A-Za-z._~+/-]*[0-9])|(?=${CRED}{16,}))${CRED}+=*`,
  // A URL's password (`https://user:secret@host`), and a token standing as the user.
  String.raw`(?<=[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#@:"'<>\\]*:)[^\s/?#@"'<>\\]+(?=@)`,
  String.raw`(?<=[A-Za-z][A-Za-z0-9+.-]*://)[A-Za-z0-9_-]{16,}(?=@)`
];

/** What every pattern above holds, for a cheap test of whether a text may hold one at all. */
const PREFIXES = [
  'gh[pousr]_',
  'github_pat_',
  'sk-',
  'AKIA',
  'ASIA',
  'xox',
  'eyJ',
  'AIza',
  'gsk_',
  'hf_',
  'npms?_',
  'gl[a-z]+-',
  '[sr]k_',
  'whsec_',
  '[Aa]uthorization|AUTHORIZATION|[Bb]earer|BEARER|[Bb]asic|BASIC',
  '://'
];

export const MASK = '***';
/** The empty string holds no secret. */
export const NONE = '' as Redacted;

/** The least a `redact` value or an environment secret must hold to be told from ordinary text. */
export const MIN_ENV_SECRET_CHARS = 8;

/** Names of variables that hold a credential: `…KEY`, `…TOKEN`, `…SECRET`, `…PASSWORD`, `…PAT`, `…CREDENTIALS`. */
const SECRET_NAME = /(?:KEY|TOKEN|SECRET|PASSWORD|PAT|CREDENTIALS)$/i;

/**
 * The values of an environment's variables whose names look secret (at least 8 characters): the
 * provider keys a workflow passes through `env:`, whatever their format. A value of several lines
 * (a PEM key, a JSON credential) counts whole and line by line.
 */
export function environmentSecrets(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !SECRET_NAME.test(name)) continue;
    for (const v of [value, ...value.split(/\r?\n/).map(l => l.trim())])
      if (v.length >= MIN_ENV_SECRET_CHARS) out.push(v);
  }
  return [...new Set(out)];
}

/**
 * How much of a long text is redacted when only its start is shown. Generous, because masking
 * shortens the text: a head cut just past what is shown could bring half a secret into view.
 */
export const REDACTED_HEAD_CHARS = 64 * 1024;

/** The start of text, redacted: what a preview of at most a few thousand characters is cut from. */
export function redactHead(redact: Redactor, text: string): Redacted {
  return redact(text.length > REDACTED_HEAD_CHARS ? text.slice(0, REDACTED_HEAD_CHARS) : text);
}

export interface Redactor {
  (text: string): Redacted;
  /** Where the secrets in text stand: [start, end) pairs, in order, not overlapping. */
  find(text: string): [number, number][];
  /** false when text surely holds no secret (a cheap test, for lines by the million). */
  mayHold(text: string): boolean;
}

/**
 * Builds the redactor for the given literal values, also in the forms they take inside a JSON
 * string (how they stand in a transcript line) and percent-encoded, and for the token formats
 * unless `tokens` is false. One regular expression, one pass over the text (the redactor runs on
 * every line of the log); literal values come first and longest first, so a value inside another
 * goes too.
 */
export function makeRedactor(values: string[], { tokens = true } = {}): Redactor {
  const literals = [...new Set(values.flatMap(forms).filter(v => v.length > 0))].sort(
    (a, b) => b.length - a.length
  );
  const patterns = [...literals.map(escapeRegExp), ...(tokens ? PATTERNS : [])];
  const all = patterns.length > 0 ? new RegExp(patterns.join('|'), 'g') : undefined;
  // Most lines hold no secret: a scan for the patterns' fixed parts and the values is cheaper.
  const maybe = new RegExp(
    [...literals.map(escapeRegExp), ...(tokens ? PREFIXES : [])].join('|') || '(?!)'
  );
  const mayHold = (text: string): boolean => all !== undefined && maybe.test(text);
  const redact = ((text: string) =>
    (mayHold(text) ? text.replace(all!, MASK) : text) as Redacted) as Redactor;
  redact.mayHold = mayHold;
  redact.find = text => {
    if (!mayHold(text)) return [];
    const found: [number, number][] = [];
    for (const m of text.matchAll(all!))
      if (m[0].length > 0) found.push([m.index, m.index + m[0].length]);
    return found;
  };
  return redact;
}

/**
 * A value as it may stand inside a JSON string: as it is, escaped as JSON.stringify and Python's
 * json.dumps escape it, with every non-ASCII character as `\uXXXX` (ensure_ascii), with `/` as
 * `\/` (encoders that escape it); and percent-encoded, as in a URL.
 */
function forms(value: string): string[] {
  const escaped = JSON.stringify(value).slice(1, -1);
  const ascii = escaped.replace(
    /[\u0080-\uffff]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  );
  let percent = value;
  try {
    percent = encodeURIComponent(value);
  } catch {
    // A lone surrogate has no percent form.
  }
  return [
    value,
    escaped,
    ascii,
    escaped.replaceAll('/', '\\/'),
    ascii.replaceAll('/', '\\/'),
    percent
  ];
}

/** Only the token formats: for folds that were given no values (tests, a bare transcript). */
export const TOKENS_ONLY = makeRedactor([]);

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The value with every string (keys too) redacted: a secret becomes `***` and the JSON stays JSON,
 * which redacting its text could break (a secret that is a number, or that spans a quote). A number
 * can be a secret too (an account id in `redact`): it becomes the masked string.
 */
export function redactStrings(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map(v => redactStrings(v, redact));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties: a key "__proto__" stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [redact(key), redactStrings(v, redact)])
    );
  }
  const text = stringify(value);
  if (text === undefined) return value;
  const clean = redact(text);
  return clean === text ? value : clean;
}

// A JSON string literal (escapes included), or a JSON number: a string is skipped whole, so a
// number is matched only where it stands outside one.
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/g;

/**
 * JSON text with every number that holds a secret (a `redact` value of digits) written as the
 * masked string, read off the text as written: parsed, a long number would be rounded first and no
 * longer match, and the line kept as it was. The text stays JSON.
 */
export function redactJsonNumbers(text: string, redact: Redactor): string {
  if (!redact.mayHold(text)) return text;
  return text.replace(STRING_OR_NUMBER, token => {
    if (token.startsWith('"')) return token;
    const clean = redact(token);
    return clean === token ? token : JSON.stringify(clean);
  });
}
