/**
 * The Actions cache client's own log lines kept out of the step's log: it writes a failing cache
 * service as `::warning::` and `::error::` commands, and an outage must cost the step one warning of
 * the action's own (the install's, the thread's), not an error annotation that reads as a failed job.
 */
import { messageOf } from '../text/errors.js';

/**
 * Runs fn with the cache client's `::warning::` and `::error::` lines taken out of the log and
 * returned: it reports a cache service answering 5xx as an error annotation, and a cache outage
 * must cost the step one warning (the action's own), not an error that reads as a failed job.
 */
export async function quietly<T>(fn: () => Promise<T>): Promise<{ value?: T; problems: string[] }> {
  const problems: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = function (chunk: unknown, ...rest: unknown[]): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : '';
    const command = /^::(?:warning|error)(?: [^:]*)?::([^\n]*)/.exec(text);
    if (!command) return write.apply(process.stdout, [chunk, ...rest] as never);
    // The pattern's one group takes part in every match.
    const [, said = ''] = command;
    problems.push(unescapeData(said.trim()));
    const callback = rest.find(r => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  } as typeof process.stdout.write;
  try {
    return { value: await fn(), problems };
  } catch (error) {
    problems.push(messageOf(error));
    return { problems };
  } finally {
    process.stdout.write = write;
  }
}

/** @actions/core's escaping of a command's message, undone. */
function unescapeData(text: string): string {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}
