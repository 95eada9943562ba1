import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const ACTION: string;
export const REPORT_ACTION: string;
export const SIMULATOR_BIN: string;

export interface WorkflowCommand {
  command: string;
  properties: string;
  message: string;
}

export interface ActionRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Directories the step added to PATH for the later steps (GITHUB_PATH). */
  paths: string[];
  /** Variables the step set for the later steps (GITHUB_ENV). */
  env: Record<string, string>;
  /** State the step saved for its post step (GITHUB_STATE). */
  state: Record<string, string>;
  commands: WorkflowCommand[];
  annotations: WorkflowCommand[];
  /** What a person sees in the log: stdout less the commands the runner consumed, masks applied. */
  log: string;
  dir: string;
  files: RunFiles;
}

export interface RunFiles {
  output: string;
  path: string;
  summary: string;
  env: string;
  state: string;
  temp: string;
  workspace: string;
}

export interface RunOptions {
  inputs?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
  cwd?: string;
  simulator?: boolean;
  /** The bundle to run: ACTION unless given. */
  action?: string;
  /** The action's stdout is a file (read back at the end), not a socket: /proc/<pid>/fd/1 opens. */
  stdoutFile?: boolean;
  /** Run the action as this user (the tests, as root, playing an unprivileged runner). */
  user?: { uid: number; gid: number };
}

export function node24(): string;
export function stagedForOthers(): {
  root: string;
  node: string;
  action: string;
  simulatorBin: string;
};
export function runnerStep(
  dir: string,
  options?: { pathFirst?: string; cwd?: string; job?: string; node?: string }
): { files: RunFiles; env: Record<string, string> };
export function startAction(options?: RunOptions): {
  child: ChildProcess;
  done: Promise<ActionRun>;
  files: RunFiles;
};
export function runAction(options?: RunOptions): Promise<ActionRun>;
export function inputVariable(name: string): string;
export function parseFileCommand(text: string): Record<string, string>;
export function interpretLog(stdout: string): {
  commands: WorkflowCommand[];
  annotations: WorkflowCommand[];
  log: string;
};
export function logReader(): {
  commands: WorkflowCommand[];
  mask(line: string): string;
  line(line: string): string | undefined;
};
