/**
 * What the report's run() touches of the world, as ports: the runner's inputs and environment, its
 * output files and log, the artifact client, and the sleep between download tries. reportPorts()
 * are the real ones; tests pass their own.
 */
import * as core from '@actions/core';
import { abortableSleep } from '../http/retry.js';
import { artifactClient, type Client } from './artifacts.js';
import type { ReportInputName } from './inputs.js';

/** Everything the report tells the runner and the person watching. */
export interface ReportSink {
  setOutput(name: string, value: string): void;
  setFailed(message: string): void;
  warning(message: string): void;
  info(message: string): void;
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
  /** Adds to the step's job summary. */
  writeSummary(markdown: string): Promise<void>;
}

export interface ReportPorts {
  getInput(name: ReportInputName): string;
  env: NodeJS.ProcessEnv;
  out: ReportSink;
  /** The client that lists and downloads this run's artifacts (it reads the runner's environment itself). */
  artifactClient(): Promise<Client>;
  /** Waits between a download's tries. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The runner's: @actions/core, process.env, @actions/artifact and the real clock. */
export function reportPorts(): ReportPorts {
  return {
    getInput: name => core.getInput(name),
    env: process.env,
    out: {
      setOutput: (name, value) => core.setOutput(name, value),
      setFailed: message => core.setFailed(message),
      warning: message => core.warning(message),
      info: message => core.info(message),
      group: (title, fn) => core.group(title, fn),
      writeSummary: async markdown => void (await core.summary.addRaw(markdown).write())
    },
    artifactClient,
    sleep: abortableSleep
  };
}
