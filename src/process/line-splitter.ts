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
    /** How a line longer than maxChars is cut: the piece passed on, and the rest kept. */
    private readonly piece: (text: string, max: number) => [string, string] = (text, max) => [
      text.slice(0, max),
      text.slice(max)
    ]
  ) {}

  push(text: string): void {
    const lines = (this.pending + text).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.onLine(line.replace(/\r$/, ''));
    while (this.pending.length > this.maxChars) {
      const [head, rest] = this.piece(this.pending, this.maxChars);
      this.onLine(head);
      this.pending = rest;
    }
  }

  /** Passes on what is left without a newline, at the end of the stream. */
  flush(): void {
    if (this.pending !== '') this.onLine(this.pending);
    this.pending = '';
  }
}
