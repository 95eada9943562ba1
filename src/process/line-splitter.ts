/**
 * Text as it arrives, cut into lines (without their newline or a trailing CR), every piece bounded:
 * a child that prints no newline cannot grow the action's memory. The one splitter of the children's
 * text streams (Hermes' stderr, the installer's output).
 */
export class LineSplitter {
  private pending = '';

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxChars: number,
    /** How a line longer than maxChars is cut: the pieces passed on, and the rest kept (bounded). */
    private readonly cut: (text: string, max: number) => { pieces: string[]; rest: string } = (
      text,
      max
    ) => ({ pieces: [text.slice(0, max)], rest: text.slice(max) })
  ) {}

  push(text: string): void {
    const lines = (this.pending + text).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.onLine(line.replace(/\r$/, ''));
    while (this.pending.length > this.maxChars) {
      const { pieces, rest } = this.cut(this.pending, this.maxChars);
      pieces.forEach(piece => this.onLine(piece));
      this.pending = rest;
      if (pieces.length === 0) break;
    }
  }

  /** Passes on what is left without a newline, at the end of the stream. */
  flush(): void {
    if (this.pending !== '') this.onLine(this.pending);
    this.pending = '';
  }
}
