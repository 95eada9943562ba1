/**
 * The REST calls for issue comments (a pull request's conversation is its issue's): list them (paginated),
 * create one, update one; and GraphQL's `viewer`, who the token is. Every call goes through http/fetch.ts `request` (the runner's proxy) and is
 * retried by run/retry.ts on a network failure, 429 or a 5xx.
 */
import { request } from '../http/fetch.js';
import { retry, type RetryPolicy } from '../run/retry.js';
import { messageOf } from '../text/errors.js';
import { clip } from '../text/text.js';
import type { CommentTarget } from './target.js';

/** How long one request may take. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Tries per call, the first included, and the first wait. */
const ATTEMPTS = 3;
const BACKOFF_MS = 1000;
/** The most comments read when looking for ours: 50 pages of 100. */
const MAX_PAGES = 50;
/**
 * Who the token is, asked once: GraphQL's `viewer` answers for a personal token and for an app's
 * installation token alike (`GITHUB_TOKEN` is `github-actions[bot]`), where REST's `GET /user`
 * refuses the latter.
 */
const VIEWER = 'query { viewer { login databaseId } }';

export type Answer<T> = { ok: true; value: T } | { ok: false; status?: number; why: string };

export interface ApiOptions {
  token: string;
  /** Ends every call at once: the job's grace period after a cancel. */
  signal?: AbortSignal;
  /** run/retry.ts's sleep port, for tests on a fake clock. */
  sleep?: RetryPolicy['sleep'];
}

interface Comment {
  id: number;
  body?: string;
  user?: { id?: number };
}

/** The token's own account: only a comment it wrote is ours. */
export interface Author {
  login: string;
  id: number;
}

export class CommentApi {
  constructor(
    private readonly target: CommentTarget,
    private readonly options: ApiOptions
  ) {}

  /** The account the token acts as. */
  async viewer(): Promise<Answer<Author>> {
    const got = await this.call('POST', this.target.graphqlUrl, { query: VIEWER });
    if (!got.ok) return got;
    type Data = { data?: { viewer?: { login?: unknown; databaseId?: unknown } } };
    const viewer = (got.value.json as Data | undefined)?.data?.viewer;
    return typeof viewer?.login === 'string' && typeof viewer.databaseId === 'number'
      ? { ok: true, value: { login: viewer.login, id: viewer.databaseId } }
      : { ok: false, why: 'the GitHub API did not say whom the token belongs to' };
  }

  /**
   * The oldest comment that starts with marker and was written by author (told by its account id,
   * which a rename does not change): one planted with the marker by anyone else is not ours.
   */
  async find(marker: string, author: Author): Promise<Answer<number | undefined>> {
    const { apiUrl, repository, number } = this.target;
    let url: string | undefined =
      `${apiUrl}/repos/${repository}/issues/${number}/comments?per_page=100`;
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const got = await this.call('GET', url);
      if (!got.ok) return got;
      const comments = Array.isArray(got.value.json) ? (got.value.json as Comment[]) : [];
      const ours = comments.find(
        c => typeof c.body === 'string' && c.body.startsWith(marker) && c.user?.id === author.id
      );
      if (ours) return { ok: true, value: ours.id };
      // The token goes only where it came from: a next page elsewhere is not followed.
      const next = nextPage(got.value.link);
      url = next && new URL(next).origin === new URL(apiUrl).origin ? next : undefined;
    }
    return { ok: true, value: undefined };
  }

  async create(body: string): Promise<Answer<number>> {
    const { apiUrl, repository, number } = this.target;
    const got = await this.call('POST', `${apiUrl}/repos/${repository}/issues/${number}/comments`, {
      body
    });
    return got.ok ? idOf(got.value.json) : got;
  }

  async update(id: number, body: string): Promise<Answer<number>> {
    const { apiUrl, repository } = this.target;
    const got = await this.call('PATCH', `${apiUrl}/repos/${repository}/issues/comments/${id}`, {
      body
    });
    return got.ok ? idOf(got.value.json) : got;
  }

  private call(
    method: string,
    url: string,
    body?: object
  ): Promise<Answer<{ json: unknown; link: string | null }>> {
    const { token, signal, sleep } = this.options;
    type Got = Answer<{ json: unknown; link: string | null }>;
    return retry<Got>(
      async () => {
        const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
        try {
          const response = await request(url, {
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
          const failed = { ok: false as const, status: response.status, why };
          return response.status >= 500 || response.status === 429
            ? { value: failed, retry: why }
            : { value: failed };
        } catch (error) {
          const why = timeout.aborted
            ? `the GitHub API did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`
            : signal?.aborted
              ? 'the job’s grace period ran out'
              : `the GitHub API could not be reached: ${messageOf((error as Error).cause ?? error)}`;
          return { value: { ok: false as const, why }, retry: why };
        }
      },
      { attempts: ATTEMPTS, backoffMs: BACKOFF_MS, jitter: 0.25, signal, sleep }
    );
  }
}

function idOf(json: unknown): Answer<number> {
  const id = (json as { id?: unknown } | undefined)?.id;
  return typeof id === 'number'
    ? { ok: true, value: id }
    : { ok: false, why: 'the GitHub API answered without a comment id' };
}

/** The `rel="next"` URL of a Link header. */
function nextPage(link: string | null): string | undefined {
  return link
    ?.split(',')
    .map(part => /<([^>]+)>\s*;\s*rel="next"/.exec(part)?.[1])
    .find(Boolean);
}
