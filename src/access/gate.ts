/**
 * Who may start the agent. On events that someone without write access can cause (a comment, an
 * issue, a pull request from a fork, the run a fork's pull request caused…), the actor's permission
 * on the repository is read from the REST API: admin, maintain and write pass; anyone else only when
 * listed in allowed-users (bots: allowed-bots, by name). Fail closed: a permission or an event payload
 * that cannot be read refuses.
 */
import type { request } from '../http/fetch.js';
import { githubCall } from '../http/github.js';
import { WRITERS_ONLY_EVENTS, type EventPayload } from '../config/events.js';
import { Input } from '../config/inputs.js';

/** Events whose payload is a pull request: a bot acting on one is only as trusted as the pull request. */
export const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment'
]);

const WRITE_ROLES = new Set(['admin', 'maintain', 'write']);

export interface GateLimits {
  /** How long one permission check may take, retry included. */
  timeoutMs: number;
  /** The wait before the check's second try. */
  retryDelayMs: number;
}

export const GATE_LIMITS: Readonly<GateLimits> = Object.freeze({
  timeoutMs: 10_000,
  retryDelayMs: 1000
});

/** What the gate reaches out with: the REST call and its limits (tests give their own). */
export interface GatePorts {
  request?: typeof request;
  limits?: GateLimits;
}

export interface GateSettings {
  /** `github-token`: read the actor's permission with it. */
  token: string;
  /** Logins, lower-cased; `*` for anyone. */
  allowedUsers: string[];
  /** Bot logins, lower-cased; never a wildcard (the settings refuse one). */
  allowedBots: string[];
}

/** Where a pull request's or a workflow run's head commit came from, as the event payload says. */
export interface Head {
  /** `repository.fork`, or a head repository that is gone (a deleted fork). */
  fork: boolean;
  fullName?: string;
}

/** What the gate needs from the event payload (GITHUB_EVENT_PATH). */
export interface EventFacts {
  /** `workflow_run.head_repository`; null when the payload has none. */
  workflowRunHead?: Head | null;
  /** `pull_request.head.repo` and `pull_request.user.login`. */
  pullRequest?: { head: Head | null; author?: string };
  /** `issue.user.login`, and whether the issue is a pull request (`issue.pull_request`). */
  issue?: { pullRequest: boolean; author?: string };
}

export interface Trigger {
  event?: string;
  /** GITHUB_ACTOR: whose event it is. A re-run keeps it, and runs with their privileges. */
  actor?: string;
  /** GITHUB_TRIGGERING_ACTOR when it differs from the actor: who re-ran the run. */
  rerunBy?: string;
  repository?: string;
  apiUrl: string;
  /** On a GitHub Actions runner (GITHUB_ACTIONS=true). */
  onRunner: boolean;
  /** The event payload's facts, or why they could not be read. */
  facts: EventFacts | { unreadable: string };
}

/** What the gate decided, in words for the summary (`why`) or the failure (`message`). */
export type Admission =
  | {
      allowed: true;
      actor?: string;
      event?: string;
      why: string;
      /** Let in as a writer of the repository (its permission, or an event only writers cause), not by a list. */
      writer?: true;
    }
  | { allowed: false; actor?: string; event?: string; message: string };

/** Who caused the event and what its payload says of forks and authors; `event` read once by admission. */
export function triggerOf(env: NodeJS.ProcessEnv, event: EventPayload): Trigger {
  const actor = env.GITHUB_ACTOR || undefined;
  const triggering = env.GITHUB_TRIGGERING_ACTOR || undefined;
  return {
    event: env.GITHUB_EVENT_NAME || undefined,
    actor: actor ?? triggering,
    rerunBy:
      actor && triggering && actor.toLowerCase() !== triggering.toLowerCase()
        ? triggering
        : undefined,
    repository: env.GITHUB_REPOSITORY || undefined,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    onRunner: env.GITHUB_ACTIONS === 'true',
    facts: eventFactsOf(event)
  };
}

/** The fork and author fields of the payload the runner wrote; anything else in it is ignored. */
function eventFactsOf(event: EventPayload): Trigger['facts'] {
  if ('unreadable' in event) return event;
  const { payload } = event;
  const at = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[key]
      : undefined;
  const head = (repo: unknown): Head | null =>
    typeof repo === 'object' && repo !== null
      ? {
          fork: at(repo, 'fork') !== false,
          fullName:
            typeof at(repo, 'full_name') === 'string'
              ? (at(repo, 'full_name') as string)
              : undefined
        }
      : null;
  const facts: EventFacts = {};
  const workflowRun = at(payload, 'workflow_run');
  if (workflowRun !== undefined) facts.workflowRunHead = head(at(workflowRun, 'head_repository'));
  const pr = at(payload, 'pull_request');
  if (pr !== undefined) {
    const author = at(at(pr, 'user'), 'login');
    facts.pullRequest = {
      head: head(at(at(pr, 'head'), 'repo')),
      author: typeof author === 'string' ? author : undefined
    };
  }
  const issue = at(payload, 'issue');
  const opener = at(at(issue, 'user'), 'login');
  if (issue !== undefined)
    facts.issue = {
      pullRequest: at(issue, 'pull_request') !== undefined,
      author: typeof opener === 'string' ? opener : undefined
    };
  return facts;
}

/** Whether admit() checks this event's actor: content from people without write access can reach the prompt. */
export function gated(trigger: Trigger): boolean {
  if (!trigger.event) return trigger.onRunner;
  return !WRITERS_ONLY_EVENTS.has(trigger.event);
}

/** A permission as the API gave it, a stranger (404), or why it could not be read. */
type Permission =
  | { kind: 'role'; permission: string; role?: string }
  | { kind: 'stranger' }
  | { kind: 'unknown'; why: string };

/** One login's check: why it passed, or the sentence that refuses it. */
type Check = { ok: true; why: string; writer?: true } | { ok: false; message: string };

export async function admit(
  trigger: Trigger,
  settings: GateSettings,
  ports: GatePorts = {}
): Promise<Admission> {
  const { event, actor, rerunBy } = trigger;
  if (!event && !trigger.onRunner)
    return {
      allowed: true,
      why: 'not on a GitHub Actions runner (no GITHUB_EVENT_NAME): no check'
    };
  if (event && WRITERS_ONLY_EVENTS.has(event))
    return {
      allowed: true,
      actor,
      event,
      why: `${event} events need no check: only people with write access cause them`,
      writer: true
    };
  const what = event ? `the ${event} event` : 'an event the runner did not name';
  if (!actor)
    return {
      allowed: false,
      event,
      message: `Nobody is named as the actor of ${what} (GITHUB_ACTOR and GITHUB_TRIGGERING_ACTOR are empty), so the agent does not start.`
    };
  const refuse = (message: string): Admission => ({ allowed: false, actor, event, message });
  // A re-run runs as the event's actor again: whoever clicks it, the same refusal stands.
  const rerunNote = rerunBy
    ? ` A re-run does not help: ${rerunBy} re-ran it, but a re-run keeps the privileges of ${actor}, whose event it is.`
    : '';
  const bot = isBot(actor);
  const whys: string[] = [];
  let writer = true;

  const fork = event === 'workflow_run' ? workflowRunFork(trigger) : undefined;
  if (typeof fork === 'string')
    return refuse(
      `${actor} triggered ${what}, and whether the run comes from a fork is unknown (${fork}), so the agent does not start.${rerunNote}`
    );
  if (fork) {
    // A fork's run carries the fork's code and outputs: write access to the base is not enough.
    if (bot || !settings.allowedUsers.includes(actor.toLowerCase()))
      return refuse(
        `${actor} triggered ${what} for a run of ${fork.fullName ?? 'a deleted fork'}, a fork of ${trigger.repository}; a fork's run starts the agent only for an actor listed by name in "${Input.AllowedUsers}" ("*" does not count${bot ? ', and a bot never does' : ''}), so the agent does not start${bot ? '' : `; add "${actor}" to "${Input.AllowedUsers}" to let them start it`}.${rerunNote}`
      );
    whys.push(
      `listed by name in "${Input.AllowedUsers}" for a run of the fork ${fork.fullName ?? ''}`.trim()
    );
    writer = false;
  } else {
    const own = await check(trigger, settings, ports, actor, `triggered ${what}`);
    if (!own.ok) return refuse(own.message + rerunNote);
    whys.push(own.why);
    writer &&= own.writer === true;
  }
  if (rerunBy) {
    const rerun = await check(trigger, settings, ports, rerunBy, `re-ran the run of ${what}`);
    if (!rerun.ok) return refuse(rerun.message);
    whys.push(`re-run by ${rerunBy}: ${rerun.why}`);
    writer &&= rerun.writer === true;
  }

  if (bot && event && PULL_REQUEST_EVENTS.has(event)) {
    const pr = trigger.facts;
    const facts = 'unreadable' in pr ? undefined : pr.pullRequest;
    if (!facts)
      return refuse(
        `${actor} triggered ${what}, and the pull request it acts on is unknown (${'unreadable' in pr ? pr.unreadable : 'the event payload has no pull_request'}), so the agent does not start.`
      );
    if (!facts.head || facts.head.fork || !sameRepository(facts.head.fullName, trigger.repository))
      return refuse(
        `${actor} triggered ${what} on a pull request from ${facts.head?.fullName ?? 'a deleted fork'}, a fork of ${trigger.repository}; a bot acting on a fork's pull request never starts the agent, whoever lists it, because the fork's owner controls what it acts on.`
      );
    const author = facts.author;
    if (!author)
      return refuse(
        `${actor} triggered ${what} on a pull request whose author the event payload does not name, so the agent does not start.`
      );
    if (author.toLowerCase() !== actor.toLowerCase()) {
      const opened = await check(
        trigger,
        settings,
        ports,
        author,
        `opened the pull request ${actor} acted on`
      );
      if (!opened.ok)
        return refuse(
          `${opened.message} A bot is only as trusted as the pull request it acts on, so ${actor} does not start the agent there.`
        );
      whys.push(`the pull request's author ${author}: ${opened.why}`);
      writer &&= opened.writer === true;
    }
  }
  return {
    allowed: true,
    actor,
    event,
    why: whys.join('; '),
    ...(writer && { writer: true as const })
  };
}

/** Whether login may start the agent on its own: listed, or write access on the repository. */
async function check(
  trigger: Trigger,
  settings: GateSettings,
  ports: GatePorts,
  login: string,
  did: string
): Promise<Check> {
  const bot = isBot(login);
  const input = bot ? Input.AllowedBots : Input.AllowedUsers;
  const listed = bot ? settings.allowedBots : settings.allowedUsers;
  if (!bot && listed.includes('*')) return { ok: true, why: `"${input}" is "*" (anyone)` };
  if (listed.includes(login.toLowerCase())) return { ok: true, why: `listed in "${input}"` };

  const found = await readPermission(trigger, login, settings.token, ports);
  if (
    found.kind === 'role' &&
    (WRITE_ROLES.has(found.permission) || WRITE_ROLES.has(found.role ?? ''))
  )
    return {
      ok: true,
      why: `${found.role && WRITE_ROLES.has(found.role) ? found.role : found.permission} permission on ${trigger.repository}`,
      writer: true
    };
  const letIn = `add "${login}" to "${input}" to let ${bot ? 'this bot' : 'them'} start it`;
  if (found.kind === 'unknown')
    return {
      ok: false,
      message: `${login} ${did}, and their permission on ${trigger.repository ?? 'the repository'} could not be read (${found.why}), so the agent does not start; fix that, or ${letIn}.`
    };
  const has =
    found.kind === 'stranger'
      ? 'is not a collaborator'
      : `has ${found.role ?? found.permission} permission`;
  return {
    ok: false,
    message: `${login} ${did} but ${has} on ${trigger.repository}, and only people with write access start the agent; ${letIn}.`
  };
}

function isBot(login: string): boolean {
  return login.toLowerCase().endsWith('[bot]');
}

function sameRepository(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}

/** workflow_run: the head repository when it is a fork (or names another repository), undefined when not, or why that is unknown. */
function workflowRunFork(trigger: Trigger): Head | undefined | string {
  const facts = trigger.facts;
  if ('unreadable' in facts) return facts.unreadable;
  const head = facts.workflowRunHead;
  if (head === undefined) return 'the event payload has no workflow_run';
  if (head === null) return { fork: true };
  return head.fork || !sameRepository(head.fullName, trigger.repository) ? head : undefined;
}

/** GET /repos/{owner}/{repo}/collaborators/{login}/permission, retried once on a 5xx or a network failure. */
async function readPermission(
  trigger: Trigger,
  actor: string,
  token: string,
  { request: send, limits = GATE_LIMITS }: GatePorts
): Promise<Permission> {
  const unknown = (why: string): Permission => ({ kind: 'unknown', why });
  if (!trigger.repository) return unknown('GITHUB_REPOSITORY is not set');
  if (!token) return unknown(`"${Input.GithubToken}" is empty`);
  const url = `${trigger.apiUrl}/repos/${trigger.repository}/collaborators/${encodeURIComponent(actor)}/permission`;
  const got = await githubCall(
    {
      token,
      request: send,
      retry: { tries: 2, backoffMs: limits.retryDelayMs },
      totalMs: limits.timeoutMs
    },
    'GET',
    url
  );
  if (!got.ok) {
    if (got.status === 404) return { kind: 'stranger' };
    // The second failure in a row is the last: said so.
    const twice = (got.tries ?? 1) > 1 && !got.timedOut ? ', twice' : '';
    const hint =
      got.status === 401 || got.status === 403
        ? `; "${Input.GithubToken}" needs to read the repository's collaborators`
        : '';
    return unknown(`${got.why}${twice}${hint}`);
  }
  const answer = got.value.json as { permission?: unknown; role_name?: unknown } | undefined;
  if (typeof answer?.permission !== 'string')
    return unknown('the GitHub API answered without a permission');
  const role = answer.role_name;
  return {
    kind: 'role',
    permission: answer.permission,
    role: typeof role === 'string' ? role : undefined
  };
}
