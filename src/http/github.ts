/**
 * The one GitHub REST client: every call the action makes to GitHub (the gate's permission, the sticky
 * comment, the review, the labels) goes through `githubCall` here, with the same headers, the runner's
 * proxy (http/fetch.ts), a timeout, retries on a network failure, 429 or a 5xx, and `paginate` for
 * listings that follow `Link: rel="next"` only on the API's own origin (the token goes nowhere else).
 */
import { request } from './fetch.js';
import { retry, type RetryPolicy } from './retry.js';
import { messageOf } from '../text/errors.js';
import { clip } from '../text/text.js';

/** How long one request may take. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Tries per call, the first included, and the first wait. */
const ATTEMPTS = 3;
const BACKOFF_MS = 1000;
/** The methods a second try may repeat at once: writing twice leaves what writing once did. */
const IDEMPOTENT = new Set(['GET', 'PATCH', 'PUT', 'DELETE']);
/** The most pages read of one listing: 50 pages of 100. */
export const MAX_PAGES = 50;

export type Answer<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status?: number;
      why: string;
      /** Tries made (a listing: of its last page). */
      tries?: number;
      /** The bound on the whole call (`totalMs`) ended it. */
      timedOut?: boolean;
    };

export interface GithubOptions {
  token: string;
  /** Ends every call at once: the job's grace period after a cancel. */
  signal?: AbortSignal;
  /** http/retry.ts's sleep port, for tests on a fake clock. */
  sleep?: RetryPolicy['sleep'];
  /** The fetch port (http/fetch.ts's `request`, through the runner's proxy); tests give their own. */
  request?: typeof request;
  /** Tries in all and the first wait (default 3, 1 s, jitter 0.25). */
  retry?: Pick<RetryPolicy, 'tries' | 'backoffMs' | 'jitter'>;
  /** A bound on the whole call, retries included: a plain timer, so that a fake clock drives it. */
  totalMs?: number;
}

export interface Got {
  json: unknown;
  link: string | null;
}

/** One REST call; `body` is sent as JSON. Never throws: a failure is an answer with `why`. */
export async function githubCall(
  options: GithubOptions,
  method: string,
  url: string,
  body?: unknown
): Promise<Answer<Got>> {
  const { token, sleep, totalMs, request: send = request } = options;
  const bound = totalMs !== undefined ? new AbortController() : undefined;
  const timer = bound && setTimeout(() => bound.abort(), totalMs);
  const signal =
    bound && options.signal
      ? AbortSignal.any([options.signal, bound.signal])
      : (bound?.signal ?? options.signal);
  const policy = options.retry ?? { tries: ATTEMPTS, backoffMs: BACKOFF_MS, jitter: 0.25 };
  try {
    return await retry<Answer<Got>>(
      async tries => {
        const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
        try {
          const response = await send(url, {
            method,
            headers: {
              Authorization: `Bearer ${token}`,
              Accept: 'application/vnd.github+json',
              'X-GitHub-Api-Version': '2022-11-28',
              'User-Agent': 'hermes-action',
              ...(body !== undefined ? { 'Content-Type': 'application/json' } : {})
            },
            body: body !== undefined ? JSON.stringify(body) : undefined,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
            redirect: 'error'
          });
          const json: unknown = await response.json().catch(() => undefined);
          if (response.ok)
            return { value: { ok: true, value: { json, link: response.headers.get('link') } } };
          const said = (json as { message?: unknown } | undefined)?.message;
          const why = `the GitHub API answered HTTP ${response.status}${typeof said === 'string' ? ` (${clip(said, 200)})` : ''}`;
          const failed = { ok: false as const, status: response.status, why, tries };
          return response.status >= 500 || response.status === 429
            ? { value: failed, retry: why }
            : { value: failed };
        } catch (error) {
          if (bound?.signal.aborted)
            return {
              value: {
                ok: false as const,
                why: `the GitHub API did not answer within ${(totalMs ?? 0) / 1000} s`,
                tries,
                timedOut: true
              }
            };
          const why = timeout.aborted
            ? `the GitHub API did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`
            : options.signal?.aborted
              ? 'the job’s grace period ran out'
              : `the GitHub API could not be reached: ${messageOf((error as Error).cause ?? error)}`;
          // The first try met a kept-alive connection the server had closed while it sat idle
          // (the race every keep-alive client has): the next goes at once, on a new connection, so
          // that the comment written in a cancel's last second is not lost to a backoff.
          // Only where a second write changes nothing (a POST made twice is two comments).
          const now = tries === 1 && IDEMPOTENT.has(method) && closedUnder(error);
          return { value: { ok: false as const, why, tries }, retry: why, now };
        }
      },
      { ...policy, signal, sleep }
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The connection was closed under the request (undici's "other side closed", a reset, a broken pipe). */
function closedUnder(error: unknown): boolean {
  const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * A listing, page by page (`url` names the first, with its `per_page`), until `stop` says enough, there
 * is no next page, or MAX_PAGES were read. Only array pages count; their items are concatenated.
 */
export async function paginate<T>(
  options: GithubOptions,
  url: string,
  stop: (items: T[]) => boolean = () => false
): Promise<Answer<T[]>> {
  const origin = new URL(url).origin;
  const items: T[] = [];
  let next: string | undefined = url;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const got = await githubCall(options, 'GET', next);
    if (!got.ok) return got;
    if (Array.isArray(got.value.json)) items.push(...(got.value.json as T[]));
    if (stop(items)) break;
    const link = nextPage(got.value.link);
    next = link && new URL(link).origin === origin ? link : undefined;
  }
  return { ok: true, value: items };
}

/** The `rel="next"` URL of a Link header. */
function nextPage(link: string | null): string | undefined {
  return link
    ?.split(',')
    .map(part => /<([^>]+)>\s*;\s*rel="next"/.exec(part)?.[1])
    .find(Boolean);
}
