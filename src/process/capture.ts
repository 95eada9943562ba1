/**
 * Hermes' stdout: where it goes and how the action reads it.
 *
 * Where the system can make one, stdout is a named pipe (FIFO) that the action drains into the
 * transcript file. Hermes then pays for a pipe write per event, close to what writing to /dev/null
 * costs it, and the file gets one large write per drain instead of one small write per event. The
 * pipe is read by polling, not by waiting on it: a reader waiting on a pipe is woken by every write,
 * and those wake-ups cost Hermes more than the write. Node's own 'pipe' stdio is a UNIX socket,
 * which holds only a few hundred small writes before it blocks the writer, so it is not used.
 *
 * Where no FIFO can be made (no `mkfifo`), stdout is the transcript file itself, read as it grows.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { READ_BYTES } from '../turn/lines.js';
import { childEnv } from './environment.js';
import { commandSync } from './spawn.js';
import { openTranscript } from '../config/paths.js';

export interface Capture {
  /** The descriptor to give Hermes as its stdout; the action's copy is closed by spawned(). */
  readonly fd: number;
  /** Call once Hermes has been spawned (or failed to be): reading begins. */
  spawned(): void;
  /** Reads what has arrived so far, now: what Hermes wrote before a stderr line is logged before it. */
  catchUp(): void;
  /** Reads what is left, then stops; the transcript file is complete afterwards. Idempotent. */
  close(): void;
}

/**
 * onChunk gets views into one reused buffer: it must be done with each before it returns.
 * onProblem hears of a transcript that could not be written (the stream is still read).
 */
export function captureStdout(
  transcriptPath: string,
  onChunk: (chunk: Buffer) => void,
  onProblem: (message: string) => void
): Capture {
  return (
    FifoCapture.open(transcriptPath, onChunk, onProblem) ?? new FileCapture(transcriptPath, onChunk)
  );
}

/** How often the transcript file is read while Hermes writes it: the live log's latency. */
const TAIL_INTERVAL_MS = 20;
/** The pipe is read again this soon after a read that found data (a pipe holds 64 KiB). */
const BUSY_POLL_MS = 1;
/** A read this large means more is coming fast: the pipe is read again at once. */
const FULL_READ_BYTES = 8 * 1024;
/** At most this much is read per poll, so that timers and signals are not kept waiting. */
const POLL_BYTES = 4 * 1024 * 1024;
/** What the last drain reads at most, once Hermes has exited (its own output is a pipe's worth). */
const FINAL_DRAIN_BYTES = 16 * 1024 * 1024;

/** stdout is the transcript file; it is read every few milliseconds as it grows. */
class FileCapture implements Capture {
  readonly fd: number;
  private readonly readFd: number;
  private readonly buffer = Buffer.allocUnsafe(READ_BYTES);
  private position = 0;
  private timer: NodeJS.Timeout | undefined;
  private writeClosed = false;
  private closed = false;

  constructor(
    transcriptPath: string,
    private readonly onChunk: (chunk: Buffer) => void
  ) {
    this.fd = openTranscript(transcriptPath, 'write');
    this.readFd = openTranscript(transcriptPath, 'read');
  }

  spawned(): void {
    if (this.closed) return;
    fs.closeSync(this.fd);
    this.writeClosed = true;
    this.timer = setInterval(() => this.read(this.position + POLL_BYTES), TAIL_INTERVAL_MS);
  }

  catchUp(): void {
    if (this.writeClosed && !this.closed) this.read(this.position + POLL_BYTES);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    // Closed without spawned(): the spawn itself threw.
    if (!this.writeClosed) fs.closeSync(this.fd);
    // To the end as it is now: a tool Hermes left running may keep appending.
    this.read(fs.fstatSync(this.readFd).size);
    fs.closeSync(this.readFd);
  }

  /** Reads what has been written since the last read, up to the file offset `until`. */
  private read(until: number): void {
    while (this.position < until) {
      const want = Math.min(this.buffer.length, until - this.position);
      const n = fs.readSync(this.readFd, this.buffer, 0, want, this.position);
      if (n <= 0) return;
      this.position += n;
      this.onChunk(this.buffer.subarray(0, n));
    }
  }
}

/** stdout is a FIFO; each drain writes what it read to the transcript file, then hands it on. */
class FifoCapture implements Capture {
  private readonly buffer = Buffer.allocUnsafe(READ_BYTES);
  private timer: NodeJS.Timeout | undefined;
  private interval = BUSY_POLL_MS;
  private ended = false;
  private writeClosed = false;
  private closed = false;

  /** Set when a write to the transcript failed (a full disk): later chunks are only read. */
  private writeFailed = false;

  private constructor(
    readonly fd: number,
    private readonly readFd: number,
    private readonly fileFd: number,
    private readonly onChunk: (chunk: Buffer) => void,
    private readonly onProblem: (message: string) => void
  ) {}

  /** A FIFO with both ends open and its name already removed; undefined when none can be made. */
  static open(
    transcriptPath: string,
    onChunk: (chunk: Buffer) => void,
    onProblem: (message: string) => void
  ): FifoCapture | undefined {
    if (process.platform === 'win32') return undefined;
    let dir: string | undefined;
    const opened: number[] = [];
    try {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-stdout-'));
      const fifo = path.join(dir, 'stdout');
      const made = commandSync('mkfifo', ['-m', '600', fifo], { env: childEnv() });
      if (made.status !== 0) return undefined;
      // The reading end first, without blocking; then the writing end opens at once.
      const held = (fd: number): number => {
        opened.push(fd);
        return fd;
      };
      const readFd = held(fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
      const writeFd = held(fs.openSync(fifo, fs.constants.O_WRONLY));
      const fileFd = held(openTranscript(transcriptPath, 'write'));
      return new FifoCapture(writeFd, readFd, fileFd, onChunk, onProblem);
    } catch {
      // The caller falls back to the file, which reports a transcript that cannot be opened.
      opened.forEach(fd => fs.closeSync(fd));
      return undefined;
    } finally {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  spawned(): void {
    if (this.closed) return;
    // From here only Hermes (and what it starts) holds the writing end: its closing is the end.
    fs.closeSync(this.fd);
    this.writeClosed = true;
    this.poll();
  }

  catchUp(): void {
    if (this.writeClosed && !this.closed) this.drain(POLL_BYTES, false);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    // Closed without spawned(): the spawn itself threw.
    if (!this.writeClosed) fs.closeSync(this.fd);
    // What is in the pipe now (Hermes is gone: at most a pipe's worth). A tool it left running
    // may keep the pipe open, and even keep writing: no waiting, and a limit.
    this.drain(FINAL_DRAIN_BYTES, false);
    fs.closeSync(this.readFd);
    fs.closeSync(this.fileFd);
  }

  private poll(): void {
    const got = this.drain(POLL_BYTES, true);
    if (this.ended) return;
    // Busy: again before the pipe can fill. Idle: back off to the live log's latency.
    this.interval = got > 0 ? BUSY_POLL_MS : Math.min(this.interval * 2, TAIL_INTERVAL_MS);
    this.timer = setTimeout(() => this.poll(), this.interval);
  }

  /**
   * Reads until the pipe is empty or `limit` bytes are read; untilQuiet, also once a read finds
   * little in the pipe (the next poll gets what follows in one piece). Returns the bytes read.
   */
  private drain(limit: number, untilQuiet: boolean): number {
    let total = 0;
    while (!this.ended) {
      let n: number;
      try {
        n = fs.readSync(this.readFd, this.buffer, 0, this.buffer.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
        throw error;
      }
      if (n === 0) {
        this.ended = true;
        break;
      }
      // On disk first: whatever happens next, the bytes are in the transcript.
      this.write(n);
      total += n;
      this.onChunk(this.buffer.subarray(0, n));
      if (total >= limit || (untilQuiet && n < FULL_READ_BYTES)) break;
    }
    return total;
  }

  /** The first n bytes of the buffer, to the transcript file, whole (writeSync may write less). */
  private write(n: number): void {
    if (this.writeFailed) return;
    try {
      for (let done = 0; done < n;) done += fs.writeSync(this.fileFd, this.buffer, done, n - done);
    } catch (error) {
      this.writeFailed = true;
      this.onProblem(
        `the transcript could not be written (${(error as NodeJS.ErrnoException).code ?? String(error)}); ` +
          'the rest of the stream is still read, but is not in it'
      );
    }
  }
}
