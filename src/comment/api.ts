/**
 * The REST calls for issue comments (a pull request's conversation is its issue's): list them (paginated),
 * create one, update one. Every call goes through http/github.ts, the one GitHub client (headers, the
 * runner's proxy, retries on a network failure, 429 or a 5xx).
 */
import { githubCall, paginate, type Answer, type GithubOptions } from '../http/github.js';
import type { CommentTarget } from './target.js';

/** Who may have written a comment with our marker: a bot (the token's app) or someone with write access. */
const TRUSTED_AUTHORS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

export type { Answer };
export type ApiOptions = GithubOptions;

interface Comment {
  id: number;
  body?: string;
  user?: { type?: string };
  author_association?: string;
}

export class CommentApi {
  constructor(
    private readonly target: CommentTarget,
    private readonly options: ApiOptions
  ) {}

  /** The oldest comment that starts with marker and was written by a bot or a writer. */
  async find(marker: string): Promise<Answer<number | undefined>> {
    const { apiUrl, repository, number } = this.target;
    const ours = (c: Comment): boolean =>
      typeof c.body === 'string' &&
      c.body.startsWith(marker) &&
      (c.user?.type === 'Bot' || TRUSTED_AUTHORS.has(c.author_association ?? ''));
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
