/**
 * run() in-process with the real uploads: uploadTranscript and uploadSessionRecord through the real
 * @actions/artifact client, against the loopback artifact service and Azurite. The client reads the
 * runner's token and the service's URL from process.env, so each upload has its request's there for
 * the call, and process.env is put back after it.
 */
import { run } from '../../src/main.js';
import { UPLOAD_LIMITS, uploadTranscript, type UploadLimits } from '../../src/publish/artifact.js';
import { uploadSessionRecord } from '../../src/publish/session-artifact.js';
import type { UploadPorts } from '../../src/steps/ports.js';
import type { Run } from './artifact-service.js';
import { world, type Options, type World } from './in-process.js';
import { withProcessEnv } from './process-env.js';

/** What @actions/artifact reads of the environment (the rest of its settings keep their defaults). */
const CLIENT_ENV = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL', 'GITHUB_SERVER_URL'] as const;

/** fn() with the client's variables of process.env taken from `env`, and put back after. */
export function withClientEnv<T>(env: NodeJS.ProcessEnv, fn: () => Promise<T>): Promise<T> {
  return withProcessEnv(Object.fromEntries(CLIENT_ENV.map(name => [name, env[name]])), fn);
}

/** The real upload ports, with the client's environment from each request (and these limits). */
export function clientUploads(limits: UploadLimits = UPLOAD_LIMITS): UploadPorts {
  return {
    transcript: request => withClientEnv(request.env, () => uploadTranscript(request, limits)),
    record: request => withClientEnv(request.env, () => uploadSessionRecord(request, limits))
  };
}

/** The variables a step of `run` has, as the local runner gives them (job demo, step hermes). */
export function stepEnv(
  run: Run,
  job?: string,
  extra: Record<string, string> = {}
): Record<string, string> {
  return run.env(job, {
    GITHUB_JOB: 'demo',
    GITHUB_ACTION: 'hermes',
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_SERVER_URL: 'https://github.com',
    ...extra
  });
}

/** A world that records its process's end instead of ending the test's. */
export interface UploadWorld extends World {
  /** run() ended the process (a given-up upload's client must not hold the step open). */
  exited: boolean;
  /** What reached this process's stdout meanwhile (the client's and the upload group's lines). */
  stdout: string;
}

export interface StepOptions extends Omit<Options, 'upload'> {
  /** The job (a matrix leg has its own backend id). */
  job?: string;
  uploadLimits?: UploadLimits;
  /** Called with the world before run() starts (to wrap a port, or watch it while it runs). */
  prepare?: (w: UploadWorld) => void;
  /** Called with each piece of text written to stdout while the step runs. */
  onStdout?: (text: string) => void;
}

/** One step of `run`, in-process, with the real uploads; stdout kept aside, not printed. */
export async function inProcessStep(store: Run, options: StepOptions = {}): Promise<UploadWorld> {
  const { job, uploadLimits, env, prepare, onStdout, ...rest } = options;
  const w = world({
    ...rest,
    env: stepEnv(store, job, env),
    upload: clientUploads(uploadLimits)
  }) as UploadWorld;
  w.exited = false;
  w.stdout = '';
  w.ports.exit = () => {
    w.exited = true;
    w.events.push('exit');
  };
  prepare?.(w);
  const stop = captureStdout(text => {
    w.stdout += text;
    onStdout?.(text);
  });
  try {
    await run(w.ports);
  } finally {
    stop();
  }
  return w;
}

/** Hands what is written to process.stdout to `onText` instead, until the returned stop(). */
export function captureStdout(onText: (text: string) => void): () => void {
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    onText(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find(r => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}
