/**
 * `fork-prs: review`'s fetch (fork/checkout.ts) through real git, from a loopback git server holding
 * a stranger's hostile head: the exact commit checked out, and nothing of it run, though the runner's
 * own git config (global and system, given as the runner would) points hooks and a filter at it; the
 * token sent as a header only, in no file of the folder; what is not a safe server refused.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { fetchHead, gitUrl } from '../../src/fork/checkout.js';
import type { ForkPull } from '../../src/fork/pull.js';
import { GitServer, hostileHead, type HostileHead } from '../helpers/git-server.js';

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'fork-checkout-'));
const MARKER = path.join(ROOT, 'the-pull-request-ran');
let server: GitServer;
let head: HostileHead;
/** The runner's environment: its own git config would run the pull request's hook and filter. */
let runnerEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await GitServer.start();
  head = hostileHead(server, 'octo/repo', MARKER);
  const home = path.join(ROOT, 'runner-home');
  fs.mkdirSync(home);
  const trap = `[core]\n\thooksPath = .githooks\n[filter "evil"]\n\tsmudge = "sh -c 'echo filter >> ${MARKER}; cat'"\n\trequired = true\n`;
  fs.writeFileSync(path.join(home, '.gitconfig'), trap);
  fs.writeFileSync(path.join(ROOT, 'system-gitconfig'), trap);
  runnerEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_SYSTEM: path.join(ROOT, 'system-gitconfig'),
    GIT_DIR: path.join(ROOT, 'not-this-one'),
    GIT_SSH_COMMAND: `sh -c 'echo ssh >> ${MARKER}'`
  };
});
afterAll(async () => {
  await server.close();
  fs.rmSync(ROOT, { recursive: true, force: true });
});

const pull = (over: Partial<ForkPull> = {}): ForkPull => ({
  number: 70,
  headSha: head.headSha,
  baseSha: head.baseSha,
  fork: 'mallory/repo',
  title: 't',
  body: 'b',
  branch: 'main',
  ...over
});

const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: ROOT,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null'
    }
  }).trim();

/** Every file under dir, .git included, as text. */
function everything(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(e => e.isFile())
    .map(e => fs.readFileSync(path.join(e.parentPath, e.name), 'latin1'))
    .join('\n');
}

describe('the head of a stranger’s pull request, fetched', () => {
  test('the event’s exact commit is checked out, and none of its hooks, filters or scripts ran', async () => {
    const fetched = await fetchHead(pull(), {
      serverUrl: server.url,
      repository: 'octo/repo',
      token: 'ghs_thetokenofthejob0123456789',
      env: runnerEnv
    });
    if (!fetched.ok) throw new Error(fetched.why);
    const { dir, base } = fetched.tree;
    try {
      expect(git(dir, 'rev-parse', 'HEAD')).toBe(head.headSha);
      expect(base).toBe(true);
      expect(git(dir, 'diff', '--name-only', head.baseSha, 'HEAD').split('\n')).toEqual(head.files);
      expect(fs.readFileSync(path.join(dir, 'AGENTS.md'), 'utf8')).toContain('GITHUB_TOKEN');
      expect(fs.statSync(path.join(dir, '.githooks/post-checkout')).mode & 0o111).not.toBe(0);
      expect(fs.existsSync(MARKER)).toBe(false);
      // Outside the runner's temp and workspace, and not the GIT_DIR the environment named.
      expect(dir).toMatch(new RegExp(`^${os.tmpdir()}/hermes-pr-70-\\w+/head$`));
      // Its parent the agent may enter, not change: it cannot rename the folder away.
      expect(fs.statSync(path.dirname(dir)).mode & 0o777).toBe(0o711);
      expect(fs.existsSync(path.join(ROOT, 'not-this-one'))).toBe(false);
      expect(fs.existsSync(path.join(dir, '.git/hooks'))).toBe(false);
      // The token went as a header of the fetch, and stayed in no URL and no file.
      const basic = Buffer.from('x-access-token:ghs_thetokenofthejob0123456789').toString('base64');
      expect(server.received.some(r => r.authorization === `basic ${basic}`)).toBe(true);
      expect(server.received.every(r => !r.path.includes('ghs_'))).toBe(true);
      const files = everything(dir);
      expect(files).not.toContain('ghs_thetokenofthejob');
      expect(files).not.toContain(basic);
    } finally {
      fetched.tree.remove();
    }
    expect(fs.existsSync(path.dirname(dir))).toBe(false);
  });

  test('a server that wants the token gets it, and without one the fetch fails, said', async () => {
    const basic = Buffer.from('x-access-token:ghs_right').toString('base64');
    server.requireAuthorization = `basic ${basic}`;
    try {
      const options = { serverUrl: server.url, repository: 'octo/repo', env: runnerEnv };
      const refused = await fetchHead(pull(), { ...options, token: '' });
      expect(refused).toEqual({
        ok: false,
        why: expect.stringMatching(/^fetching the head commit [0-9a-f]{40} failed: /)
      });
      const fetched = await fetchHead(pull(), { ...options, token: 'ghs_right' });
      expect(fetched.ok).toBe(true);
      if (fetched.ok) fetched.tree.remove();
    } finally {
      server.requireAuthorization = undefined;
    }
  });

  test('a commit the server does not have: refused, and no folder is left', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter(n => n.startsWith('hermes-pr-80-'));
    const fetched = await fetchHead(pull({ number: 80, headSha: 'a'.repeat(40) }), {
      serverUrl: server.url,
      repository: 'octo/repo',
      token: '',
      env: runnerEnv
    });
    expect(fetched.ok).toBe(false);
    expect(fs.readdirSync(os.tmpdir()).filter(n => n.startsWith('hermes-pr-80-'))).toEqual(before);
  });

  test('a base that cannot be fetched is no reason to refuse: the head is there, the base said missing', async () => {
    const fetched = await fetchHead(pull({ baseSha: 'b'.repeat(40) }), {
      serverUrl: server.url,
      repository: 'octo/repo',
      token: '',
      env: runnerEnv
    });
    if (!fetched.ok) throw new Error(fetched.why);
    expect(fetched.tree.base).toBe(false);
    fetched.tree.remove();
  });

  test('a cancel kills the fetch: the answer is a failure, at once', async () => {
    const abort = new AbortController();
    abort.abort();
    const fetched = await fetchHead(pull(), {
      serverUrl: server.url,
      repository: 'octo/repo',
      token: '',
      env: runnerEnv,
      signal: abort.signal
    });
    expect(fetched.ok).toBe(false);
  });
});

describe('the trap is live', () => {
  // Last: it runs the pull request's code, as a plain checkout with the runner's git config would.
  // Asynchronous: the git server answers in this process.
  test('a plain git checkout with the runner’s config runs the pull request’s hook and filter', async () => {
    const run = promisify(execFile);
    const dir = path.join(ROOT, 'plain');
    const env = { ...runnerEnv, GIT_DIR: undefined, GIT_SSH_COMMAND: undefined };
    await run('git', ['init', '--quiet', dir], { env });
    await run('git', ['-C', dir, 'fetch', '--quiet', `${server.url}/octo/repo.git`, head.headSha], {
      env
    });
    expect(fs.existsSync(MARKER)).toBe(false);
    await run('git', ['-C', dir, 'checkout', '--quiet', '--detach', head.headSha], { env });
    expect(fs.readFileSync(MARKER, 'utf8')).toMatch(/filter[\s\S]*post-checkout/);
  });
});

describe('where the head is fetched from', () => {
  test.each([
    ['https://github.com', 'octo/repo', 'https://github.com/octo/repo.git'],
    ['https://ghe.example.com/', 'octo/repo', 'https://ghe.example.com/octo/repo.git'],
    ['http://127.0.0.1:8080', 'o/r', 'http://127.0.0.1:8080/o/r.git']
  ])('%s and %s: %s', (server, repository, url) => {
    expect(gitUrl(server, repository)).toBe(url);
  });

  test.each([
    ['http://github.com', 'octo/repo', 'GITHUB_SERVER_URL http://github.com is not https'],
    ['file:///srv/git', 'octo/repo', 'GITHUB_SERVER_URL null is not https'],
    ['https://x:y@github.com', 'octo/repo', 'GITHUB_SERVER_URL holds more than a server'],
    ['https://github.com', '../etc', 'GITHUB_REPOSITORY "../etc" is not owner/name'],
    ['https://github.com', 'o/..', 'GITHUB_REPOSITORY "o/.." is not owner/name'],
    [
      'https://github.com',
      'o/r --upload-pack=sh',
      'GITHUB_REPOSITORY "o/r --upload-pack=sh" is not owner/name'
    ],
    ['not a url', 'o/r', 'GITHUB_SERVER_URL "not a url" is not a URL']
  ])('%s and %s: refused', (server, repository, why) => {
    expect(gitUrl(server, repository)).toEqual({ why });
  });
});
