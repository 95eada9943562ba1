/**
 * Which thread a run belongs to, if any: an issue or a pull request of this repository, on an event
 * that names it. A thread is kept only where no stranger can have written what is restored: the
 * cache entries of a run on the default branch are written only by runs on that branch (a pull
 * request's runs, a fork's among them, write to their own ref's scope, which the default branch
 * never reads). So a thread is restored and saved only by runs on the default branch (`issues`,
 * `issue_comment`, `pull_request_target`, which run there), saved only where a writer started the
 * run and never from a fork's pull request; elsewhere it is off, and the run says why.
 */

/** Events on which a run belongs to an issue's or a pull request's thread. */
export const THREAD_EVENTS: ReadonlySet<string> = new Set([
  'issues',
  'issue_comment',
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment'
]);

export interface ThreadPlace {
  /** `owner/repo#12`: the thread_id output. */
  id: string;
  /** The cache key's stem: every entry of this thread begins with it. */
  keyPrefix: string;
  /** This run's page: the first run of a new thread is linked to by the next. */
  runUrl?: string;
  /** Whether this run may save the thread (a writer's run, not a fork's). */
  saves: boolean;
  /** Why it may not, where it may not. */
  notSaved?: string;
}

const at = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The run's thread; `{ off }` where a thread cannot be kept here (said as a notice); undefined
 * where the event has none. `trusted`: the gate let the actor in as a writer (or the event is one only
 * writers cause); `fork`: the run reviews a fork's pull request.
 */
export function threadPlace(
  env: NodeJS.ProcessEnv,
  payload: unknown,
  { trusted, fork }: { trusted: boolean; fork: boolean }
): ThreadPlace | { off: string } | undefined {
  const event = env.GITHUB_EVENT_NAME;
  if (!event || !THREAD_EVENTS.has(event)) return undefined;
  const number = at(at(payload, 'issue'), 'number') ?? at(at(payload, 'pull_request'), 'number');
  const repository = env.GITHUB_REPOSITORY;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || !repository)
    return { off: 'the event names no issue or pull request number' };
  const branch = at(at(payload, 'repository'), 'default_branch');
  const ref = env.GITHUB_REF;
  if (typeof branch !== 'string' || ref !== `refs/heads/${branch}`)
    return {
      off: `this run is on ${ref ?? 'no ref'}, not the default branch: a cache entry of that scope may have been written by a pull request's own workflow, a fork's, so no thread is read or kept here (comments on issues and pull requests, issue_comment, run on the default branch)`
    };
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const runUrl = env.GITHUB_RUN_ID
    ? `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID}`
    : undefined;
  const safe = repository.toLowerCase().replace(/[^a-z0-9._-]/g, '_');
  const notSaved = fork
    ? "a fork's pull request is reviewed as a stranger's: nothing of its run is kept"
    : !trusted
      ? 'the actor was let in without being a writer of the repository (allowed-users), so nothing of the run is kept for the next'
      : undefined;
  return {
    id: `${repository}#${number}`,
    keyPrefix: `hermes-thread-v1-${safe}-${number}-`,
    ...(runUrl && { runUrl }),
    saves: notSaved === undefined,
    ...(notSaved && { notSaved })
  };
}
