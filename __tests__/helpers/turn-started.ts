/** Waiting for a started action's Hermes to begin its turn. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { startAction } from '../../scripts/local-runner.mjs';

/** Resolves with the transcript's path once Hermes has written its init event (15 s at most). */
export async function untilTurnStarted(started: ReturnType<typeof startAction>): Promise<string> {
  const t0 = Date.now();
  for (;;) {
    const dirs = fs.existsSync(started.files.temp) ? fs.readdirSync(started.files.temp) : [];
    const file = dirs
      .map(d => path.join(started.files.temp, d, 'run.jsonl'))
      .find(f => fs.existsSync(f));
    if (file && fs.readFileSync(file, 'utf8').includes('"init"')) return file;
    if (Date.now() - t0 > 15_000) throw new Error('the turn never started');
    await new Promise(resolve => setTimeout(resolve, 25));
  }
}
