// The simulator as a model client: it finds its provider, base URL and key the way Hermes' provider
// resolution does (upstream hermes_cli/auth.py, runtime_provider.py and agent/anthropic_credentials.py,
// as docs/gateway.md reads them; OpenRouter, OpenAI-compatible and Anthropic only) and makes real
// chat-completions or Anthropic Messages calls, so that a test runs action → simulator → gateway →
// provider.
// Plain ESM, Node built-ins only (the global fetch); config.yaml is read with the `yaml` package the
// action depends on, loaded only when there is a config.yaml to read.
/* global fetch */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const OPENROUTER = 'https://openrouter.ai/api/v1';
const ANTHROPIC = 'https://api.anthropic.com';

/** The config.yaml Hermes reads: $HERMES_HOME/config.yaml, else ~/.hermes/config.yaml. */
export function hermesConfigPath(env = process.env) {
  return path.join(env.HERMES_HOME || path.join(os.homedir(), '.hermes'), 'config.yaml');
}

/**
 * config.yaml's model section as upstream's _get_model_config reads it: a mapping's provider and
 * base_url, nothing for a plain model name or no file. A file that cannot be read is said on stderr
 * and read as none (as Hermes falls back to its defaults).
 */
export async function readModelConfig(env = process.env) {
  const file = hermesConfigPath(env);
  if (!existsSync(file)) return {};
  try {
    const { parse } = await import('yaml');
    const model = parse(readFileSync(file, 'utf8'))?.model;
    if (model === null || typeof model !== 'object' || Array.isArray(model)) return {};
    const text = v => (typeof v === 'string' ? v.trim() : '');
    return { provider: text(model.provider).toLowerCase(), baseUrl: text(model.base_url) };
  } catch (error) {
    process.stderr.write(`simulator: ${file} not read: ${error?.message ?? error}\n`);
    return {};
  }
}

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
 * The base URL and key Hermes would use, or undefined when it would find no provider of these. The
 * provider asked for: config.yaml's model.provider, else HERMES_INFERENCE_PROVIDER, else auto.
 * Anthropic (asked for, or `auto` with an Anthropic credential and neither OpenRouter's nor OpenAI's
 * key): model.base_url when model.provider is anthropic, else ANTHROPIC_BASE_URL (the credential
 * pool's entry), else api.anthropic.com; the key ANTHROPIC_TOKEN, then CLAUDE_CODE_OAUTH_TOKEN, then
 * ANTHROPIC_API_KEY (resolve_anthropic_token); calls go to the Messages API.
 * Asked for `openai-api` by name: OPENAI_BASE_URL and OPENAI_API_KEY. Otherwise (`auto` with either
 * key, or `openrouter` by name) the provider is openrouter: the URL from CUSTOM_BASE_URL, then
 * OPENROUTER_BASE_URL, then openrouter.ai; the key OPENROUTER_API_KEY, then OPENAI_API_KEY, but only
 * when the host is openrouter.ai or openrouter was asked for by name with OPENROUTER_BASE_URL as the
 * URL; any other URL is a custom endpoint, whose key is gated on its own host (none for loopback).
 */
export function resolveProvider(env = process.env, model = {}) {
  const asked = model.provider || env.HERMES_INFERENCE_PROVIDER?.trim().toLowerCase() || 'auto';
  const anthropicKey = env.ANTHROPIC_TOKEN || env.CLAUDE_CODE_OAUTH_TOKEN || env.ANTHROPIC_API_KEY;
  if (
    asked === 'anthropic' ||
    (asked === 'auto' && !env.OPENAI_API_KEY && !env.OPENROUTER_API_KEY && anthropicKey)
  ) {
    if (!anthropicKey) return undefined;
    const base =
      (model.provider === 'anthropic' && model.baseUrl) || env.ANTHROPIC_BASE_URL || ANTHROPIC;
    return { api: 'anthropic', base: base.replace(/\/+$/, ''), key: anthropicKey };
  }
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
 * quotes a provider's error (`Error code: 402 - {...}`). With `stream`, each call is streamed (SSE)
 * and every text delta goes to `onDelta` as it arrives, as Hermes streams it to its `text` events; an
 * error event in the stream (what the gateway sends when it cuts a stream at a budget) ends the
 * turn with that error's message, the text before it already passed on.
 */
export async function modelCalls(provider, { count, model, query, stream = false, onDelta }) {
  const tokens = { input: 0, output: 0 };
  // A test's provider is a stand-in on loopback: the simulator never calls a real one.
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(provider.base).hostname))
    return {
      tokens,
      calls: 0,
      error: `Connection error: the simulator calls no provider off loopback (${provider.base})`
    };
  const messages = provider.api === 'anthropic';
  for (let k = 1; k <= count; k++) {
    const content = `${query ?? ''} (call ${k})`;
    let response;
    try {
      response = await fetch(
        messages ? `${provider.base}/v1/messages` : `${provider.base}/chat/completions`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(messages
              ? { 'x-api-key': provider.key, 'anthropic-version': '2023-06-01' }
              : { authorization: `Bearer ${provider.key}` })
          },
          body: JSON.stringify({
            model,
            ...(messages ? { max_tokens: 1024 } : { usage: { include: true } }),
            messages: [{ role: 'user', content }],
            ...(stream && { stream: true }),
            ...(stream && !messages && { stream_options: { include_usage: true } })
          }),
          redirect: 'manual'
        }
      );
    } catch (error) {
      return { tokens, calls: k - 1, error: `Connection error: ${error?.cause?.code ?? error}` };
    }
    if (!response.ok)
      return {
        tokens,
        calls: k - 1,
        error: `Error code: ${response.status} - ${(await response.text()).slice(0, 500)}`
      };
    const read = stream
      ? await streamed(response, messages, onDelta)
      : await answered(await response.text(), messages);
    tokens.input += read.input;
    tokens.output += read.output;
    if (read.error !== undefined) return { tokens, calls: k, error: read.error };
  }
  return { tokens, calls: count };
}

/** One answer's usage, read from its JSON. */
function answered(text, messages) {
  let usage = {};
  try {
    usage = JSON.parse(text).usage ?? {};
  } catch {
    return {
      input: 0,
      output: 0,
      error: `the provider's answer is not JSON: ${text.slice(0, 200)}`
    };
  }
  return {
    input: Number(messages ? usage.input_tokens : usage.prompt_tokens) || 0,
    output: Number(messages ? usage.output_tokens : usage.completion_tokens) || 0
  };
}

/** A streamed answer, line by line: its text deltas passed on, its usage, and an error event. */
async function streamed(response, messages, onDelta) {
  const got = { input: 0, output: 0 };
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      let event;
      try {
        event = JSON.parse(line.slice(5));
      } catch {
        continue; // `[DONE]` and the like
      }
      if (event?.error) return { ...got, error: String(event.error.message ?? 'stream error') };
      const text = messages
        ? event.type === 'content_block_delta'
          ? event.delta?.text
          : undefined
        : event.choices?.[0]?.delta?.content;
      if (typeof text === 'string' && text !== '') await onDelta?.(text);
      const usage = event.usage ?? event.message?.usage;
      if (usage) {
        got.input = Number(messages ? usage.input_tokens : usage.prompt_tokens) || got.input;
        got.output = Number(messages ? usage.output_tokens : usage.completion_tokens) || got.output;
      }
    }
  }
  return got;
}
