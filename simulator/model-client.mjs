// The simulator as a model client: it finds its provider, base URL and key the way Hermes' provider
// resolution does (upstream hermes_cli/auth.py and runtime_provider.py, as docs/gateway.md reads
// them; the chat-completions providers only) and makes real chat-completions calls, so that a test
// runs action → simulator → gateway → provider.
// Plain ESM, Node built-ins only (the global fetch).
/* global fetch */

const OPENROUTER = 'https://openrouter.ai/api/v1';

/** Whether url's host is domain or under it. */
function hostIs(url, domain) {
  try {
    const host = new URL(url).hostname;
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}

/**
 * The base URL and key Hermes would use, or undefined when it would find no provider of these.
 * Asked for `openai-api` by name: OPENAI_BASE_URL and OPENAI_API_KEY. Otherwise (`auto` with either
 * key, or `openrouter` by name) the provider is openrouter: the URL from CUSTOM_BASE_URL, then
 * OPENROUTER_BASE_URL, then openrouter.ai; the key OPENROUTER_API_KEY, then OPENAI_API_KEY, but only
 * when the host is openrouter.ai or openrouter was asked for by name with OPENROUTER_BASE_URL as the
 * URL; any other URL is a custom endpoint, whose key is gated on its own host (none for loopback).
 */
export function resolveProvider(env = process.env) {
  const asked = env.HERMES_INFERENCE_PROVIDER?.trim() || 'auto';
  if (asked === 'openai-api') {
    const base = env.OPENAI_BASE_URL || 'https://api.openai.com/v1';
    return env.OPENAI_API_KEY
      ? { base: base.replace(/\/+$/, ''), key: env.OPENAI_API_KEY }
      : undefined;
  }
  if (
    asked !== 'openrouter' &&
    !(asked === 'auto' && (env.OPENAI_API_KEY || env.OPENROUTER_API_KEY))
  )
    return undefined;
  const base = env.CUSTOM_BASE_URL || env.OPENROUTER_BASE_URL || OPENROUTER;
  const named = asked === 'openrouter' && base === env.OPENROUTER_BASE_URL;
  const key =
    hostIs(base, 'openrouter.ai') || named
      ? env.OPENROUTER_API_KEY || env.OPENAI_API_KEY || ''
      : hostIs(base, 'openai.com')
        ? env.OPENAI_API_KEY || ''
        : '';
  return { base: base.replace(/\/+$/, ''), key };
}

/**
 * `count` chat completions, one after the other (as turns of the agent loop), each asking for the
 * provider's usage. Resolves to the tokens the responses reported, or the first error as Hermes
 * quotes a provider's error (`Error code: 402 - {...}`).
 */
export async function modelCalls(provider, { count, model, query }) {
  const tokens = { input: 0, output: 0 };
  // A test's provider is a stand-in on loopback: the simulator never calls a real one.
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(provider.base).hostname))
    return {
      tokens,
      calls: 0,
      error: `Connection error: the simulator calls no provider off loopback (${provider.base})`
    };
  for (let k = 1; k <= count; k++) {
    let response;
    try {
      response = await fetch(`${provider.base}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${provider.key}` },
        body: JSON.stringify({
          model,
          messages: [{ role: 'user', content: `${query ?? ''} (call ${k})` }],
          usage: { include: true }
        }),
        redirect: 'manual'
      });
    } catch (error) {
      return { tokens, calls: k - 1, error: `Connection error: ${error?.cause?.code ?? error}` };
    }
    const text = await response.text();
    if (!response.ok)
      return {
        tokens,
        calls: k - 1,
        error: `Error code: ${response.status} - ${text.slice(0, 500)}`
      };
    let usage = {};
    try {
      usage = JSON.parse(text).usage ?? {};
    } catch {
      return {
        tokens,
        calls: k - 1,
        error: `the provider's answer is not JSON: ${text.slice(0, 200)}`
      };
    }
    tokens.input += Number(usage.prompt_tokens) || 0;
    tokens.output += Number(usage.completion_tokens) || 0;
  }
  return { tokens, calls: count };
}
