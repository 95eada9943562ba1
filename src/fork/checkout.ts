/**
 * `fork-prs: review`: the pull request's head commit, fetched by the action into a folder of its own
 * outside the workspace, for the agent to work in as a throw-away copy. git runs here as the runner's
 * user over a stranger's files, so nothing of theirs may run:
 * - a fresh repository (`git init --template=`: no sample hooks), hooks pointed at /dev/null;
 * - no system or global git config (`GIT_CONFIG_NOSYSTEM`, `GIT_CONFIG_GLOBAL=/dev/null`, an empty
 *   HOME), so no filter, no hooksPath, no fsmonitor, no credential helper of the runner's applies;
 *   a `.gitattributes` filter names a driver nothing defines, and LFS smudging is off;
 * - the environment is built, not inherited (no GIT_DIR, GIT_SSH_COMMAND… of the workflow's);
 * - only the exact SHAs of the event are fetched (never a branch name), from the base repository's
 *   git URL on GITHUB_SERVER_URL, https (http only for a loopback server), no submodules, no tags;
 * - the token goes in an `Authorization` header of the fetch alone (GIT_CONFIG_* variables): it is in
 *   no argument, no URL and no file of the folder.
 * After the agent, the folder is only removed: no git command of the runner's runs in it again.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { commandAsync } from '../process/spawn.js';
import { clip } from '../text/text.js';
import type { ForkPull } from './pull.js';

export interface ForkLimits {
  /** How long fetching the head (and the base) may take. */
  fetchMs: number;
  /** How long the checkout, and each short command, may take. */
  commandMs: number;
}

export const FORK_LIMITS: Readonly<ForkLimits> = Object.freeze({
  fetchMs: 300_000,
  commandMs: 120_000
});

export interface FetchOptions {
  /** GITHUB_SERVER_URL: the base repository's git URL is `<server>/<repository>.git`. */
  serverUrl: string;
  repository: string;
  /** Sent as a header of the fetch (a private repository needs it); empty: none. */
  token: string;
  /** The runner's environment: PATH and its proxy variables are read from it, nothing else. */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  limits?: ForkLimits;
}

/** The folder holding the head, and the one way to be rid of it. */
export interface HeadTree {
  dir: string;
  /** Whether the base commit came too (a `git diff` against it works). */
  base: boolean;
  remove(): void;
}

export type Fetched = { ok: true; tree: HeadTree } | { ok: false; why: string };

/** owner/name, neither of them `.` or `..`. */
const REPOSITORY = /^(?!\.{1,2}\/)[A-Za-z0-9_.-]+\/(?!\.{1,2}$)[A-Za-z0-9_.-]+$/;

/** Variables of the runner's that the fetch keeps: the way out (a proxy), nothing of git's own. */
const KEPT = [
  'PATH',
  'https_proxy',
  'HTTPS_PROXY',
  'http_proxy',
  'HTTP_PROXY',
  'no_proxy',
  'NO_PROXY'
];

/** Fetches the head (and the base) commit of the pull request into a new folder; why not, or it. */
export async function fetchHead(pull: ForkPull, options: FetchOptions): Promise<Fetched> {
  const url = gitUrl(options.serverUrl, options.repository);
  if (typeof url !== 'string') return { ok: false, why: url.why };
  const limits = options.limits ?? FORK_LIMITS;
  // The lent folder inside one the agent may enter but not change: owning the folder, it could
  // otherwise rename it away (the temp dir is sticky, not closed to an entry's owner) to outlive the run.
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), `hermes-pr-${pull.number}-`));
  fs.chmodSync(parent, 0o711);
  const dir = path.join(parent, 'head');
  fs.mkdirSync(dir, { mode: 0o700 });
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-git-home-'));
  const remove = (): void => {
    for (const d of [parent, home]) fs.rmSync(d, { recursive: true, force: true });
  };
  const env = gitEnv(options.env, home, url, options.token);
  const git = async (args: string[], timeoutMs = limits.commandMs): Promise<string | undefined> => {
    const done = await commandAsync('git', [...SAFE, '-C', dir, ...args], {
      env,
      timeoutMs,
      signal: options.signal
    });
    if (!done.error) return undefined;
    const said = clip(done.stderr.trim().split('\n').slice(-3).join(' '), 500);
    return said || done.error.message;
  };
  const steps: [string, string[], number?][] = [
    ['git init', ['init', '--quiet', '--template=', '--initial-branch=review']],
    [
      `fetching the head commit ${pull.headSha}`,
      ['fetch', ...FETCH, url, `+${pull.headSha}:refs/remotes/pull/head`],
      limits.fetchMs
    ],
    ['the checkout', ['checkout', '--quiet', '--detach', pull.headSha]]
  ];
  try {
    for (const [what, args, timeoutMs] of steps) {
      const failed = await git(args, timeoutMs);
      if (failed !== undefined) {
        remove();
        return { ok: false, why: `${what} failed: ${failed}` };
      }
    }
    // The base is a convenience (a diff to read): its absence is no reason to refuse.
    const base =
      (await git(
        ['fetch', ...FETCH, url, `+${pull.baseSha}:refs/remotes/pull/base`],
        limits.fetchMs
      )) === undefined;
    return { ok: true, tree: { dir, base, remove } };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Every git command's own settings: nothing of the repository's or the runner's runs. */
const SAFE = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.autocrlf=false',
  '-c',
  'submodule.recurse=false',
  '-c',
  'advice.detachedHead=false',
  '-c',
  'gc.auto=0',
  '-c',
  'maintenance.auto=false'
];

const FETCH = ['--quiet', '--no-tags', '--no-recurse-submodules', '--depth=1'];

/** `<server>/<owner>/<name>.git`, or why it cannot be: https, or http to a loopback address. */
export function gitUrl(serverUrl: string, repository: string): string | { why: string } {
  if (!REPOSITORY.test(repository))
    return { why: `GITHUB_REPOSITORY ${JSON.stringify(repository)} is not owner/name` };
  let server: URL;
  try {
    server = new URL(serverUrl);
  } catch {
    return { why: `GITHUB_SERVER_URL ${JSON.stringify(serverUrl)} is not a URL` };
  }
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(server.hostname);
  if (server.protocol !== 'https:' && !(server.protocol === 'http:' && loopback))
    return { why: `GITHUB_SERVER_URL ${server.origin} is not https` };
  if (server.username || server.password || server.search || server.hash)
    return { why: 'GITHUB_SERVER_URL holds more than a server' };
  return `${server.origin}${server.pathname.replace(/\/+$/, '')}/${repository}.git`;
}

function gitEnv(
  runner: NodeJS.ProcessEnv,
  home: string,
  url: string,
  token: string
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of KEPT) if (runner[name] !== undefined) env[name] = runner[name];
  Object.assign(env, {
    HOME: home,
    XDG_CONFIG_HOME: home,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LFS_SKIP_SMUDGE: '1',
    GIT_ALLOW_PROTOCOL: url.startsWith('https:') ? 'https' : 'http'
  });
  if (token) {
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    Object.assign(env, {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `http.${url}.extraHeader`,
      GIT_CONFIG_VALUE_0: `Authorization: basic ${basic}`
    });
  }
  return env;
}
