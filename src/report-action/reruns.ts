/**
 * Re-runs: after "Re-run failed jobs" a run holds each re-run leg's transcripts of every attempt (the
 * earlier ones are never deleted). The main action names a re-run's artifact `<name>.run-attempt-N`
 * (GITHUB_RUN_ATTEMPT, from 2 on): a leg is its name less that tag, and its newest attempt counts.
 */
import { RUN_ATTEMPT_TAG } from '../publish/artifact.js';
import { present } from '../text/errors.js';

const TAGGED = new RegExp(`${RUN_ATTEMPT_TAG.replace('.', '\\.')}([1-9][0-9]{0,5})$`);

/** A transcript left out because a newer attempt of its leg is counted. */
export interface SetAside {
  /** The leg, less the tag. */
  leg: string;
  attempt: number;
  /** The attempt counted instead. */
  counted: number;
}

/** The leg and the run attempt a leg name (without `.jsonl`) says. */
export function rerunOf(name: string): { leg: string; attempt: number } {
  const tagged = TAGGED.exec(name);
  return tagged
    ? { leg: name.slice(0, tagged.index), attempt: Number(tagged[1]) }
    : { leg: name, attempt: 1 };
}

/** Each leg's newest attempt, in the given order, and the attempts set aside (by leg, then attempt). */
export function newestAttempts<T>(
  items: T[],
  nameOf: (item: T) => string
): { counted: T[]; setAside: SetAside[] } {
  const newest = new Map<string, number>();
  for (const item of items) {
    const { leg, attempt } = rerunOf(nameOf(item));
    newest.set(leg, Math.max(attempt, newest.get(leg) ?? 0));
  }
  const counted: T[] = [];
  const setAside: SetAside[] = [];
  for (const item of items) {
    const { leg, attempt } = rerunOf(nameOf(item));
    const latest = present(newest.get(leg), `the newest attempt of ${leg}`);
    if (attempt === latest) counted.push(item);
    else setAside.push({ leg, attempt, counted: latest });
  }
  setAside.sort((a, b) => a.leg.localeCompare(b.leg) || a.attempt - b.attempt);
  return { counted, setAside };
}
