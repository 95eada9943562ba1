/**
 * Downloading to a file (the install script, a cache archive): plain GETs through the proxy-aware
 * `request`, retried on 5xx, timeouts and network errors with the one retry loop, size-bounded.
 */
import * as fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { retry } from '../http/retry.js';
import { request, type Response } from '../http/fetch.js';
import { messageOf } from '../text/errors.js';
import { isSecureUrl } from '../text/url.js';

export interface DownloadOptions {
  attempts?: number;
  /** Per attempt, from the request to the last byte. */
  timeoutMs?: number;
  /** The wait after the first failed attempt; doubled after each. */
  backoffMs?: number;
  /** Larger bodies are refused (a script is small; an archive is not). */
  maxBytes?: number;
  /** What the body is, in an error ("not an install script"). */
  what?: string;
  /** Aborts the download and any wait between attempts. */
  signal?: AbortSignal;
  /** Each retry, said to a person. */
  onRetry?(message: string): void;
  /** Names the URL in messages; a signed URL's query (its credential) is left out. */
  shown?: string;
}

/** A download that failed for good; the message names the URL and what came back. */
export class DownloadError extends Error {}

const MAX_SCRIPT_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/**
 * GET, following redirects only to HTTPS (or HTTP on this machine): one to plain HTTP elsewhere would
 * undo the https-only rule of installer-url, and the script runs with the job's rights. Checked
 * before the request is made.
 */
async function fetchSecure(url: string, shown: string, signal: AbortSignal): Promise<Response> {
  let at = url;
  for (let hops = 0; ; hops++) {
    const response = await request(at, { redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    const next = new URL(location, at);
    if (!isSecureUrl(next))
      throw new DownloadError(`${shown} redirected to ${next.origin}, which is not HTTPS.`);
    if (hops >= MAX_REDIRECTS)
      throw new DownloadError(`${shown} redirected more than ${MAX_REDIRECTS} times.`);
    at = next.href;
  }
}

/** Fetches url into file. 404 and other 4xx fail at once; 5xx, timeouts and network errors are retried. */
export async function download(
  url: string,
  file: string,
  options: DownloadOptions = {}
): Promise<void> {
  await fetchInto(
    url,
    body => pipeline(body, fs.createWriteStream(file, { mode: 0o600 })),
    options
  );
}

/**
 * Fetches url and hands its body, size-bounded, to consume as it streams (consume runs again from
 * the start on a retry). Retried as download is; an error of consume's own is thrown as it is.
 */
export async function fetchInto(
  url: string,
  consume: (body: Readable) => Promise<void>,
  {
    attempts = 4,
    timeoutMs = 30_000,
    backoffMs = 1000,
    maxBytes = MAX_SCRIPT_BYTES,
    what = 'an install script',
    signal,
    onRetry,
    shown = url
  }: DownloadOptions = {}
): Promise<void> {
  type Result = { done: true } | { failed: Error };
  let tries = 0;
  const result = await retry<Result>(
    async () => {
      tries++;
      const timeout = AbortSignal.timeout(timeoutMs);
      const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let why: string;
      try {
        const response = await fetchSecure(url, shown, abort);
        if (response.ok) {
          const body = bounded(response, maxBytes, shown, what);
          try {
            await consume(body.stream);
            return { value: { done: true } };
          } catch (error) {
            // The body failing (the network, the limit) is the download's; anything else is consume's.
            if (!body.failed()) return { value: { failed: error as Error } };
            throw body.failed();
          }
        }
        await response.body?.cancel();
        why = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
        if (response.status < 500)
          return { value: { failed: new DownloadError(`${shown} answered ${why}.`) } };
      } catch (error) {
        if (error instanceof DownloadError) return { value: { failed: error } };
        why = describe(error);
      }
      const failed = new DownloadError(
        `${shown} could not be downloaded: ${why} (${tries} attempt${tries > 1 ? 's' : ''}).`
      );
      return { value: { failed }, retry: why };
    },
    {
      tries: attempts,
      backoffMs,
      signal,
      onRetry: (why, next, waitMs) =>
        onRetry?.(
          `Downloading ${shown} failed (${why}); attempt ${next} of ${attempts} in ${waitMs / 1000} s`
        )
    }
  );
  if ('failed' in result) throw result.failed;
}

/** The body as a stream that fails past maxBytes, and the error it failed with, if it did. */
function bounded(
  response: Response,
  maxBytes: number,
  shown: string,
  what: string
): { stream: Readable; failed(): unknown } {
  let failure: unknown;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes)
        callback((failure = new DownloadError(`${shown} is over ${maxBytes} bytes, not ${what}.`)));
      else callback(null, chunk);
    }
  });
  if (declared > maxBytes) {
    void response.body?.cancel();
    failure = new DownloadError(`${shown} is ${declared} bytes, not ${what}.`);
    limit.destroy(failure as Error);
    return { stream: limit, failed: () => failure };
  }
  const body = response.body
    ? Readable.fromWeb(response.body as ReadableStream<Uint8Array>)
    : Readable.from([]);
  body.once('error', error => {
    failure ??= error;
    limit.destroy(error);
  });
  body.pipe(limit);
  return { stream: limit, failed: () => failure };
}

function describe(error: unknown): string {
  // A DOMException, which need not be an Error of this realm.
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timed out';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? messageOf(error);
}
