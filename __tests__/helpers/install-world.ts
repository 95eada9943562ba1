/**
 * What the install tests stand up: Azurite with the loopback cache service in front of it, a loopback
 * server for the stand-in install script (simulator/install.sh), and runner machines (a HOME, and a
 * "system" directory holding the `node` the stand-in's Python links to). Shared by
 * install.e2e.test.ts (through dist/ and in-process).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from '@jest/globals';
import { CacheService } from '../../scripts/cache-service.mjs';
import { ROOT, stagedForOthers } from '../../scripts/local-runner.mjs';
import { cacheVersion } from '../../src/install/cache.js';
import { installLayout } from '../../src/install/layout.js';
import { parseInstall } from '../../src/config/install.js';
import { startAzurite, type Azurite } from './azurite.js';

export const STAND_IN = fs.readFileSync(path.join(ROOT, 'simulator', 'install.sh'));
export const STAND_IN_SHA = createHash('sha256').update(STAND_IN).digest('hex');
// The agent user runs the installed Hermes: its simulator and Node must be where that user can enter.
export const SIMULATOR = path.join(stagedForOthers().root, 'simulator', 'hermes.mjs');
export const VERSION_LINE = 'Hermes Agent v0.21.4 (2026.9.20)';

export interface World {
  azurite: Azurite;
  cache: CacheService;
  /** The installer server's origin and port. */
  base: string;
  port: number;
  /** Paths the installer server was asked for, in order. */
  downloads: string[];
  stop(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  const azurite = await startAzurite();
  const cache = await CacheService.start(azurite);
  const downloads: string[] = [];
  const installer = http.createServer((req, res) => {
    downloads.push(req.url ?? '');
    if (req.url === '/install.sh') res.writeHead(200).end(STAND_IN);
    else res.writeHead(404).end('Not Found');
  });
  await new Promise<void>(resolve => installer.listen(0, '127.0.0.1', resolve));
  const port = (installer.address() as AddressInfo).port;
  return {
    azurite,
    cache,
    base: `http://127.0.0.1:${port}`,
    port,
    downloads,
    async stop() {
      installer.closeAllConnections();
      await new Promise<void>(resolve => installer.close(() => resolve()));
      await cache.stop();
      await azurite.stop();
    }
  };
}

/** A runner machine: its HOME, and a "system" directory holding the `node` the Python links to. */
export interface Machine {
  home: string;
  system: string;
  /** What the stand-in was run with: `args: …` and `env: …` lines. */
  log: string;
  root: string;
}

export function machine(): Machine {
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
export function newSystem(m: Machine): void {
  m.system = `${m.system}-${Math.random().toString(36).slice(2, 8)}`;
  fs.mkdirSync(m.system, { recursive: true });
  fs.symlinkSync(stagedForOthers().node, path.join(m.system, 'node'));
}

/** A fresh runner for the same workflow: nothing of the last job's HOME is left. */
export function wipeHome(m: Machine): void {
  fs.rmSync(m.home, { recursive: true, force: true });
  fs.mkdirSync(m.home);
}

/** The install inputs of a test: the loopback script and its SHA-256 unless given. */
export const installInputs = (
  world: World,
  inputs: Record<string, string> = {}
): Record<string, string> => ({
  'installer-url': `${world.base}/install.sh`,
  'installer-sha256': STAND_IN_SHA,
  ...inputs
});

/** The exact key and cached paths the action uses for m with these inputs. */
export function layoutOf(world: World, m: Machine, inputs: Record<string, string> = {}) {
  const given = installInputs(world, inputs);
  const settings = parseInstall(name => given[name] ?? '');
  return installLayout(
    settings,
    {},
    { home: m.home, platform: process.platform, arch: process.arch }
  );
}

/** The stand-in's `args: …` lines. */
export const argsOf = (m: Machine): string[] =>
  fs
    .readFileSync(m.log, 'utf8')
    .split('\n')
    .filter(l => l.startsWith('args: '));

/**
 * An entry saved under the install's exact key by someone who could write the cache: the files
 * under `src`, archived as @actions/cache archives (-P, absolute names), renamed into m's HOME.
 */
export async function saveUnder(
  { cache }: World,
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
