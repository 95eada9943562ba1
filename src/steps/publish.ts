/**
 * Step 6, publishing: outputs, the transcript's upload, the outputs the upload added, the comment,
 * the summary, and the step's colour. A refusal is published the same way, with nothing to upload.
 */
import type { StickyComment } from '../github/sticky.js';
import { viewOf } from '../github/view.js';
import type { CommentTarget, NoTarget } from '../github/target.js';
import { Input } from '../config/inputs.js';
import type { Settings } from '../config/settings.js';
import { Output, outputsOf } from '../publish/outputs.js';
import { shown } from '../publish/run-report.js';
import { invalidInputSummary, renderSummary, skippedSummary } from '../publish/summary.js';
import { afterCancel, cancelledAfter, graceLeft, type Cancellation } from '../turn/cancellation.js';
import { UPLOAD_LIMITS } from '../publish/artifact.js';
import { messageOf } from '../text/errors.js';
import { makeRedactor, type Redactor } from '../text/redact.js';
import * as fs from 'node:fs';
import type { FinalReport } from './build-report.js';
import type { Plan } from './plan.js';
import { writeForAgent } from './write.js';
import type { OutputSink, Ports } from './ports.js';

/** What publishing needs besides the report. */
export interface Publishing {
  comment?: StickyComment;
  /** Absent on a refusal: nothing ran. */
  cancellation?: Cancellation;
  /** The transcripts of earlier attempts, uploaded beside the last one; absent when nothing ran. */
  earlier?: string[];
  /** Where the review and labels go (admission found it); absent where the run stopped before. */
  target?: CommentTarget | NoTarget;
  /** `fork-prs: review`: the head commit the agent reviewed; a review is written on it or not at all. */
  reviewedHead?: string;
}

export async function publish(
  report: FinalReport,
  plan: Plan,
  ports: Ports,
  { comment, cancellation, earlier, target, reviewedHead }: Publishing
): Promise<void> {
  const { settings, redact } = plan;
  const { out } = ports;
  // The session record could not be read: said once the stream's block is closed.
  if (report.session?.note) out.notice(report.session.note);
  for (const warning of report.thread?.warnings ?? []) out.warning(redact(warning));
  // What the action left out of the answer (a label outside allowed-labels), redacted by the check.
  if (report.answer?.ok) for (const warning of report.answer.warnings ?? []) out.warning(warning);
  // Outputs first: the upload can take long, and a cancelled job may be killed during it.
  const written = writeOutputs(report, out);
  const cancelled = cancellation?.cancelled === true;
  // Cancelled: the comment is rewritten before the upload, within the runner's grace period.
  if (cancelled)
    await comment?.finish(
      viewOf(report, true),
      graceLeft(cancellation, ports.limits.grace, ports.clock.now)
    );
  // The review and the labels the answer proposed: written by the action, before the comment links to them.
  const wrote = cancelled
    ? undefined
    : await writeForAgent(
        report,
        plan,
        ports,
        target ?? { none: 'the run stopped before its event was read' },
        reviewedHead,
        comment && (() => comment.identity())
      );
  // Cancelled while the review and labels were written (before any upload began).
  const cancelledWriting = !cancelled && cancellation?.cancelledAt !== undefined;
  // Not kept in `written`: the report's own outputs leave these empty, so a rewrite below never clears them.
  for (const [name, value] of wrote?.outputs ?? []) out.setOutput(name, value);
  let final: FinalReport = wrote?.review ? { ...report, review: wrote.review } : report;
  let abandoned = false;
  if (earlier) {
    // `redact: false` still hides the secrets given as inputs.
    const egress = !settings.uploadUnredacted
      ? redact
      : plan.secrets.length
        ? makeRedactor(plan.secrets, { tokens: false })
        : undefined;
    // A cancel during the upload gives it up in time for the comment's rewrite within the runner's
    // grace. Cancelled before it, the comment is already rewritten: the upload goes on until SIGTERM.
    const cancel =
      cancellation && !cancelled
        ? afterCancel(cancellation, UPLOAD_LIMITS.afterCancelMs, ports.clock.now)
        : undefined;
    const transcript = await uploadTranscript(
      settings,
      report,
      earlier,
      egress,
      redact,
      ports,
      cancel
    );
    final = { ...final, ...transcript.added };
    const record = await uploadRecord(settings, final, egress, ports, cancel);
    final = { ...final, ...record.added };
    abandoned = transcript.abandoned || record.abandoned;
    writeOutputs(final, out, written);
  }
  // Cancelled since the verdict (while the transcript went up): interrupted all the same.
  const lateCancel = !cancelled && cancellation?.cancelledAt !== undefined;
  if (lateCancel) {
    const when = cancelledWriting
      ? 'while the results were written to GitHub'
      : earlier && settings.uploadArtifact
        ? 'while the transcript was uploaded'
        : 'while the results were published';
    final = { ...final, verdict: shown(cancelledAfter(final.verdict, when), redact) };
    writeOutputs(final, out, written);
  }
  if (lateCancel)
    await comment?.finish(
      viewOf(final, true),
      graceLeft(cancellation, ports.limits.grace, ports.clock.now)
    );
  else if (!cancelled) await comment?.finish(viewOf(final, false));
  if (settings.summary)
    await writeSummary(
      out,
      renderSummary(final, { showReasoning: settings.showReasoning }),
      redact
    );
  conclude(settings, final, out);
  // Everything is written: a given-up upload's client must not hold the step open.
  if (abandoned) ports.exit();
}

/**
 * `trigger-phrase`: the comment did not ask. Outputs (outcome `skipped`), one line in the log and
 * one in the summary; no comment, nothing written to GitHub, and the step stays green.
 */
export async function publishSkipped(
  report: FinalReport,
  plan: Plan,
  { out }: Ports
): Promise<void> {
  writeOutputs(report, out);
  out.info(report.verdict.message);
  if (plan.settings.summary)
    await writeSummary(out, skippedSummary(report.verdict.message), plan.redact);
}

/** An input was refused: outcome, error and a one-line summary say which and why. */
export async function publishInvalidInput(
  report: FinalReport,
  { getInput, out }: Ports,
  redact: Redactor
): Promise<void> {
  writeOutputs(report, out);
  // The summary input itself may be the invalid one: only a plain "false" keeps the line out.
  if (getInput(Input.Summary).trim() !== 'false')
    await writeSummary(out, invalidInputSummary(report.verdict.message), redact);
  out.setFailed(report.verdict.message);
}

/** Every output; given those written before, only the ones whose value changed. */
function writeOutputs(
  report: FinalReport,
  out: OutputSink,
  before?: Map<string, string>
): Map<string, string> {
  const outputs = outputsOf(report, report.attempts?.length ?? 0);
  for (const [name, value] of outputs) if (before?.get(name) !== value) out.setOutput(name, value);
  return outputs;
}

/** The step's colour: red unless the turn completed, or fail-on-error is false. */
function conclude(settings: Settings, { verdict }: FinalReport, out: OutputSink): void {
  if (verdict.outcome === 'success' || verdict.outcome === 'skipped') return;
  if (settings.failOnError) out.setFailed(verdict.message);
  else out.warning(`${verdict.message} (fail-on-error is false, so the step passes)`);
}

/** A summary that cannot be written is a warning: it must not fail a turn, nor hide why one failed. */
async function writeSummary(out: OutputSink, markdown: string, redact: Redactor): Promise<void> {
  try {
    await out.writeSummary(markdown);
  } catch (error) {
    out.warning(`The job summary could not be written: ${redact(messageOf(error))}`);
  }
}

/** What an upload adds to the report, and whether it was given up with its client still at work. */
interface Uploaded {
  added: Pick<FinalReport, 'artifact' | 'artifactNote' | 'session'>;
  abandoned: boolean;
}

/** The transcript (through `egress`), with those of earlier attempts when exit 75 was retried. */
async function uploadTranscript(
  settings: Settings,
  report: FinalReport,
  earlier: string[],
  egress: Redactor | undefined,
  redact: Redactor,
  { out, env, upload }: Ports,
  cancel?: AbortSignal
): Promise<Uploaded> {
  if (!settings.uploadArtifact) return { added: {}, abandoned: false };
  // A transcript replaced by a link while the agent ran would upload the link's target.
  const link = [report.jsonlPath, ...earlier].find(file =>
    fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()
  );
  if (link) {
    const artifactNote = redact(
      `${link} became a link while Hermes ran, and a link is never uploaded`
    );
    out.warning(`The transcript was not uploaded: ${artifactNote}`);
    return { added: { artifactNote }, abandoned: false };
  }
  const result = await upload.transcript({
    transcriptPath: report.jsonlPath,
    earlierAttempts: earlier,
    name: settings.artifactName,
    archive: settings.artifactArchive,
    retentionDays: settings.retentionDays,
    redact: egress,
    env,
    cancel,
    // What the step decided, for the report over a matrix: its outcome, exit code and error output.
    outcome: {
      outcome: report.verdict.outcome,
      ...(report.verdict.exitCode !== undefined && { exitCode: report.verdict.exitCode }),
      error: outputsOf(report, 0).get(Output.Error) ?? ''
    }
  });
  if (result.uploaded) {
    out.info(`Transcript uploaded as artifact ${result.name}: ${result.url}`);
    if (result.warning) out.warning(result.warning);
    return {
      added: { artifact: { name: result.name, id: result.id, url: result.url } },
      abandoned: false
    };
  }
  if (result.warn) out.warning(`The transcript was not uploaded: ${result.reason}`);
  else out.notice(`The transcript was not uploaded: ${result.reason}`);
  return { added: { artifactNote: redact(result.reason) }, abandoned: result.abandoned === true };
}

/** The session record goes up beside the transcript, through the same redactor, when the transcript did. */
async function uploadRecord(
  settings: Settings,
  report: FinalReport,
  egress: Redactor | undefined,
  { out, env, upload }: Ports,
  cancel?: AbortSignal
): Promise<Uploaded> {
  const session = report.session;
  if (!session?.path || !report.artifact) return { added: {}, abandoned: false };
  const result = await upload.record({
    recordPath: session.path,
    transcriptArtifact: report.artifact.name,
    retentionDays: settings.retentionDays,
    redact: egress,
    env,
    cancel
  });
  if (result.uploaded) {
    out.info(`Session record uploaded as artifact ${result.name}: ${result.url}`);
    const artifact = { name: result.name, id: result.id, url: result.url };
    return { added: { session: { ...session, artifact } }, abandoned: false };
  }
  const note = `The session record was not uploaded: ${result.reason}`;
  out.warning(note);
  return { added: { session: { ...session, note } }, abandoned: result.abandoned === true };
}
