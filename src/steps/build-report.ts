/** Step 5, the report: what the run came to, built once, as a value the publishing only reads. */
import { redactedUsage } from '../turn/session-usage.js';
import { TurnBuilder } from '../turn/turn.js';
import type { Decision } from '../turn/decision.js';
import { shown, type RunReport } from '../publish/run-report.js';
import type { AnswerCheck } from '../schema/check.js';
import type { Redactor } from '../text/redact.js';
import type { AdmitResult } from './admit.js';
import type { Executed } from './execute.js';
import type { Plan } from './plan.js';

export type FinalReport = Readonly<RunReport>;

export function buildReport(
  plan: Plan,
  admitted: Extract<AdmitResult, { allowed: true }>,
  executed: Executed,
  { verdict, answer }: Decision<AnswerCheck>
): FinalReport {
  const { settings, userQuery, redact } = plan;
  const { attempt, record, agent } = executed;
  const attempts =
    executed.attemptCount === 0 ? [] : [...executed.earlier.map(a => a.verdict), verdict];
  return {
    verdict: shown(verdict, redact),
    query:
      userQuery?.kind === 'text'
        ? { kind: 'text', text: redact(userQuery.text) }
        : userQuery && { kind: 'file', path: redact(userQuery.path) },
    turn: attempt.turn,
    durationMs: attempt.turn.result?.duration_ms ?? attempt.durationMs,
    agent: agent === undefined ? undefined : redact(agent),
    stderrTail: attempt.end.kind === 'process' ? attempt.end.stderrTail : [],
    jsonlPath: settings.mode === 'transcript' ? settings.transcript : settings.jsonlPath,
    trigger: admitted.trigger,
    rules: admitted.rules,
    attempts: attempts.map(({ outcome, exitCode }) => ({ outcome, exitCode })),
    answer,
    ...(plan.schema && { asked: plan.schema.asks }),
    install: executed.install,
    ...(executed.thread && { thread: executed.thread }),
    gateway: executed.gateway,
    held: executed.held,
    isolation:
      executed.isolation ??
      (settings.mode === 'api'
        ? { why: 'API server mode: no Hermes process runs on this runner' }
        : settings.mode === 'transcript'
          ? { why: 'transcript mode: nothing runs' }
          : undefined),
    // API server mode: only what the server's response reported; no export is attempted.
    // Strings from the server or the record are redacted here, once, like every string of a turn.
    ...(attempt.usage && { usage: redactedUsage(attempt.usage, redact) }),
    ...(record && {
      usage: record.ok ? redactedUsage(record.usage, redact) : undefined,
      session: record.ok ? { path: record.path } : { note: redact(record.note) }
    })
  };
}

/** The gate or isolation said no: Hermes never ran; the report says who and why. */
export function refusalReport(
  { redact }: Plan,
  { refusal, isolation, skipped }: Extract<AdmitResult, { allowed: false }>
): FinalReport {
  const outcome = skipped ? 'skipped' : 'not_allowed';
  const verdict = shown({ outcome, message: refusal.message }, redact);
  return {
    verdict,
    turn: new TurnBuilder(redact).finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: '',
    trigger: { actor: refusal.actor, event: refusal.event, why: verdict.message },
    isolation
  };
}

/**
 * The run stopped before Hermes ran: cancelled (`interrupted`, saying how far it got) or an
 * unexpected failure of the action's own (`failure`). Outputs, summary and comment still say so.
 */
export function stoppedReport(
  { redact }: Plan,
  outcome: 'interrupted' | 'failure',
  message: string,
  trigger?: Extract<AdmitResult, { allowed: true }>['trigger']
): FinalReport {
  return {
    verdict: shown({ outcome, message }, redact),
    turn: new TurnBuilder(redact).finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: '',
    trigger
  };
}

/** An input was refused: nothing ran, nothing else is known. */
export function invalidInputReport(message: string, redact: Redactor): FinalReport {
  return {
    verdict: { outcome: 'invalid_input', message: redact(message) },
    turn: new TurnBuilder().finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: ''
  };
}
