/**
 * The pinned ref's install script run: downloaded, its SHA-256 checked, run in a process group of its
 * own (stopped whole at its limit or the job's cancel), and what it installed checked.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { groupCommand } from '../process/group.js';
import { clip, formatMs } from '../text/text.js';
import { download, DownloadError } from './download.js';
import { tried, working, type InstallJob, type Runs } from './job.js';
import { installerArgs, installerEnv } from './layout.js';

/** How many of the installer's last lines a failure shows, and how long each may be. */
const TAIL_LINES = 15;
const TAIL_LINE_CHARS = 300;

/**
 * The pinned ref's install script downloaded into `work`, its SHA-256 checked, run in a group of its
 * own, and what it installed checked: the Hermes that runs (and whether the script was verified), or
 * why there is none.
 */
export async function runInstaller(
  { install, layout, io, signals, spawnEnv, limits }: InstallJob,
  work: string
): Promise<{ found: Runs; verified: boolean } | { failure: string }> {
  const what = tried(install);
  const script = path.join(work, 'install.sh');
  try {
    await download(install.installerUrl, script, { onRetry: line => io.info(line) });
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    return { failure: `${what} failed: the install script ${error.message}` };
  }
  const bytes = fs.readFileSync(script);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  io.info(`The install script's SHA-256: ${sha256}`);
  const expected = install.installerSha256;
  if (expected && expected !== sha256)
    return {
      failure: `${what} refused: the script's SHA-256 is ${sha256}, but ${expected} was expected (installer-sha256, or the pin of ${install.version}). Nothing was run.`
    };
  if (!expected)
    io.warning(
      `The install script of Hermes ${install.version} is not checksum-verified: no SHA-256 is pinned for it; set installer-sha256 to check it.`
    );
  const call = installerArgs(layout, install, bytes.toString('utf8'));
  if (call.unsupported.length > 0)
    io.info(`This install script takes no ${call.unsupported.join(', ')}: not passed.`);
  const tail: string[] = [];
  const installed = await io.group(what, () =>
    groupCommand({
      // stderr joins stdout in bash itself, so that the lines keep the order the installer wrote them in.
      argv: ['bash', '-c', 'exec bash "$0" "$@" 2>&1', script, ...call.args],
      env: installerEnv(layout, spawnEnv),
      cwd: work,
      limit: AbortSignal.timeout(install.timeoutMs),
      graceMs: limits.killGraceMs,
      signals,
      onLine: line => {
        const clean = line.replace(ANSI, '').replace(/\r$/, '');
        io.output(clean);
        tail.push(clip(clean, TAIL_LINE_CHARS));
        if (tail.length > TAIL_LINES * 4) tail.splice(0, tail.length - TAIL_LINES * 4);
      }
    })
  );
  if (installed.cancelled)
    return { failure: `${what} was cancelled with the job.${lastLines(tail)}` };
  if (installed.timedOut)
    return {
      failure: `${what} did not finish within ${formatMs(install.timeoutMs)} (install-timeout-minutes): it was stopped.${lastLines(tail)}`
    };
  if (installed.code !== 0) {
    const how =
      installed.code === null
        ? `was killed by ${installed.signal}`
        : `exited with code ${installed.code}`;
    return { failure: `${what} failed: the installer ${how}.${lastLines(tail)}` };
  }
  const found = await working(layout, spawnEnv, limits);
  if ('why' in found)
    return { failure: `${what}: the installer finished, but ${found.why}.${lastLines(tail)}` };
  const wanted = install.expectedVersion;
  if (wanted && !printsVersion(found.version, wanted))
    return {
      failure: `${what}: the installer finished, but \`hermes --version\` prints "${found.version}", not the pinned ${wanted}. Nothing was run.`
    };
  return { found, verified: Boolean(expected) };
}

/** Whether a `--version` line names the version (v0.23.4 and 0.23.4 alike), not one it is a prefix of. */
function printsVersion(line: string, version: string): boolean {
  const bare = version.replace(/^v/, '').replace(/\./g, '\\.');
  return new RegExp(`(^|[^\\w.])v?${bare}(?![\\w.]*\\d)`).test(line);
}

function lastLines(tail: string[]): string {
  const lines = tail.filter(l => l.trim() !== '').slice(-TAIL_LINES);
  return lines.length ? ` Its last lines:\n${lines.join('\n')}` : '';
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
