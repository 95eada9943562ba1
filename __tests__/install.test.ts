/** Installing Hermes, the pure parts: the inputs, the layout and cache key, the installer's argv, the child environment, the download. */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { download, DownloadError } from '../src/cli/download.js';
import { childEnv } from '../src/cli/environment.js';
import { cacheable, installerArgs, installLayout } from '../src/cli/install-layout.js';
import { InputError } from '../src/config/inputs.js';
import { parseSettings } from '../src/config/settings.js';
import type { AnySettings } from './helpers/settings.js';
import {
  DEFAULT_INSTALLER_URL,
  isPinnedRef,
  PINNED_HERMES_VERSION,
  type InstallSettings
} from '../src/config/install.js';

const parse = (inputs: Record<string, string>): AnySettings =>
  parseSettings({
    getInput: name => inputs[name] ?? '',
    env: { GITHUB_WORKSPACE: '/w', RUNNER_TEMP: '/t' }
  }) as AnySettings;

function parseError(inputs: Record<string, string>): string {
  try {
    parse(inputs);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`expected an InputError for ${JSON.stringify(inputs)}`);
}

const QUERY = { query: 'Check the build' };

describe('install inputs', () => {
  test('defaults: auto, the pinned release, upstream’s script', () => {
    expect(parse(QUERY).install).toEqual({
      mode: 'auto',
      version: PINNED_HERMES_VERSION,
      installerUrl: DEFAULT_INSTALLER_URL
    });
  });

  test('the pinned release is a tag that can be cached', () => {
    expect(isPinnedRef(PINNED_HERMES_VERSION)).toBe(true);
  });

  test.each([
    [{ install: 'yes' }, 'Input "install" is "yes"; allowed: auto, true or false.'],
    [{ 'hermes-version': 'v1 2' }, 'Input "hermes-version" is "v1 2"; give an upstream git ref'],
    [{ 'hermes-version': '../main' }, 'Input "hermes-version" is "../main"'],
    [{ 'hermes-version': 'a,b' }, 'Input "hermes-version" is "a,b"'],
    [{ 'hermes-version': '-x' }, 'Input "hermes-version" is "-x"'],
    [
      { 'installer-url': 'http://example.com/install.sh' },
      'Input "installer-url" is "http://example.com/install.sh"; give an https:// URL'
    ],
    [
      { 'installer-url': 'install.sh' },
      'Input "installer-url" is "install.sh"; give an https:// URL'
    ],
    [
      { 'installer-url': 'https://u:p@example.com/i.sh' },
      'Input "installer-url" holds credentials'
    ],
    [
      { install: 'true', 'hermes-path': '/opt/hermes' },
      'Inputs "install" (true) and "hermes-path" ("/opt/hermes") are both set'
    ],
    [
      { install: 'true', 'api-url': 'http://127.0.0.1:8642/v1', 'api-key': 'k' },
      'Input "install" only applies to the Hermes CLI'
    ],
    [
      { 'hermes-version': 'main', 'api-url': 'http://127.0.0.1:8642/v1', 'api-key': 'k' },
      'Input "hermes-version" only applies to the Hermes CLI'
    ]
  ])('%j is refused, naming the input', (inputs, message) => {
    expect(parseError({ ...QUERY, ...inputs })).toContain(message);
  });

  test('accepted refs and URLs', () => {
    const sha = 'a'.repeat(40);
    expect(parse({ ...QUERY, 'hermes-version': sha }).install?.version).toBe(sha);
    expect(parse({ ...QUERY, 'hermes-version': 'feature/x-1.2' }).install?.version).toBe(
      'feature/x-1.2'
    );
    expect(
      parse({ ...QUERY, 'installer-url': 'http://127.0.0.1:8080/i.sh' }).install?.installerUrl
    ).toBe('http://127.0.0.1:8080/i.sh');
    expect(parse({ ...QUERY, install: 'false' }).install?.mode).toBe('false');
  });

  test.each([
    ['v0.22.2', true],
    ['0.21.4', true],
    ['v1.0.0-rc.1', true],
    ['a'.repeat(40), true],
    ['main', false],
    ['release/v1', false],
    ['abc123', false]
  ])('%s is pinned (cacheable): %s', (ref, pinned) => {
    expect(isPinnedRef(ref)).toBe(pinned);
  });
});

const SETTINGS: InstallSettings = {
  mode: 'auto',
  version: 'v0.22.2',
  installerUrl: DEFAULT_INSTALLER_URL
};
const MACHINE = { home: '/home/runner', platform: 'linux' as const, arch: 'x64' };

describe('install layout', () => {
  test('upstream’s directories under HOME, a bin of its own, the downloaded Python in the cache', () => {
    const layout = installLayout(
      SETTINGS,
      { GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '2' },
      MACHINE
    );
    expect(layout.hermesHome).toBe('/home/runner/.hermes');
    expect(layout.installDir).toBe('/home/runner/.hermes/hermes-agent');
    expect(layout.candidates).toEqual([
      '/home/runner/.hermes/hermes-agent/venv/bin/hermes',
      '/home/runner/.local/bin/hermes'
    ]);
    expect(layout.cachePaths).toEqual([
      '/home/runner/.hermes/hermes-agent',
      '/home/runner/.hermes/python',
      '/home/runner/.hermes/bin',
      '/home/runner/.hermes/node'
    ]);
    expect(layout.binDir).toBe('/home/runner/.hermes/action/bin');
    expect(layout.restoreKey).toMatch(/^hermes-agent-v0\.22\.2-linux-x64-[0-9a-f]{12}-$/);
    expect(layout.cacheKey).toBe(`${layout.restoreKey}42-2`);
  });

  test('HERMES_HOME moves everything; ImageOS is part of the key', () => {
    const layout = installLayout(
      SETTINGS,
      { HERMES_HOME: '/data/h', ImageOS: 'ubuntu24' },
      MACHINE
    );
    expect(layout.installDir).toBe('/data/h/hermes-agent');
    expect(layout.restoreKey).toMatch(/^hermes-agent-v0\.22\.2-linux-ubuntu24-x64-/);
  });

  test('the key changes with the version, the architecture, the layout and the installer', () => {
    const key = (s: InstallSettings, env: NodeJS.ProcessEnv = {}, m = MACHINE) =>
      installLayout(s, env, m).restoreKey;
    const base = key(SETTINGS);
    expect(key({ ...SETTINGS, version: 'v0.22.3' })).not.toBe(base);
    expect(key(SETTINGS, {}, { ...MACHINE, arch: 'arm64' })).not.toBe(base);
    expect(key(SETTINGS, { HERMES_HOME: '/elsewhere' })).not.toBe(base);
    expect(key({ ...SETTINGS, installerUrl: 'https://mirror.example/i.sh' })).not.toBe(base);
    expect(key(SETTINGS, { GITHUB_RUN_ID: '7' })).toBe(base);
  });

  test('branches are not cached; tags and commits are', () => {
    expect(cacheable({ ...SETTINGS, version: 'main' })).toBe(false);
    expect(cacheable(SETTINGS)).toBe(true);
  });

  test('installer flags: no prompts, no wizard, the ref, explicit directories; a SHA is a --commit', () => {
    const layout = installLayout(SETTINGS, {}, MACHINE);
    expect(installerArgs(layout, 'v0.22.2')).toEqual([
      '--non-interactive',
      '--skip-setup',
      '--branch',
      'v0.22.2',
      '--dir',
      '/home/runner/.hermes/hermes-agent',
      '--hermes-home',
      '/home/runner/.hermes'
    ]);
    const sha = 'b'.repeat(40);
    expect(installerArgs(layout, sha).slice(2, 4)).toEqual(['--commit', sha]);
  });
});

describe('childEnv', () => {
  test('drops the runner’s credentials, its file commands and every INPUT_*, keeps the rest', () => {
    const env = childEnv({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      OPENROUTER_API_KEY: 'sk-or-1',
      ACTIONS_RUNTIME_TOKEN: 't',
      ACTIONS_RUNTIME_URL: 'u',
      ACTIONS_RESULTS_URL: 'r',
      ACTIONS_CACHE_URL: 'c',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'i',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'j',
      ACTIONS_CACHE_SERVICE_V2: 'true',
      GITHUB_ENV: '/t/set_env_1',
      GITHUB_PATH: '/t/add_path_1',
      GITHUB_OUTPUT: '/t/set_output_1',
      GITHUB_STATE: '/t/save_state_1',
      Github_Step_Summary: '/t/step_summary_1',
      GITHUB_REPOSITORY: 'octo/repo',
      INPUT_QUERY: 'q',
      'INPUT_API-KEY': 'k',
      input_lower: 'x',
      ACTIONS_STEP_DEBUG: 'true'
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      OPENROUTER_API_KEY: 'sk-or-1',
      GITHUB_REPOSITORY: 'octo/repo',
      ACTIONS_STEP_DEBUG: 'true'
    });
  });
});

describe('download', () => {
  let server: http.Server;
  let base = '';
  const answers: (number | 'hang')[] = [];
  let requests = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-download-'));

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests++;
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      // A redirect points off this machine (TEST-NET-1): the download must refuse it unasked.
      if (answer === 302)
        return void res.writeHead(302, { location: 'http://192.0.2.1/x.sh' }).end();
      res.writeHead(answer).end(answer === 200 ? '#!/bin/bash\necho ok\n' : 'no');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>(resolve => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fast = { backoffMs: 1, timeoutMs: 2000 };

  test('5xx and a timeout are retried, then the script is saved', async () => {
    answers.push(503, 'hang', 502);
    requests = 0;
    const retries: string[] = [];
    const file = path.join(dir, 'a.sh');
    await download(`${base}/install.sh`, file, { ...fast, onRetry: m => retries.push(m) });
    expect(fs.readFileSync(file, 'utf8')).toBe('#!/bin/bash\necho ok\n');
    expect(requests).toBe(4);
    expect(retries).toHaveLength(3);
    expect(retries[0]).toContain('HTTP 503');
    expect(retries[1]).toContain('timed out');
  });

  test('a redirect to plain HTTP elsewhere is refused before anything is asked of it', async () => {
    answers.push(302);
    requests = 0;
    const error = await download(`${base}/moved.sh`, path.join(dir, 'r.sh'), fast).catch(e => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error.message).toBe(
      `${base}/moved.sh redirected to http://192.0.2.1, which is not HTTPS.`
    );
    expect(requests).toBe(1);
  });

  test('a 404 fails at once, naming the URL', async () => {
    answers.push(404);
    requests = 0;
    const error = await download(`${base}/missing.sh`, path.join(dir, 'b.sh'), fast).catch(e => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error.message).toBe(`${base}/missing.sh answered HTTP 404 Not Found.`);
    expect(requests).toBe(1);
  });

  test('a server that keeps failing: the last answer and the number of attempts', async () => {
    answers.push(500, 500, 500, 500);
    const error = await download(`${base}/x.sh`, path.join(dir, 'c.sh'), fast).catch(e => e);
    expect(error.message).toBe(
      `${base}/x.sh could not be downloaded: HTTP 500 Internal Server Error (4 attempts).`
    );
  });
});

describe('documentation', () => {
  test('docs/INSTALL.md names the pinned release', () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '..', 'docs', 'INSTALL.md'), 'utf8');
    expect(doc).toContain(`**\`${PINNED_HERMES_VERSION}\`**`);
  });
});
