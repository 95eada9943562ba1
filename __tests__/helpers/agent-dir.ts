/**
 * A fresh directory anyone may write to. Where the tests run as root, the action runs Hermes (the
 * simulator) as its own unprivileged user (`isolation: auto`): the files the simulator is told to
 * write (argv records, run state) must go where that user may write, not in a 0700 mkdtemp, and
 * outside the shared temp folders, whose files of the agent's are swept when its run ends.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Removed by global-teardown. */
export const AGENT_DIRS = path.join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'hermes-agent-dirs'
);

export function agentDir(prefix: string): string {
  fs.mkdirSync(AGENT_DIRS, { recursive: true, mode: 0o755 });
  const dir = fs.mkdtempSync(path.join(AGENT_DIRS, prefix));
  fs.chmodSync(dir, 0o777);
  return dir;
}
