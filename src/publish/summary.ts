/** The job summary: Markdown drawn from a report, every untrusted string escaped, always within budget. */
import { clip } from '../text/text.js';
import {
  bytes,
  codeBlock,
  codeCell,
  details,
  inline,
  join,
  number,
  quoted,
  textBlock
} from './markdown.js';
import type { Redacted } from '../text/redact.js';
import type { Turn } from '../turn/turn.js';
import type { RunReport } from './run-report.js';
import { structuredBlock } from './structured.js';
import { reviewBlock } from './review-fact.js';
import { headingOf } from './heading.js';
import { titleOf } from '../turn/verdict.js';
import { renderAnswer } from './answer.js';
import { callsBlock, callsFloor, INPUT_CHARS, NAME_CHARS, toolsBlock } from './tool-tables.js';
import { refusedBlock } from './network-fact.js';
import { modelCallsBlock } from './model-calls.js';
import { factsTable, MESSAGE_CHARS, PROBLEM_CHARS, transcriptRef } from './run-table.js';

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
const STDERR_LINE_CHARS = 300;
const STDERR_LINES = 20;
/** An answer this short is shown open: there is nothing to save by collapsing it. */
const OPEN_ANSWER_BYTES = 1024;
const ANSWER_BYTES = 96 * 1024;
/** The agent's summary of its review: as much as the review's own body shows of it. */
const REVIEW_CHARS = 20_000;
const REVIEW_BYTES = 64 * 1024;
const ISSUES_SHOWN = 30;
const UNKNOWN_TYPES_SHOWN = 10;
const UNFINISHED_SHOWN = 10;
/** Room kept for the note that says what the tool-call table leaves out, besides where the transcript is. */
const NOTE_BYTES = 512;
// Reasoning (API server mode) gets the bytes everything else left, up to REASONING_BYTES.
const REASONING_CHARS = 20_000;
const REASONING_BYTES = 64 * 1024;
const MIN_REASONING_CHARS = 200;
/** Room kept for the note that says the reasoning was left out, besides where the transcript is. */
const REASONING_NOTE_BYTES = 256;

/** An input was refused before anything ran: one line, the title and why. */
export function invalidInputSummary(message: Redacted): string {
  return `### ${titleOf('invalid_input')}: ${inline(clip(message, MESSAGE_CHARS))}\n`;
}

/** `trigger-phrase`: the comment did not ask, and the run was skipped. */
export function skippedSummary(message: Redacted): string {
  return `### ${titleOf('skipped')}\n\n${inline(clip(message, MESSAGE_CHARS))}\n`;
}

/** The optional blocks, and which go first when the budget is short (the review last). */
const EXTRAS = [
  'the review',
  'the answer',
  'the structured output',
  'the stream anomalies'
] as const;
const LEFT_OUT_FIRST = [3, 1, 2, 0] as const;

/**
 * The summary, within budget at any run size. Degrades in steps, each one saying what it left out:
 * a shorter reasoning block, then none, then fewer expanded outputs, then fewer tool-call rows (the
 * most recent are kept), then the per-tool table only. It takes redacted text only (the report's
 * strings from the stream are Redacted, redacted before anything was cut), so a cut never leaves half a token.
 */
export function renderSummary(report: RunReport, options: SummaryOptions = {}): string {
  const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
  const { turn } = report;
  const where = transcriptRef(report);
  const reasoning = options.showReasoning === false ? undefined : turn.reasoning;
  const hasReasoning = reasoning !== undefined && reasoning.text.trim() !== '';
  // The tool-call table's note names where the transcript is up to twice (the rows left out, the
  // calls that never returned); the reasoning's note once more.
  const noteBytes =
    NOTE_BYTES + 2 * bytes(where) + (hasReasoning ? REASONING_NOTE_BYTES + bytes(where) : 0);

  // What a reader looks for first, the outcome, is the head's first block: the run table comes after the answer.
  const status = statusBlock(report);
  const facts = [
    factsTable(report, where),
    modelCallsBlock(report.gateway),
    refusedBlock(report.isolation?.egress)
  ];
  const head = [status, ...facts];
  const extras: [string | undefined, string | undefined, string | undefined, string | undefined] = [
    report.review &&
      reviewBlock(report.review, { chars: REVIEW_CHARS, bytes: REVIEW_BYTES, headingLevel: 4 }),
    answerBlock(report),
    structuredBlock(report.answer, report.asked),
    anomalyBlock(turn)
  ];
  const tools =
    turn.toolCalls > 0 ? toolsBlock(turn.tools, { heading: 'Time per tool' }) : undefined;

  const anyCalls = turn.toolCalls > 0 || turn.unfinished.length > 0;
  const callsHead = anyCalls ? '#### Tool calls' : '#### Tool calls\n\n_None._';
  // The tool-call table's header and its rows of calls that never returned, which it always keeps.
  const floor = anyCalls ? callsFloor(turn) : 0;
  // Bytes of everything but the tool-call table's other rows and its note.
  const fixed = (parts: (string | undefined)[]): number =>
    bytes(join([...parts, callsHead])) + 4 + floor;

  // Last resorts, only for budgets far below the default: the extras go, then the per-tool table.
  const left: string[] = [];
  for (const i of LEFT_OUT_FIRST) {
    if (fixed([...head, ...extras, tools]) + noteBytes <= budget || !extras.some(Boolean)) break;
    if (extras[i] === undefined) continue;
    left.push(EXTRAS[i]);
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

  // callsBlock counts its floor in its room.
  const room = budget - fixed([...head, ...extras, toolsShown, omitted]) - noteBytes + floor;
  const calls = anyCalls ? callsBlock(turn, room, where) : { text: callsHead, whole: true };
  // The reasoning comes last: its block gets what is left once everything else is whole, less the
  // room kept for the tool-call table's note, so that it is gone before the table loses anything.
  const spare =
    budget - bytes(`${join([...head, omitted, ...extras, toolsShown, calls.text])}\n`) - 2;
  const blockRoom = left.length === 0 && calls.whole ? spare - NOTE_BYTES - bytes(where) : 0;
  const thinking = hasReasoning ? reasoningBlock(reasoning, blockRoom, spare, where) : undefined;
  const summary = `${join([status, omitted, extras[0], extras[1], extras[2], ...facts, thinking, extras[3], toolsShown, calls.text])}\n`;
  if (bytes(summary) <= budget) return summary;
  // Not reached for budgets that hold the head; a guard so that the promise holds whatever happens.
  return minimal(report, budget);
}

function statusBlock(report: RunReport): string {
  const { verdict, turn } = report;
  const status = `### ${headingOf(report.verdict, report.asked)}`;
  // On success the message says no more than the status line.
  if (verdict.outcome === 'success') return status;
  const lines = [status];
  const message = clip(verdict.message, MESSAGE_CHARS);
  lines.push(`> [!CAUTION]\n${quoted(message)}`);
  const stderr = report.stderrTail
    .filter(l => l.trim() !== '')
    .slice(-STDERR_LINES)
    .map(l => clip(l, STDERR_LINE_CHARS));
  if (!turn.result && stderr.length > 0) {
    lines.push(details('Last lines of Hermes’ stderr', codeBlock(stderr.join('\n'))));
  }
  return join(lines);
}

/**
 * The answer, open when short. Where its JSON passed the check, only the text around it: the JSON is
 * the structured output's, or the review's and the labels' the action wrote.
 */
function answerBlock({ turn, answer }: RunReport): string | undefined {
  if (answer?.ok) return answer.prose && textAnswerBlock(answer.prose);
  const text = turn.result?.text;
  if (!text || text.trim() === '') return answerSoFarBlock(turn);
  return textAnswerBlock(text);
}

function textAnswerBlock(text: Redacted): string {
  // Its headings go below the summary's own (####); the whole answer is in the output and the transcript.
  const body = renderAnswer(text, {
    chars: ANSWER_BYTES,
    bytes: ANSWER_BYTES,
    headingLevel: 4,
    whole: 'the `text` output and the transcript'
  });
  const size = `${number.format(text.length)} character${text.length === 1 ? '' : 's'}`;
  return details(`Answer (${size})`, body, bytes(text) < OPEN_ANSWER_BYTES);
}

/**
 * A turn that ended without an answer (cut at a budget, a provider's error, a cancel): the text the
 * model streamed since its last tool call, open, said to be cut. Rendered as the answer is.
 */
function answerSoFarBlock(turn: Turn): string | undefined {
  const kept = turn.answerSoFar;
  if (!kept || kept.text.trim() === '') return undefined;
  const cut =
    kept.text.length < kept.chars
      ? ` The summary keeps its first ${number.format(kept.text.length)}.`
      : '';
  const body = renderAnswer(kept.text, {
    chars: ANSWER_BYTES,
    bytes: ANSWER_BYTES,
    headingLevel: 4,
    whole: 'the transcript'
  });
  const size = `${number.format(kept.chars)} character${kept.chars === 1 ? '' : 's'}`;
  const note = `_The turn ended before its answer: this is the text the model streamed after its last tool call, as far as it came.${cut}_\n\n`;
  return details(`Answer so far, cut short (${size})`, note + body, true);
}

/**
 * The model's reasoning (API server mode), collapsed, as plain text: up to REASONING_CHARS, in at
 * most `room` bytes; shorter when room is short, and a note (in `noteRoom`) when not even a little fits.
 */
function reasoningBlock(
  reasoning: NonNullable<Turn['reasoning']>,
  room: number,
  noteRoom: number,
  where: string
): string | undefined {
  const clean = reasoning.text;
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

function anomalyBlock(turn: Turn): string | undefined {
  const lines: string[] = [];
  const problem = (text: string): string => inline(clip(text, PROBLEM_CHARS));
  for (const issue of turn.issues.slice(0, ISSUES_SHOWN)) {
    lines.push(
      `- line ${issue.line}: ${problem(issue.problem)}${issue.skipped ? ' (skipped)' : ''}`
    );
  }
  const moreIssues = turn.issueCount - Math.min(turn.issues.length, ISSUES_SHOWN);
  if (moreIssues > 0) lines.push(`- … and ${number.format(moreIssues)} more problem(s)`);
  // The turn redacted the names as it kept them (keys cannot carry the type).
  const unknown = Object.entries(turn.unknownTypes) as [Redacted, number][];
  let unknownEvents = 0;
  for (const [, count] of unknown) unknownEvents += count;
  for (const [type, count] of unknown.slice(0, UNKNOWN_TYPES_SHOWN)) {
    lines.push(
      `- ${number.format(count)} event(s) of unknown type ${codeCell(clip(type, NAME_CHARS))}, ignored`
    );
  }
  if (unknown.length > UNKNOWN_TYPES_SHOWN)
    lines.push(
      `- … and ${number.format(unknown.length - UNKNOWN_TYPES_SHOWN)} more unknown type(s)`
    );
  if (turn.eventsAfterResult > 0)
    lines.push(`- ${number.format(turn.eventsAfterResult)} event(s) after the result event`);
  for (const u of turn.unfinished.slice(0, UNFINISHED_SHOWN)) {
    const input = u.inputPreview ? ` ${codeCell(clip(u.inputPreview, INPUT_CHARS))}` : '';
    lines.push(`- ${codeCell(clip(u.name, NAME_CHARS))} was called but never returned${input}`);
  }
  if (turn.unfinished.length > UNFINISHED_SHOWN)
    lines.push(
      `- … and ${number.format(turn.unfinished.length - UNFINISHED_SHOWN)} more call(s) that never returned`
    );
  if (lines.length === 0) return undefined;
  const count = turn.issueCount + unknownEvents + turn.eventsAfterResult + turn.unfinished.length;
  return details(`Stream anomalies (${number.format(count)})`, lines.join('\n'));
}

/** The status, the message and where the transcript is: what fits in the smallest budget. */
function minimal(report: RunReport, budget: number): string {
  const { verdict } = report;
  let chars = MESSAGE_CHARS;
  for (;;) {
    const text =
      join([
        `### ${headingOf(report.verdict, report.asked)}`,
        inline(clip(verdict.message, chars)),
        `_The rest is left out to stay under GitHub’s 1 MiB summary limit; everything is in ${transcriptRef(report)}._`
      ]) + '\n';
    if (bytes(text) <= budget || chars === 0) return text;
    chars = Math.floor(chars / 2);
  }
}
