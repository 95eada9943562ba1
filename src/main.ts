/** The orchestration: plan → admit → execute → decide → report → publish, each one step. */
import { unsupportedRunner } from './config/platform.js';
import { decide, type Decision } from './turn/decision.js';
import { checkAnswer, type AnswerCheck } from './schema/check.js';
import { closingLine } from './publish/log.js';
import { admitRun } from './steps/admit.js';
import {
  buildReport,
  invalidInputReport,
  refusalReport,
  stoppedReport
} from './steps/build-report.js';
import { execute, type Executed } from './steps/execute.js';
import {
  Cancelled,
  cancelledAfter,
  untilCancelled,
  type Cancellation
} from './turn/cancellation.js';
import type { StickyComment } from './github/sticky.js';
import { messageOf } from './text/errors.js';
import { uncountedBudgets, withBudget } from './turn/budget.js';
import { readPlan, type Plan } from './steps/plan.js';
import { runnerPorts, type Ports } from './steps/ports.js';
import { publish, publishInvalidInput, publishSkipped } from './steps/publish.js';

export async function run(ports: Ports = runnerPorts()): Promise<void> {
  // Heard from the first line: a cancel at any point ends in a report, never in a killed action.
  const cancellation = ports.listenForCancellation();
  const unsupported = unsupportedRunner(ports.platform);
  if (unsupported) return ports.out.setFailed(unsupported);
  const plan = readPlan(ports);
  if (!plan.ok)
    return publishInvalidInput(invalidInputReport(plan.message, plan.redact), ports, plan.redact);
  let comment: StickyComment | undefined;
  let trigger: Parameters<typeof stoppedReport>[3];
  try {
    if (cancellation.cancelled) throw new Cancelled('while the inputs were read');
    const admitted = await untilCancelled(admitRun(plan, ports), cancellation);
    if (!admitted) throw new Cancelled('while the gate was deciding who may start the agent');
    comment = admitted.comment;
    if (!admitted.allowed)
      return admitted.skipped
        ? await publishSkipped(refusalReport(plan, admitted), plan, ports)
        : await publish(refusalReport(plan, admitted), plan, ports, { comment });
    trigger = admitted.trigger;
    await carryOn(plan, admitted, ports, cancellation);
  } catch (error) {
    // The last resort: whatever went wrong, the outcome, outputs, summary and comment say it.
    const cancelled = error instanceof Cancelled || cancellation.cancelled;
    const message =
      error instanceof Cancelled
        ? error.message
        : `The action failed${cancelled ? ' after the job was cancelled' : ''}: ${messageOf(error)}`;
    const report = stoppedReport(plan, cancelled ? 'interrupted' : 'failure', message, trigger);
    try {
      await publish(report, plan, ports, { comment, cancellation });
    } catch (again) {
      ports.out.setFailed(`${message} (and it could not be reported: ${messageOf(again)})`);
    }
  }
}

/** Execute, decide, report, publish: the turn's way to its end. */
async function carryOn(
  plan: Plan,
  admitted: Parameters<typeof execute>[1],
  ports: Ports,
  cancellation: Cancellation
): Promise<void> {
  const executed = await execute(plan, admitted, ports, cancellation);
  if (!executed.allowed)
    return publish(refusalReport(plan, executed), plan, ports, { comment: admitted.comment });
  const decision = decisionOf(plan, executed);
  // A budget neither live nor counted after the turn is said, once the stream's block is closed.
  const uncounted = uncountedBudgets(plan.settings, executed);
  if (uncounted) ports.out.warning(uncounted);
  const report = buildReport(plan, admitted, executed, decision);
  await publish(report, plan, ports, {
    comment: admitted.comment,
    cancellation: executed.cancellation,
    earlier: executed.earlier.map(a => a.transcript),
    target: admitted.target,
    reviewedHead: admitted.fork?.headSha
  });
}

/** The verdict, once (json-schema's check included); the log's last lines say it. */
function decisionOf(plan: Plan, executed: Executed): Decision<AnswerCheck> {
  const { attempt, log } = executed;
  const { schema, redact } = plan;
  const decided = withBudget(
    decide(attempt, schema && (answer => checkAnswer(answer, schema, redact))),
    plan.settings,
    executed
  );
  // Cancelled after the turn had ended (during the session record's export): interrupted all the same.
  const decision = executed.cancelledLate
    ? { ...decided, verdict: cancelledAfter(decided.verdict, executed.cancelledLate) }
    : decided;
  const { answer, verdict } = decision;
  if (answer) log.note(answer.ok ? 'json-schema: the answer matches' : answer.message);
  log.note(closingLine(verdict, attempt));
  log.end();
  return decision;
}
