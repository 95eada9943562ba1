/** The report sub-action's inputs (report/action.yml): names in one place, parsed into settings. */
import * as os from 'node:os';
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import { InputError, reader } from '../config/input-reader.js';

/** Input names, spelled exactly as in report/action.yml. */
export const ReportInput = {
  Path: 'path',
  NamePattern: 'name-pattern',
  FailOnError: 'fail-on-error',
  Summary: 'summary'
} as const;

export type ReportInputName = (typeof ReportInput)[keyof typeof ReportInput];

export const DEFAULT_NAME_PATTERN = '*';

export interface ReportSettings {
  /** Local mode: glob patterns of JSONL files (one per line of `path`); absent: this run's artifacts. */
  paths?: string[];
  /** A glob on artifact names (minimatch, as actions/download-artifact's `pattern`). */
  namePattern: string;
  failOnError: boolean;
  summary: boolean;
  workspace: string;
  /** Where artifacts are downloaded and the report file written. */
  tempDir: string;
}

export interface ReportEnvironment {
  getInput(name: ReportInputName): string;
  env: NodeJS.ProcessEnv;
}

/** Reads every input once; the first bad value throws a InputError naming it (the main action's reader and error). */
export function parseReportSettings({ getInput, env }: ReportEnvironment): ReportSettings {
  const { bool } = reader(getInput);
  const paths = getInput(ReportInput.Path)
    .split(/\r?\n/)
    .map(p => p.trim())
    .filter(p => p !== '');
  const namePattern = getInput(ReportInput.NamePattern).trim() || DEFAULT_NAME_PATTERN;
  if (paths.length > 0 && namePattern !== DEFAULT_NAME_PATTERN) {
    throw new InputError(
      `Inputs "${ReportInput.Path}" and "${ReportInput.NamePattern}" are both set; "${ReportInput.NamePattern}" picks ` +
        `artifacts of this run, "${ReportInput.Path}" local files: give one.`
    );
  }
  if (new Minimatch(namePattern).set.length === 0) {
    throw new InputError(
      `Input "${ReportInput.NamePattern}" is ${JSON.stringify(namePattern)}, which matches no name; give a glob such as "review-*".`
    );
  }
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  return {
    ...(paths.length > 0 && { paths }),
    namePattern,
    failOnError: bool(ReportInput.FailOnError, true),
    summary: bool(ReportInput.Summary, true),
    workspace: path.resolve(workspace),
    tempDir: env.RUNNER_TEMP || os.tmpdir()
  };
}
