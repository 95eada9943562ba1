/** Waiting for a started action's Hermes to begin its turn. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { startAction } from '../../scripts/local-runner.mjs';
import { until } from './until.js';

/** Resolves with the transcript's path once Hermes has written its init event. */
export function untilTurnStarted(started: ReturnType<typeof startAction>): Promise<string> {
  return until('the turn never started', () => {
    const dirs = fs.existsSync(started.files.temp) ? fs.readdirSync(started.files.temp) : [];
    const file = dirs
      .map(d => path.join(started.files.temp, d, 'run.jsonl'))
      .find(f => fs.existsSync(f));
    return file && fs.readFileSync(file, 'utf8').includes('"init"') ? file : undefined;
  });
}
