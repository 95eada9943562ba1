/**
 * API server mode: a turn sent to a Hermes API server (`hermes gateway`) instead of a spawned CLI.
 * Capabilities first, then the turn streamed from `/responses` (or `/chat/completions` where there is
 * none), written as the CLI's transcript through the same StreamReader, so everything after is the same.
 */
import { messageOf } from '../text/errors.js';
import { request, type Response } from '../http/fetch.js';
import { ChatMapper, ResponsesMapper, type StreamMapper } from './mappers.js';
import { TranscriptRecorder } from './transcript.js';
import { StreamReader } from '../turn/stream-reader.js';
import { supervise } from '../turn/supervise.js';
import { ExitCode } from '../turn/verdict.js';
import type { Attempt, RunLog, Signals } from '../turn/attempt.js';
import { makeRedactor } from '../text/redact.js';
import { clip, isObject } from '../text/text.js';
import { isSecureUrl } from '../text/url.js';
import { parseJson } from '../text/json.js';
import { SseParser } from './sse.js';

export interface ApiSettings {
  /** The server's base URL, up to and including `/v1`, without a trailing slash. */
  url: string;
  key: string;
  model?: string;
  showReasoning: boolean;
  /** 0: no limit. */
  timeoutMs: number;
}

/** What `GET /capabilities` said; `found: false` for builds without it. */
export interface Capabilities {
  found: boolean;
  reasoningStreaming: boolean;
}

const ERROR_BODY_BYTES = 4096;
const ERROR_MESSAGE_CHARS = 300;

/** A failure that ends the attempt with a synthetic result event. */
class ServerFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string
  ) {
    super(message);
  }
}

/**
 * 401/403 are the key, a redirect is the URL (do not retry); 408/429/5xx are temporary (retry);
 * other codes fail the turn.
 */
export function exitCodeOfStatus(status: number): number {
  if (status === 401 || status === 403 || (status >= 300 && status < 400)) return ExitCode.Config;
  if (status === 408 || status === 429 || status >= 500) return ExitCode.TempFail;
  return ExitCode.Failure;
}

// Failures to connect that a retry will not fix: no such host, a certificate the client refuses.
const PERMANENT_NETWORK_CODES =
  /^(ENOTFOUND|ERR_INVALID_URL|CERT_|ERR_TLS_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

/** A refused or reset connection, a timeout or a DNS hiccup is temporary; a wrong host or certificate is not. */
export function exitCodeOfNetworkError(code: string | undefined): number {
  return code && PERMANENT_NETWORK_CODES.test(code) ? ExitCode.Config : ExitCode.TempFail;
}

/** Security: the key is a bearer token; over plain HTTP to another machine anyone on the path reads it. */
export function cleartextWarning(url: string): string | undefined {
  const parsed = new URL(url);
  if (isSecureUrl(parsed)) return undefined;
  return (
    `api-url ${parsed.origin} is plain http:// to a host other than this machine: the api-key travels ` +
    'in clear text. Use https://, an SSH tunnel or a private network (e.g. Tailscale) to reach the server.'
  );
}

export class ApiServer {
  private capabilities: Capabilities | undefined;
  private endpoint: string | undefined;

  constructor(private readonly settings: ApiSettings) {}

  /** For the summary: which server, which endpoint, and whether it streams reasoning. */
  get description(): string {
    const parts = [`Hermes API server ${this.settings.url}`];
    if (this.endpoint) parts.push(this.endpoint);
    if (this.capabilities)
      parts.push(
        !this.capabilities.found
          ? 'no capabilities endpoint'
          : this.capabilities.reasoningStreaming
            ? 'reasoning streaming'
            : 'no reasoning streaming'
      );
    return parts.join(' · ');
  }

  /**
   * One turn, written to the transcript at jsonlPath as it streams. Every way it can end becomes a
   * result event (a synthetic one for HTTP failures and cancellation), except a stream cut short.
   */
  async attempt(query: string, jsonlPath: string, log: RunLog, signals: Signals): Promise<Attempt> {
    const started = Date.now();
    const follower = new StreamReader(log, jsonlPath);
    // The key alone (even with redact: false), as it stands or JSON-escaped; nothing else changes.
    const scrub = makeRedactor([this.settings.key], { tokens: false });
    const recorder = new TranscriptRecorder(
      {
        line: text => follower.push(Buffer.from(scrub(text))),
        anomaly: problem => follower.anomaly(problem)
      },
      {
        model: this.settings.model,
        showReasoning: this.settings.showReasoning,
        startedAt: started,
        redact: log.redact
      }
    );
    const controller = new AbortController();
    const supervision = supervise(signals, this.settings.timeoutMs, {
      get running() {
        return !controller.signal.aborted;
      },
      timeout() {
        log.note('timeout-minutes reached: aborting the request to the API server');
        controller.abort();
      },
      cancel() {
        if (controller.signal.aborted) return;
        log.note('The job was cancelled: aborting the request to the API server');
        controller.abort();
      }
    });

    let detail: string | undefined;
    try {
      detail = await this.turn(query, recorder, log, controller.signal);
    } catch (error) {
      if (error instanceof ServerFailure) {
        log.note(`API server: ${error.message}`);
        recorder.writeResult({
          exitCode: error.exitCode,
          text: recorder.streamedText,
          error: error.message
        });
      } else if (!controller.signal.aborted) {
        // A fault of ours must not lose the run: it is reported like any failed turn.
        const why = messageOf(error);
        recorder.writeResult({
          exitCode: ExitCode.Failure,
          text: recorder.streamedText,
          error: `the action failed while talking to the API server: ${clip(why, ERROR_MESSAGE_CHARS)}`
        });
      }
    } finally {
      supervision.end();
    }
    // Aborted (cancelled, or timeout-minutes): the turn ends as the CLI's does on SIGINT.
    if (controller.signal.aborted && !recorder.written) {
      recorder.writeResult({
        exitCode: ExitCode.Interrupted,
        text: recorder.streamedText,
        error: 'Interrupted'
      });
    }
    const turn = follower.finish();
    return {
      turn,
      ...(recorder.usage && { usage: recorder.usage }),
      durationMs: Date.now() - started,
      end: {
        kind: 'api',
        exitCode: recorder.written?.exitCode ?? null,
        timedOut: supervision.timedOut,
        cancelled: signals.cancelled,
        timeoutMs: this.settings.timeoutMs,
        detail: recorder.written ? undefined : detail
      }
    };
  }

  /** Discovery, the request, the stream. Returns why the stream ended short, when it did. */
  private async turn(
    query: string,
    recorder: TranscriptRecorder,
    log: RunLog,
    signal: AbortSignal
  ): Promise<string | undefined> {
    this.capabilities ??= await this.discover(log, signal);
    const optOut = this.settings.showReasoning
      ? {}
      : { model_options: { reasoning: { enabled: false } } };
    const model = this.settings.model ? { model: this.settings.model } : {};
    let chat = this.endpoint === 'chat/completions';
    let response = chat
      ? undefined
      : await this.post('/responses', { ...model, input: query, stream: true, ...optOut }, signal);
    if (!response) {
      if (!chat)
        log.note('The server has no /responses endpoint: streaming /chat/completions instead');
      chat = true;
      response = await this.post(
        '/chat/completions',
        {
          ...model,
          messages: [{ role: 'user', content: query }],
          stream: true,
          stream_options: { include_usage: true },
          ...optOut
        },
        signal
      );
      if (!response)
        throw new ServerFailure(
          ExitCode.Config,
          `${this.settings.url} has neither /responses nor /chat/completions (HTTP 404): check api-url, which ends in /v1`
        );
    }
    this.endpoint = chat ? 'chat/completions' : 'responses';
    const session = response.headers.get('x-hermes-session-id');
    if (session) recorder.serverSession(session);
    const mapper: StreamMapper = chat ? new ChatMapper(recorder) : new ResponsesMapper(recorder);
    return readStream(response, mapper, recorder, signal);
  }

  private async discover(log: RunLog, signal: AbortSignal): Promise<Capabilities> {
    const response = await this.request('GET', '/capabilities', undefined, signal);
    const where = `${this.settings.url}/capabilities`;
    if (!response.ok) {
      const code = exitCodeOfStatus(response.status);
      if (code !== ExitCode.Failure) throw await failureOf(response, 'GET /capabilities');
      await response.body?.cancel();
      log.note(
        `${where}: HTTP ${response.status}, so the server announces nothing (an older build); no reasoning is expected`
      );
      return { found: false, reasoningStreaming: false };
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!isObject(body)) {
      log.note(`${where} is not a JSON object; no reasoning is expected`);
      return { found: false, reasoningStreaming: false };
    }
    const features = isObject(body.features) ? body.features : {};
    const reasoningStreaming = features.reasoning_streaming === true;
    log.note(
      reasoningStreaming
        ? `Hermes API server ${this.settings.url}: it streams reasoning (features.reasoning_streaming)`
        : `Hermes API server ${this.settings.url}: it does not announce features.reasoning_streaming; no reasoning is expected`
    );
    return { found: true, reasoningStreaming };
  }

  /** A streamed POST: the response, or undefined when the endpoint does not exist (404/405). */
  private async post(
    path: string,
    body: object,
    signal: AbortSignal
  ): Promise<Response | undefined> {
    const response = await this.request('POST', path, JSON.stringify(body), signal);
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) throw await failureOf(response, `POST ${path}`);
    const type = response.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('text/event-stream')) {
      await response.body?.cancel();
      throw new ServerFailure(
        ExitCode.Failure,
        `POST ${path} answered ${type ? `with ${clip(type, 100)}` : 'without a content type'}, not an event stream (text/event-stream)`
      );
    }
    return response;
  }

  private async request(
    method: string,
    path: string,
    body: string | undefined,
    signal: AbortSignal
  ): Promise<Response> {
    try {
      return await request(`${this.settings.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.settings.key}`,
          Accept: body === undefined ? 'application/json' : 'text/event-stream',
          ...(body !== undefined && { 'Content-Type': 'application/json' })
        },
        body,
        signal,
        // The key goes to api-url and nowhere else.
        redirect: 'manual'
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const { code, message } = networkError(error);
      throw new ServerFailure(
        exitCodeOfNetworkError(code),
        `could not reach the API server (${method} ${this.settings.url}${path}): ${message}`
      );
    }
  }
}

/** Feeds the body to the parser and the mapper; returns why it ended short, if it did. */
async function readStream(
  response: Response,
  mapper: StreamMapper,
  recorder: TranscriptRecorder,
  signal: AbortSignal
): Promise<string | undefined> {
  const parser = new SseParser(
    event => mapper.push(event),
    chars =>
      recorder.anomaly(`API stream: an event of ${chars} characters, too long to read (skipped)`)
  );
  let readError: string | undefined;
  try {
    if (response.body) for await (const chunk of response.body) parser.push(chunk);
  } catch (error) {
    if (signal.aborted) throw error;
    readError = networkError(error).message;
  }
  const unfinished = parser.end();
  mapper.finish();
  if (recorder.written) return undefined;
  const how = readError
    ? `the connection failed (${readError})`
    : unfinished
      ? 'the connection closed in the middle of an event'
      : 'the connection closed';
  return `${how} before ${mapper.terminalName}`;
}

/** An HTTP error as a failure: the status, what the server said (OpenAI's error envelope), a hint. */
async function failureOf(response: Response, what: string): Promise<ServerFailure> {
  const code = exitCodeOfStatus(response.status);
  const said = serverMessage(await readSome(response, ERROR_BODY_BYTES));
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const retryAfter = response.headers.get('retry-after');
  const location = response.headers.get('location');
  const hint =
    response.status >= 300 && response.status < 400
      ? `; a redirect${location ? ` to ${clip(location, 200)}` : ''} is not followed (it would carry the key): set api-url to the server’s own address`
      : code === ExitCode.Config
        ? '; check api-key (the server’s API_SERVER_KEY)'
        : retryAfter && code === ExitCode.TempFail
          ? ` (Retry-After: ${clip(retryAfter, 40)})`
          : '';
  return new ServerFailure(code, `${what}: ${status}${said ? `: ${said}` : ''}${hint}`);
}

async function readSome(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) break;
    }
  } catch {
    // What arrived is enough to say something.
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

function serverMessage(body: string): string {
  let said = body.trim();
  // Not JSON, or without an error: the text itself.
  const parsed = parseJson(said).value;
  if (isObject(parsed) && isObject(parsed.error) && typeof parsed.error.message === 'string')
    said = parsed.error.message;
  else if (isObject(parsed) && typeof parsed.error === 'string') said = parsed.error;
  return clip(said.replace(/\s+/g, ' '), ERROR_MESSAGE_CHARS);
}

/** fetch's errors hide the reason in `cause` (ECONNREFUSED, ENOTFOUND…). */
function networkError(error: unknown): { code?: string; message: string } {
  const cause =
    error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  const message = cause?.message || messageOf(error);
  return { code: cause?.code, message: clip(message, ERROR_MESSAGE_CHARS) };
}
