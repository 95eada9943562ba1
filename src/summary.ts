/** The job summary: Markdown drawn from a report, every untrusted string escaped, always within budget. */
import { formatMs } from './log.js';
import { cell, codeBlock, codeCell, details, inline, quoted, table } from './markdown.js';
import type { Redactor } from './redact.js';
import type { Turn } from './turn.js';
import type { Outcome, Verdict } from './verdict.js';

export interface Report {
  verdict: Verdict;
  turn: Turn;
  durationMs: number;
  hermesVersion?: string;
  stderrTail: string[];
  jsonlPath: string;
  artifact?: { name: string; id: number; url: string };
  /** Why the transcript was not uploaded, when it was not. */
  artifactNote?: string;
}

/** GitHub drops a step's summary whole past 1 MiB; stay well under it, whatever the run. */
export const SUMMARY_BUDGET_BYTES = 900 * 1024;
const ANSWER_CHARS = 32 * 1024;
const MAX_ISSUES_SHOWN = 50;

const ICON: Record<Outcome, string> = {
  success: '✅',
  failure: '❌',
  interrupted: '⏹️',
  tempfail: '⏳',
  config_error: '⚙️',
  usage_error: '❌',
  no_result: '❌',
  not_found: '❌',
  timeout: '⌛'
};

const number = new Intl.NumberFormat('en-US');

export function renderSummary(report: Report, redact: Redactor): string {
  const { verdict, turn } = report;
  const r = (text: string): string => redact(text);
  const head: string[] = [];
  head.push(`### ${ICON[verdict.outcome]} Hermes: ${verdict.outcome.replace('_', ' ')}`);
  head.push('');
  if (verdict.outcome === 'success') {
    head.push(inline(r(verdict.message)));
  } else {
    head.push('> [!CAUTION]', quoted(r(verdict.message)));
    const stderr = report.stderrTail.filter(l => l.trim() !== '');
    if (!turn.result && stderr.length > 0) {
      head.push('', details('Last lines of Hermes’ stderr', codeBlock(r(stderr.join('\n')))));
    }
  }
  head.push('', factsTable(report));

  const tail: string[] = [];
  if (turn.result?.text) {
    const text = r(turn.result.text);
    const cut = text.length > ANSWER_CHARS;
    tail.push(
      details(
        'Answer',
        codeBlock(cut ? text.slice(0, ANSWER_CHARS) : text) +
          (cut
            ? `\n\n_Cut at ${number.format(ANSWER_CHARS)} characters; the whole answer is in the transcript._`
            : '')
      )
    );
  }
  const anomalies = anomalyList(turn, r);
  if (anomalies) tail.push(anomalies);
  tail.push(transcriptLine(report));

  // Blank lines between blocks: an HTML block such as </details> runs on until one.
  const fixed = [...head, '', ...tail].join('\n\n');
  const calls = callsSection(turn, r, SUMMARY_BUDGET_BYTES - Buffer.byteLength(fixed));
  return [head.join('\n'), calls, ...tail].join('\n\n') + '\n';
}

function factsTable(report: Report): string {
  const { turn, verdict } = report;
  const tokens = turn.result?.tokens;
  const rows: [string, string][] = [
    ['Model', turn.model ? codeCell(turn.model) : '–'],
    ['Session', turn.sessionId ? codeCell(turn.sessionId) : '–'],
    ['Exit code', verdict.exitCode !== undefined ? String(verdict.exitCode) : '–'],
    ['Duration', formatMs(report.durationMs)],
    [
      'Tool calls',
      `${number.format(turn.toolCalls)}${turn.toolErrors ? ` (${number.format(turn.toolErrors)} failed)` : ''}`
    ],
    [
      'Tokens',
      tokens
        ? `${number.format(tokens.total)} total: ${number.format(tokens.input)} input, ${number.format(tokens.output)} output, ` +
          `${number.format(tokens.cache_read)} cache read, ${number.format(tokens.cache_write)} cache write`
        : '–'
    ]
  ];
  if (report.hermesVersion) rows.push(['Hermes', cell(report.hermesVersion)]);
  return table(['', ''], ['l', 'l'], rows);
}

/** One row per tool result, the most recent that fit in the bytes left. */
function callsSection(turn: Turn, r: (t: string) => string, budget: number): string {
  if (turn.toolCalls === 0) return '_No tool calls._';
  const rows: string[][] = [];
  let used = 0;
  for (let i = turn.recentCalls.length - 1; i >= 0; i--) {
    const c = turn.recentCalls[i];
    const row = [
      String(c.index),
      codeCell(r(c.name).slice(0, 80)),
      codeCell(r(c.inputPreview)),
      c.durationMs !== undefined ? formatMs(c.durationMs) : '–',
      c.isError ? `❌ ${cell(r(c.output).slice(0, 120))}` : 'ok'
    ];
    const bytes = Buffer.byteLength(row.join(' | ')) + 8;
    if (used + bytes > budget - 1024) break;
    used += bytes;
    rows.push(row);
  }
  rows.reverse();
  const shown = rows.length;
  const note =
    shown < turn.toolCalls
      ? `\n\n_Showing the last ${number.format(shown)} of ${number.format(turn.toolCalls)} tool calls; all of them are in the transcript._`
      : '';
  return `#### Tool calls\n\n${table(['#', 'Tool', 'Input', 'Duration', 'Status'], ['r', 'l', 'l', 'r', 'l'], rows)}${note}`;
}

function anomalyList(turn: Turn, r: (t: string) => string): string | undefined {
  const lines: string[] = [];
  for (const issue of turn.issues.slice(0, MAX_ISSUES_SHOWN)) {
    lines.push(
      `- line ${issue.line}: ${inline(r(issue.problem))}${issue.skipped ? ' (skipped)' : ''}`
    );
  }
  if (turn.issueCount > MAX_ISSUES_SHOWN)
    lines.push(`- … and ${number.format(turn.issueCount - MAX_ISSUES_SHOWN)} more`);
  for (const [type, count] of Object.entries(turn.unknownTypes)) {
    lines.push(`- ${number.format(count)} event(s) of unknown type ${codeCell(r(type))}, ignored`);
  }
  if (turn.eventsAfterResult > 0)
    lines.push(`- ${number.format(turn.eventsAfterResult)} event(s) after the result event`);
  for (const u of turn.unfinished.slice(0, MAX_ISSUES_SHOWN)) {
    lines.push(
      `- ${codeCell(r(u.name))} was called but never returned ${u.inputPreview ? codeCell(r(u.inputPreview)) : ''}`.trimEnd()
    );
  }
  if (lines.length === 0) return undefined;
  return details(`Stream anomalies (${number.format(lines.length)})`, lines.join('\n'));
}

function transcriptLine(report: Report): string {
  if (report.artifact) {
    return `Transcript: [${inline(report.artifact.name)}](${report.artifact.url}) (artifact ${report.artifact.id})`;
  }
  return `Transcript: ${codeCell(report.jsonlPath)}${report.artifactNote ? ` (${inline(report.artifactNote)})` : ''}`;
}
