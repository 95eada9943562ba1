/**
 * The sticky comment's Markdown: the status, the answer (or the structured output), what the turn
 * cost and did, and links to the run and the transcript. Escaped like the summary (every string from
 * the stream through report/markdown.ts, after redaction) and under GitHub's comment limit.
 */
import type { Tokens } from '../turn/stream.js';
import { formatCost } from '../turn/session-usage.js';
import { OUTCOMES, type Outcome } from '../turn/verdict.js';
import { codeCell, join, link, number, quoted } from '../publish/markdown.js';
import { renderAnswer } from '../publish/answer.js';
import { structuredBlock } from '../publish/structured.js';
import { reviewBlock } from '../publish/review-fact.js';
import { headingOf } from '../publish/heading.js';
import type { ReviewFact } from '../publish/run-report.js';
import type { Asks } from '../schema/load.js';
import type { Redactor } from '../text/redact.js';
import { clip, formatMs } from '../text/text.js';

/** GitHub refuses a comment body longer than this many characters. */
export const COMMENT_LIMIT_CHARS = 65_536;
/** What the comment may take: under the limit whatever the run (UTF-16 units count at least as many). */
export const COMMENT_BUDGET_CHARS = 60_000;
const MESSAGE_CHARS = 1000;
const FACT_CHARS = 120;
/** The most the answer's Markdown takes of the comment. */
const ANSWER_CHARS = 50_000;
/** The most the agent's summary of its review takes of the comment. */
const REVIEW_CHARS = 20_000;

/** What the comment shows; everything but the links comes from the run and is untrusted. */
export interface CommentView {
  /** `running` when the turn starts; `done` once the verdict is known. */
  phase: 'running' | 'done';
  outcome?: Outcome;
  exitCode?: number;
  /** The job was cancelled (SIGINT from the runner) before the turn ended. */
  cancelled?: boolean;
  /** The verdict's message, shown unless the turn succeeded. */
  message?: string;
  /** The answer (`result.text`). */
  answer?: string;
  /** json-schema: the checked answer; where it passed, the text around its JSON is shown instead of the text. */
  structured?: Parameters<typeof structuredBlock>[0];
  /** What the answer was asked to hold: json-schema's value is shown, a review or labels only as what was done. */
  asked?: Asks;
  model?: string;
  tokens?: Tokens;
  /**
   * The session record's cost in US dollars (the `cost_usd` and `cost_estimated` outputs), when
   * known. Optional: filled where the session record is read (see `session-record`).
   */
  cost?: { usd: number; estimated: boolean };
  durationMs?: number;
  toolCalls?: number;
  toolErrors?: number;
  /** The uploaded transcript. */
  artifact?: { name: string; url: string };
  /** `review: true`: the review the agent proposed, and the action posted (its URL from GitHub's answer) or not. */
  review?: ReviewFact;
  /** `thread: auto`: this run's turn in the thread, and the first run's page where it continues one. */
  thread?: { turn: number; firstRun?: string };
}

export interface CommentPlace {
  /** The hidden first line (see target.ts markerOf). */
  marker: string;
  runUrl: string;
}

const RUNNING = '⏳ Hermes is working on it';
const CANCELLED = `${OUTCOMES.interrupted.icon} Cancelled: the job was cancelled before Hermes finished`;

export function renderComment(
  view: CommentView,
  place: CommentPlace,
  redact: Redactor,
  budget = COMMENT_BUDGET_CHARS
): string {
  const runLink = link('the run', place.runUrl);
  if (view.phase === 'running')
    return (
      join([
        place.marker,
        `### ${RUNNING}`,
        `Follow ${runLink}; this comment is rewritten when the turn ends.`
      ]) + '\n'
    );

  const outcome = view.outcome ?? 'no_result';
  const heading = headingOf({ outcome, exitCode: view.exitCode }, view.asked);
  const code = view.exitCode !== undefined ? ` · exit code ${view.exitCode}` : '';
  const title = `### ${view.cancelled ? `${CANCELLED}${code}` : heading}`;
  const caution =
    outcome !== 'success' && view.message
      ? `> [!CAUTION]\n${quoted(clip(redact(view.message), MESSAGE_CHARS))}`
      : undefined;
  const facts = factsLine(view, redact);
  const transcript = view.artifact
    ? link(`the transcript (${clip(redact(view.artifact.name), FACT_CHARS)})`, view.artifact.url)
    : 'the transcript (in the run’s artifacts, when uploaded)';
  const thread = view.thread?.firstRun
    ? ` Turn ${number.format(view.thread.turn)}, continuing the thread of ${link('the first run', view.thread.firstRun)}.`
    : '';
  const links = `See ${runLink} and ${transcript}.${thread}`;
  const review = view.review && reviewBlock(view.review, { chars: REVIEW_CHARS, headingLevel: 3 });
  const structured = structuredBlock(view.structured, view.asked);
  // Where the JSON passed, the answer is the agent's words around it (the JSON is shown as what it became).
  const answer = view.structured?.ok ? view.structured.prose : view.answer;
  const head = [place.marker, title, caution, review];
  const tail = [facts, links];
  const rest = join([...head, structured, ...tail]).length + 2;
  const body = answerBlock(answer, redact, budget - rest);
  const text = join([...head, body, structured, ...tail]) + '\n';
  if (text.length <= budget) return text;
  const short = join([place.marker, title, caution, review, ...tail]) + '\n';
  return short.length <= budget ? short : join([place.marker, title, caution, ...tail]) + '\n';
}

/** Duration, tool calls, tokens, cost and model in one line. */
function factsLine(view: CommentView, redact: Redactor): string {
  const parts: string[] = [];
  if (view.durationMs !== undefined) parts.push(formatMs(view.durationMs));
  if (view.toolCalls !== undefined) {
    const calls = `${number.format(view.toolCalls)} tool call${view.toolCalls === 1 ? '' : 's'}`;
    parts.push(view.toolErrors ? `${calls} (**${number.format(view.toolErrors)} failed**)` : calls);
  }
  const t = view.tokens;
  if (t)
    parts.push(
      `${number.format(t.total)} tokens (${number.format(t.input)} in, ${number.format(t.output)} out)`
    );
  if (view.cost) parts.push(formatCost(view.cost.usd, view.cost.estimated));
  if (view.model) parts.push(codeCell(clip(redact(view.model), FACT_CHARS)));
  return parts.length ? parts.join(' · ') : '_No result event: nothing is known of the turn._';
}

/** The answer as safe Markdown (publish/answer.ts), redacted first, cut so that the whole comment fits in room. */
function answerBlock(
  answer: string | undefined,
  redact: Redactor,
  room: number
): string | undefined {
  if (!answer || answer.trim() === '') return undefined;
  // Its headings go below the comment's title (###).
  return renderAnswer(redact(answer), {
    chars: Math.max(0, Math.min(room, ANSWER_CHARS)),
    headingLevel: 3,
    whole: 'the transcript'
  });
}
