// Preloaded into a process under test (NODE_OPTIONS=--import): at its exit it writes its own peak
// RSS (process.resourceUsage().maxRSS, KiB, the whole process with its worker threads) to
// $MAX_RSS_FILE. Only the main thread writes: a worker's exit comes first and would be overwritten.
import * as fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.MAX_RSS_FILE;
if (isMainThread && file)
  process.on('exit', () => fs.writeFileSync(file, String(process.resourceUsage().maxRSS)));
