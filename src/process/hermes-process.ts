/**
 * A running Hermes (see spawn.ts for why the action spawns with node:child_process): its own process
 * group, its stdout on a descriptor into the transcript (capture.ts), its stderr by line.
 */
import * as fs from 'node:fs';
import type { Readable } from 'node:stream';
import { captureStdout } from './capture.js';
import { LineSplitter } from './line-splitter.js';
import {
  PROCESS_LIMITS,
  commandSync,
  signalGroup,
  startChild,
  type AgentUser,
  type ChildProcess
} from './spawn.js';
import type { Redactor } from '../text/redact.js';
import { cutRedacted } from '../text/text.js';

/** The longest piece of a stderr line without end that is held before it is passed on. */
const STDERR_PIECE_CHARS = 8192;

export interface ProcessOptions {
  executable: string;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Run as the agent user; undefined: as the action's user. */
  as?: AgentUser;
  /** Hermes' stdout ends up in this file; onStdout gets its bytes as they land. */
  transcriptPath: string;
  onStdout(chunk: Buffer): void;
  onStderrLine(line: string): void;
  /** What a long stderr line is redacted with before it is cut into pieces. */
  redact: Redactor;
  /** Trouble keeping the transcript (the stream itself is still read). */
  onProblem(message: string): void;
  /**
   * Called once the process has exited, before the rest of its output is read: what it left
   * running is ended here (the isolation's sweep). The run is done only when this has resolved.
   */
  afterExit?(): Promise<void>;
  /** Default PROCESS_LIMITS.stderrLingerMs. */
  stderrLingerMs?: number;
}

export interface RunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when spawning failed (e.g. ENOENT); the process never ran. */
  spawnError?: Error;
}

/**
 * The system's kill by its full path: a `kill` the agent put on its PATH (a node_modules/.bin of
 * the workspace) would otherwise be what "stops" it.
 */
const SYSTEM_KILL = ['/usr/bin/kill', '/bin/kill'].find(file => fs.existsSync(file)) ?? '/bin/kill';

/**
 * A running Hermes. It gets its own process group, so that an interrupt or a kill reaches the
 * tools it started as well, the way Ctrl-C in a terminal does.
 */
export class HermesProcess {
  readonly done: Promise<RunResult>;
  private readonly pid: number | undefined;
  private readonly as: AgentUser | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private exited = false;
  private processExited = false;

  constructor(options: ProcessOptions) {
    this.as = options.as;
    this.env = options.env;
    // stdout goes to the transcript (see capture.ts) and is read as it lands.
    const capture = captureStdout(options.transcriptPath, options.onStdout, options.onProblem);
    let child: ChildProcess;
    try {
      child = startChild(options.executable, options.argv, {
        cwd: options.cwd,
        env: options.env,
        as: options.as,
        // Only this descriptor of the action's is handed on: the agent writes its stdout, nothing else.
        stdio: ['ignore', capture.fd, 'pipe'],
        detached: true
      });
    } catch (error) {
      // Thrown, not emitted (E2BIG for an argument list too long, say): nothing is left open.
      capture.close();
      throw error;
    }
    capture.spawned();
    this.pid = child.pid;
    const stderr = child.stderr as Readable; // a pipe, as asked for above
    // A stderr "line" without end stays bounded: redacted, then cut (at a blank where it can be), never
    // in the end that has just arrived, where a secret may still be coming in.
    const lines = new LineSplitter(options.onStderrLine, STDERR_PIECE_CHARS, (text, max) =>
      cutRedacted(text, options.redact, max)
    );
    stderr.setEncoding('utf8');
    stderr.on('data', (text: string) => {
      // The transcript first: the log keeps the order in which Hermes wrote to its two outputs.
      capture.catchUp();
      lines.push(text);
    });
    let swept: Promise<void> = Promise.resolve();
    this.done = new Promise(resolve => {
      child.once('error', error => {
        this.exited = true;
        capture.close();
        resolve({ exitCode: null, signal: null, spawnError: error });
      });
      // A tool Hermes left running may hold stderr open: after Hermes exits, wait a little, then stop reading.
      child.once('exit', () => {
        // Hermes is gone: no timeout can strike while stderr drains (its group can still be signalled).
        this.processExited = true;
        if (options.afterExit) swept = options.afterExit();
        setTimeout(
          () => stderr.destroy(),
          options.stderrLingerMs ?? PROCESS_LIMITS.stderrLingerMs
        ).unref();
      });
      // 'close' comes after the exit and the end of stderr; the transcript is then read to its end.
      child.once('close', (exitCode, signal) => {
        void swept.then(() => {
          this.exited = true;
          capture.close();
          lines.flush();
          resolve({ exitCode, signal });
        });
      });
    });
  }

  get running(): boolean {
    return !this.processExited;
  }

  /** Sends a signal to Hermes' whole process group; false when it has already gone. */
  signal(signal: NodeJS.Signals): boolean {
    if (this.exited || this.pid === undefined) return false;
    if (this.as?.via === 'sudo') {
      // Not root: the agent user signals its own processes, all of them (sudo may not share its group).
      // `-INT -- -1`: procps' kill refuses `-s INT -- -1` (a usage error, nothing signalled).
      const sent = commandSync(SYSTEM_KILL, [`-${signal.replace(/^SIG/, '')}`, '--', '-1'], {
        env: this.env,
        as: this.as,
        timeoutMs: 10_000
      });
      return sent.status === 0;
    }
    return signalGroup(this.pid, signal);
  }
}
