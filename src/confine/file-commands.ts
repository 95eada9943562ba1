/**
 * The runner's file commands belong to the action. The runner reads five files after the step
 * (later steps' environment and PATH, the step's outputs, its state and its summary); one `echo >>`
 * from the agent into any of them would outlive the step (`LD_PRELOAD` for every later step, an
 * output the workflow interpolates into `run:`, raw HTML in the summary). Their variables never reach
 * the processes the action starts, and after the turn each file is put back as it was before the
 * agent ran, so that only what the action writes afterwards stands.
 */
import * as fs from 'node:fs';
import { FILE_COMMANDS } from '../process/environment.js';

export interface FileCommands {
  /** Puts every file back as it was at the snapshot, a link or another file in its place removed. */
  restore(): void;
}

/** What each file-command file holds now (read before anything the action starts can write it). */
export function snapshotFileCommands(env: NodeJS.ProcessEnv = process.env): FileCommands {
  const saved: { file: string; content: Buffer }[] = [];
  for (const name of FILE_COMMANDS) {
    const file = env[name];
    if (!file) continue;
    saved.push({ file, content: readRegular(file) });
  }
  return {
    restore() {
      for (const { file, content } of saved) {
        // Removed and made anew: a link planted in its place must not send the writes elsewhere.
        fs.rmSync(file, { force: true });
        fs.writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
      }
    }
  };
}

/** The file's bytes; nothing when it is missing or is not a regular file. */
function readRegular(file: string): Buffer {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? fs.readFileSync(file) : Buffer.alloc(0);
}
