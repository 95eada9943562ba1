/** Secrets out of everything the action writes: user-listed values and well-known token formats. */

// Token formats of well-known providers. Each is specific enough not to eat ordinary text.
const TOKEN_PATTERNS: RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g, // GitHub fine-grained tokens
  /\bsk-ant-[A-Za-z0-9_-]{20,}/g, // Anthropic
  /\bsk-or-(?:v1-)?[A-Za-z0-9]{20,}/g, // OpenRouter
  /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, // OpenAI
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, // AWS access key ids
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g // JWTs
];

/** What every token format above starts with. */
const TOKEN_PREFIXES = ['gh[pousr]_', 'github_pat_', 'sk-', 'AKIA', 'ASIA', 'xox', 'eyJ'];

export const MASK = '***';

export type Redactor = (text: string) => string;

/**
 * Builds the redactor for the given literal values, also in their JSON-escaped form (how they stand
 * in a transcript line), and for the token formats unless `tokens` is false. One regular expression,
 * one pass over the text (the redactor runs on every line of the log); literal values come first and
 * longest first, so a value inside another goes too.
 */
export function makeRedactor(values: string[], { tokens = true } = {}): Redactor {
  const forms = values.flatMap(v => [v, JSON.stringify(v).slice(1, -1)]);
  const literals = [...new Set(forms.filter(v => v.length > 0))].sort(
    (a, b) => b.length - a.length
  );
  const patterns = [
    ...literals.map(escapeRegExp),
    ...(tokens ? TOKEN_PATTERNS.map(p => p.source) : [])
  ];
  if (patterns.length === 0) return text => text;
  const all = new RegExp(patterns.join('|'), 'g');
  // Most lines hold no secret: a scan for the tokens' fixed prefixes and the values is cheaper.
  const maybe = new RegExp(
    [...literals.map(escapeRegExp), ...(tokens ? TOKEN_PREFIXES : [])].join('|')
  );
  return text => (maybe.test(text) ? text.replace(all, MASK) : text);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
