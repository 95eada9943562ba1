/**
 * A fresh directory anyone may write to. Where the tests run as root, the action runs Hermes (the
 * simulator) as its own unprivileged user (`isolation: auto`): the files the simulator is told to
 * write (argv records, run state) must go where that user may write, not in a 0700 mkdtemp.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function agentDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o777);
  return dir;
}
