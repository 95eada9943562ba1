import * as fs from 'node:fs';
import { messageOf } from '../text/errors.js';
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

/** The event's payload as the runner wrote it, or why it cannot be read. */
export type EventPayload = { payload: unknown } | { unreadable: string };

/**
 * The event's payload (GITHUB_EVENT_PATH), read once per run by admission: the gate, the trigger
 * phrase, the fork-PR mode and where the comment and the review go all read this one value.
 */
export function readEventPayload(env: NodeJS.ProcessEnv): EventPayload {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) return { unreadable: 'GITHUB_EVENT_PATH is not set' };
  try {
    return { payload: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
  } catch (error) {
    return { unreadable: `the event payload ${file} cannot be read (${messageOf(error)})` };
  }
}

/** The payload itself, or undefined where it could not be read. */
export const payloadOf = (event: EventPayload): unknown =>
  'payload' in event ? event.payload : undefined;
