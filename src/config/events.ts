import * as fs from 'node:fs';
/**
 * Events only people with write access to the repository can cause. The trigger gate lets them
 * through without a check, and only on them may the install cache be written: one list, so that the
 * two can never drift apart (a fork-triggerable event in one copy would let a stranger's run save a
 * cache entry). `workflow_call` is never seen: a called workflow gets its caller's event.
 */
export const WRITERS_ONLY_EVENTS: ReadonlySet<string> = new Set([
  'push',
  'schedule',
  'workflow_dispatch',
  'repository_dispatch',
  'merge_group'
]);

/** The event's payload as the runner wrote it (GITHUB_EVENT_PATH), or undefined where it cannot be read. */
export function eventPayload(env: NodeJS.ProcessEnv): unknown {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
