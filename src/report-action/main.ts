/** The report sub-action: settings → legs (artifacts or files) → totals → report file, outputs, summary, verdict. */
import { messageOf } from '../text/errors.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../publish/artifact.js';
import { inert } from '../publish/log.js';
import { makeRedactor, type Redactor } from '../text/redact.js';
import { clip, formatMs } from '../text/text.js';
import {
  downloadLegs,
  listArtifacts,
  legName,
  selectTranscripts,
  TRANSCRIPT_SUFFIX,
  unlistable
} from './artifacts.js';
import { findTranscripts, foldFiles } from './files.js';
import { parseReportSettings, ReportInput, type ReportSettings } from './inputs.js';
import type { Leg } from './leg.js';
import { legRecord, reportOutputs } from './outputs.js';
import { renderMatrixSummary, type LegOrigin } from './summary.js';
import { totalsOf } from './totals.js';
import { newestAttempts } from './reruns.js';
import { reportPorts, type ReportPorts, type ReportSink } from './ports.js';

export async function run(ports: ReportPorts = reportPorts()): Promise<void> {
  const { out } = ports;
  let settings: ReportSettings;
  try {
    settings = parseReportSettings({ getInput: ports.getInput, env: ports.env });
  } catch (error) {
    out.setFailed(errorMessage(error));
    return;
  }
  const redact = makeRedactor([]);
  const { legs, origin, nothing } = settings.paths
    ? await fromFiles(ports, settings, settings.paths, redact)
    : await fromArtifacts(ports, settings, redact);

  const totals = totalsOf(legs);
  const dir = fs.mkdtempSync(path.join(settings.tempDir, 'hermes-matrix-'));
  const reportPath = path.join(dir, 'report.json');
  fs.writeFileSync(reportPath, `${JSON.stringify(legs.map(legRecord), null, 2)}\n`);
  for (const [name, value] of reportOutputs(totals, reportPath)) out.setOutput(name, value);
  if (settings.summary) {
    try {
      await out.writeSummary(renderMatrixSummary({ legs, totals, origin }, redact));
    } catch (error) {
      // As in the main action: a summary that cannot be written must not decide the step.
      out.warning(`The job summary could not be written: ${messageOf(error)}`);
    }
  }

  if (nothing !== undefined) {
    // Nothing to read is a mistake in the workflow, not a leg's failure: fail-on-error does not hide it.
    out.setFailed(`No Hermes transcripts to report on: ${nothing}`);
    return;
  }
  out.info(
    `${totals.succeeded} of ${totals.runs} legs succeeded · ${totals.tokensTotal} tokens · ${formatMs(totals.durationMs)}`
  );
  if (totals.failed === 0) return;
  const message = `${totals.failed} of ${totals.runs} legs did not succeed: ${failedNames(legs)}`;
  if (settings.failOnError) out.setFailed(message);
  else out.warning(`${message} (fail-on-error is false, so the step passes)`);
}

interface Collected {
  legs: Leg[];
  origin: LegOrigin;
  /** Why there is nothing to report on, when there is not. */
  nothing?: string;
}

async function fromFiles(
  { out }: ReportPorts,
  settings: ReportSettings,
  patterns: string[],
  redact: Redactor
): Promise<Collected> {
  const origin: LegOrigin = { kind: 'files', patterns };
  const files = await findTranscripts(patterns, settings.workspace);
  if (files.length === 0) {
    return {
      legs: [],
      origin,
      nothing: `input "${ReportInput.Path}" (${patterns.map(p => JSON.stringify(p)).join(', ')}) matches no file under ${settings.workspace}.`
    };
  }
  out.info(`Reading ${files.length} transcript(s)`);
  const legs = await foldFiles(files, settings.workspace, redact, leg => logLeg(out, leg, redact));
  return { legs, origin };
}

async function fromArtifacts(
  ports: ReportPorts,
  settings: ReportSettings,
  redact: Redactor
): Promise<Collected> {
  const { out } = ports;
  const empty: LegOrigin = {
    kind: 'artifacts',
    namePattern: settings.namePattern,
    others: [],
    unmatched: [],
    setAside: []
  };
  const why = unlistable(ports.env);
  if (why) return { legs: [], origin: empty, nothing: `${why}.` };
  const client = await ports.artifactClient();
  let listed;
  try {
    listed = await listArtifacts(client);
  } catch (error) {
    return {
      legs: [],
      origin: empty,
      nothing: `this run’s artifacts could not be listed: ${errorMessage(error)}`
    };
  }
  const selection = selectTranscripts(listed, settings.namePattern);
  // After "Re-run failed jobs" the first attempt's transcripts stay: each leg counts by its newest.
  const { counted, setAside } = newestAttempts(selection.transcripts, a => legName(a.name));
  const origin: LegOrigin = {
    ...empty,
    others: selection.others,
    unmatched: selection.unmatched,
    setAside
  };
  if (setAside.length > 0)
    out.info(
      `Set aside ${setAside.length} earlier attempt(s) of re-run legs: each leg counts by its newest attempt`
    );
  if (selection.others.length > 0)
    out.info(
      `Skipped ${selection.others.length} artifact(s) that are not Hermes transcripts (names not ending in ${TRANSCRIPT_SUFFIX})`
    );
  if (selection.unmatched.length > 0)
    out.info(`Skipped ${selection.unmatched.length} transcript(s) not matching name-pattern`);
  if (selection.transcripts.length === 0) {
    return {
      legs: [],
      origin,
      nothing:
        `this workflow run has ${listed.length} artifact(s), and none is a Hermes transcript (a name ending in ${TRANSCRIPT_SUFFIX}) ` +
        `matching input "${ReportInput.NamePattern}" (${JSON.stringify(settings.namePattern)}). Run the report in a job that ` +
        'needs the jobs running Hermes, with upload-artifact left on; or give "path".'
    };
  }
  const legs = await out.group(`Downloading ${counted.length} transcript(s)`, () =>
    downloadLegs(client, counted, {
      tempDir: settings.tempDir,
      env: ports.env,
      redact,
      sessions: selection.sessions,
      sleep: ports.sleep
    })
  );
  legs.forEach(leg => logLeg(out, leg, redact));
  return { legs, origin };
}

/** One line per leg; a name or message from a transcript is made inert first. */
function logLeg(out: ReportSink, leg: Leg, redact: Redactor): void {
  const parts = [
    `${leg.outcome === 'success' ? '✓' : '✗'} ${leg.name}: ${leg.outcome}`,
    leg.model,
    leg.tokens && `${leg.tokens.total} tokens`,
    leg.durationMs !== undefined && formatMs(leg.durationMs),
    `${leg.toolCalls} tool calls (${leg.toolErrors} failed)`,
    leg.error && clip(leg.error, 300)
  ];
  out.info(inert(redact(parts.filter(Boolean).join(' · '))));
}

function failedNames(legs: Leg[]): string {
  const failed = legs.filter(l => l.outcome !== 'success');
  const shown = failed.slice(0, 10).map(l => `${l.name} (${l.outcome})`);
  return shown.join(', ') + (failed.length > 10 ? ` and ${failed.length - 10} more` : '');
}
