/**
 * The REST calls for issue comments (a pull request's conversation is its issue's): list them (paginated),
 * create one, update one; and GraphQL's `viewer`, who the token is. Every call goes through
 * http/github.ts, the one GitHub client (headers, the runner's proxy, retries on a network failure,
 * 429 or a 5xx).
 */
import { githubCall, paginate, type Answer, type GithubOptions } from '../http/github.js';
import type { CommentTarget } from './target.js';

/**
 * Who the token is, asked once: GraphQL's `viewer` answers for a personal token and for an app's
 * installation token alike (`GITHUB_TOKEN` is `github-actions[bot]`), where REST's `GET /user`
 * refuses the latter.
 */
const VIEWER = 'query { viewer { login databaseId } }';

export type { Answer };
export type ApiOptions = GithubOptions;

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
    const got = await githubCall(this.options, 'POST', this.target.graphqlUrl, { query: VIEWER });
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
    const ours = (c: Comment): boolean =>
      typeof c.body === 'string' && c.body.startsWith(marker) && c.user?.id === author.id;
    const listed = await paginate<Comment>(
      this.options,
      `${apiUrl}/repos/${repository}/issues/${number}/comments?per_page=100`,
      comments => comments.some(ours)
    );
    return listed.ok ? { ok: true, value: listed.value.find(ours)?.id } : listed;
  }

  async create(body: string): Promise<Answer<number>> {
    const { apiUrl, repository, number } = this.target;
    const got = await githubCall(
      this.options,
      'POST',
      `${apiUrl}/repos/${repository}/issues/${number}/comments`,
      { body }
    );
    return got.ok ? idOf(got.value.json) : got;
  }

  async update(id: number, body: string): Promise<Answer<number>> {
    const { apiUrl, repository } = this.target;
    const got = await githubCall(
      this.options,
      'PATCH',
      `${apiUrl}/repos/${repository}/issues/comments/${id}`,
      { body }
    );
    return got.ok ? idOf(got.value.json) : got;
  }
}

function idOf(json: unknown): Answer<number> {
  const id = (json as { id?: unknown } | undefined)?.id;
  return typeof id === 'number'
    ? { ok: true, value: id }
    : { ok: false, why: 'the GitHub API answered without a comment id' };
}
