/** The main action's values from their inputs' raw text; a bad value is an InputError naming the input. */
import { messageOf } from '../text/errors.js';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { split as shellSplit } from 'shlex';
import { Input, type InputName } from './inputs.js';
import { FALSE, InputError, TRUE } from './input-reader.js';
import { confine, resolveLinks } from './paths.js';

export type Query = { kind: 'text'; text: string } | { kind: 'file'; path: string };

// Characters the artifact service rejects in a name.
const ARTIFACT_NAME_FORBIDDEN = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

export type GetInput = (name: InputName) => string;

/** `artifact-name`: what the artifact service accepts. */
export function parseArtifactName(name: string | undefined): string | undefined {
  const bad = name && ARTIFACT_NAME_FORBIDDEN.find(c => name.includes(c));
  if (name && bad) {
    throw new InputError(
      `Input "${Input.ArtifactName}" is ${JSON.stringify(name)}; it may not contain ${JSON.stringify(bad)} ` +
        `(the artifact service rejects any of ${ARTIFACT_NAME_FORBIDDEN.map(c => JSON.stringify(c)).join(' ')}).`
    );
  }
  return name;
}

const API_URL_EXAMPLE = 'http://127.0.0.1:8642/v1';

/**
 * `api-url` and `api-key` go together: the key is required in every deployment, loopback included.
 * The URL is kept without a trailing slash; one holding credentials is refused without being quoted.
 */
export function parseApi(
  url: string | undefined,
  key: string | undefined
): { url: string; key: string } | undefined {
  if (!url && !key) return undefined;
  if (!url) {
    throw new InputError(
      `Input "${Input.ApiKey}" is set without "${Input.ApiUrl}"; give both for API server mode, or neither to run the Hermes CLI.`
    );
  }
  if (!key) {
    throw new InputError(
      `Input "${Input.ApiUrl}" is set without "${Input.ApiKey}"; give the server's API_SERVER_KEY (from a secret) in "${Input.ApiKey}": the server requires it.`
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(
      `Input "${Input.ApiUrl}" is ${JSON.stringify(url)}; allowed: an http:// or https:// URL such as ${API_URL_EXAMPLE}.`
    );
  }
  if (parsed.username || parsed.password) {
    throw new InputError(
      `Input "${Input.ApiUrl}" holds credentials (user:password@); remove them, and give the key in "${Input.ApiKey}".`
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError(
      `Input "${Input.ApiUrl}" is ${JSON.stringify(url)}; allowed: an http:// or https:// URL such as ${API_URL_EXAMPLE}.`
    );
  }
  if (parsed.search || parsed.hash) {
    throw new InputError(
      `Input "${Input.ApiUrl}" is ${JSON.stringify(url)}; it may not have a query or a fragment (give the base URL, such as ${API_URL_EXAMPLE}).`
    );
  }
  // The key goes in an HTTP header: only characters a header value can carry as they are.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new InputError(
      `Input "${Input.ApiKey}" holds a space, a line break or a non-ASCII character; an API_SERVER_KEY is sent in an HTTP header, so it can hold none.`
    );
  }
  return { url: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`, key };
}

/** The prompt's text: `query`, or the content of `query-file` (read here in API server mode). */
export function readQuery(query: Query, cwd: string): string {
  if (query.kind === 'text') return query.text;
  const file = path.resolve(cwd, query.path);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new InputError(
      `Input "${Input.QueryFile}" is ${JSON.stringify(query.path)}; it cannot be read (${why}).`
    );
  }
  if (text.trim() === '')
    throw new InputError(
      `Input "${Input.QueryFile}" is ${JSON.stringify(query.path)}, an empty file.`
    );
  return text;
}

/**
 * `redact` is values to hide, one per line; or `false` alone, to upload the transcript unredacted
 * (`true` alone is the default). A boolean among values is refused: hiding every `false` in the
 * transcript is never what was meant.
 */
export function parseRedact(raw: string): { redact: string[]; uploadUnredacted?: boolean } {
  const lines = raw.split(/\r?\n/).map(v => v.trim());
  const values = lines.filter(v => v !== '');
  const word = values.find(v => TRUE.includes(v) || FALSE.includes(v));
  if (word === undefined) {
    refuseShortValues(lines);
    return { redact: values };
  }
  if (values.length > 1) {
    throw new InputError(
      `Input "${Input.Redact}" lists ${JSON.stringify(word)} among its values; ` +
        'give "false" alone to upload the transcript unredacted, or only the values to hide.'
    );
  }
  return FALSE.includes(word) ? { redact: [], uploadUnredacted: true } : { redact: [] };
}

/** A `redact` value shorter than this is refused: it would be masked inside words, numbers and JSON. */
export const MIN_REDACT_CHARS = 6;

/** The short values are named by line, never quoted: they are secrets, not yet masked. */
function refuseShortValues(lines: string[]): void {
  const short = lines.flatMap((v, i) => (v !== '' && v.length < MIN_REDACT_CHARS ? [i + 1] : []));
  if (short.length === 0) return;
  const where = short.length === 1 ? `line ${short[0]}` : `lines ${short.join(', ')}`;
  throw new InputError(
    `Input "${Input.Redact}" has a value shorter than ${MIN_REDACT_CHARS} characters (${where}); such a value would be replaced inside ordinary words, numbers and JSON (an outcome, a transcript line), so it is refused. Give each secret whole, at least ${MIN_REDACT_CHARS} characters long.`
  );
}

/** jsonl-path, its links resolved (the transcript is later opened without following one). */
export function resolveJsonlPath(
  given: string | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv
): string {
  if (given) return confine(Input.JsonlPath, given, path.resolve(cwd, given), env);
  // Unique per step: two steps of one job must not share (or overwrite) a transcript.
  // Outside a runner, the system's temporary directory: nothing in the working tree to ignore.
  const dir = env.RUNNER_TEMP || os.tmpdir();
  return resolveLinks(path.join(dir, `hermes-${randomUUID().slice(0, 8)}`, 'run.jsonl'));
}

/** `allowed-users` / `allowed-bots`: logins one per line or comma-separated, compared without case. */
export function parseLogins(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map(v => v.trim().replace(/^@/, '').toLowerCase())
    .filter(v => v !== '');
}

/** What a label may not hold: a list's separators, quotes, brackets (YAML or JSON written in), controls. */
const NOT_IN_LABEL = /[;|"'`\u2018\u2019\u201c\u201d[\]{}\p{Cc}\p{Zl}\p{Zp}]/u;
/** GitHub refuses a longer label name. */
const LABEL_CHARS = 50;

/**
 * `allowed-labels`: labels separated by commas or new lines, trimmed, once each. An entry that holds a
 * separator of another syntax, a quote, a bracket or a control character is a typo, never a label.
 */
export function parseLabels(raw: string): string[] {
  const labels = [
    ...new Set(
      raw
        .split(/[,\n]/)
        .map(l => l.trim())
        .filter(Boolean)
    )
  ];
  const fixed = raw
    .split(/[,\n;|]/)
    .map(l => l.replace(new RegExp(NOT_IN_LABEL.source, 'gu'), '').trim())
    .filter(Boolean)
    .join(', ');
  const how = `a label is written bare, the list separated by commas or new lines (no quotes, brackets, ";" or "|"), such as: ${fixed || 'bug, question'}`;
  for (const label of labels) {
    const bad = NOT_IN_LABEL.exec(label)?.[0];
    if (bad !== undefined)
      throw new InputError(
        `Input "${Input.AllowedLabels}" has the entry ${JSON.stringify(label)}, which holds ${character(bad)}; ${how}.`
      );
    if ([...label].length > LABEL_CHARS)
      throw new InputError(
        `Input "${Input.AllowedLabels}" has the entry ${JSON.stringify(label)}, longer than the ${LABEL_CHARS} characters GitHub allows a label; ${how}.`
      );
  }
  return labels;
}

function character(c: string): string {
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(c))
    return `a control character (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  if (/[[\]{}]/.test(c)) return `a bracket (${c})`;
  if (/[;|]/.test(c)) return `"${c}"`;
  return `a quote (${c})`;
}

/** `allowed-bots`: logins as parseLogins reads them, by name only. */
export function parseBots(raw: string): string[] {
  const bots = parseLogins(raw);
  if (bots.some(bot => bot.includes('*'))) {
    throw new InputError(
      `Input "${Input.AllowedBots}" lists a wildcard ("*"); bots are allowed by name only, because "*" would also let in any stranger's GitHub App acting on their own fork. List each bot, such as renovate[bot].`
    );
  }
  return bots;
}

/**
 * Splits `args` into words as a POSIX shell would (quotes, backslash escapes), and does nothing else:
 * no shell runs them, so `$VAR`, `*`, `|` and `#` are passed on literally.
 */
export function splitArgs(raw: string): string[] {
  try {
    return shellSplit(raw);
  } catch (error) {
    const why = messageOf(error);
    throw new InputError(
      `Input "${Input.Args}" is ${JSON.stringify(raw)}; it cannot be split into arguments (${why}). ` +
        'Close every quote, or escape a lone quote with a backslash.'
    );
  }
}

export function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

export function isFile(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
}
