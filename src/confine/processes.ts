/** The agent user's processes, as /proc shows them: what the sweep waits for. */
import * as fs from 'node:fs';

/** The pids of the user's live processes (zombies are already dead), from /proc. */
export function processesOf(uid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
    } catch {
      continue;
    }
    const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (
      uids &&
      (Number(uids[1]) === uid || Number(uids[2]) === uid) &&
      state !== 'Z' &&
      state !== 'X'
    )
      pids.push(Number(entry));
  }
  return pids;
}
