/** The live log: what a person watching the job sees, with every workflow command from the stream made inert. */
import { randomUUID } from 'node:crypto';
import type { Redactor } from './redact.js';
import type { ToolCall } from './turn.js';
import { oneLine } from './turn.js';

export type Sink = (line: string) => void;

const stdoutSink: Sink = line => void process.stdout.write(`${line}\n`);

// A text line this long is printed even without its newline, so one huge delta can't hold memory.
const MAX_TEXT_LINE = 4000;

/**
 * Everything from Hermes is printed between `::stop-commands::<token>` and `::<token>::`:
 * the runner ignores workflow commands there (`::error::`, `::add-mask::`, `##[set-output]`…),
 * and the stream cannot end the block because it cannot know the random token.
 */
export class LiveLog {
  private text = '';
  private stopped = false;
  private readonly token = randomUUID().replace(/-/g, '');

  constructor(
    private readonly redact: Redactor,
    private readonly sink: Sink = stdoutSink
  ) {}

  /** Stops workflow commands; call before anything from the stream is printed. */
  begin(): void {
    if (this.stopped) return;
    this.sink(`::stop-commands::${this.token}`);
    this.stopped = true;
  }

  /** Flushes pending text and lets workflow commands work again (for the action's own). */
  end(): void {
    this.flushText();
    if (!this.stopped) return;
    this.sink(`::${this.token}::`);
    this.stopped = false;
  }

  /** Our own words (not from the stream); still sanitised, since they may quote it. */
  note(line: string): void {
    this.flushText();
    this.print(line);
  }

  /** One streamed delta of assistant text; printed a whole line at a time. */
  textDelta(delta: string): void {
    this.text += delta;
    let nl = this.text.indexOf('\n');
    while (nl !== -1) {
      this.print(this.text.slice(0, nl));
      this.text = this.text.slice(nl + 1);
      nl = this.text.indexOf('\n');
    }
    if (this.text.length > MAX_TEXT_LINE) {
      this.print(this.text);
      this.text = '';
    }
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
    this.print(this.text);
    this.text = '';
  }

  private print(line: string): void {
    this.sink(inert(this.redact(line)));
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Control characters become visible escapes (an ANSI sequence could hide or rewrite what the log shows),
 * and what would read as a workflow command gets a zero-width space (the runner does not trim it),
 * in case a stop-commands block is not open.
 */
export function inert(line: string): string {
  const visible = line.replace(CONTROL, c => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return visible.replace(/^(\s*)::/, '$1\u200b::').replaceAll('##[', '#\u200b#[');
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
