/** The job summary: Markdown drawn from a report, every untrusted string escaped, always within budget. */
import { clip, formatMs } from '../text/text.js';
import {
  cell,
  cellDetails,
  cellLines,
  codeBlock,
  codeCell,
  details,
  inline,
  link,
  quoted,
  table,
  textBlock
} from './markdown.js';
import type { Redactor } from '../text/redact.js';
import type { ToolCall, ToolStats, Turn } from '../core/turn.js';
import type { Outcome } from '../core/verdict.js';
import type { Report } from './report.js';
import { installFact } from './install-fact.js';

export interface SummaryOptions {
  /** The most bytes the summary may take; the default is SUMMARY_BUDGET_BYTES. */
  budgetBytes?: number;
  /** false (`show-reasoning: false`): no reasoning block. */
  showReasoning?: boolean;
}

/** GitHub drops a step's summary whole past this many bytes. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** What the summary may take: under the limit with room to spare, whatever the run. */
export const SUMMARY_BUDGET_BYTES = 900 * 1024;

// Every untrusted string is redacted, then cut to a number of characters (UTF-16 units). Escaping
// makes a unit at most 5 bytes in prose (`@` → `\@` + U+200B), so each block below has a byte
// bound known up front; the answer, the longest, is also cut by its escaped bytes.
const MESSAGE_CHARS = 1000;
const STDERR_LINE_CHARS = 300;
const STDERR_LINES = 20;
const FACT_CHARS = 120;
const ANSWER_CHARS = 20_000;
const ANSWER_BYTES = 96 * 1024;
const ISSUES_SHOWN = 30;
const UNKNOWN_TYPES_SHOWN = 10;
const UNFINISHED_SHOWN = 10;
const PROBLEM_CHARS = 200;
const TOOL_ROWS = 25;
const NAME_CHARS = 60;
const INPUT_CHARS = 80;
const ERROR_PREVIEW_CHARS = 60;
// Below turn.ts’s own cut (600 characters of a failed call's output, made after redaction).
const OUTPUT_CHARS = 500;
const LINK_TEXT_CHARS = 100;
const PATH_CHARS = 200;
const URL_CHARS = 500;
/** Room kept for the note that says what the tool-call table leaves out, besides where the transcript is. */
const NOTE_BYTES = 512;
// Reasoning (API server mode) gets the bytes everything else left, up to REASONING_BYTES.
const REASONING_CHARS = 20_000;
const REASONING_BYTES = 64 * 1024;
const MIN_REASONING_CHARS = 200;
/** Room kept for the note that says the reasoning was left out, besides where the transcript is. */
const REASONING_NOTE_BYTES = 256;

const TITLE: Record<Outcome, string> = {
  success: '✅ Hermes completed the turn',
  failure: '❌ Hermes failed',
  interrupted: '⏹️ Hermes was interrupted',
  tempfail: '⏳ Temporary provider failure',
  config_error: '⚙️ Configuration error',
  usage_error: '❌ Hermes rejected its arguments',
  no_result: '❌ The turn did not complete',
  not_found: '❌ Hermes not found',
  timeout: '⌛ Hermes timed out'
};

const number = new Intl.NumberFormat('en-US');
const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
/** Blocks are separated by a blank line: an HTML block such as `</details>` runs on until one. */
const join = (blocks: (string | undefined)[]): string =>
  blocks.filter((b): b is string => b !== undefined).join('\n\n');

/**
 * The summary, within budget at any run size. Degrades in steps, each one saying what it left out:
 * a shorter reasoning block, then none, then fewer expanded outputs, then fewer tool-call rows (the
 * most recent are kept), then the per-tool table only. Secrets are redacted before anything is cut,
 * so a cut never leaves half a token.
 */
export function renderSummary(
  report: Report,
  redactor: Redactor,
  options: SummaryOptions = {}
): string {
  const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
  const { turn } = report;
  const redact = memoized(redactor);
  const where = transcriptRef(report, redact);
  const reasoning = options.showReasoning === false ? undefined : turn.reasoning;
  const hasReasoning = reasoning !== undefined && reasoning.text.trim() !== '';
  const noteBytes =
    NOTE_BYTES + bytes(where) + (hasReasoning ? REASONING_NOTE_BYTES + bytes(where) : 0);

  const head = [statusBlock(report, redact), factsTable(report, redact, where)];
  const extras = [answerBlock(turn, redact), anomalyBlock(turn, redact)];
  const tools = turn.toolCalls > 0 ? toolsBlock(turn, redact) : undefined;

  const callsHead = turn.toolCalls > 0 ? '#### Tool calls' : '#### Tool calls\n\n_None._';
  // Bytes of everything but the tool-call table and its note.
  const fixed = (parts: (string | undefined)[]): number => bytes(join([...parts, callsHead])) + 4;

  // Last resorts, only for budgets far below the default: the extras go, then the per-tool table.
  const left: string[] = [];
  while (fixed([...head, ...extras, tools]) + noteBytes > budget && extras.some(Boolean)) {
    const i = extras[1] !== undefined ? 1 : 0;
    left.push(i === 1 ? 'the stream anomalies' : 'the answer');
    extras[i] = undefined;
  }
  let toolsShown = tools;
  if (fixed([...head, tools]) + noteBytes > budget && tools !== undefined) {
    left.push('the per-tool table');
    toolsShown = undefined;
  }
  const omitted = left.length
    ? `_Left out to stay under GitHub’s 1 MiB summary limit: ${left.join(', ')}. Everything is in ${where}._`
    : undefined;

  const room = budget - fixed([...head, ...extras, toolsShown, omitted]) - noteBytes;
  const calls =
    turn.toolCalls > 0 ? callsBlock(turn, redact, room, where) : { text: callsHead, whole: true };
  // The reasoning comes last: its block gets what is left once everything else is whole, less the
  // room kept for the tool-call table's note, so that it is gone before the table loses anything.
  const spare =
    budget - bytes(`${join([...head, omitted, ...extras, toolsShown, calls.text])}\n`) - 2;
  const blockRoom = left.length === 0 && calls.whole ? spare - NOTE_BYTES - bytes(where) : 0;
  const thinking = hasReasoning
    ? reasoningBlock(reasoning, redact, blockRoom, spare, where)
    : undefined;
  const summary = `${join([...head, omitted, extras[0], thinking, extras[1], toolsShown, calls.text])}\n`;
  if (bytes(summary) <= budget) return summary;
  // Not reached for budgets that hold the head; a guard so that the promise holds whatever happens.
  return minimal(report, redact, budget);
}

function statusBlock(report: Report, redact: Redactor): string {
  const { verdict, turn } = report;
  const code = verdict.exitCode !== undefined ? ` · exit code ${verdict.exitCode}` : '';
  const lines = [`### ${TITLE[verdict.outcome]}${code}`];
  // On success the message says no more than the status line.
  if (verdict.outcome === 'success') return lines[0];
  const message = clip(redact(verdict.message), MESSAGE_CHARS);
  lines.push(`> [!CAUTION]\n${quoted(message)}`);
  const stderr = report.stderrTail
    .filter(l => l.trim() !== '')
    .slice(-STDERR_LINES)
    .map(l => clip(redact(l), STDERR_LINE_CHARS));
  if (!turn.result && stderr.length > 0) {
    lines.push(details('Last lines of Hermes’ stderr', codeBlock(stderr.join('\n'))));
  }
  return join(lines);
}

function factsTable(report: Report, redact: Redactor, where: string): string {
  const { turn } = report;
  const tokens = turn.result?.tokens;
  const fact = (value: string | undefined): string =>
    value ? codeCell(clip(redact(value), FACT_CHARS)) : '–';
  const calls = turn.toolErrors
    ? `${number.format(turn.toolCalls)} (**${number.format(turn.toolErrors)} failed**)`
    : number.format(turn.toolCalls);
  const rows: [string, string][] = [
    ['Model', fact(turn.model)],
    ['Session', fact(turn.sessionId)],
    ['Duration', formatMs(report.durationMs)],
    ['Tool calls', calls],
    [
      'Tokens',
      tokens
        ? `**${number.format(tokens.total)} total** · ${number.format(tokens.input)} input · ${number.format(tokens.output)} output · ` +
          `${number.format(tokens.cache_read)} cache read · ${number.format(tokens.cache_write)} cache write`
        : '–'
    ]
  ];
  if (report.attempts && report.attempts.length > 1) {
    const each = report.attempts.map(
      (a, i) => `${i + 1}: ${a.outcome}${a.exitCode !== undefined ? ` (${a.exitCode})` : ''}`
    );
    rows.push(['Attempts', `${number.format(report.attempts.length)} · ${each.join(' · ')}`]);
  }
  if (report.hermesVersion)
    rows.push(['Hermes', cell(clip(redact(report.hermesVersion), FACT_CHARS))]);
  if (report.install) rows.push(['Install', installFact(report.install)]);
  rows.push(['Transcript', where + transcriptNote(report, redact)]);
  return table(['Run', ''], ['l', 'l'], rows);
}

/** Where the whole transcript is: the artifact's link, else its path on the runner. */
function transcriptRef(report: Report, redact: Redactor): string {
  const a = report.artifact;
  if (a && a.url.length <= URL_CHARS)
    return `${link(clip(redact(a.name), LINK_TEXT_CHARS), a.url)} (artifact ${a.id})`;
  if (a) return `the artifact ${codeCell(clip(redact(a.name), LINK_TEXT_CHARS))}`;
  if (report.verdict.outcome === 'not_found') return 'none (Hermes did not run)';
  return codeCell(clip(redact(report.jsonlPath), PATH_CHARS));
}

function transcriptNote(report: Report, redact: Redactor): string {
  if (report.artifact || !report.artifactNote) return '';
  return ` (not uploaded: ${cell(clip(redact(report.artifactNote), PROBLEM_CHARS))})`;
}

function answerBlock(turn: Turn, redact: Redactor): string | undefined {
  const text = turn.result?.text;
  if (!text || text.trim() === '') return undefined;
  const clean = redact(text);
  let chars = Math.min(clean.length, ANSWER_CHARS);
  let body = textBlock(clip(clean, chars));
  // Escaping grows text by a factor of at most 8 (a leading tab): shrink until the bytes fit.
  while (bytes(body) > ANSWER_BYTES) {
    chars = Math.floor((chars * ANSWER_BYTES) / bytes(body) / 1.1);
    body = textBlock(clip(clean, chars));
  }
  const cut =
    chars < clean.length
      ? `\n\n_Cut at ${number.format(chars)} of ${number.format(clean.length)} characters; the whole answer is in the \`text\` output and the transcript._`
      : '';
  const size = `${number.format(clean.length)} character${clean.length === 1 ? '' : 's'}`;
  return details(`Answer (${size})`, body + cut);
}

/**
 * The model's reasoning (API server mode), collapsed, as plain text: up to REASONING_CHARS, in at
 * most `room` bytes; shorter when room is short, and a note (in `noteRoom`) when not even a little fits.
 */
function reasoningBlock(
  reasoning: NonNullable<Turn['reasoning']>,
  redact: Redactor,
  room: number,
  noteRoom: number,
  where: string
): string | undefined {
  const clean = redact(reasoning.text);
  const total = reasoning.chars;
  const size = `${number.format(total)} character${total === 1 ? '' : 's'}`;
  const draw = (chars: number): string => {
    const cut =
      chars < clean.length || reasoning.text.length < total
        ? `\n\n_Cut at ${number.format(chars)} of ${number.format(total)} characters; the whole reasoning is in ${where}._`
        : '';
    return details(`Reasoning (${size})`, textBlock(clip(clean, chars)) + cut);
  };
  const limit = Math.min(room, REASONING_BYTES);
  let chars = Math.min(clean.length, REASONING_CHARS);
  let block = draw(chars);
  while (bytes(block) > limit && chars > MIN_REASONING_CHARS) {
    chars = Math.max(MIN_REASONING_CHARS, Math.floor((chars * limit) / bytes(block) / 1.1));
    block = draw(chars);
  }
  if (bytes(block) <= limit) return block;
  const note = `_The reasoning (${size}) is left out to stay under GitHub’s 1 MiB summary limit; it is in ${where}._`;
  return bytes(note) <= noteRoom ? note : undefined;
}

function anomalyBlock(turn: Turn, redact: Redactor): string | undefined {
  const lines: string[] = [];
  const problem = (text: string): string => inline(clip(redact(text), PROBLEM_CHARS));
  for (const issue of turn.issues.slice(0, ISSUES_SHOWN)) {
    lines.push(
      `- line ${issue.line}: ${problem(issue.problem)}${issue.skipped ? ' (skipped)' : ''}`
    );
  }
  const moreIssues = turn.issueCount - Math.min(turn.issues.length, ISSUES_SHOWN);
  if (moreIssues > 0) lines.push(`- … and ${number.format(moreIssues)} more problem(s)`);
  const unknown = Object.entries(turn.unknownTypes);
  let unknownEvents = 0;
  for (const [, count] of unknown) unknownEvents += count;
  for (const [type, count] of unknown.slice(0, UNKNOWN_TYPES_SHOWN)) {
    lines.push(
      `- ${number.format(count)} event(s) of unknown type ${codeCell(clip(redact(type), NAME_CHARS))}, ignored`
    );
  }
  if (unknown.length > UNKNOWN_TYPES_SHOWN)
    lines.push(
      `- … and ${number.format(unknown.length - UNKNOWN_TYPES_SHOWN)} more unknown type(s)`
    );
  if (turn.eventsAfterResult > 0)
    lines.push(`- ${number.format(turn.eventsAfterResult)} event(s) after the result event`);
  for (const u of turn.unfinished.slice(0, UNFINISHED_SHOWN)) {
    const input = u.inputPreview ? ` ${codeCell(clip(redact(u.inputPreview), INPUT_CHARS))}` : '';
    lines.push(
      `- ${codeCell(clip(redact(u.name), NAME_CHARS))} was called but never returned${input}`
    );
  }
  if (turn.unfinished.length > UNFINISHED_SHOWN)
    lines.push(
      `- … and ${number.format(turn.unfinished.length - UNFINISHED_SHOWN)} more call(s) that never returned`
    );
  if (lines.length === 0) return undefined;
  const count = turn.issueCount + unknownEvents + turn.eventsAfterResult + turn.unfinished.length;
  return details(`Stream anomalies (${number.format(count)})`, lines.join('\n'));
}

const BAR_CELLS = 20;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of block characters, share × BAR_CELLS wide to an eighth; any non-zero share shows. */
export function bar(share: number): string {
  let eighths = Math.round(Math.min(1, Math.max(0, share)) * BAR_CELLS * 8);
  if (eighths === 0 && share > 0) eighths = 1;
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

function percent(share: number): string {
  if (share === 0) return '0%';
  if (share < 0.001) return '\\<0.1%';
  return share < 0.1 ? `${(share * 100).toFixed(1)}%` : `${Math.round(share * 100)}%`;
}

/** One row per tool, the costliest first, with a bar for its share of tool time. */
function toolsBlock(turn: Turn, redact: Redactor): string {
  const sorted = [...turn.tools].sort(
    (a, b) => b.totalMs - a.totalMs || b.calls - a.calls || a.name.localeCompare(b.name)
  );
  const shown = sorted.slice(0, sorted.length > TOOL_ROWS ? TOOL_ROWS - 1 : TOOL_ROWS);
  const rest = sorted.slice(shown.length);
  const totalMs = sorted.reduce((sum, t) => sum + t.totalMs, 0);
  const row = (name: string, t: Omit<ToolStats, 'name'>): string[] => {
    const share = totalMs > 0 ? t.totalMs / totalMs : 0;
    return [
      name,
      number.format(t.calls),
      t.errors ? `**${number.format(t.errors)}**` : '0',
      formatMs(t.totalMs),
      formatMs(t.maxMs),
      totalMs > 0 ? `${bar(share)} ${percent(share)}`.trim() : '–'
    ];
  };
  const rows = shown.map(t => row(codeCell(clip(redact(t.name), NAME_CHARS)), t));
  if (rest.length > 0) {
    const others = rest.reduce(
      (sum, t) => ({
        calls: sum.calls + t.calls,
        errors: sum.errors + t.errors,
        totalMs: sum.totalMs + t.totalMs,
        maxMs: Math.max(sum.maxMs, t.maxMs)
      }),
      { calls: 0, errors: 0, totalMs: 0, maxMs: 0 }
    );
    rows.push(row(`_${number.format(rest.length)} other tools_`, others));
  }
  return join([
    '#### Time per tool',
    table(
      ['Tool', 'Calls', 'Errors', 'Total', 'Slowest', 'Share of tool time'],
      ['l', 'r', 'r', 'r', 'r', 'l'],
      rows
    )
  ]);
}

/** The cells of one tool call; a failed call's output can be expanded when its preview cuts it. */
function callCells(c: ToolCall, redact: Redactor, expand: boolean): string[] {
  const cells = [
    number.format(c.index),
    codeCell(clip(redact(c.name), NAME_CHARS)),
    c.inputPreview ? codeCell(clip(redact(c.inputPreview), INPUT_CHARS)) : ' ',
    c.durationMs !== undefined ? formatMs(c.durationMs) : '–'
  ];
  if (!c.isError) return [...cells, 'ok'];
  const output = redact(c.output);
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

const expandable = (c: ToolCall, redact: Redactor): boolean => {
  const { line, more } = firstLine(redact(c.output));
  return c.isError && (more || line.length > ERROR_PREVIEW_CHARS);
};

const CALLS_HEADER = ['#', 'Tool', 'Input', 'Duration', 'Status'];
const CALLS_ALIGN: ('l' | 'r')[] = ['r', 'l', 'l', 'r', 'l'];
const rowBytes = (cells: string[]): number => bytes(`| ${cells.join(' | ')} |\n`);

/**
 * One row per tool result, in order: the most recent that fit in `room` bytes. Rows first (lean),
 * then, with the bytes left, expandable outputs for the most recent failed calls.
 */
function callsBlock(
  turn: Turn,
  redact: Redactor,
  room: number,
  where: string
): { text: string; whole: boolean } {
  const calls = turn.recentCalls;
  const lean: string[][] = [];
  let used = bytes(`${table(CALLS_HEADER, CALLS_ALIGN, [])}\n\n`);
  for (let i = calls.length - 1; i >= 0; i--) {
    const cells = callCells(calls[i], redact, false);
    const size = rowBytes(cells);
    if (used + size > room) break;
    used += size;
    lean.push(cells);
  }
  let expandedAll = true;
  const rows = lean.map((cells, k) => {
    const c = calls[calls.length - 1 - k];
    if (!expandable(c, redact)) return cells;
    const full = callCells(c, redact, true);
    const extra = rowBytes(full) - rowBytes(cells);
    if (used + extra > room) {
      expandedAll = false;
      return cells;
    }
    used += extra;
    return full;
  });
  rows.reverse();

  const shown = rows.length;
  const total = turn.toolCalls;
  const kept = calls.length;
  let note: string | undefined;
  if (shown === 0) {
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
  return {
    text: join([
      '#### Tool calls',
      note,
      shown > 0 ? table(CALLS_HEADER, CALLS_ALIGN, rows) : undefined
    ]),
    // All it keeps, every output it could expand expanded: nothing was cut to save space.
    whole: shown === kept && expandedAll
  };
}

/** Each string redacted once per summary: a row can be drawn twice, and fields repeat. */
function memoized(redact: Redactor): Redactor {
  const seen = new Map<string, string>();
  return text => {
    let clean = seen.get(text);
    if (clean === undefined) {
      clean = redact(text);
      seen.set(text, clean);
    }
    return clean;
  };
}

/** The status, the message and where the transcript is: what fits in the smallest budget. */
function minimal(report: Report, redact: Redactor, budget: number): string {
  const { verdict } = report;
  const code = verdict.exitCode !== undefined ? ` · exit code ${verdict.exitCode}` : '';
  let chars = MESSAGE_CHARS;
  for (;;) {
    const text =
      join([
        `### ${TITLE[verdict.outcome]}${code}`,
        inline(clip(redact(verdict.message), chars)),
        `_The rest is left out to stay under GitHub’s 1 MiB summary limit; everything is in ${transcriptRef(report, redact)}._`
      ]) + '\n';
    if (bytes(text) <= budget || chars === 0) return text;
    chars = Math.floor(chars / 2);
  }
}
