/**
 * The job summary's run table (src/publish/summary.ts draws the rest): one row per fact of the run,
 * every untrusted string redacted before it reaches here, cut to a bound and escaped.
 */
import { clip, formatMs, oneLine } from '../text/text.js';
import { formatCost } from '../turn/session-usage.js';
import { cell, codeCell, link, number, table } from './markdown.js';
import { installFact } from './install-fact.js';
import { isolationFact } from './isolation-fact.js';
import { heldFact, modelCallsFact } from './model-calls.js';
import type { RunReport } from './run-report.js';

// Each cell's bound in characters (UTF-16 units), known up front as the summary's budget needs.
/** A message: the verdict's, a note the action wrote. */
export const MESSAGE_CHARS = 1000;
/** A problem the action names (an upload's, a stream line's). */
export const PROBLEM_CHARS = 200;
const FACT_CHARS = 120;
const QUERY_CHARS = 200;
const LINK_TEXT_CHARS = 100;
const PATH_CHARS = 200;
const URL_CHARS = 500;

/** The run table: what ran, for how long, at what cost, who caused it, and where its records are. */
export function factsTable(report: RunReport, where: string): string {
  const { turn } = report;
  const tokens = turn.result?.tokens;
  const fact = (value: string | undefined): string =>
    value ? codeCell(clip(value, FACT_CHARS)) : '–';
  const calls = turn.toolErrors
    ? `${number.format(turn.toolCalls)} (**${number.format(turn.toolErrors)} failed**)`
    : number.format(turn.toolCalls);
  const rows: [string, string][] = [
    ...(report.query ? [['Query', queryCell(report.query)] as [string, string]] : []),
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
  const usage = report.usage;
  if (usage) {
    rows.push([
      'Cost',
      usage.costUsd !== undefined ? formatCost(usage.costUsd, usage.costEstimated) : '–'
    ]);
    if (usage.apiCalls !== undefined) rows.push(['API calls', number.format(usage.apiCalls)]);
  }
  if (report.gateway) rows.push(['Model calls', modelCallsFact(report.gateway)]);
  if (report.attempts && report.attempts.length > 1) {
    const each = report.attempts.map(
      (a, i) => `${i + 1}: ${a.outcome}${a.exitCode !== undefined ? ` (${a.exitCode})` : ''}`
    );
    rows.push(['Attempts', `${number.format(report.attempts.length)} · ${each.join(' · ')}`]);
  }
  if (report.agent) rows.push(['Hermes', cell(clip(report.agent, FACT_CHARS))]);
  if (report.trigger) {
    rows.push(['Triggered by', triggerCell(report.trigger)]);
    // A refusal's reason is the caution above; a run's is why the gate let it in.
    if (report.verdict.outcome !== 'not_allowed')
      rows.push(['Allowed by', cell(clip(report.trigger.why, MESSAGE_CHARS))]);
  }
  if (report.thread) rows.push(['Thread', threadCell(report.thread)]);
  if (report.rules) rows.push(['Rules', rulesCell(report.rules)]);
  if (report.install) rows.push(['Install', installFact(report.install)]);
  if (report.isolation)
    rows.push([
      'Isolation',
      [isolationFact(report.isolation), heldFact(report.held)].filter(Boolean).join(' · ')
    ]);
  rows.push(['Transcript', where + transcriptNote(report)]);
  if (report.session) rows.push(['Session record', sessionRef(report.session)]);
  return table(['Run', 'Value'], ['l', 'l'], rows);
}

/** The prompt on one line, redacted before it is cut; a file by its path. */
function queryCell(query: NonNullable<RunReport['query']>): string {
  if (query.kind === 'file') return `from ${codeCell(clip(query.path, PATH_CHARS))}`;
  return cell(oneLine(query.text, QUERY_CHARS));
}

/** Who caused the run, and on which event. */
function triggerCell(trigger: NonNullable<RunReport['trigger']>): string {
  const who = trigger.actor ? codeCell(clip(trigger.actor, FACT_CHARS)) : '–';
  const event = trigger.event ? ` on ${codeCell(clip(trigger.event, FACT_CHARS))}` : '';
  return `${who}${event}`;
}

/** The thread's turn, what it continues, and why it did not (or was not kept), where it did not. */
function threadCell(thread: NonNullable<RunReport['thread']>): string {
  const id = codeCell(clip(thread.id, FACT_CHARS));
  const turn = `turn ${number.format(thread.turn)} of ${id}`;
  const first =
    thread.firstRun && thread.firstRun.length <= URL_CHARS
      ? `, continuing the thread of ${link('its first run', thread.firstRun)}`
      : '';
  const note = thread.note ? ` · ${cell(clip(thread.note, MESSAGE_CHARS))}` : '';
  return `${turn}${thread.resumed ? first : ' (a new thread)'}${note}`;
}

/** Whether Hermes read the rules of a checkout someone else may have written, and why. */
function rulesCell({ ignored, why }: NonNullable<RunReport['rules']>): string {
  const said = cell(clip(why, MESSAGE_CHARS));
  return ignored ? `ignored, ${said}` : `read from the checkout: ${said}`;
}

/** Where the whole transcript is: the artifact's link, else its path on the runner. */
export function transcriptRef(report: RunReport): string {
  const a = report.artifact;
  if (a && a.url.length <= URL_CHARS)
    return `${link(clip(a.name, LINK_TEXT_CHARS), a.url)} (artifact ${a.id})`;
  if (a) return `the artifact ${codeCell(clip(a.name, LINK_TEXT_CHARS))}`;
  if (report.verdict.outcome === 'not_found' || report.verdict.outcome === 'not_allowed')
    return 'none (Hermes did not run)';
  return codeCell(clip(report.jsonlPath, PATH_CHARS));
}

/** The session record's link, else its path, with the note that says why it is not (all) there. */
function sessionRef(session: NonNullable<RunReport['session']>): string {
  const a = session.artifact;
  const where =
    a && a.url.length <= URL_CHARS
      ? `${link(clip(a.name, LINK_TEXT_CHARS), a.url)} (artifact ${a.id})`
      : session.path
        ? codeCell(clip(session.path, PATH_CHARS))
        : '';
  // The note is the action's own sentence around Hermes' redacted words (src/steps/build-report.ts).
  const note = session.note ? cell(clip(session.note, MESSAGE_CHARS)) : '';
  return [where, note].filter(Boolean).join(' · ') || '–';
}

function transcriptNote(report: RunReport): string {
  if (report.artifact || !report.artifactNote) return '';
  return ` (not uploaded: ${cell(clip(report.artifactNote, PROBLEM_CHARS))})`;
}
