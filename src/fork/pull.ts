/**
 * `fork-prs: review`: the pull request a stranger's fork opened, as the event payload the runner wrote
 * says it. Only what the review needs is read, each field checked for its shape: the commits as full
 * SHAs (fetched by them, never by a branch name), the number as a positive integer; the texts the
 * stranger wrote (title, body, branch) are kept as data for the prompt, never used as anything else.
 */
import type { EventPayload } from '../config/events.js';

/** The events the mode reviews: the pull request's own (`pull_request_target`, `pull_request`). */
export const FORK_REVIEW_EVENTS: ReadonlySet<string> = new Set([
  'pull_request_target',
  'pull_request'
]);

export interface ForkPull {
  number: number;
  /** `pull_request.head.sha`: the commit reviewed, exactly. */
  headSha: string;
  /** `pull_request.base.sha`: what `git diff` compares the head with. */
  baseSha: string;
  /** The fork (`head.repo.full_name`); undefined when the fork was deleted. */
  fork?: string;
  /** What the stranger wrote: data for the prompt only. */
  title: string;
  body: string;
  branch: string;
  author?: string;
}

/** A commit named by its full SHA-1 or SHA-256 hex: nothing else is fetched. */
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The event's pull request when the mode applies to it (a pull request event whose head is a fork's
 * or another repository's); undefined when it does not; why, when the payload cannot say.
 */
export function forkPullOf(
  event: string | undefined,
  read: EventPayload,
  repository: string | undefined
): ForkPull | undefined | { unreadable: string } {
  if (!event || !FORK_REVIEW_EVENTS.has(event)) return undefined;
  if ('unreadable' in read) return read;
  const { payload } = read;
  const pr = field(payload, 'pull_request');
  if (pr === undefined) return { unreadable: 'the event payload has no pull_request' };
  const head = field(pr, 'head');
  const repo = field(head, 'repo');
  const fork = text(field(repo, 'full_name'));
  const fromFork =
    repo === null ||
    typeof repo !== 'object' ||
    field(repo, 'fork') !== false ||
    fork?.toLowerCase() !== repository?.toLowerCase();
  if (!fromFork) return undefined;
  const number = field(pr, 'number');
  const headSha = text(field(head, 'sha'));
  const baseSha = text(field(field(pr, 'base'), 'sha'));
  if (!Number.isSafeInteger(number) || (number as number) < 1)
    return { unreadable: 'the event payload names no pull request number' };
  if (!headSha || !SHA.test(headSha))
    return { unreadable: 'the event payload names no head commit as a full SHA' };
  if (!baseSha || !SHA.test(baseSha))
    return { unreadable: 'the event payload names no base commit as a full SHA' };
  return {
    number: number as number,
    headSha,
    baseSha,
    ...(fork !== undefined && { fork }),
    title: text(field(pr, 'title')) ?? '',
    body: text(field(pr, 'body')) ?? '',
    branch: text(field(head, 'ref')) ?? '',
    ...(text(field(field(pr, 'user'), 'login')) !== undefined && {
      author: text(field(field(pr, 'user'), 'login'))
    })
  };
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
