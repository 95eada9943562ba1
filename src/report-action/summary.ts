/**
 * The matrix job summary: totals, what went wrong, the slowest and most token-hungry legs, the tools
 * across all legs, and a row per leg. Every untrusted string is redacted, cut and escaped; the whole
 * stays within budget at any number of legs (legs that succeeded are the first to be left out).
 */
import { formatMs, clip } from '../text/text.js';
import type { Redactor } from '../text/redact.js';
import {
  bytes,
  codeCell,
  inline,
  join,
  link,
  number,
  percent,
  table
} from '../publish/markdown.js';
import { toolsBlock } from '../publish/tool-tables.js';
import { SUMMARY_BUDGET_BYTES } from '../publish/summary.js';
import type { Leg, LegOutcome } from './leg.js';
import { OUTCOMES } from '../turn/verdict.js';
import type { Totals } from './totals.js';
import { formatCost } from '../turn/session-usage.js';
import type { SetAside } from './reruns.js';

/** Where the legs came from: this run's artifacts, or local files. */
export type LegOrigin =
  | {
      kind: 'artifacts';
      namePattern: string;
      others: string[];
      unmatched: string[];
      /** Earlier attempts of re-run legs, left out for their newest (reruns.ts). */
      setAside: SetAside[];
    }
  | { kind: 'files'; patterns: string[] };

export interface MatrixReport {
  legs: Leg[];
  totals: Totals;
  origin: LegOrigin;
}

const NAME_CHARS = 80;
const MODEL_CHARS = 60;
const ERROR_CHARS = 300;
const URL_CHARS = 500;
const PATTERN_CHARS = 200;
const TOP_LEGS = 5;
const SKIPPED_NAMES = 10;
/** Room kept for the note that says which legs were left out. */
const NOTE_BYTES = 512;

export function renderMatrixSummary(
  report: MatrixReport,
  redact: Redactor,
  budgetBytes = SUMMARY_BUDGET_BYTES
): string {
  const { legs, totals } = report;
  // Cost columns only once a session record was read: without any, they would say "–" throughout.
  const costs = legs.some(l => l.usage !== undefined);
  const head = [statusLine(totals), totalsTable(totals, costs), outcomesLine(totals)];
  const tail = [
    topLegs('Slowest legs', legs, l => l.durationMs, formatMs, redact),
    totals.costUsd !== undefined
      ? expensiveLegs(legs, redact)
      : topLegs(
          'Most token-hungry legs',
          legs,
          l => l.tokens?.total,
          n => number.format(n),
          redact
        ),
    totals.tools.length > 0
      ? toolsBlock(totals.tools, { heading: 'Tools across all legs', legs: true })
      : undefined,
    skippedNote(report.origin)
  ];

  // Each leg costs its row, and its item under "What went wrong" when it did not succeed.
  const entries = legs.map((leg, index) => {
    const row = legRow(leg, redact, costs);
    const success = leg.outcome === 'success';
    const item = success ? undefined : wrongItem(leg, redact);
    return { index, success, row, item, cost: bytes(row) + 1 + (item ? bytes(item) + 1 : 0) };
  });
  const fixed = bytes(join([...head, LEGS_HEAD, WRONG_HEAD, ...tail])) + 16;
  let room = budgetBytes - fixed - NOTE_BYTES;
  const shown: typeof entries = [];
  // Legs that did not succeed first, then the others, each in name order (the sort is stable).
  for (const entry of entries.toSorted((a, b) => Number(a.success) - Number(b.success))) {
    if (entry.cost > room) break;
    room -= entry.cost;
    shown.push(entry);
  }
  const left = legs.length - shown.length;
  const note =
    left > 0
      ? `_${number.format(left)} of ${number.format(legs.length)} legs are left out to stay under GitHub’s 1 MiB summary limit; every leg is in the file the \`report\` output names._`
      : undefined;
  const kept = shown.toSorted((a, b) => a.index - b.index);
  const legsBlock =
    legs.length === 0
      ? undefined
      : join([
          LEGS_HEAD,
          table(
            [
              'Leg',
              'Outcome',
              'Model',
              'Tokens',
              ...(costs ? ['Cost'] : []),
              'Duration',
              'Tool calls',
              'Tool errors',
              'Transcript'
            ],
            ['l', 'l', 'l', 'r', ...(costs ? ['r' as const] : []), 'r', 'r', 'r', 'l'],
            []
          ) + kept.map(entry => `\n${entry.row}`).join(''),
          note
        ]);
  const wrong = kept.map(entry => entry.item).filter((t): t is string => t !== undefined);
  const wrongBlock = wrong.length ? `${WRONG_HEAD}\n\n${wrong.join('\n')}` : undefined;
  // What went wrong and the aggregates first: at 256 legs the table of legs is long.
  const summary = `${join([...head, wrongBlock, ...tail, legsBlock])}\n`;
  if (bytes(summary) <= budgetBytes) return summary;
  // Only for budgets far below the default: the totals alone.
  return `${join(head)}\n`;
}

const LEGS_HEAD = '#### Legs';
const WRONG_HEAD = '#### What went wrong';

function statusLine(t: Totals): string {
  if (t.runs === 0) return '### ❌ No Hermes transcripts to report on';
  if (t.failed === 0)
    return `### ✅ ${t.runs === 1 ? 'The leg' : `All ${number.format(t.runs)} legs`} succeeded`;
  return `### ❌ ${number.format(t.failed)} of ${number.format(t.runs)} legs did not succeed`;
}

/** A leg's cost: "–" when its record gives none (or it has no record), never 0. */
const costCell = (leg: Leg): string =>
  leg.usage?.costUsd !== undefined ? formatCost(leg.usage.costUsd, leg.usage.costEstimated) : '–';

/** The sum, saying how many legs it covers when some have no known cost. */
function totalCostCell(t: Totals): string {
  if (t.costUsd === undefined) return '–';
  const sum = formatCost(t.costUsd, t.costEstimates > 0);
  return t.costLegs < t.runs
    ? `${sum} (${number.format(t.costLegs)} of ${number.format(t.runs)} legs)`
    : sum;
}

function totalsTable(t: Totals, costs: boolean): string {
  const bold = (n: number): string => (n > 0 ? `**${number.format(n)}**` : '0');
  return table(
    [
      'Legs',
      'Succeeded',
      'Failed',
      'Pass rate',
      'Tokens',
      ...(costs ? ['Cost'] : []),
      'Duration (sum)',
      'Tool calls',
      'Tool errors'
    ],
    ['r', 'r', 'r', 'r', 'r', ...(costs ? ['r' as const] : []), 'r', 'r', 'r'],
    [
      [
        number.format(t.runs),
        number.format(t.succeeded),
        bold(t.failed),
        t.runs > 0 ? percent(t.passRate) : '–',
        number.format(t.tokensTotal),
        ...(costs ? [totalCostCell(t)] : []),
        formatMs(t.durationMs),
        number.format(t.toolCalls),
        bold(t.toolErrors)
      ]
    ]
  );
}

function outcomesLine(t: Totals): string | undefined {
  if (t.outcomes.length === 0) return undefined;
  return `Outcomes: ${t.outcomes.map(([o, n]) => `${icon(o)} ${o} ${number.format(n)}`).join(' · ')}`;
}

/** A leg that could not be read has no verdict, so no row in the outcome table. */
const icon = (outcome: LegOutcome): string =>
  outcome === 'unreadable' ? '⚠️' : OUTCOMES[outcome].icon;

function outcomeCell(leg: Leg): string {
  const code = leg.exitCode !== undefined && leg.outcome !== 'success' ? ` (${leg.exitCode})` : '';
  const attempts = leg.attempts > 1 ? `, ${leg.attempts} attempts` : '';
  return `${icon(leg.outcome)} ${leg.outcome}${code}${attempts}`;
}

const nameCell = (leg: Leg, redact: Redactor): string =>
  codeCell(clip(redact(leg.name), NAME_CHARS));

function legRow(leg: Leg, redact: Redactor, costs: boolean): string {
  const source = leg.source;
  const transcript =
    source.kind === 'file'
      ? 'file'
      : source.url.length <= URL_CHARS
        ? link(`artifact ${source.id}`, source.url)
        : `artifact ${source.id}`;
  const cells = [
    nameCell(leg, redact),
    outcomeCell(leg),
    leg.model ? codeCell(clip(redact(leg.model), MODEL_CHARS)) : '–',
    leg.tokens ? number.format(leg.tokens.total) : '–',
    ...(costs ? [costCell(leg)] : []),
    leg.durationMs !== undefined ? formatMs(leg.durationMs) : '–',
    number.format(leg.toolCalls),
    leg.toolErrors > 0 ? `**${number.format(leg.toolErrors)}**` : '0',
    transcript
  ];
  return `| ${cells.join(' | ')} |`;
}

function wrongItem(leg: Leg, redact: Redactor): string {
  return `- ${nameCell(leg, redact)} ${outcomeCell(leg)}: ${inline(clip(redact(leg.error), ERROR_CHARS))}`;
}

/** The top legs by a measure (those that have it), largest first. */
function topLegs(
  title: string,
  legs: Leg[],
  measure: (leg: Leg) => number | undefined,
  format: (n: number) => string,
  redact: Redactor
): string | undefined {
  const ranked = legs
    .flatMap(leg => {
      const value = measure(leg);
      return value === undefined ? [] : [{ leg, value }];
    })
    .sort((a, b) => b.value - a.value || a.leg.name.localeCompare(b.leg.name))
    .slice(0, TOP_LEGS);
  if (ranked.length < 2) return undefined;
  return `#### ${title}\n\n${table(
    ['Leg', title.startsWith('Slowest') ? 'Duration' : 'Tokens', 'Outcome'],
    ['l', 'r', 'l'],
    ranked.map(({ leg, value }) => [nameCell(leg, redact), format(value), outcomeCell(leg)])
  )}`;
}

/** The legs by cost, largest first; legs whose cost is unknown after them, by tokens. */
function expensiveLegs(legs: Leg[], redact: Redactor): string | undefined {
  const cost = (l: Leg): number | undefined => l.usage?.costUsd;
  const ranked = legs
    .filter(l => cost(l) !== undefined || l.tokens !== undefined)
    .sort(
      (a, b) =>
        Number(cost(a) === undefined) - Number(cost(b) === undefined) ||
        (cost(b) ?? 0) - (cost(a) ?? 0) ||
        (b.tokens?.total ?? 0) - (a.tokens?.total ?? 0) ||
        a.name.localeCompare(b.name)
    )
    .slice(0, TOP_LEGS);
  if (ranked.length < 2) return undefined;
  return `#### Most expensive legs\n\n${table(
    ['Leg', 'Cost', 'Tokens', 'Outcome'],
    ['l', 'r', 'r', 'l'],
    ranked.map(l => [
      nameCell(l, redact),
      costCell(l),
      l.tokens ? number.format(l.tokens.total) : '–',
      outcomeCell(l)
    ])
  )}`;
}

/** What was not read, and where the report looked. */
function skippedNote(origin: LegOrigin): string | undefined {
  const names = (list: string[]): string => {
    const shown = list.slice(0, SKIPPED_NAMES).map(n => codeCell(clip(n, NAME_CHARS)));
    return (
      shown.join(', ') +
      (list.length > SKIPPED_NAMES ? ` and ${number.format(list.length - SKIPPED_NAMES)} more` : '')
    );
  };
  if (origin.kind === 'files') {
    return `_Read from files matching ${origin.patterns.map(p => codeCell(clip(p, PATTERN_CHARS))).join(', ')}._`;
  }
  const lines = [];
  if (origin.others.length > 0)
    lines.push(
      `- ${number.format(origin.others.length)} other artifact(s) skipped, not Hermes transcripts (their names do not end in \`.jsonl\`): ${names(origin.others)}`
    );
  if (origin.unmatched.length > 0)
    lines.push(
      `- ${number.format(origin.unmatched.length)} transcript(s) skipped, not matching \`name-pattern\` ${codeCell(clip(origin.namePattern, PATTERN_CHARS))}: ${names(origin.unmatched)}`
    );
  if (origin.setAside.length > 0)
    lines.push(
      `- ${number.format(origin.setAside.length)} earlier attempt(s) of re-run legs set aside, each leg counted by its newest attempt: ${names(
        origin.setAside.map(a => `${a.leg} attempt ${a.attempt} (attempt ${a.counted} counted)`)
      )}`
    );
  return lines.length ? lines.join('\n') : undefined;
}
