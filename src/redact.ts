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

export const MASK = '***';

export type Redactor = (text: string) => string;

/**
 * Builds the redactor for the given literal values, also in their JSON-escaped form (how they stand
 * in a transcript line). Longest first, so a value inside another goes too.
 */
export function makeRedactor(values: string[]): Redactor {
  const forms = values.flatMap(v => [v, JSON.stringify(v).slice(1, -1)]);
  const literals = [...new Set(forms.filter(v => v.length > 0))].sort(
    (a, b) => b.length - a.length
  );
  const literal =
    literals.length > 0 ? new RegExp(literals.map(escapeRegExp).join('|'), 'g') : undefined;
  return text => {
    let out = literal ? text.replace(literal, MASK) : text;
    for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, MASK);
    return out;
  };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
