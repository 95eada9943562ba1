// The simulator as a model client: it finds its provider the way Hermes' provider resolution does
// (OPENAI_BASE_URL first, then OPENROUTER_BASE_URL; the key from OPENAI_API_KEY or OPENROUTER_API_KEY)
// and makes real chat-completions calls, so that a test runs action → simulator → gateway → provider.
// Plain ESM, Node built-ins only (the global fetch).
/* global fetch */

/** The base URL and key Hermes would use, or undefined when no base URL is set. */
export function resolveProvider(env = process.env) {
  const base = env.OPENAI_BASE_URL || env.OPENROUTER_BASE_URL;
  const key = env.OPENAI_API_KEY || env.OPENROUTER_API_KEY;
  if (!base || !key) return undefined;
  return { base: base.replace(/\/+$/, ''), key };
}

/**
 * `count` chat completions, one after the other (as turns of the agent loop), each asking for the
 * provider's usage. Resolves to the tokens the responses reported, or the first error as Hermes
 * quotes a provider's error (`Error code: 402 - {...}`).
 */
export async function modelCalls(provider, { count, model, query }) {
  const tokens = { input: 0, output: 0 };
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
