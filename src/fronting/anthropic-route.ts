/**
 * Whether Hermes would send its Anthropic calls to the model gateway, once the agent's own
 * config.yaml names the gateway as Anthropic's base URL; and the upstream it would have called
 * without the gateway. As upstream resolves them (docs/gateway.md, "What Hermes reads"): the
 * provider asked for is config.yaml's model.provider, else HERMES_INFERENCE_PROVIDER, else auto;
 * Anthropic's base URL is model.base_url when model.provider is anthropic (else the credential
 * pool's, ANTHROPIC_BASE_URL, else api.anthropic.com); its key the first of ANTHROPIC_TOKEN,
 * CLAUDE_CODE_OAUTH_TOKEN and ANTHROPIC_API_KEY (agent/anthropic_credentials.py).
 */
import type { ModelSection } from '../config/hermes-config.js';
import { shownUrl } from '../text/url.js';

export const ANTHROPIC_DEFAULT = 'https://api.anthropic.com';

/**
 * The API-key variables of the providers `auto` looks at before Anthropic (upstream
 * `hermes_cli/auth.py`: OpenRouter's and OpenAI's first, then the registry rows above Anthropic's;
 * copilot and lmstudio are never picked automatically).
 */
const BEFORE_ANTHROPIC = [
  'OPENROUTER_API_KEY',
  'OPENAI_API_KEY',
  'GOOGLE_API_KEY',
  'GEMINI_API_KEY',
  'GLM_API_KEY',
  'ZAI_API_KEY',
  'Z_AI_API_KEY',
  'KIMI_API_KEY',
  'KIMI_CODING_API_KEY',
  'KIMI_CN_API_KEY',
  'STEPFUN_API_KEY',
  'ARCEEAI_API_KEY',
  'GMI_API_KEY',
  'ACTUAL_API_KEY',
  'MINIMAX_API_KEY'
];

/** Anthropic credentials `resolve_anthropic_token` reads before ANTHROPIC_API_KEY. */
const BEFORE_THE_KEY = ['ANTHROPIC_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'];

export type AnthropicRoute = { routed: true; upstream: string } | { routed: false; why: string };

export interface RouteFacts {
  /** The step's environment with Hermes' .env laid over it. */
  seen: NodeJS.ProcessEnv;
  model: ModelSection;
  /** The agent runs as its own user, with its own copy of Hermes' home. */
  isolated: boolean;
  /** `ignore-user-config`: Hermes reads no config.yaml. */
  ignoreUserConfig: boolean;
}

const NOT = 'ANTHROPIC_API_KEY is not fronted by the model gateway, so the agent holds the key: ';

/** Whether the agent's Hermes, its config.yaml copy pointed at the gateway, would call it. */
export function anthropicRoute({
  seen,
  model,
  isolated,
  ignoreUserConfig
}: RouteFacts): AnthropicRoute {
  const not = (why: string): AnthropicRoute => ({ routed: false, why: NOT + why });
  if (!isolated)
    return not(
      "Hermes takes Anthropic's base URL from config.yaml (model.base_url), not from its environment, and while it runs as the runner's user it reads the runner's own config.yaml, which the action does not edit. Run Hermes as its own user, or use OpenRouter, to keep the key from the agent."
    );
  if (ignoreUserConfig)
    return not(
      "Hermes is asked to ignore config.yaml (ignore-user-config), the one place it takes Anthropic's base URL from."
    );
  if (model.kind === 'unusable')
    return not(`${model.path} cannot be read for certain: ${model.why}.`);
  const configured = model.kind === 'read' ? model.provider?.toLowerCase() : undefined;
  // A model.provider comes first, `auto` included (resolve_requested_provider).
  const asked = configured || seen.HERMES_INFERENCE_PROVIDER?.trim().toLowerCase() || 'auto';
  if (asked !== 'anthropic' && asked !== 'auto')
    return not(
      `Hermes is asked for the ${asked} provider (${configured ? `${model.path}, model.provider` : 'HERMES_INFERENCE_PROVIDER'}), not anthropic.`
    );
  if (asked === 'auto') {
    const before = BEFORE_ANTHROPIC.filter(n => seen[n]?.trim());
    if (before.length > 0)
      return not(
        `no provider is asked for, and with ${before.join(', ')} set Hermes would not pick anthropic.`
      );
    if (model.kind === 'read' && model.baseUrl)
      return not(
        `no provider is asked for, and ${model.path} sets model.base_url, which Hermes may take as a custom endpoint.`
      );
  }
  const competing = BEFORE_THE_KEY.filter(n => seen[n]?.trim());
  if (competing.length > 0)
    return not(
      `${competing.join(', ')} is set, which Hermes uses before ANTHROPIC_API_KEY. Give one Anthropic credential only.`
    );
  const key = seen.ANTHROPIC_API_KEY?.trim() ?? '';
  if (oauthShaped(key))
    return not(
      'it looks like an OAuth token, which Hermes sends to api.anthropic.com with Claude Code headers, and to any other address as a plain API key.'
    );
  const upstream = (
    (configured === 'anthropic' && model.kind === 'read' ? model.baseUrl : undefined) ??
    (seen.ANTHROPIC_BASE_URL?.trim() || ANTHROPIC_DEFAULT)
  ).replace(/\/+$/, '');
  if (/^[^/]*\/\/[^/]*@/.test(upstream))
    return not(
      `its base URL (${shownUrl(upstream)}) has a user name or password in it, which the model gateway would not send.`
    );
  if (!plainEndpoint(upstream))
    return not(
      `Hermes adapts its Anthropic calls to the endpoint's host (${shownUrl(upstream)}: auth header, betas, key), which the gateway's loopback address would hide; only api.anthropic.com and loopback endpoints are fronted.`
    );
  return { routed: true, upstream };
}

/** An OAuth or setup token as upstream tells them (`_is_oauth_token`): not an `sk-ant-api` key. */
function oauthShaped(key: string): boolean {
  if (key.startsWith('sk-ant-api')) return false;
  return key.startsWith('sk-ant-') || key.startsWith('eyJ') || key.startsWith('cc-');
}

/** Anthropic's own API, or a loopback endpoint (which Hermes treats as the gateway's own address). */
function plainEndpoint(upstream: string): boolean {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' && url.hostname === 'api.anthropic.com') return true;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
