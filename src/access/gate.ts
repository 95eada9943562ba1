/**
 * Who may start the agent. On events that someone without write access can cause (a comment, an
 * issue, a pull request from a fork…), the triggering actor's permission on the repository is read
 * from the REST API: admin, maintain and write pass; anyone else only when listed in allowed-users
 * (bots: allowed-bots). Fail closed: a permission that cannot be read refuses.
 */
import { request, type Response } from '../http/fetch.js';
import { Input } from '../config/inputs.js';

/** Events only people with write access can cause: no check. */
const WRITERS_ONLY = new Set([
  'push',
  'schedule',
  'workflow_dispatch',
  'workflow_call',
  'workflow_run',
  'repository_dispatch',
  'merge_group'
]);

const WRITE_ROLES = new Set(['admin', 'maintain', 'write']);

/** How long the whole permission check may take, retry included. */
export const GATE_TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 1000;

export interface GateSettings {
  /** `github-token`: read the actor's permission with it. */
  token: string;
  /** Logins, lower-cased; `*` for anyone. */
  allowedUsers: string[];
  allowedBots: string[];
}

export interface Trigger {
  event?: string;
  actor?: string;
  repository?: string;
  apiUrl: string;
  /** On a GitHub Actions runner (GITHUB_ACTIONS=true). */
  onRunner: boolean;
}

/** What the gate decided, in words for the summary (`why`) or the failure (`message`). */
export type Admission =
  | { allowed: true; actor?: string; event?: string; why: string }
  | { allowed: false; actor?: string; event?: string; message: string };

export function triggerOf(env: NodeJS.ProcessEnv): Trigger {
  return {
    event: env.GITHUB_EVENT_NAME || undefined,
    actor: env.GITHUB_TRIGGERING_ACTOR || env.GITHUB_ACTOR || undefined,
    repository: env.GITHUB_REPOSITORY || undefined,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    onRunner: env.GITHUB_ACTIONS === 'true'
  };
}

/** Whether admit() checks this event's actor: content from people without write access can reach the prompt. */
export function gated(trigger: Trigger): boolean {
  if (!trigger.event) return trigger.onRunner;
  return !WRITERS_ONLY.has(trigger.event);
}

/** A permission as the API gave it, a stranger (404), or why it could not be read. */
type Permission =
  | { kind: 'role'; permission: string; role?: string }
  | { kind: 'stranger' }
  | { kind: 'unknown'; why: string };

export async function admit(trigger: Trigger, settings: GateSettings): Promise<Admission> {
  const { event, actor } = trigger;
  if (!event && !trigger.onRunner)
    return {
      allowed: true,
      why: 'not on a GitHub Actions runner (no GITHUB_EVENT_NAME): no check'
    };
  if (event && WRITERS_ONLY.has(event))
    return {
      allowed: true,
      actor,
      event,
      why: `${event} events need no check: only people with write access cause them`
    };
  const what = event ? `the ${event} event` : 'an event the runner did not name';
  if (!actor)
    return {
      allowed: false,
      event,
      message: `Nobody is named as the actor of ${what} (GITHUB_TRIGGERING_ACTOR and GITHUB_ACTOR are empty), so the agent does not start.`
    };
  const bot = actor.toLowerCase().endsWith('[bot]');
  const input = bot ? Input.AllowedBots : Input.AllowedUsers;
  const listed = bot ? settings.allowedBots : settings.allowedUsers;
  if (listed.includes('*'))
    return { allowed: true, actor, event, why: `"${input}" is "*" (anyone)` };
  if (listed.includes(actor.toLowerCase()))
    return { allowed: true, actor, event, why: `listed in "${input}"` };

  const found = await readPermission(trigger, actor, settings.token);
  if (
    found.kind === 'role' &&
    (WRITE_ROLES.has(found.permission) || WRITE_ROLES.has(found.role ?? ''))
  )
    return {
      allowed: true,
      actor,
      event,
      why: `${found.role && WRITE_ROLES.has(found.role) ? found.role : found.permission} permission on ${trigger.repository}`
    };
  const letIn = `add "${actor}" to "${input}" to let ${bot ? 'this bot' : 'them'} start it`;
  if (found.kind === 'unknown')
    return {
      allowed: false,
      actor,
      event,
      message: `${actor} triggered ${what}, and their permission on ${trigger.repository ?? 'the repository'} could not be read (${found.why}), so the agent does not start; fix that, or ${letIn}.`
    };
  const has =
    found.kind === 'stranger'
      ? 'is not a collaborator'
      : `has ${found.role ?? found.permission} permission`;
  return {
    allowed: false,
    actor,
    event,
    message: `${actor} triggered ${what} but ${has} on ${trigger.repository}, and only people with write access start the agent; ${letIn}.`
  };
}

/** GET /repos/{owner}/{repo}/collaborators/{login}/permission, retried once on a 5xx or a network failure. */
async function readPermission(trigger: Trigger, actor: string, token: string): Promise<Permission> {
  if (!trigger.repository) return { kind: 'unknown', why: 'GITHUB_REPOSITORY is not set' };
  if (!token) return { kind: 'unknown', why: `"${Input.GithubToken}" is empty` };
  const url = `${trigger.apiUrl}/repos/${trigger.repository}/collaborators/${encodeURIComponent(actor)}/permission`;
  const signal = AbortSignal.timeout(GATE_TIMEOUT_MS);
  let last = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (attempt > 1) await new Promise(resolve => setTimeout(resolve, RETRY_DELAY_MS));
    let response: Response;
    try {
      response = await request(url, {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/vnd.github+json',
          'X-GitHub-Api-Version': '2022-11-28',
          'User-Agent': 'hermes-action'
        },
        signal,
        redirect: 'error'
      });
    } catch (error) {
      if (signal.aborted)
        return {
          kind: 'unknown',
          why: `the GitHub API did not answer within ${GATE_TIMEOUT_MS / 1000} s`
        };
      const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
      last = `the GitHub API could not be reached: ${cause?.message ?? String(error)}`;
      continue;
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'stranger' };
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      last = `the GitHub API answered HTTP ${response.status}`;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const hint =
        response.status === 401 || response.status === 403
          ? `; "${Input.GithubToken}" needs to read the repository's collaborators`
          : '';
      return { kind: 'unknown', why: `the GitHub API answered HTTP ${response.status}${hint}` };
    }
    const body: unknown = await response.json().catch(() => undefined);
    const permission = (body as { permission?: unknown } | undefined)?.permission;
    const role = (body as { role_name?: unknown } | undefined)?.role_name;
    if (typeof permission !== 'string')
      return { kind: 'unknown', why: 'the GitHub API answered without a permission' };
    return { kind: 'role', permission, role: typeof role === 'string' ? role : undefined };
  }
  return { kind: 'unknown', why: `${last}, twice` };
}
