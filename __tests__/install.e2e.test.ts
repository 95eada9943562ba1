/**
 * Installing Hermes, end to end through dist/: HOME in a temporary directory, upstream's install
 * script played by simulator/install.sh (served by a loopback HTTP server), the Actions cache through
 * the real @actions/cache client to a loopback cache service with its blobs in Azurite.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CacheService } from '../scripts/cache-service.mjs';
import { ROOT, node24, runAction, type ActionRun } from '../scripts/local-runner.mjs';
import { startAzurite, type Azurite } from './helpers/azurite.js';

const STAND_IN = fs.readFileSync(path.join(ROOT, 'simulator', 'install.sh'));
const SIMULATOR = path.join(ROOT, 'simulator', 'hermes.mjs');
const VERSION_LINE = 'Hermes Agent v0.21.4 (2026.9.20)';

let azurite: Azurite;
let cache: CacheService;
let installer: http.Server;
let base = '';
/** Paths the installer server was asked for, in order. */
const downloads: string[] = [];

beforeAll(async () => {
  azurite = await startAzurite();
  cache = await CacheService.start(azurite);
  installer = http.createServer((req, res) => {
    downloads.push(req.url ?? '');
    if (req.url === '/install.sh') res.writeHead(200).end(STAND_IN);
    else res.writeHead(404).end('Not Found');
  });
  await new Promise<void>(resolve => installer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(installer.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  installer?.closeAllConnections();
  await new Promise<void>(resolve => (installer ? installer.close(() => resolve()) : resolve()));
  await cache?.stop();
  await azurite?.stop();
});

/** A runner machine: its HOME, and a "system" directory holding the `node` the venv links to. */
interface Machine {
  home: string;
  system: string;
  /** What the stand-in was run with: `args: …` and `env: …` lines. */
  log: string;
}

function machine(): Machine {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-install-'));
  const m = {
    home: path.join(root, 'home'),
    system: path.join(root, 'system'),
    log: path.join(root, 'standin.log')
  };
  newSystem(m);
  fs.mkdirSync(m.home);
  return m;
}

/** A system Python (here: node) at a new place, as a new runner image would have it. */
function newSystem(m: Machine): void {
  m.system = `${m.system}-${Math.random().toString(36).slice(2, 8)}`;
  fs.mkdirSync(m.system, { recursive: true });
  fs.symlinkSync(node24(), path.join(m.system, 'node'));
}

/** A fresh runner for the same workflow: nothing of the last job's HOME is left. */
function wipeHome(m: Machine): void {
  fs.rmSync(m.home, { recursive: true, force: true });
  fs.mkdirSync(m.home);
}

interface StepOptions {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  service?: CacheService;
  pathFirst?: string[];
  runId?: string;
}

function step(
  m: Machine,
  { inputs = {}, env = {}, service = cache, pathFirst = [], runId = '1' }: StepOptions = {}
): Promise<ActionRun> {
  return runAction({
    inputs: {
      query: 'Check the build',
      'upload-artifact': 'false',
      'installer-url': `${base}/install.sh`,
      ...inputs
    },
    env: {
      HOME: m.home,
      PATH: [...pathFirst, m.system, '/usr/bin', '/bin'].join(path.delimiter),
      HERMES_STANDIN_SIMULATOR: SIMULATOR,
      HERMES_STANDIN_LOG: m.log,
      GITHUB_RUN_ID: runId,
      ...service.env(),
      ...env
    },
    simulator: false
  });
}

const annotations = (r: ActionRun, kind: string): string[] =>
  r.annotations.filter(a => a.command === kind).map(a => a.message);
/** The summary's Install row. */
const installRow = (r: ActionRun): string | undefined =>
  r.summary.split('\n').find(l => l.startsWith('| Install |'));
const callsOf = (service: CacheService, from: number): string[] =>
  service.calls.slice(from).map(c => c.method);

describe('install: auto (the default), hermes not on PATH', () => {
  test('miss → install → save; then, on a fresh runner, a hit and no download', async () => {
    const m = machine();
    const calls = cache.calls.length;
    const asked = downloads.length;

    const first = await step(m);
    expect(first.exitCode).toBe(0);
    expect(first.outputs.outcome).toBe('success');
    expect(first.outputs.hermes_version).toBe(VERSION_LINE);
    expect(first.annotations).toEqual([]);
    expect(downloads.slice(asked)).toEqual(['/install.sh']);
    expect(callsOf(cache, calls)).toEqual([
      'GetCacheEntryDownloadURL',
      'CreateCacheEntry',
      'FinalizeCacheEntryUpload'
    ]);
    const saved = cache.finalized.at(-1)!;
    expect(saved.key).toMatch(/^hermes-agent-v0\.22\.2-linux-x64-[0-9a-f]{12}-1-1$/);
    // On PATH for this step and the later ones, through a directory that holds hermes alone.
    const bin = path.join(m.home, '.hermes', 'action', 'bin');
    expect(first.paths).toEqual([bin]);
    expect(fs.readdirSync(bin)).toEqual(['hermes']);
    expect(installRow(first)).toMatch(
      /<code>v0\\\.22\\\.2<\/code> · installed by the install script · /
    );
    expect(first.summary).toContain('| Hermes | Hermes Agent v0\\.21\\.4 ');
    expect(first.commands).toContainEqual({
      command: 'group',
      properties: '',
      message: `Installing Hermes v0.22.2 from ${base}/install.sh`
    });
    // The version is said once, in the closing lines, not again when the install is ready.
    expect(first.log.split(VERSION_LINE).length - 1).toBe(1);
    // The installer's own lines are shown, its colours taken out.
    expect(first.log).toContain('✓ Installed hermes launcher');
    expect(first.log).not.toContain('\u001b[');

    wipeHome(m);
    const second = await step(m);
    expect(second.outputs.outcome).toBe('success');
    expect(second.outputs.hermes_version).toBe(VERSION_LINE);
    expect(second.annotations).toEqual([]);
    expect(downloads.slice(asked)).toEqual(['/install.sh']);
    expect(callsOf(cache, calls).slice(3)).toEqual(['GetCacheEntryDownloadURL']);
    expect(installRow(second)).toMatch(
      /<code>v0\\\.22\\\.2<\/code> · restored from the Actions cache · /
    );
  }, 120_000);

  test('the installer gets upstream’s flags and the scrubbed environment, uv’s Python in the cached tree', async () => {
    const m = machine();
    const r = await step(m, { inputs: { 'hermes-version': 'a'.repeat(40) } });
    expect(r.outputs.outcome).toBe('success');
    const [args, env] = fs.readFileSync(m.log, 'utf8').trim().split('\n');
    const hermesHome = path.join(m.home, '.hermes');
    expect(args).toBe(
      `args: --non-interactive --skip-setup --commit ${'a'.repeat(40)} --dir ${hermesHome}/hermes-agent --hermes-home ${hermesHome}`
    );
    const names = env
      .replace(/^env: /, '')
      .trim()
      .split(' ');
    expect(names).toEqual(
      expect.arrayContaining(['HOME', 'PATH', 'HERMES_STANDIN_SIMULATOR', 'UV_PYTHON_INSTALL_DIR'])
    );
    for (const secret of [
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_RESULTS_URL',
      'ACTIONS_CACHE_SERVICE_V2',
      'GITHUB_ENV',
      'GITHUB_PATH',
      'GITHUB_OUTPUT',
      'GITHUB_STATE',
      'GITHUB_STEP_SUMMARY'
    ])
      expect(names).not.toContain(secret);
    expect(names.filter(n => n.startsWith('INPUT_'))).toEqual([]);
    expect(fs.existsSync(path.join(hermesHome, 'python', '.standin'))).toBe(true);
  }, 60_000);

  test('Hermes already on PATH: nothing is installed, nothing asked of the cache', async () => {
    const calls = cache.calls.length;
    const asked = downloads.length;
    const r = await runAction({
      inputs: {
        query: 'Check the build',
        'upload-artifact': 'false',
        'installer-url': `${base}/install.sh`
      },
      env: cache.env()
    });
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.hermes_version).toBe(VERSION_LINE);
    expect(downloads.length).toBe(asked);
    expect(cache.calls.length).toBe(calls);
    expect(installRow(r)).toBeUndefined();
    expect(r.paths).toEqual([]);
  });
});

describe('install: true', () => {
  test('two steps of one job: the second reuses the first’s install', async () => {
    const m = machine();
    const first = await step(m, { inputs: { install: 'true' } });
    expect(first.outputs.outcome).toBe('success');
    const calls = cache.calls.length;
    const asked = downloads.length;
    const second = await step(m, { inputs: { install: 'true' }, pathFirst: first.paths });
    expect(second.outputs.outcome).toBe('success');
    expect(second.outputs.hermes_version).toBe(VERSION_LINE);
    expect(downloads.length).toBe(asked);
    expect(cache.calls.length).toBe(calls);
    expect(installRow(second)).toMatch(/installed by an earlier step of this job/);
  }, 60_000);

  test('a cached install that no longer runs is installed again, saved anew, and the next run gets the new one', async () => {
    const m = machine();
    expect((await step(m, { runId: '1' })).outputs.outcome).toBe('success');
    // The next runner has its system Python somewhere else: the cached venv's link is dangling.
    fs.rmSync(m.system, { recursive: true, force: true });
    newSystem(m);
    wipeHome(m);
    const asked = downloads.length;
    const repaired = await step(m, { runId: '2' });
    expect(repaired.exitCode).toBe(0);
    expect(repaired.outputs.outcome).toBe('success');
    expect(repaired.annotations).toEqual([]);
    expect(repaired.log).toMatch(
      /The cached install \(hermes-agent-v0\.22\.2-.*-1-1\) does not run \(.*--version` failed/
    );
    expect(downloads.length).toBe(asked + 1);
    expect(installRow(repaired)).toMatch(/installed by the install script/);
    expect(cache.finalized.at(-1)!.key).toMatch(/-2-1$/);

    wipeHome(m);
    const next = await step(m, { runId: '3' });
    expect(next.outputs.outcome).toBe('success');
    expect(downloads.length).toBe(asked + 1);
    expect(installRow(next)).toMatch(/restored from the Actions cache/);
    expect(next.log).toMatch(/Cache hit for restore-key: hermes-agent-v0\.22\.2-.*-2-1/);
  }, 120_000);
});

describe('install failures are clear', () => {
  test('a failing installer: not_found, the installer’s last lines, the URL and the ref; nothing cached', async () => {
    const m = machine();
    const calls = cache.calls.length;
    const r = await step(m, { env: { HERMES_STANDIN_FAIL: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('not_found');
    expect(r.outputs.hermes_version).toBe('');
    const [error] = annotations(r, 'error');
    expect(error).toBe(
      `Installing Hermes v0.22.2 from ${base}/install.sh failed: the installer exited with code 1. Its last lines:\n` +
        `→ Installing to ${m.home}/.hermes/hermes-agent...\n` +
        `Cloning into '${m.home}/.hermes/hermes-agent'...\n` +
        'fatal: Remote branch v0.22.2 not found in upstream origin\n' +
        '✗ Failed to clone repository'
    );
    expect(r.stdout).not.toMatch(/\n\s+at /);
    expect(callsOf(cache, calls)).toEqual(['GetCacheEntryDownloadURL']);
    expect(installRow(r)).toMatch(/<code>v0\\\.22\\\.2<\/code> · \*\*install failed\*\* after /);
    expect(r.summary).toContain('Failed to clone repository');
    expect(fs.existsSync(r.outputs.jsonl)).toBe(true);
  }, 60_000);

  test('a 404 names the URL', async () => {
    const m = machine();
    const r = await step(m, { inputs: { 'installer-url': `${base}/missing/install.sh` } });
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('not_found');
    expect(annotations(r, 'error')).toEqual([
      `Installing Hermes v0.22.2 from ${base}/missing/install.sh failed: the install script ${base}/missing/install.sh answered HTTP 404 Not Found.`
    ]);
  }, 60_000);

  test('the cache service answers 500: Hermes is installed anyway, with one warning', async () => {
    const down = await CacheService.start(azurite);
    down.down = true;
    try {
      const m = machine();
      const r = await step(m, { service: down });
      expect(r.exitCode).toBe(0);
      expect(r.outputs.outcome).toBe('success');
      expect(annotations(r, 'error')).toEqual([]);
      const warnings = annotations(r, 'warning');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^The Actions cache could not be read \(.*500.*\); installing Hermes without it\.$/
      );
      // Not saved either: a service that is down is not asked twice.
      expect(new Set(down.calls.map(c => c.method))).toEqual(new Set(['GetCacheEntryDownloadURL']));
      expect(installRow(r)).toMatch(/installed by the install script/);
    } finally {
      await down.stop();
    }
  }, 120_000);
});
