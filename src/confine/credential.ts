/**
 * The checkout's persisted git credential: kept out of git's way for the agent's run (checkout v6
 * includes it from a file under RUNNER_TEMP), and looked for where the agent could read it after.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commandSync } from '../process/spawn.js';
import { systemEnv } from './host.js';

export interface HiddenIncludes {
  config: string;
  includes: [string, string][];
}

/**
 * actions/checkout v6 persists its credential in a file under RUNNER_TEMP, included from
 * .git/config. Git gives up on an include it may not read (only a missing one is skipped), and
 * RUNNER_TEMP is closed to the agent: such includes are taken out for the run and put back after,
 * so that git works for the agent, without the credential.
 */
export function hideIncludes(
  lent: string,
  runnerTemp: string,
  env: NodeJS.ProcessEnv
): HiddenIncludes | undefined {
  const config = path.join(lent, '.git', 'config');
  if (!fs.existsSync(config)) return undefined;
  const git = (args: string[]) =>
    commandSync('git', ['config', '--file', config, ...args], { env: systemEnv(env) });
  const listed = git(['--get-regexp', '^include(if\\..*)?\\.path$']);
  const includes: [string, string][] = listed.stdout
    .split('\n')
    .map(line => /^(\S+) (.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(m => [m[1], m[2]] as [string, string])
    .filter(([, file]) => inside(path.resolve(path.dirname(config), file), runnerTemp));
  for (const key of new Set(includes.map(([key]) => key))) git(['--unset-all', key]);
  return includes.length > 0 ? { config, includes } : undefined;
}

export function restoreIncludes(hidden: HiddenIncludes, env: NodeJS.ProcessEnv): void {
  // The config was the agent's to change: one it replaced by a link (or anything but a plain file)
  // is not written through, as git would follow the link with the action's rights.
  // So is a .git folder it replaced by a link (to a folder elsewhere that holds a `config`).
  const gitDir = path.dirname(hidden.config);
  if (!fs.lstatSync(gitDir, { throwIfNoEntry: false })?.isDirectory()) return;
  if (!fs.lstatSync(hidden.config, { throwIfNoEntry: false })?.isFile()) return;
  for (const [key, file] of hidden.includes)
    commandSync('git', ['config', '--file', hidden.config, '--add', key, file], {
      env: systemEnv(env)
    });
}

/** Whether p is dir or below it. */
export function inside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The credential actions/checkout persists for git (`http.<url>.extraheader`), where the agent can
 * read it: in the repository's `.git/config`, or in a file it includes that the agent can reach
 * (checkout v6 keeps it in a file under RUNNER_TEMP, out of the agent's reach when isolated).
 */
export function exposedCredential(
  lent: string,
  isolated: boolean,
  closedTemp: string | undefined
): string | undefined {
  const config = path.join(lent, '.git', 'config');
  const text = readPlain(config);
  if (text === undefined) return undefined;
  if (/^\s*extraheader\s*=/im.test(text)) return config;
  // The pattern's one group takes part in every match.
  for (const [, included = ''] of text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gim)) {
    const file = path.resolve(path.dirname(config), included.replace(/^"|"$/g, ''));
    try {
      const reachable =
        !isolated ||
        inside(file, lent) ||
        (!(closedTemp && inside(file, path.resolve(closedTemp))) &&
          (fs.statSync(file).mode & 0o004) !== 0);
      if (reachable && /^\s*extraheader\s*=/im.test(readPlain(file) ?? '')) return file;
    } catch {
      // not there: nothing to read
    }
  }
  return undefined;
}

/** A git config's largest plausible size: anything bigger is not read. */
const CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * A file's text when it is a plain file of a sane size, else undefined. The agent had the workspace:
 * a FIFO there would block this read for ever (nobody is left to write it), /dev/zero would never end.
 */
function readPlain(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(
      file,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK
    );
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > CONFIG_MAX_BYTES) return undefined;
    return fs.readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
