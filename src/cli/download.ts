/** Downloading the install script: one plain GET, retried on 5xx and timeouts, saved to a file. */
import { messageOf } from '../text/errors.js';
import { request, type Response } from '../http/fetch.js';
import { isSecureUrl } from '../text/url.js';
import * as fs from 'node:fs';

export interface DownloadOptions {
  attempts?: number;
  /** Per attempt, from the request to the last byte. */
  timeoutMs?: number;
  /** The wait after the first failed attempt; doubled after each. */
  backoffMs?: number;
  /** Each retry, said to a person. */
  onRetry?(message: string): void;
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
async function fetchSecure(url: string, signal: AbortSignal): Promise<Response> {
  let at = url;
  for (let hops = 0; ; hops++) {
    const response = await request(at, { redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    const next = new URL(location, at);
    if (!isSecureUrl(next))
      throw new DownloadError(`${url} redirected to ${next.origin}, which is not HTTPS.`);
    if (hops >= MAX_REDIRECTS)
      throw new DownloadError(`${url} redirected more than ${MAX_REDIRECTS} times.`);
    at = next.href;
  }
}

/** Fetches url into file. 404 and other 4xx fail at once; 5xx, timeouts and network errors are retried. */
export async function download(
  url: string,
  file: string,
  { attempts = 4, timeoutMs = 30_000, backoffMs = 1000, onRetry }: DownloadOptions = {}
): Promise<void> {
  for (let n = 1; ; n++) {
    let why: string;
    try {
      const response = await fetchSecure(url, AbortSignal.timeout(timeoutMs));
      if (response.ok) {
        const body = Buffer.from(await response.arrayBuffer());
        if (body.length > MAX_SCRIPT_BYTES)
          throw new DownloadError(`${url} is ${body.length} bytes, not an install script.`);
        fs.writeFileSync(file, body, { mode: 0o600 });
        return;
      }
      why = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      if (response.status < 500) throw new DownloadError(`${url} answered ${why}.`);
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      why = describe(error);
    }
    if (n >= attempts)
      throw new DownloadError(`${url} could not be downloaded: ${why} (${n} attempts).`);
    const wait = backoffMs * 2 ** (n - 1);
    onRetry?.(
      `Downloading ${url} failed (${why}); attempt ${n + 1} of ${attempts} in ${wait / 1000} s`
    );
    await new Promise(resolve => setTimeout(resolve, wait));
  }
}

function describe(error: unknown): string {
  // A DOMException, which need not be an Error of this realm.
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timed out';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? messageOf(error);
}
