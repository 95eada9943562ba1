/**
 * Hermes' stdout, captured: through a FIFO drained into the transcript file, or (without mkfifo)
 * the transcript file itself. Real child processes write; the file and the chunks are read back.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { captureStdout, type Capture } from '../../src/process/capture.js';
import { HermesProcess } from '../../src/process/hermes-process.js';
import { TOKENS_ONLY } from '../../src/text/redact.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-test-'));
  dirs.push(dir);
  return dir;
}

// Many small writes, one per line, as Hermes makes them; then a last line without a newline.
const WRITER = `
const fs = require('node:fs');
const n = Number(process.argv[1]);
for (let i = 1; i <= n; i++) fs.writeSync(1, '{"type": "text", "text": "line ' + i + ' é"}\\n');
fs.writeSync(1, 'tail');
`;
const expected = (n: number): string =>
  Array.from({ length: n }, (_, i) => `{"type": "text", "text": "line ${i + 1} é"}\n`).join('') +
  'tail';

interface Captured {
  capture: Capture;
  kind: 'fifo' | 'file';
  chunks: Buffer[];
  problems: string[];
  /** Resolves when the child has exited and the capture is closed. */
  done: Promise<void>;
}

/** Spawns `command` with its stdout captured into transcript, as HermesProcess does. */
function run(command: string, args: string[], transcript: string): Captured {
  const chunks: Buffer[] = [];
  const problems: string[] = [];
  const capture = captureStdout(
    transcript,
    chunk => chunks.push(Buffer.from(chunk)),
    message => problems.push(message)
  );
  const stat = fs.fstatSync(capture.fd);
  const kind = stat.isFIFO() ? 'fifo' : 'file';
  const child = spawn(command, args, { stdio: ['ignore', capture.fd, 'ignore'] });
  capture.spawned();
  const done = new Promise<void>(resolve =>
    child.once('exit', () => {
      capture.close();
      resolve();
    })
  );
  return { capture, kind, chunks, problems, done };
}

/** Runs with PATH set for the duration of the capture's creation (mkfifo is looked up on it). */
function withPath<T>(value: string, fn: () => T): T {
  const saved = process.env.PATH;
  process.env.PATH = value;
  try {
    return fn();
  } finally {
    process.env.PATH = saved;
  }
}

/** Whether a process still runs (not a zombie: a zombie has let go of everything it held). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A PATH with sleep on it and no mkfifo. */
function onlySleep(): string {
  const dir = tmpDir();
  const sleep = ['/bin/sleep', '/usr/bin/sleep'].find(p => fs.existsSync(p));
  if (sleep) fs.symlinkSync(sleep, path.join(dir, 'sleep'));
  return dir;
}

describe('captureStdout', () => {
  test('with mkfifo: stdout is a FIFO, drained into the transcript byte for byte, in order', async () => {
    const transcript = path.join(tmpDir(), 'run.jsonl');
    const r = run(process.execPath, ['-e', WRITER, '20000'], transcript);
    expect(r.kind).toBe('fifo');
    await r.done;
    expect(fs.readFileSync(transcript, 'utf8')).toBe(expected(20000));
    expect(Buffer.concat(r.chunks).toString('utf8')).toBe(expected(20000));
    expect(r.problems).toEqual([]);
  });

  test('with mkfifo: drained in batches, not a read per write', async () => {
    // 1000 writes land in the pipe before the action reads (it begins at spawned()): however busy
    // the machine, they are there together, and come out in one read.
    const transcript = path.join(tmpDir(), 'run.jsonl');
    const chunks: Buffer[] = [];
    const capture = captureStdout(
      transcript,
      chunk => chunks.push(Buffer.from(chunk)),
      () => undefined
    );
    expect(fs.fstatSync(capture.fd).isFIFO()).toBe(true);
    const child = spawn(process.execPath, ['-e', WRITER, '1000'], {
      stdio: ['ignore', capture.fd, 'ignore']
    });
    const exit = await new Promise<number | null>(resolve => child.once('exit', resolve));
    expect(exit).toBe(0);
    capture.spawned();
    capture.close();
    expect(fs.readFileSync(transcript, 'utf8')).toBe(expected(1000));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected(1000));
    expect(chunks).toHaveLength(1);
  });

  test('the FIFO leaves no name behind in the temporary directory', () => {
    const tmp = tmpDir();
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    let capture: Capture;
    try {
      capture = captureStdout(
        path.join(tmpDir(), 'run.jsonl'),
        () => undefined,
        () => undefined
      );
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(fs.fstatSync(capture.fd).isFIFO()).toBe(true);
    expect(fs.readdirSync(tmp)).toEqual([]);
    capture.spawned();
    capture.close();
  });

  test('without mkfifo: stdout is the transcript file itself, read as it grows', async () => {
    const transcript = path.join(tmpDir(), 'run.jsonl');
    const r = withPath(tmpDir(), () => run(process.execPath, ['-e', WRITER, '5000'], transcript));
    expect(r.kind).toBe('file');
    await r.done;
    expect(fs.readFileSync(transcript, 'utf8')).toBe(expected(5000));
    expect(Buffer.concat(r.chunks).toString('utf8')).toBe(expected(5000));
  });

  test.each([
    ['with mkfifo', undefined],
    ['without mkfifo', 'no-mkfifo']
  ])('%s: a process left holding stdout does not hold up the end', async (_name, noMkfifo) => {
    const transcript = path.join(tmpDir(), 'run.jsonl');
    const pidFile = path.join(tmpDir(), 'holder');
    // The shell exits at once; the sleep it started keeps stdout open for an hour.
    const start = (): Captured =>
      run('/bin/sh', ['-c', `printf "done\\n"; sleep 3600 & echo $! > ${pidFile}`], transcript);
    const r = noMkfifo ? withPath(onlySleep(), start) : start();
    await r.done;
    // The end came while the sleep still held stdout.
    const holder = Number(fs.readFileSync(pidFile, 'utf8'));
    const holding = running(holder);
    if (holding) process.kill(holder, 'SIGKILL');
    expect(holding).toBe(true);
    expect(fs.readFileSync(transcript, 'utf8')).toBe('done\n');
    expect(Buffer.concat(r.chunks).toString('utf8')).toBe('done\n');
  });

  test.each([
    ['with mkfifo', false],
    ['without mkfifo', true]
  ])(
    '%s: a spawn that throws (an argument Node refuses) leaves no descriptor and no timer behind',
    (_name, noMkfifo) => {
      const openFds = (): number => fs.readdirSync('/proc/self/fd').length;
      const timers = (): number =>
        process.getActiveResourcesInfo().filter(r => r === 'Timeout').length;
      const [fdsBefore, timersBefore] = [openFds(), timers()];
      const start = (): HermesProcess =>
        new HermesProcess({
          executable: process.execPath,
          argv: ['-e', 'a NUL byte: \0'],
          cwd: tmpDir(),
          env: process.env,
          transcriptPath: path.join(tmpDir(), 'run.jsonl'),
          onStdout: () => undefined,
          onStderrLine: () => undefined,
          onProblem: () => undefined,
          redact: TOKENS_ONLY
        });
      expect(() => (noMkfifo ? withPath(tmpDir(), start) : start())).toThrow(/null bytes/);
      expect(openFds()).toBe(fdsBefore);
      expect(timers()).toBe(timersBefore);
    }
  );

  test('what Hermes wrote to stdout before a stderr line is read before it', async () => {
    const seen: string[] = [];
    const dir = tmpDir();
    const hermes = new HermesProcess({
      executable: '/bin/sh',
      // Quiet first, so that the pipe is polled at its idle pace (every 20 ms), then both at once.
      argv: ['-c', 'sleep 0.2; printf "out\\n"; echo err >&2; sleep 0.3'],
      cwd: dir,
      env: process.env,
      transcriptPath: path.join(dir, 'run.jsonl'),
      onStdout: chunk => seen.push(`stdout: ${chunk.toString().trim()}`),
      onStderrLine: line => seen.push(`stderr: ${line}`),
      onProblem: () => undefined,
      redact: TOKENS_ONLY
    });
    await hermes.done;
    expect(seen).toEqual(['stdout: out', 'stderr: err']);
  });

  test('a transcript that cannot be written is reported once; the stream is still read', async () => {
    if (!fs.existsSync('/dev/full')) return;
    const r = run(process.execPath, ['-e', WRITER, '3000'], '/dev/full');
    expect(r.kind).toBe('fifo');
    await r.done;
    expect(Buffer.concat(r.chunks).toString('utf8')).toBe(expected(3000));
    expect(r.problems).toEqual([
      'the transcript could not be written (ENOSPC); the rest of the stream is still read, but is not in it'
    ]);
  });

  test('a writer faster than the reader is never cut short: 8 MB in 64 KiB writes', async () => {
    const transcript = path.join(tmpDir(), 'run.jsonl');
    const script = `
      const fs = require('node:fs');
      const block = Buffer.alloc(65536, 0x61);
      for (let i = 0; i < 128; i++) { block[0] = 0x30 + (i % 10); fs.writeSync(1, block); }
    `;
    const r = run(process.execPath, ['-e', script], transcript);
    await r.done;
    const bytes = fs.readFileSync(transcript);
    expect(bytes.length).toBe(128 * 65536);
    for (let i = 0; i < 128; i++) expect(bytes[i * 65536]).toBe(0x30 + (i % 10));
    expect(Buffer.concat(r.chunks).equals(bytes)).toBe(true);
  });
});
