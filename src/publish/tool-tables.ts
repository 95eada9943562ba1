/** The tool tables: time per tool (both summaries), and one row per call (as many as the budget holds). */
import type { ToolCall, ToolStats, Turn } from '../turn/turn.js';
import { clip, formatMs } from '../text/text.js';
import {
  bytes,
  cell,
  cellDetails,
  cellLines,
  codeCell,
  join,
  number,
  percent,
  table
} from './markdown.js';

export const NAME_CHARS = 60;
export const INPUT_CHARS = 80;
const TOOL_ROWS = 25;
/** A failed call's first line up to this length is shown whole (an error message is rarely longer). */
const ERROR_PREVIEW_CHARS = 120;
/** Calls still running when Hermes stopped, listed after the last result. */
const RUNNING_ROWS = 10;
// Below turn.ts’s own cut (600 characters of a failed call's output, made after redaction).
const OUTPUT_CHARS = 500;

const BAR_CELLS = 20;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of block characters, share × BAR_CELLS wide to an eighth; any non-zero share shows. */
export function bar(share: number): string {
  let eighths = Math.round(Math.min(1, Math.max(0, share)) * BAR_CELLS * 8);
  if (eighths === 0 && share > 0) eighths = 1;
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/** A tool's totals; across a matrix, also how many legs called it. */
export type ToolTotals = ToolStats & { legs?: number };

/**
 * The one per-tool table of both summaries: a row per tool, the costliest first (the 24 costliest,
 * then one row for the rest), with a bar for its share of tool time; a Legs column when `legs`.
 */
export function toolsBlock(
  tools: readonly ToolTotals[],
  { heading, legs = false }: { heading: string; legs?: boolean }
): string {
  const sorted = [...tools].sort(
    (a, b) => b.totalMs - a.totalMs || b.calls - a.calls || a.name.localeCompare(b.name)
  );
  const shown = sorted.slice(0, sorted.length > TOOL_ROWS ? TOOL_ROWS - 1 : TOOL_ROWS);
  const rest = sorted.slice(shown.length);
  const totalMs = sorted.reduce((sum, t) => sum + t.totalMs, 0);
  const row = (name: string, t: Omit<ToolTotals, 'name'>): string[] => {
    const share = totalMs > 0 ? t.totalMs / totalMs : 0;
    return [
      name,
      ...(legs ? [number.format(t.legs ?? 0)] : []),
      number.format(t.calls),
      t.errors ? `**${number.format(t.errors)}**` : '0',
      formatMs(t.totalMs),
      formatMs(t.maxMs),
      totalMs > 0 ? `${bar(share)} ${percent(share)}`.trim() : '–'
    ];
  };
  const rows = shown.map(t => row(codeCell(clip(t.name, NAME_CHARS)), t));
  if (rest.length > 0) {
    const others = rest.reduce(
      (sum, t) => ({
        // The legs that called any of them: at least as many as called the most called one.
        legs: Math.max(sum.legs, t.legs ?? 0),
        calls: sum.calls + t.calls,
        errors: sum.errors + t.errors,
        totalMs: sum.totalMs + t.totalMs,
        maxMs: Math.max(sum.maxMs, t.maxMs)
      }),
      { legs: 0, calls: 0, errors: 0, totalMs: 0, maxMs: 0 }
    );
    rows.push(row(`_${number.format(rest.length)} other tools_`, others));
  }
  return join([
    `#### ${heading}`,
    table(
      [
        'Tool',
        ...(legs ? ['Legs'] : []),
        'Calls',
        'Errors',
        'Total',
        'Slowest',
        'Share of tool time'
      ],
      ['l', ...(legs ? ['r' as const] : []), 'r', 'r', 'r', 'r', 'l'],
      rows
    )
  ]);
}

/** The cells of one tool call; a failed call's output can be expanded when its preview cuts it. */
function callCells(c: ToolCall, expand: boolean): string[] {
  const cells = [
    number.format(c.index),
    codeCell(clip(c.name, NAME_CHARS)),
    c.inputPreview ? codeCell(clip(c.inputPreview, INPUT_CHARS)) : ' ',
    c.durationMs !== undefined ? formatMs(c.durationMs) : '–'
  ];
  // The stream cuts outputs at 5000 characters; the session record keeps them whole.
  if (!c.isError) return [...cells, c.cut ? 'ok · output cut; whole in the session record' : 'ok'];
  const output = c.output;
  const { line, more } = firstLine(output);
  const preview = `❌ ${cell(clip(line, ERROR_PREVIEW_CHARS))}`.trimEnd();
  // Worth a <details> when the one-line preview hides part of the output.
  if (!expand || !(more || line.length > ERROR_PREVIEW_CHARS)) return [...cells, preview];
  return [...cells, cellDetails(preview, cellLines(clip(output, OUTPUT_CHARS)))];
}

/** The first non-blank line, and whether anything but whitespace follows; reads no further than that. */
function firstLine(text: string): { line: string; more: boolean } {
  const start = text.search(/\S/);
  if (start < 0) return { line: '', more: false };
  const newline = /[\r\n]/g;
  newline.lastIndex = start;
  const end = newline.exec(text)?.index ?? text.length;
  const rest = /\S/g;
  rest.lastIndex = end;
  return { line: text.slice(start, end).trimEnd(), more: rest.test(text) };
}

const expandable = (c: ToolCall): boolean => {
  const { line, more } = firstLine(c.output);
  return c.isError && (more || line.length > ERROR_PREVIEW_CHARS);
};

const CALLS_HEADER = ['#', 'Tool', 'Input', 'Duration', 'Status'];
const CALLS_ALIGN: ('l' | 'r')[] = ['r', 'l', 'l', 'r', 'l'];
const rowBytes = (cells: string[]): number => bytes(`| ${cells.join(' | ')} |\n`);

/**
 * Calls Hermes had started and not finished: still running when it stopped (or, after a result
 * event, never answered). Their rows come last and are kept first.
 */
function runningRows(turn: Turn): string[][] {
  const status = turn.result ? 'never returned' : '⏳ running';
  return turn.unfinished
    .slice(0, RUNNING_ROWS)
    .map(u => [
      '–',
      codeCell(clip(u.name, NAME_CHARS)),
      u.inputPreview ? codeCell(clip(u.inputPreview, INPUT_CHARS)) : ' ',
      '–',
      status
    ]);
}

const floorBytes = (running: string[][]): number =>
  bytes(`${table(CALLS_HEADER, CALLS_ALIGN, [])}\n\n`) +
  running.reduce((sum, cells) => sum + rowBytes(cells), 0);

/**
 * The bytes callsBlock takes whatever its room: the table's header and the rows of calls that never
 * returned. A caller leaves room for at least these.
 */
export const callsFloor = (turn: Turn): number => floorBytes(runningRows(turn));

/**
 * One row per tool result, in order: the most recent that fit in `room` bytes. Rows first (lean),
 * then, with the bytes left, expandable outputs for the most recent failed calls.
 */
export function callsBlock(
  turn: Turn,
  room: number,
  where: string
): { text: string; whole: boolean } {
  const calls = turn.recentCalls;
  // The most recent first.
  const lean: { call: ToolCall; cells: string[] }[] = [];
  const running = runningRows(turn);
  let used = floorBytes(running);
  for (const call of calls.toReversed()) {
    const cells = callCells(call, false);
    const size = rowBytes(cells);
    if (used + size > room) break;
    used += size;
    lean.push({ call, cells });
  }
  let expandedAll = true;
  const rows: string[][] = [];
  for (const { call, cells } of lean) {
    if (!expandable(call)) {
      rows.push(cells);
      continue;
    }
    const full = callCells(call, true);
    const extra = rowBytes(full) - rowBytes(cells);
    if (used + extra > room) {
      expandedAll = false;
      rows.push(cells);
      continue;
    }
    used += extra;
    rows.push(full);
  }
  rows.reverse();

  const shown = rows.length;
  const total = turn.toolCalls;
  const kept = calls.length;
  let note: string | undefined;
  if (shown === 0 && total > 0) {
    note = `_The list of tool calls is left out to stay under GitHub’s 1 MiB summary limit; all ${number.format(total)} are in ${where}._`;
  } else if (shown < total) {
    const why =
      shown < kept
        ? 'to stay under GitHub’s 1 MiB summary limit'
        : `the summary keeps the most recent ${number.format(kept)}`;
    note = `_Showing the last ${number.format(shown)} of ${number.format(total)} tool calls (${why}); all of them are in ${where}._`;
  }
  if (!expandedAll) {
    const also = '_Outputs of older failed calls are not expanded, to save space._';
    note = note ? `${note}\n\n${also}` : also;
  }
  const notShown = turn.unfinished.length - running.length;
  if (notShown > 0) {
    const also = `_${number.format(notShown)} more call(s) ${turn.result ? 'never returned' : 'were running'}: see ${where}._`;
    note = note ? `${note}\n\n${also}` : also;
  }
  return {
    text: join([
      '#### Tool calls',
      note,
      shown + running.length > 0
        ? table(CALLS_HEADER, CALLS_ALIGN, [...rows, ...running])
        : undefined
    ]),
    // All it keeps, every output it could expand expanded: nothing was cut to save space.
    whole: shown === kept && expandedAll
  };
}
