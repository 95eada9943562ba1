/**
 * Where the sticky comment goes: the pull request or issue the event belongs to, read from the event
 * payload (admission's one read of `GITHUB_EVENT_PATH`), or the `comment-number` input on any event.
 */
import { isObject } from '../text/text.js';

export interface CommentTarget {
  apiUrl: string;
  /** GraphQL's endpoint, beside the REST API's (`/api/graphql` beside GHES's `/api/v3`). */
  graphqlUrl: string;
  /** owner/name */
  repository: string;
  number: number;
  /** What the number is, for the permission a warning names. */
  kind: 'pull request' | 'issue' | 'pull request or issue';
  /** The marker's parts: one comment per workflow, job and comment-key. */
  workflow: string;
  job: string;
  key?: string;
  /** The run's page: linked from the comment. */
  runUrl: string;
}

/** Why no comment can be kept: the warning says it. */
export type NoTarget = { none: string };

const PULL_REQUEST_EVENTS = /^pull_request(_target|_review|_review_comment)?$/;

export function commentTarget(
  env: NodeJS.ProcessEnv,
  options: { number?: number; key?: string },
  /** The event's payload as admission read it; undefined where it could not be read. */
  payload: unknown
): CommentTarget | NoTarget {
  const event = env.GITHUB_EVENT_NAME ?? '';
  const repository = env.GITHUB_REPOSITORY;
  if (!repository) return { none: 'GITHUB_REPOSITORY is not set' };
  const found =
    options.number !== undefined
      ? { number: options.number, kind: 'pull request or issue' as const }
      : numberOf(event, isObject(payload) ? payload : {});
  if (!found)
    return {
      none: `the ${event || 'unnamed'} event belongs to no pull request or issue; set "comment-number" to say which one to comment on`
    };
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const attempt = env.GITHUB_RUN_ATTEMPT && env.GITHUB_RUN_ATTEMPT !== '1';
  const apiUrl = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  return {
    ...found,
    apiUrl,
    // Derived, not read from GITHUB_GRAPHQL_URL: the token goes to the REST API's host only.
    graphqlUrl: `${apiUrl.replace(/\/api\/v3$/, '/api')}/graphql`,
    repository,
    // The workflow's file, not its ref: a new run on another commit or branch finds the same comment.
    workflow: (env.GITHUB_WORKFLOW_REF ?? '').replace(/@.*$/, '') || env.GITHUB_WORKFLOW || '',
    job: env.GITHUB_JOB ?? '',
    key: options.key,
    runUrl:
      `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID ?? ''}` +
      (attempt ? `/attempts/${env.GITHUB_RUN_ATTEMPT}` : '')
  };
}

function numberOf(
  event: string,
  payload: Record<string, unknown>
): Pick<CommentTarget, 'number' | 'kind'> | undefined {
  const field = (value: unknown, name: string): unknown =>
    isObject(value) ? value[name] : undefined;
  const valid = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
  if (PULL_REQUEST_EVENTS.test(event)) {
    const n = field(payload.pull_request, 'number') ?? payload.number;
    return valid(n) ? { number: n, kind: 'pull request' } : undefined;
  }
  if (event === 'issues' || event === 'issue_comment') {
    const n = field(payload.issue, 'number');
    const kind = field(payload.issue, 'pull_request') ? 'pull request' : 'issue';
    return valid(n) ? { number: n, kind } : undefined;
  }
  if (event === 'workflow_run') {
    const pulls = field(payload.workflow_run, 'pull_requests');
    const n = Array.isArray(pulls) ? field(pulls[0], 'number') : undefined;
    return valid(n) ? { number: n, kind: 'pull request' } : undefined;
  }
  return undefined;
}

/**
 * The hidden first line that finds the comment again. Its parts are percent-encoded, so no workflow
 * name or key can end the HTML comment (`-->`) or forge another marker.
 */
export function markerOf(target: Pick<CommentTarget, 'workflow' | 'job' | 'key'>): string {
  const part = (s: string): string => encodeURIComponent(s).replace(/[!'()*-]/g, escapeChar);
  return `<!-- hermes-action:workflow=${part(target.workflow)};job=${part(target.job)};key=${part(target.key ?? '')} -->`;
}

const escapeChar = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
