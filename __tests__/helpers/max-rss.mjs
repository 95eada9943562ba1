// Preloaded into a process under test (NODE_OPTIONS=--import): at its exit it writes its own peak
// RSS (KiB, the whole process with its worker threads) to $MAX_RSS_FILE. Only the main thread
// writes: a worker's exit comes first and would be overwritten.
//
// On Linux the peak is VmHWM of /proc/self/status: the high-water mark of this process image alone.
// getrusage's ru_maxrss (process.resourceUsage().maxRSS) keeps the highest RSS since the fork, the
// parent's pages counted in the child before its exec: spawned from a jest worker of 300 MB, a child of
// 40 MB reports 297 MB (and the 50 MB report "peaked" at 206 MB in the full suite, 120 MB alone).
import * as fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** This image's peak RSS in KiB: VmHWM where /proc has it, else ru_maxrss. */
function peakKib() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux: no /proc.
  }
  return process.resourceUsage().maxRSS;
}

const file = process.env.MAX_RSS_FILE;
if (isMainThread && file) process.on('exit', () => fs.writeFileSync(file, String(peakKib())));
