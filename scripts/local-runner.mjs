// Runs the bundled action the way a GitHub runner does, on this machine: INPUT_* variables, real
// GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / GITHUB_PATH / GITHUB_ENV / GITHUB_STATE files read back in the runner's format, workflow commands in
// stdout interpreted with the runner's rules (stop-commands included). Used by the demo and the tests.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE24_BUNDLED } from './platform.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION = path.join(ROOT, 'dist', 'index.js');
/** The report sub-action's bundle (report/action.yml). */
export const REPORT_ACTION = path.join(ROOT, 'dist', 'report', 'index.js');
export const SIMULATOR_BIN = path.join(ROOT, 'simulator', 'bin');

/** Node 24, as `runs.using: node24` gives on a runner: the npm package's binary, else this Node. */
export function node24() {
  return fs.existsSync(NODE24_BUNDLED) ? NODE24_BUNDLED : process.execPath;
}

/**
 * What another user must run (Node 24, dist/, the simulator), copied once per test run into a folder
 * of its own under TMPDIR (which the suite's global setup makes 0755). A checkout under a 0700 or 0750
 * parent (a mkdtemp folder, a hosted runner's home) is one that user cannot enter, so a test that runs
 * the action or Hermes as another user runs these copies instead.
 */
export function stagedForOthers() {
  const dir = path.join(os.tmpdir(), 'staged-for-others');
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'staging-'));
    fs.chmodSync(work, 0o755);
    fs.mkdirSync(path.join(work, 'node'), { mode: 0o755 });
    fs.copyFileSync(node24(), path.join(work, 'node', 'node'));
    fs.chmodSync(path.join(work, 'node', 'node'), 0o755);
    for (const part of ['dist', 'simulator'])
      fs.cpSync(path.join(ROOT, part), path.join(work, part), { recursive: true });
    fs.writeFileSync(path.join(work, '.complete'), '');
    try {
      fs.renameSync(work, dir);
    } catch {
      // Another test file staged it first: theirs is complete (renamed whole), this copy is not needed.
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return {
    root: dir,
    node: path.join(dir, 'node', 'node'),
    action: path.join(dir, 'dist', 'index.js'),
    simulatorBin: path.join(dir, 'simulator', 'bin')
  };
}

/**
 * A runner-like step in `dir`: the five file-command files (empty), RUNNER_TEMP, the
 * workspace (`cwd` if given), and the environment a runner gives the action, with `pathFirst` and
 * Node 24 ahead of this PATH. Used by startAction and by the bench.
 */
export function runnerStep(dir, { pathFirst, cwd, job = 'demo', node = node24() } = {}) {
  const files = {
    output: path.join(dir, 'github_output'),
    path: path.join(dir, 'github_path'),
    summary: path.join(dir, 'step_summary'),
    env: path.join(dir, 'github_env'),
    state: path.join(dir, 'github_state'),
    temp: path.join(dir, 'runner_temp'),
    workspace: cwd ?? path.join(dir, 'workspace')
  };
  fs.writeFileSync(files.output, '');
  fs.writeFileSync(files.path, '');
  fs.writeFileSync(files.summary, '');
  fs.writeFileSync(files.env, '');
  fs.writeFileSync(files.state, '');
  fs.mkdirSync(files.temp, { recursive: true });
  fs.mkdirSync(files.workspace, { recursive: true });
  const env = {
    PATH: [pathFirst, path.dirname(node), process.env.PATH].filter(Boolean).join(path.delimiter),
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: files.output,
    GITHUB_PATH: files.path,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_ENV: files.env,
    GITHUB_STATE: files.state,
    RUNNER_TEMP: files.temp,
    GITHUB_WORKSPACE: files.workspace,
    GITHUB_JOB: job,
    GITHUB_ACTION: 'hermes',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_REPOSITORY: 'octo/repo',
    // A run someone with write access started: the trigger gate lets it through without a call.
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_ACTOR: 'octocat',
    GITHUB_TRIGGERING_ACTOR: 'octocat',
    GITHUB_SERVER_URL: 'https://github.com'
  };
  return { files, env };
}

/**
 * Starts the action (`action`: another bundle, such as REPORT_ACTION). `inputs` are by input name
 * (`query`, `hermes-path`…); `env` is added to a clean runner-like environment. Returns the child
 * and a promise of the parsed run.
 */
export function startAction({
  inputs = {},
  env = {},
  cwd,
  simulator = true,
  action = ACTION,
  stdoutFile = false,
  user
} = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-action-run-'));
  // Another user may not reach the checkout: it runs the staged copies.
  const staged = user ? stagedForOthers() : undefined;
  const node = staged?.node ?? node24();
  if (staged && action === ACTION) action = staged.action;
  const simulatorBin = staged?.simulatorBin ?? SIMULATOR_BIN;
  const step = runnerStep(dir, { pathFirst: simulator ? simulatorBin : undefined, cwd, node });
  // Run as another user (a root test playing an unprivileged runner): the step's files are its own.
  if (user)
    for (const p of [dir, ...Object.values(step.files)]) fs.chownSync(p, user.uid, user.gid);
  const files = step.files;
  const childEnv = {
    ...step.env,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [inputVariable(k), String(v)])),
    ...env
  };
  // A file, as a runner's log pipe is one a process can open again through /proc/<pid>/fd/1.
  const outFile = path.join(dir, 'stdout');
  const outFd = stdoutFile ? fs.openSync(outFile, 'w') : undefined;
  const child = spawn(node, [action], {
    cwd: files.workspace,
    env: childEnv,
    stdio: ['ignore', outFd ?? 'pipe', 'pipe'],
    uid: user?.uid,
    gid: user?.gid
  });
  if (outFd !== undefined) fs.closeSync(outFd);
  const stdout = [];
  const stderr = [];
  child.stdout?.on('data', c => stdout.push(c));
  child.stderr.on('data', c => stderr.push(c));
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, signal) => {
      const out = stdoutFile
        ? fs.readFileSync(outFile, 'utf8')
        : Buffer.concat(stdout).toString('utf8');
      resolve({
        exitCode,
        signal,
        stdout: out,
        stderr: Buffer.concat(stderr).toString('utf8'),
        outputs: parseFileCommand(fs.readFileSync(files.output, 'utf8')),
        summary: fs.readFileSync(files.summary, 'utf8'),
        // Directories added to PATH for the later steps (core.addPath), one per line.
        paths: fs.readFileSync(files.path, 'utf8').split('\n').filter(Boolean),
        // Variables set for the later steps (GITHUB_ENV) and the step's saved state (GITHUB_STATE).
        env: parseFileCommand(fs.readFileSync(files.env, 'utf8')),
        state: parseFileCommand(fs.readFileSync(files.state, 'utf8')),
        ...interpretLog(out),
        dir,
        files
      });
    });
  });
  return { child, done, files };
}

/** Runs the action to its end. */
export function runAction(options) {
  return startAction(options).done;
}

/** The runner's name for an input's variable: INPUT_ + upper case, spaces as underscores. */
export function inputVariable(name) {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** Parses a GITHUB_OUTPUT (or GITHUB_ENV, GITHUB_STATE) file as the runner does: `name=value` or `name<<DELIM` … `DELIM`. */
export function parseFileCommand(text) {
  const result = {};
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const eq = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (eq >= 0 && (heredoc < 0 || eq < heredoc)) {
      result[line.slice(0, eq)] = line.slice(eq + 1);
      continue;
    }
    if (heredoc < 0) throw new Error(`Invalid format '${line}'`);
    const name = line.slice(0, heredoc);
    const delimiter = line.slice(heredoc + 2);
    const value = [];
    for (i++; ; i++) {
      if (i >= lines.length)
        throw new Error(`Invalid value. Matching delimiter not found '${delimiter}'`);
      if (lines[i] === delimiter) break;
      value.push(lines[i]);
    }
    result[name] = value.join('\n');
  }
  return result;
}

/**
 * Reads stdout as the runner does: `::cmd::` lines (after leading blanks) and `##[cmd]` anywhere are
 * commands unless inside a `::stop-commands::TOKEN` … `::TOKEN::` block. Returns the commands it would
 * have run and the log a person would see, with `add-mask` values masked.
 */
export function interpretLog(stdout) {
  const reader = logReader();
  const visible = stdout
    .split('\n')
    .map(line => reader.line(line))
    .filter(line => line !== undefined);
  // Every mask over the whole log, as before: a value masked late is hidden everywhere.
  const masked = visible.map(reader.mask);
  const annotations = reader.commands.filter(c =>
    ['error', 'warning', 'notice'].includes(c.command)
  );
  return { commands: reader.commands, annotations, log: masked.join('\n') };
}

/**
 * The runner's reading of stdout, one line at a time (the demo prints the log live with it):
 * `line()` returns what a person sees, masks applied, or undefined for a command the runner consumed.
 */
export function logReader() {
  const commands = [];
  const masks = [];
  let stopToken;
  const mask = line => masks.reduce((acc, m) => acc.split(m).join('***'), line);
  return {
    commands,
    mask,
    line(line) {
      const trimmed = line.trim();
      if (stopToken !== undefined) {
        if (trimmed === `::${stopToken}::`) {
          stopToken = undefined;
          return undefined;
        }
        return mask(line);
      }
      const command = parseCommand(line);
      if (!command) return mask(line);
      commands.push(command);
      if (command.command === 'stop-commands') stopToken = command.message;
      if (command.command === 'add-mask' && command.message) masks.push(command.message);
      return undefined;
    }
  };
}

function parseCommand(line) {
  const trimmed = line.trim();
  const v2 = /^::([A-Za-z0-9_-]+)(?: ([^:]*))?::(.*)$/.exec(trimmed);
  if (v2) return { command: v2[1], properties: v2[2] ?? '', message: unescapeData(v2[3]) };
  const v1 = /##\[([A-Za-z0-9_-]+)(?: ([^\]]*))?\](.*)$/.exec(line);
  if (v1) return { command: v1[1], properties: v1[2] ?? '', message: v1[3] };
  return undefined;
}

function unescapeData(s) {
  return s.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}
