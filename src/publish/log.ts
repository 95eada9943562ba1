/** The live log: what a person watching the job sees, with every workflow command from the stream made inert. */
import { randomUUID } from 'node:crypto';
import type { Redactor } from '../text/redact.js';
import type { Attempt, RunLog } from '../turn/attempt.js';
import type { Verdict } from '../turn/verdict.js';
import type { ToolCall } from '../turn/turn.js';
import { cutPoint, formatMs, oneLine } from '../text/text.js';

export type Sink = (line: string) => void;

/** How many bytes of log lines are gathered before they are written. */
const STDOUT_BUFFER_BYTES = 64 * 1024;

/**
 * Lines to stdout, gathered into writes of up to 64 KiB at most 100 ms apart: a run prints hundreds
 * of thousands of lines, and one write each would cost more than reading the stream. They are
 * gathered as bytes, not as a string: a long concatenation that survives a garbage collection
 * would be flattened in the old generation, which only grows until a full collection.
 */
export class BufferedStdout {
  private readonly bytes = Buffer.allocUnsafe(STDOUT_BUFFER_BYTES);
  private used = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor() {
    process.once('exit', () => this.flush());
  }

  readonly write: Sink = line => {
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    if (this.used + line.length * 3 + 1 > this.bytes.length) {
      this.flush();
      if (line.length * 3 + 1 > this.bytes.length) {
        process.stdout.write(`${line}\n`);
        return;
      }
    }
    this.used += this.bytes.write(line, this.used, 'utf8');
    this.bytes[this.used++] = 0x0a;
    this.timer ??= setTimeout(() => this.flush(), 100).unref();
  };

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.used === 0) return;
    // A copy: the stream may still hold it after write() returns, and the buffer is reused.
    process.stdout.write(Buffer.from(this.bytes.subarray(0, this.used)));
    this.used = 0;
  }
}

// How much unfinished assistant text is held before it is printed anyway (memory stays bounded).
const MAX_PENDING_TEXT = 64 * 1024;
// The longest line printed; longer lines go out in pieces.
const MAX_LOG_LINE = 4000;

/**
 * Adds a streamed delta to the text held so far, emits every line it completes, and returns what
 * is still held. Past MAX_PENDING_TEXT the held text goes out anyway: redacted first, then cut at
 * a blank (see cutPoint), so that the cut never halves a secret.
 */
function joinLines(
  held: string,
  delta: string,
  emit: (line: string) => void,
  redact: Redactor
): string {
  let start = 0;
  for (let nl = delta.indexOf('\n'); nl !== -1; nl = delta.indexOf('\n', start)) {
    emit(held + delta.slice(start, nl));
    held = '';
    start = nl + 1;
  }
  held += start === 0 ? delta : delta.slice(start);
  if (held.length <= MAX_PENDING_TEXT) return held;
  const clean = redact(held);
  const cut = cutPoint(clean, MAX_PENDING_TEXT);
  emit(clean.slice(0, cut));
  return clean.slice(cut);
}

/**
 * Everything from Hermes is printed between `::stop-commands::<token>` and `::<token>::`:
 * the runner ignores workflow commands there (`::error::`, `::add-mask::`, `##[set-output]`…),
 * and the stream cannot end the block because it cannot know the random token.
 */
export class LiveLog implements RunLog {
  private text = '';
  /** Reasoning held until its line ends, and whether its `::group::` is open. */
  private reasoning = '';
  private inReasoning = false;
  private reasoningHidden = false;
  private stopped = false;
  private readonly token = randomUUID().replace(/-/g, '');

  private readonly sink: Sink;
  private readonly stdout?: BufferedStdout;

  /** Without a sink, lines go to stdout (buffered; end() flushes them). */
  constructor(
    readonly redact: Redactor,
    sink?: Sink
  ) {
    if (!sink) this.stdout = new BufferedStdout();
    this.sink = sink ?? this.stdout!.write;
  }

  /** Stops workflow commands; call before anything from the stream is printed. */
  begin(): void {
    if (this.stopped) return;
    this.sink(`::stop-commands::${this.token}`);
    this.stopped = true;
  }

  /** Flushes pending text and lets workflow commands work again (for the action's own). */
  end(): void {
    this.flushText();
    this.closeReasoning();
    if (this.stopped) this.sink(`::${this.token}::`);
    this.stopped = false;
    this.stdout?.flush();
  }

  /** Our own words (not from the stream); still sanitised, since they may quote it. */
  note(line: string): void {
    this.flushText();
    this.print(line);
  }

  /** One streamed delta of assistant text; printed a whole line at a time. */
  textDelta(delta: string): void {
    this.text = joinLines(this.text, delta, line => this.printText(line), this.redact);
  }

  /** A line of assistant text (a CRLF's CR is not part of it). */
  private printText(line: string): void {
    this.print(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  /**
   * One streamed delta of reasoning (API server mode), printed a whole line at a time inside a
   * collapsed `Reasoning` group; the next line of anything else closes the group.
   */
  reasoningDelta(delta: string): void {
    if (this.reasoningHidden || delta === '') return;
    this.flushText();
    if (!this.inReasoning) {
      this.command('::group::Reasoning');
      this.inReasoning = true;
    }
    this.reasoning = joinLines(
      this.reasoning,
      delta,
      line => this.writeReasoning(line),
      this.redact
    );
  }

  /** `show-reasoning: false`: reasoning is not printed. */
  hideReasoning(): void {
    this.reasoningHidden = true;
  }

  /** Prints what reasoning is pending, inside its group, then closes the group. */
  private closeReasoning(): void {
    if (!this.inReasoning) return;
    if (this.reasoning !== '') this.writeReasoning(this.reasoning);
    this.reasoning = '';
    this.inReasoning = false;
    this.command('::endgroup::');
  }

  /** A line of reasoning (a CRLF's CR is not part of it), inside the open group. */
  private writeReasoning(line: string): void {
    this.write(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  /**
   * A workflow command of the action's own (a group): the runner ignores commands inside the
   * stop-commands block, so the block is ended for it and reopened with the same token.
   */
  private command(line: string): void {
    if (this.stopped) this.sink(`::${this.token}::`);
    this.sink(line);
    if (this.stopped) this.sink(`::stop-commands::${this.token}`);
  }

  toolStart(name: string, inputPreview: string): void {
    this.note(`→ ${name}${inputPreview ? `  ${inputPreview}` : ''}`);
  }

  toolEnd(call: ToolCall): void {
    const took = call.durationMs !== undefined ? `  ${formatMs(call.durationMs)}` : '';
    const status = call.isError ? `  ERROR  ${oneLine(call.output, 200)}` : '  ok';
    this.note(`${call.isError ? '✗' : '←'} ${call.name}${took}${status}`);
  }

  /** Hermes' stderr is for people: passed through (blank lines dropped), never parsed. */
  stderr(line: string): void {
    if (line.trim() !== '') this.note(`stderr: ${line}`);
  }

  flushText(): void {
    if (this.text === '') return;
    this.printText(this.text);
    this.text = '';
  }

  /** A line of anything but reasoning: an open reasoning group ends first. */
  private print(line: string): void {
    this.closeReasoning();
    this.write(line);
  }

  /** Redacted whole, then printed in pieces, so that no log line is huge and no cut halves a secret. */
  private write(line: string): void {
    const clean = this.redact(line);
    for (let i = 0; i < clean.length || i === 0; i += MAX_LOG_LINE) {
      this.sink(inert(clean.slice(i, i + MAX_LOG_LINE)));
    }
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;

/**
 * Control characters (C0 and C1) become visible escapes (an ANSI sequence could hide or rewrite what
 * the log shows, a newline inside a name or a message would start a line of its own, and the runner
 * trims U+0085 before it looks for a command),
 * and what would read as a workflow command gets a zero-width space (the runner does not trim it),
 * in case a stop-commands block is not open.
 */
export function inert(line: string): string {
  if (!HAS_CONTROL.test(line) && !line.includes('::') && !line.includes('##[')) return line;
  const visible = line.replace(CONTROL, c => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return visible.replace(/^(\s*)::/, '$1\u200b::').replaceAll('##[', '#\u200b#[');
}

/**
 * The log's last line: the outcome by its name (the `outcome` output people grep for), the exit code,
 * tokens, duration and tool calls.
 */
export function closingLine(verdict: Verdict, attempt: Attempt): string {
  const { turn } = attempt;
  const tokens = turn.result?.tokens;
  const parts = [
    `■ ${verdict.outcome}`,
    verdict.exitCode !== undefined ? `exit ${verdict.exitCode}` : undefined,
    tokens ? `${tokens.total} tokens (${tokens.input} in, ${tokens.output} out)` : undefined,
    formatMs(turn.result?.duration_ms ?? attempt.durationMs),
    `${turn.toolCalls} tool call${turn.toolCalls === 1 ? '' : 's'} (${turn.toolErrors} failed)`
  ];
  return parts.filter(Boolean).join(' · ');
}
