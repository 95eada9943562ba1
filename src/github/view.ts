/** What the comment shows of a run's report. */
import type { RunReport } from '../publish/run-report.js';
import type { CommentView } from './body.js';

export function viewOf(report: RunReport, cancelled: boolean): CommentView {
  const { verdict, turn } = report;
  const ran = verdict.outcome !== 'not_allowed' && verdict.outcome !== 'not_found';
  return {
    phase: 'done',
    outcome: verdict.outcome,
    exitCode: verdict.exitCode,
    cancelled,
    message: verdict.message,
    answer: turn.result?.text,
    structured: report.answer,
    asked: report.asked,
    review: report.review,
    model: turn.model,
    tokens: turn.result?.tokens,
    durationMs: ran ? report.durationMs : undefined,
    toolCalls: ran ? turn.toolCalls : undefined,
    toolErrors: ran ? turn.toolErrors : undefined,
    artifact: report.artifact && { name: report.artifact.name, url: report.artifact.url },
    ...(report.thread && {
      thread: {
        turn: report.thread.turn,
        ...(report.thread.firstRun && { firstRun: report.thread.firstRun })
      }
    }),
    cost:
      report.usage?.costUsd !== undefined
        ? { usd: report.usage.costUsd, estimated: report.usage.costEstimated === true }
        : undefined
  };
}
