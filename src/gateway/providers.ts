/**
 * The providers the gateway fronts: where each one's key and base URL live in the environment, its
 * default upstream, the API paths forwarded, and how the real key is sent (see docs/gateway.md).
 */
import { MIN_ENV_SECRET_CHARS } from '../text/redact.js';
import type { Fronted, Provider } from './types.js';

export interface ProviderSpec {
  provider: Provider;
  keyVariable: string;
  baseVariable: string;
  defaultUpstream: string;
  /** Paths under the base forwarded; those marked `call` are model calls (counted, budgeted). */
  paths: Readonly<Record<string, { call: boolean }>>;
  /** The header that carries the real key upstream. */
  credential(key: string): Record<string, string>;
}

const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });
const CALL = { call: true } as const;
const READ = { call: false } as const;

export const PROVIDERS: readonly ProviderSpec[] = [
  {
    provider: 'openrouter',
    keyVariable: 'OPENROUTER_API_KEY',
    baseVariable: 'OPENROUTER_BASE_URL',
    defaultUpstream: 'https://openrouter.ai/api/v1',
    paths: { '/chat/completions': CALL, '/completions': CALL, '/models': READ },
    credential: bearer
  },
  {
    provider: 'openai',
    keyVariable: 'OPENAI_API_KEY',
    baseVariable: 'OPENAI_BASE_URL',
    defaultUpstream: 'https://api.openai.com/v1',
    paths: {
      '/chat/completions': CALL,
      '/completions': CALL,
      '/responses': CALL,
      '/models': READ
    },
    credential: bearer
  },
  {
    provider: 'anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    baseVariable: 'ANTHROPIC_BASE_URL',
    defaultUpstream: 'https://api.anthropic.com',
    paths: { '/v1/messages': CALL, '/v1/messages/count_tokens': READ, '/v1/models': READ },
    credential: key => ({ 'x-api-key': key })
  }
];

/**
 * Names that hold a credential: Hermes' own reading of a credential (upstream
 * `hermes_cli/env_loader.py`, `_CREDENTIAL_SUFFIXES`), passwords, personal access tokens and
 * credential files' contents (`GITHUB_PAT`, `DB_PASSWD`, `GCP_CREDENTIALS`), a spare one numbered
 * (`ANTHROPIC_API_KEY_2`); `-` as well as `_` before them (the step's inputs: `INPUT_GITHUB-TOKEN`).
 */
const CREDENTIAL_NAME =
  /[_-](API[_-]KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PAT|CREDENTIALS?|AUTH)([_-]?\d+)?$/i;
/** The names of a switch as often as of a secret (`NPM_CONFIG_ALWAYS_AUTH=true`, `FIRST_PASS=1`). */
const SWITCH_LIKE = /[_-](PASS|AUTH)([_-]?\d+)?$/i;
/** A value no credential has: a boolean or a number, or under the redaction's 8 characters. */
const notSecret = (value: string): boolean =>
  value.length < MIN_ENV_SECRET_CHARS || /^(true|false|yes|no|on|off|\d+)$/i.test(value);

export interface FrontedKey extends Fronted {
  key: string;
  spec: ProviderSpec;
}

/** The providers whose key is present and non-empty, with a fixed https or loopback upstream. */
export function frontable(
  env: NodeJS.ProcessEnv,
  warning: (message: string) => void
): FrontedKey[] {
  const found: FrontedKey[] = [];
  for (const spec of PROVIDERS) {
    const key = env[spec.keyVariable];
    if (key === undefined) continue;
    if (key.trim() === '') {
      warning(
        `${spec.keyVariable} is set but empty: is the secret defined (Settings → Secrets and variables → Actions) under the name the step's env: passes? ` +
          'A workflow run for a pull request from a fork gets no secrets, so there it is always empty.'
      );
      continue;
    }
    const upstream = (env[spec.baseVariable]?.trim() || spec.defaultUpstream).replace(/\/+$/, '');
    let url: URL;
    try {
      url = new URL(upstream);
    } catch {
      warning(
        `${spec.baseVariable} is not a URL: the model gateway does not front ${spec.provider}`
      );
      continue;
    }
    if (url.username || url.password) {
      warning(
        `${spec.baseVariable} has a user name or password in it, which the model gateway would not send: it does not front ${spec.provider}`
      );
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      warning(
        `${spec.baseVariable} is not http(s): the model gateway does not front ${spec.provider}`
      );
      continue;
    }
    found.push({ provider: spec.provider, keyVariable: spec.keyVariable, upstream, key, spec });
  }
  return found;
}

/** Credential variables of the agent's environment, non-empty, that the gateway fronts not: it holds them. */
export function heldCredentials(env: NodeJS.ProcessEnv, fronted: readonly Fronted[]): string[] {
  const taken = new Set(fronted.map(f => f.keyVariable));
  return Object.keys(env)
    .filter(name => CREDENTIAL_NAME.test(name) && !taken.has(name))
    .filter(name => (env[name] ?? '').trim() !== '')
    .filter(name => !SWITCH_LIKE.test(name) || !notSecret((env[name] ?? '').trim()))
    .sort();
}
