/**
 * Azurite (Microsoft's Azure Storage emulator) as the blob store of the artifact and cache services
 * the tests and the bench stand up: its blob service under Node 24, on a free loopback port, in a
 * temporary workspace, with an account made up for the run. Types: azurite.d.mts.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT, node24 } from './local-runner.mjs';

const MAIN = path.join(ROOT, 'node_modules', 'azurite', 'dist', 'src', 'blob', 'main.js');
/**
 * Set by the test suite's global setup: one Azurite for every test file (starting one is ~1.5 s of
 * CPU, nearly all module loading). Its JSON is { endpoint, account, key }; stopping it is the
 * teardown's. Each service over it keeps its blobs under a prefix of its own.
 */
export const SHARED_AZURITE = 'HERMES_TEST_AZURITE';
const START_TIMEOUT_MS = 90_000;

/** The suite's shared Azurite when there is one (see SHARED_AZURITE), else a new one. */
export async function startAzurite() {
  const shared = process.env[SHARED_AZURITE];
  if (shared) return { ...JSON.parse(shared), stop: async () => {} };
  return startOwnAzurite();
}

/** A new Azurite, stopped by its stop(). */
export async function startOwnAzurite() {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-azurite-'));
  const account = 'hermesartifacts';
  const key = randomBytes(64).toString('base64');
  const child = spawn(
    node24(),
    [
      MAIN,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--location',
      workspace,
      '--disableTelemetry',
      '--loose',
      '--skipApiVersionCheck',
      '--silent'
    ],
    { env: { ...process.env, AZURITE_ACCOUNTS: `${account}:${key}` }, stdio: 'pipe' }
  );
  const exited = new Promise(resolve => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(workspace, { recursive: true, force: true });
  };
  try {
    const origin = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`Azurite did not start within ${START_TIMEOUT_MS} ms:\n${out}`)),
        START_TIMEOUT_MS
      );
      const read = chunk => {
        out += chunk.toString();
        const listening = /listens on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (listening) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', code => {
        clearTimeout(timer);
        reject(new Error(`Azurite exited with code ${code} before listening:\n${out}`));
      });
    });
    return { endpoint: `${origin}/${account}`, account, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
