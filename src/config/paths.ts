/**
 * Where the path inputs (`query-file`, `json-schema`, `transcript`, `jsonl-path`) may point: inside
 * the workspace or the runner's temporary directory, once every link is resolved. A link planted in
 * the repository would otherwise send the action's own environment to a server as the prompt
 * (`/proc/self/environ`), upload a file from anywhere as the transcript, or overwrite one.
 * Outside a runner (no GITHUB_WORKSPACE, no RUNNER_TEMP), the current directory stands for the
 * workspace, as parseSettings takes it, and the system's temporary directory for RUNNER_TEMP, where
 * the default jsonl-path goes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HERMES_KEY_FILES, hermesHomeOf } from './hermes-dotenv.js';
import { Input, InputError, type InputName } from './inputs.js';

/** More links than this in a row is a loop: the path is kept as it is, and opening it fails. */
const MAX_LINKS = 40;

/** The directories the path inputs may resolve into, each with its links resolved. */
export function allowedRoots(env: NodeJS.ProcessEnv): { workspace: string; temp: string } {
  return {
    workspace: resolveLinks(env.GITHUB_WORKSPACE || process.cwd()),
    temp: resolveLinks(env.RUNNER_TEMP || os.tmpdir())
  };
}

/**
 * file (the input's value, made absolute) with every link resolved, when that lies in the workspace
 * or RUNNER_TEMP; else an InputError naming the input, the value and where it points.
 */
export function confine(
  input: InputName,
  given: string,
  file: string,
  env: NodeJS.ProcessEnv
): string {
  const real = resolveLinks(file);
  const { workspace, temp } = allowedRoots(env);
  if (within(workspace, real) || within(temp, real)) return real;
  const points = real === path.resolve(file) ? `is ${real}` : `points to ${real}`;
  throw new InputError(
    `Input "${input}" is ${JSON.stringify(given)}, which ${points}: outside the workspace (${workspace}) and the runner's temporary directory (${temp}). ` +
      'Give a path inside one of them (a link is followed to where it ends).'
  );
}

/**
 * What of the runner's own the tree holds (RUNNER_TEMP, its home, the action's files, Hermes' home
 * or a file of it that may hold a key), or undefined. Compared by where links lead: a Hermes home,
 * or its `.env`, linked into the workspace is in the tree the agent is handed, and so is a link to
 * a file the workspace does not hold yet (one the agent could make there).
 */
export function runnersOwnIn(tree: string, env: NodeJS.ProcessEnv): string | undefined {
  const hermesHome = hermesHomeOf(env);
  const own: [string, string | undefined][] = [
    ['RUNNER_TEMP', env.RUNNER_TEMP],
    ["the runner user's home", env.HOME ?? os.homedir()],
    ["Hermes' home (HERMES_HOME)", hermesHome],
    // Not skills/: a team's skills may well live in the repository, which the agent reads anyway.
    ...HERMES_KEY_FILES.map((entry): [string, string] => [
      `Hermes' ${entry} (through a link)`,
      path.join(hermesHome, entry)
    ]),
    ["the action's own files", env.GITHUB_ACTION_PATH],
    ["the action's own files", process.argv[1] && path.dirname(path.resolve(process.argv[1]))]
  ];
  const lent = resolveLinks(tree);
  const held = own
    .filter(
      ([, dir]) => dir && (within(tree, path.resolve(dir)) || within(lent, resolveLinks(dir)))
    )
    .map(([what]) => what);
  return held.length > 0 ? [...new Set(held)].join(', ') : undefined;
}

/**
 * A `working-directory` that holds the runner's own is refused before anything runs, whatever the
 * event: lent to the agent's user it would be the agent's to rewrite (the runner's file commands, its
 * event payload, the action's own files), and run as the runner's user instead the agent would reach
 * all of it anyway. `isolation: none` says the latter is meant. (A workspace that holds them, with
 * the working directory inside it, is the checkout's doing: confine refuses to lend it.)
 */
export function refuseLendingRunnersOwn(
  given: string,
  workingDirectory: string,
  env: NodeJS.ProcessEnv
): void {
  const held = runnersOwnIn(workingDirectory, env);
  if (!held) return;
  throw new InputError(
    `Input "${Input.WorkingDirectory}" is ${JSON.stringify(given)}, and ${workingDirectory} holds ${held}, which Hermes' own user would be lent and could rewrite. ` +
      `Give a folder of the workspace that holds none of them, or set "${Input.Isolation}: none" to run Hermes as the runner's user.`
  );
}

/**
 * The path with every link resolved, also through a part that does not exist yet (kept as given)
 * and a dangling link (followed to where it would end).
 */
export function resolveLinks(file: string, links = 0): string {
  const absolute = path.resolve(file);
  try {
    return fs.realpathSync(absolute);
  } catch {
    // Missing, or a dangling link or loop somewhere: resolved one part at a time below.
  }
  if (isLink(absolute) && links < MAX_LINKS) {
    const target = path.resolve(path.dirname(absolute), fs.readlinkSync(absolute));
    return resolveLinks(target, links + 1);
  }
  const parent = path.dirname(absolute);
  if (parent === absolute || links >= MAX_LINKS) return absolute;
  return path.join(resolveLinks(parent, links), path.basename(absolute));
}

/** False also when it cannot be told (a loop in a parent directory). */
function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
}

function within(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

// Absent on Windows, though typed: there, a link is refused by the resolved-path check alone.
const O_NOFOLLOW = (fs.constants as Partial<typeof fs.constants>).O_NOFOLLOW ?? 0;

/**
 * Opens the transcript at jsonlPath (its links resolved when the inputs were read) without
 * following a link: one planted since, in its place or in a parent directory, is refused.
 */
export function openTranscript(jsonlPath: string, mode: 'write' | 'read'): number {
  const dir = path.dirname(jsonlPath);
  const real = resolveLinks(dir);
  if (real !== dir)
    throw new Error(
      `The transcript's directory ${dir} now points to ${real} (a link put there after the inputs were read), so the transcript is not written through it; give "${Input.JsonlPath}" a directory no one else writes.`
    );
  const flags =
    mode === 'write'
      ? fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | O_NOFOLLOW
      : fs.constants.O_RDONLY | O_NOFOLLOW;
  try {
    return fs.openSync(jsonlPath, flags, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
    throw new Error(
      `The transcript ${jsonlPath} is a link (to ${resolveLinks(jsonlPath)}), and the transcript is never written or read through one; remove it, or give "${Input.JsonlPath}" another path.`
    );
  }
}

const O_NONBLOCK = (fs.constants as Partial<typeof fs.constants>).O_NONBLOCK ?? 0;

/**
 * Reads a file the action itself created (the session export's standard output, opened by the action
 * with O_EXCL) as that file and nothing else: not through a link, never blocking on a FIFO, and only a
 * regular file that still belongs to the action's user. What the agent (whose Hermes writes the
 * export) could put in its place is refused with an error saying so: a link to a file only the
 * action may read (a hard link too), a FIFO that would hang the step, a file of its own. `head` reads
 * only the first bytes; `limit` refuses a file larger than it (its parse would hold it many times).
 */
export function readOwnFile(
  file: string,
  { head, limit }: { head?: number; limit?: number } = {}
): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`);
    const uid = process.geteuid?.();
    if (uid !== undefined && stat.uid !== uid)
      throw new Error(`${file} belongs to uid ${stat.uid}, not the action's: it was replaced`);
    if (stat.nlink !== 1)
      throw new Error(`${file} has ${stat.nlink} names (a hard link was made to it or from it)`);
    if (head !== undefined) {
      const start = Buffer.alloc(Math.min(head, stat.size));
      return start.subarray(0, fs.readSync(fd, start, 0, start.length, 0)).toString('utf8');
    }
    if (limit !== undefined && stat.size > limit)
      throw new Error(`${file} is ${stat.size} bytes, over the ${limit} read`);
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}
