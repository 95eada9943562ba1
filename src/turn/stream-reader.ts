/** Follows Hermes' stdout live: bytes to the transcript verbatim, lines to events, events to the turn and the log. */
import * as fs from 'node:fs';
import type { RunLog } from './attempt.js';
import { openTranscript } from '../config/paths.js';
import { LineSplitter, MAX_LINE_BYTES, READ_BYTES } from './lines.js';
import type { Redacted } from '../text/redact.js';
import { decodeLine } from './stream.js';
import { previewInput, TurnBuilder, type Turn, type TurnOptions } from './turn.js';

const MAX_LOGGED_PROBLEMS = 20;

export class StreamReader {
  private readonly builder: TurnBuilder;
  private readonly splitter: LineSplitter;
  private fd: number | undefined;
  private reported = 0;

  /**
   * transcriptPath: where the bytes are written as they arrive; omit when reading an existing
   * transcript. turnOptions: what the turn keeps (see TurnOptions).
   */
  constructor(
    private readonly log: RunLog,
    transcriptPath?: string,
    turnOptions?: TurnOptions
  ) {
    if (transcriptPath) this.fd = openTranscript(transcriptPath, 'write');
    this.builder = new TurnBuilder(log.redact, turnOptions);
    this.splitter = new LineSplitter(
      (line, lineNo, validUtf8) => this.line(line, lineNo, validUtf8),
      (lineNo, size) => {
        const problem = `a line of ${size} bytes, too long to read`;
        this.builder.issue({ line: lineNo, problem, skipped: true });
        this.report(`line ${lineNo}: ${problem}`);
      },
      MAX_LINE_BYTES,
      (delta, lineNo) => this.textDelta(delta, lineNo)
    );
  }

  push(chunk: Buffer): void {
    // Written synchronously, before parsing: whatever happens next, the bytes are on disk.
    if (this.fd !== undefined) fs.writeSync(this.fd, chunk);
    this.splitter.push(chunk);
  }

  /** Ends the stream: the transcript is closed and a last line without its newline is reported. */
  finish(): Turn {
    const partial = this.splitter.partialBytes;
    if (this.splitter.end() && partial > 0) {
      this.builder.issue({
        line: this.splitter.lines,
        problem: `the stream ended in the middle of a line (${partial} bytes without a newline)`,
        skipped: false
      });
    }
    if (this.fd !== undefined) {
      fs.closeSync(this.fd);
      this.fd = undefined;
    }
    this.log.flushText();
    return this.builder.finish();
  }

  private line(text: string, lineNo: number, validUtf8: boolean): void {
    const decoded = decodeLine(text, lineNo, validUtf8, this.log.redact);
    const event = decoded.event;
    let inputPreview: Redacted | undefined;
    if (event?.type === 'text') this.log.textDelta(event.text);
    else if (event?.type === 'reasoning') this.log.reasoningDelta(event.text);
    else if (event?.type === 'tool_use') {
      // Made once, redacted, for the log and the turn.
      inputPreview = previewInput(event.input, this.log.redact);
      this.log.toolStart(event.name, inputPreview);
    }
    const call = this.builder.add(decoded, lineNo, inputPreview);
    if (call) this.log.toolEnd(call);
    for (const issue of decoded.issues) this.report(`line ${issue.line}: ${issue.problem}`);
  }

  private textDelta(delta: string, lineNo: number): void {
    this.builder.addText(delta, lineNo);
    this.log.textDelta(delta);
  }

  /**
   * A problem seen where the transcript came from rather than in its lines (an API server's stream):
   * reported like a line's, at the last line written.
   */
  anomaly(problem: string): void {
    this.builder.issue({ line: this.splitter.lines, problem, skipped: false });
    this.report(problem);
  }

  /** Problems are logged as they come, up to a point: a damaged stream must not flood the log. */
  private report(message: string): void {
    this.reported += 1;
    if (this.reported <= MAX_LOGGED_PROBLEMS) this.log.note(message);
    if (this.reported === MAX_LOGGED_PROBLEMS)
      this.log.note('(further stream problems are counted in the summary, not logged)');
  }
}

/**
 * One read buffer for every transcript read: it holds bytes only from a read to the push that
 * follows it, synchronously, and the follower copies what it keeps; so reads, even at once, share it
 * (a report reading 256 transcripts allocates 1 MiB once, not 256 times).
 */
let readBuffer: Buffer | undefined;

/** Reads an existing transcript through the same pipeline, as if Hermes had just written it. */
export async function followFile(
  transcriptPath: string,
  log: RunLog,
  turnOptions?: TurnOptions
): Promise<Turn> {
  const follower = new StreamReader(log, undefined, turnOptions);
  const fd = fs.openSync(transcriptPath, 'r');
  const buffer = (readBuffer ??= Buffer.allocUnsafe(READ_BYTES));
  try {
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n <= 0) break;
      follower.push(buffer.subarray(0, n));
      // The event loop turns between reads, so a cancellation is seen while a big transcript is read.
      await new Promise(resolve => setImmediate(resolve));
    }
  } finally {
    fs.closeSync(fd);
  }
  return follower.finish();
}
