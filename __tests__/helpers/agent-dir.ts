/**
 * A fresh directory anyone may write to. Where the tests run as root, the action runs Hermes (the
 * simulator) as its own unprivileged user (`isolation: auto`): the files the simulator is told to
 * write (argv records, run state) must go where that user may write, not in a 0700 mkdtemp, and
 * outside the shared temp folders, whose files of the agent's are swept when its run ends.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENT_DIRS } from '../../scripts/agent-dirs.mjs';

export { AGENT_DIRS };

export function agentDir(prefix: string): string {
  fs.mkdirSync(AGENT_DIRS, { recursive: true, mode: 0o755 });
  const dir = fs.mkdtempSync(path.join(AGENT_DIRS, prefix));
  fs.chmodSync(dir, 0o777);
  return dir;
}
