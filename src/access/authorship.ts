/**
 * Whose files the checkout may hold. On a pull request written by someone other than the actor, or
 * from a fork (or a comment on such a pull request, or the run a fork's head caused), the head a
 * workflow checks out is theirs, and so are the rules and skills Hermes reads from it (AGENTS.md,
 * SOUL.md, .cursorrules, the repository's skills): the stranger would write the agent's instructions.
 */
import { PULL_REQUEST_EVENTS, type Head, type Trigger } from './gate.js';

/** Why the checkout may hold files someone other than the actor wrote; undefined when it cannot. */
export function foreignCheckout({ event, actor, repository, facts }: Trigger): string | undefined {
  const pullRequest = event !== undefined && PULL_REQUEST_EVENTS.has(event);
  if (!pullRequest && event !== 'issue_comment' && event !== 'workflow_run') return undefined;
  // Fail closed: a payload that cannot be read may hide anyone's pull request.
  if ('unreadable' in facts) return facts.unreadable;
  const other = (author?: string): boolean =>
    !author || !actor || author.toLowerCase() !== actor.toLowerCase();
  if (pullRequest) {
    const pr = facts.pullRequest;
    if (!pr) return 'the event payload names no pull request';
    if (fromFork(pr.head, repository))
      return `the pull request comes from ${pr.head?.fullName ?? 'a deleted fork'}, a fork`;
    if (other(pr.author))
      return `the pull request was written by ${pr.author ?? 'someone the event payload does not name'}`;
    return undefined;
  }
  if (event === 'issue_comment') {
    const issue = facts.issue;
    if (!issue?.pullRequest || !other(issue.author)) return undefined;
    return `the pull request commented on was written by ${issue.author ?? 'someone the event payload does not name'}`;
  }
  const head = facts.workflowRunHead;
  return head && fromFork(head, repository)
    ? `the run's head comes from ${head.fullName ?? 'a deleted fork'}, a fork`
    : undefined;
}

function fromFork(head: Head | null, repository: string | undefined): boolean {
  return (
    !head ||
    head.fork ||
    (head.fullName !== undefined && head.fullName.toLowerCase() !== repository?.toLowerCase())
  );
}
