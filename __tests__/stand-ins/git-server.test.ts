/**
 * The git smart-HTTP stand-in, through real git clients: a fetch by exact SHA and a detached
 * checkout, in protocol v0 and v2, with and without the Authorization header it may require; and the
 * hostile head it serves, whose scripts do write the marker when run (so a test that finds no marker
 * proves they were not run). Git runs asynchronously: the server answers on this process's event loop.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { GitServer, hostileHead, isolatedGitEnv, type HostileHead } from '../helpers/git-server.js';

const execFileAsync = promisify(execFile);
const TOKEN = 'ghs_notARealToken0123456789';
const BASIC = `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

let server: GitServer;
let head: HostileHead;
let root: string;
let marker: string;
let env: NodeJS.ProcessEnv;
let dirs = 0;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'git-server-test-'));
  marker = path.join(root, "it's run");
  env = isolatedGitEnv(root);
  server = await GitServer.start();
  head = hostileHead(server, 'o/r', marker);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync('git', args, { cwd, env, encoding: 'utf8' });
  return stdout.trim();
}

/** What actions/checkout does: an empty repository, a shallow fetch of one SHA, a detached checkout. */
async function checkout(sha: string, config: string[] = []): Promise<string> {
  const dir = path.join(root, `checkout-${++dirs}`);
  fs.mkdirSync(dir);
  await git(dir, ['init', '--quiet']);
  await git(dir, [...config, 'fetch', '--quiet', '--depth=1', `${server.url}/o/r.git`, sha]);
  await git(dir, ['-c', 'core.hooksPath=/dev/null', 'checkout', '--quiet', '--detach', sha]);
  return dir;
}

/** The requests made from `from` on. */
const since = (from: number): GitServer['received'] => server.received.slice(from);

describe('a fetch by SHA', () => {
  test('gives the hostile head, detached, in protocol v2', async () => {
    const from = server.received.length;
    const dir = await checkout(head.headSha);
    expect(await git(dir, ['rev-parse', 'HEAD'])).toBe(head.headSha);
    expect(await git(dir, ['rev-parse', '--is-shallow-repository'])).toBe('true');
    expect(head.files.sort()).toEqual(
      [
        '.gitattributes',
        '.githooks/post-checkout',
        '.hermes/rules.md',
        '.lfsconfig',
        'AGENTS.md',
        'package.json',
        'src/app.js'
      ].sort()
    );
    for (const file of [...head.files, 'README.md'])
      expect(fs.existsSync(path.join(dir, file))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8')).toMatch(/GITHUB_TOKEN/);
    expect(fs.readFileSync(path.join(dir, '.gitattributes'), 'utf8')).toBe('* filter=evil\n');
    expect(await git(dir, ['ls-tree', 'HEAD', '.githooks/post-checkout'])).toMatch(/^100755 blob /);
    const bare = server.repository('o/r');
    const added = await git(root, [
      ...['--git-dir', bare, 'diff', '--numstat', head.baseSha, head.headSha, '--', 'src/app.js']
    ]);
    expect(added).toMatch(/^[1-9]\d*\t0\tsrc\/app\.js$/);
    expect(fs.existsSync(marker)).toBe(false);
    const requests = since(from);
    expect(requests.map(r => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /o/r.git/info/refs?service=git-upload-pack',
        'POST /o/r.git/git-upload-pack'
      ])
    );
    expect(requests.every(r => r.protocol === 'version=2')).toBe(true);
  });

  test('gives the base too, in protocol v0', async () => {
    const from = server.received.length;
    const dir = await checkout(head.baseSha, ['-c', 'protocol.version=0']);
    expect(await git(dir, ['rev-parse', 'HEAD'])).toBe(head.baseSha);
    expect(fs.existsSync(path.join(dir, 'AGENTS.md'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toMatch(/^# app/);
    expect(since(from).length).toBeGreaterThan(1);
    expect(since(from).every(r => r.protocol === undefined)).toBe(true);
  });

  test.each([['0'], ['2']])('gives a commit no ref points to, in protocol v%s', async version => {
    const bare = server.repository('o/r');
    const orphan = await git(root, [
      '--git-dir',
      bare,
      '-c',
      'user.name=Someone',
      '-c',
      'user.email=someone@example.com',
      'commit-tree',
      `${head.headSha}^{tree}`,
      '-p',
      head.headSha,
      '-m',
      `unreferenced ${version}`
    ]);
    expect(await git(root, ['--git-dir', bare, 'for-each-ref', '--contains', orphan])).toBe('');
    const dir = await checkout(orphan, ['-c', `protocol.version=${version}`]);
    expect(await git(dir, ['rev-parse', 'HEAD'])).toBe(orphan);
  });
});

describe('requireAuthorization', () => {
  beforeAll(() => {
    server.requireAuthorization = BASIC;
  });
  afterAll(() => {
    server.requireAuthorization = undefined;
  });

  test('refuses a fetch without the header', async () => {
    const from = server.received.length;
    await expect(checkout(head.headSha)).rejects.toThrow(
      // Answered 401, git asks for a username, and may not (no terminal, no credential helper).
      /could not read Username for 'http:\/\/127\.0\.0\.1:\d+': terminal prompts disabled/
    );
    expect(since(from).length).toBeGreaterThan(0);
    expect(since(from).every(r => r.authorization === undefined)).toBe(true);
  });

  test.each([['0'], ['2']])(
    'accepts one with it, in protocol v%s, never in a URL',
    async version => {
      const from = server.received.length;
      const header = `http.extraHeader=Authorization: ${BASIC}`;
      const dir = await checkout(head.headSha, ['-c', header, '-c', `protocol.version=${version}`]);
      expect(await git(dir, ['rev-parse', 'HEAD'])).toBe(head.headSha);
      const requests = since(from);
      expect(requests.length).toBeGreaterThan(1);
      expect(requests.every(r => r.authorization === BASIC)).toBe(true);
      const secrets = [TOKEN, BASIC, encodeURIComponent(BASIC), BASIC.split(' ')[1] ?? BASIC];
      for (const { path: sent } of requests)
        for (const secret of secrets) expect(sent).not.toContain(secret);
    }
  );
});

describe('the protocol: what it refuses, advertises, and a gzipped request', () => {
  const status = async (pathname: string, init: RequestInit = {}): Promise<number> =>
    (await fetch(`${server.url}${pathname}`, init)).status;

  test('answers 403 to a push or the dumb protocol, 404 to an unknown repository or path', async () => {
    expect(await status('/o/r.git/info/refs?service=git-receive-pack')).toBe(403);
    expect(await status('/o/r.git/git-receive-pack', { method: 'POST', body: '0000' })).toBe(403);
    expect(await status('/o/r.git/info/refs')).toBe(403);
    expect(await status('/o/unknown.git/info/refs?service=git-upload-pack')).toBe(404);
    expect(await status('/o/r/info/refs?service=git-upload-pack')).toBe(404);
    expect(await status('/o/r.git/HEAD')).toBe(404);
    expect(await status('/o/r.git/git-upload-pack')).toBe(404);
  });

  test('advertises v0 refs, or the v2 capabilities, after the service header', async () => {
    const refs = async (protocol?: string): Promise<string> => {
      const headers: Record<string, string> = protocol ? { 'git-protocol': protocol } : {};
      const answer = await fetch(`${server.url}/o/r.git/info/refs?service=git-upload-pack`, {
        headers
      });
      expect(answer.headers.get('content-type')).toBe(
        'application/x-git-upload-pack-advertisement'
      );
      return answer.text();
    };
    const header = '001e# service=git-upload-pack\n0000';
    const v0 = await refs();
    expect(v0.startsWith(header)).toBe(true);
    expect(v0).toMatch(/allow-tip-sha1-in-want allow-reachable-sha1-in-want/);
    expect(v0).toContain(`${head.headSha} refs/pull/1/head\n`);
    const v2 = await refs('version=2');
    expect(v2.startsWith(`${header}000eversion 2\n`)).toBe(true);
    expect(v2).toMatch(/^[0-9a-f]{4}fetch=shallow/m);
  });

  test('a git push is refused', async () => {
    const dir = await checkout(head.headSha);
    await expect(
      git(dir, ['push', '--quiet', `${server.url}/o/r.git`, 'HEAD:refs/heads/main'])
    ).rejects.toThrow(/403/);
  });

  test('gunzips a request body (git gzips the large ones)', async () => {
    const pkt = (line: string): string => (line.length + 4).toString(16).padStart(4, '0') + line;
    const answer = await fetch(`${server.url}/o/r.git/git-upload-pack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-git-upload-pack-request',
        'content-encoding': 'gzip',
        'git-protocol': 'version=2'
      },
      body: gzipSync(`${pkt('command=ls-refs\n')}0001${pkt('peel\n')}0000`)
    });
    expect(answer.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    const text = await answer.text();
    expect(text).toContain(`${head.baseSha} refs/heads/main`);
    expect(text).toContain(`${head.headSha} refs/pull/1/head`);
  });
});

describe('the hostile head is live', () => {
  test('its post-checkout hook and postinstall script write the marker when run', async () => {
    const dir = await checkout(head.headSha);
    expect(fs.existsSync(marker)).toBe(false);
    await execFileAsync('sh', ['.githooks/post-checkout'], { cwd: dir, env });
    expect(fs.readFileSync(marker, 'utf8')).toBe('post-checkout\n');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      scripts: { postinstall: string };
    };
    await execFileAsync('sh', ['-c', manifest.scripts.postinstall], { cwd: dir, env });
    expect(fs.readFileSync(marker, 'utf8')).toBe('post-checkout\npostinstall\n');
    fs.rmSync(marker);
    expect(server.failures).toEqual([]);
  });
});
