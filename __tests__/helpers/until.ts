/**
 * Waiting on events, not on the clock: a condition becoming true, a line in a process's stdout. The
 * only limit is a generous outer one (a busy machine is slow, not 20 times slower), below jest's
 * testTimeout so that a wait that never ends fails with what it was waiting for.
 */
import type { ChildProcess } from 'node:child_process';

export const WAIT_LIMIT_MS = 90_000;
const POLL_MS = 25;

/** Resolves with check()'s first truthy value, checked every few milliseconds. */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false | '',
  limitMs = WAIT_LIMIT_MS
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await new Promise(resolve => setTimeout(resolve, POLL_MS));
  }
}

/** Resolves once the child's stdout has printed `text`; rejects if its stdout ends first. */
export function untilStdout(child: ChildProcess, text: string): Promise<void> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error('the child has no stdout pipe'));
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      // Only the tail can hold the start of `text`: the rest need not be kept.
      seen = (seen + chunk.toString('utf8')).slice(-(text.length + 64 * 1024));
      if (seen.includes(text)) {
        stdout.off('data', onData);
        stdout.off('end', onEnd);
        resolve();
      }
    };
    const onEnd = (): void => {
      stdout.off('data', onData);
      reject(new Error(`stdout ended without ${JSON.stringify(text)}`));
    };
    stdout.on('data', onData);
    stdout.once('end', onEnd);
  });
}
