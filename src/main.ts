/** The orchestration: plan → admit → execute → decide → report → publish, each one step. */
import { unsupportedRunner } from './config/platform.js';
import { decideRun, type Decision } from './run/decision.js';
import { checkAnswer, type AnswerCheck } from './schema/check.js';
import { closingLine } from './publish/log.js';
import { admitRun } from './steps/admit.js';
import { buildReport, invalidInputReport, refusalReport } from './steps/build-report.js';
import { execute, type Executed } from './steps/execute.js';
import { readPlan, type Plan } from './steps/plan.js';
import { runnerPorts, type Ports } from './steps/ports.js';
import { publish, publishInvalidInput } from './steps/publish.js';

export async function run(ports: Ports = runnerPorts()): Promise<void> {
  const unsupported = unsupportedRunner(ports.platform);
  if (unsupported) return ports.out.setFailed(unsupported);
  const plan = readPlan(ports);
  if (!plan.ok)
    return publishInvalidInput(invalidInputReport(plan.message, plan.redact), ports, plan.redact);
  const admitted = await admitRun(plan, ports);
  if (!admitted.allowed)
    return publish(refusalReport(plan, admitted), plan, ports, { comment: admitted.comment });
  const executed = await execute(plan, admitted, ports);
  if (!executed.allowed)
    return publish(refusalReport(plan, executed), plan, ports, { comment: admitted.comment });
  const decision = decide(plan, executed);
  const report = buildReport(plan, admitted, executed, decision);
  await publish(report, plan, ports, {
    comment: admitted.comment,
    cancellation: executed.cancellation,
    earlier: executed.earlier.map(a => a.transcript)
  });
}

/** The verdict, once (json-schema's check included); the log's last lines say it. */
function decide(plan: Plan, { attempt, log }: Executed): Decision<AnswerCheck> {
  const { schema, redact } = plan;
  const decision = decideRun(attempt, schema && (answer => checkAnswer(answer, schema, redact)));
  const { answer, verdict } = decision;
  if (answer) log.note(answer.ok ? 'json-schema: the answer matches' : answer.message);
  log.note(closingLine(verdict, attempt));
  log.end();
  return decision;
}
