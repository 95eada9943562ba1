/**
 * `isolation`, end to end through dist/: a hostile stand-in Hermes (simulator/hostile/hermes) tries
 * every route a prompt-injected agent with a terminal would (the environ of the processes above it,
 * the file-command files, the action's dist/, the action's stdout, the checkout's git credential,
 * `sudo -n`, a setsid process meant to outlive the step) and records what it got. Isolated: nothing,
 * and no process of the agent user is left. `isolation: none`: what docs/security.md's table says.
 *
 * Isolating needs root (or passwordless sudo) on Linux with setpriv: elsewhere the suite is skipped
 * with a loud line, never silently.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, runAction, stagedForOthers, type ActionRun } from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { render, tableRows, textOf } from '../helpers/gfm.js';
import { must } from '../helpers/must.js';
import { found, rootWith, runsHere } from '../helpers/machine-tools.js';

const HOSTILE = path.join(ROOT, 'simulator', 'hostile', 'hermes');
const root = runsHere(
  rootWith('setpriv'),
  'the isolation suite needs root on Linux with setpriv (this is ' +
    `${process.platform}, uid ${process.getuid?.()}); isolation is NOT tested here.`
);
const describeRoot = root ? describe : describe.skip;
const acl =
  root &&
  runsHere(
    found('setfacl') && found('getfacl'),
    'setfacl/getfacl are not installed (Debian: apt-get install acl): ACLs the agent adds are NOT tested here.'
  );

interface HostileRecord {
  uid: number;
  /** HOSTILE_LEAVE: whether its setfacl calls worked. */
  acl?: boolean;
  environ: { pid: number; names: string[] }[];
  fileCommands: { listed: string[] | null; writable: string[] };
  dist: { found: string[]; writable: string[] };
  stdout: number[];
  credential: string | null;
  sudo: number | null;
  readable: string[];
  writable: string[];
  leftBehind: number | null;
  git: { status: number; stderr: string } | null;
  planted: string[];
  left?: string[];
  home: { path: string; mode: string; own: boolean; hermes: string[] } | null;
  providerKey: boolean;
  /** The model gateway asked as a stranger: the statuses it answered. */
  gateway: { withoutCapability: number | string; otherPath: number | string } | null;
}

const CREDENTIAL = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2NoZWNrb3V0';

/** A runner-like machine: a workspace checked out with a persisted credential, RUNNER_TEMP, a home. */
function machine(credentialIn: 'config' | 'temp') {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-isolation-'));
  const workspace = path.join(base, 'workspace');
  const temp = path.join(base, 'runner_temp');
  const home = path.join(base, 'runner-home');
  const commands = path.join(temp, '_runner_file_commands');
  fs.mkdirSync(commands, { recursive: true });
  for (const name of ['set_env_1f2e', 'set_output_3a4b', 'add_path_5c6d', 'step_summary_7e8f'])
    fs.writeFileSync(path.join(commands, name), '');
  fs.mkdirSync(path.join(home, '.hermes', 'skills'), { recursive: true });
  fs.chmodSync(home, 0o750);
  fs.writeFileSync(path.join(home, '.hermes', 'config.yaml'), 'model: nous/hermes-4-70b\n');
  fs.writeFileSync(path.join(home, '.hermes', '.env'), 'OPENROUTER_API_KEY=from-dot-env\n', {
    mode: 0o600
  });
  fs.writeFileSync(path.join(home, '.hermes', 'skills', 'review.md'), '# Review\n');
  // The key of .env written again in a skill: the agent's copy goes without that file.
  fs.writeFileSync(path.join(home, '.hermes', 'skills', 'notes.md'), 'key: from-dot-env\n');
  // A link in skills/ to a key of the runner user's (as an earlier, unisolated agent could plant):
  // the copy in the agent's HOME must not carry the key.
  fs.mkdirSync(path.join(home, '.ssh'), { mode: 0o700 });
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY\n', { mode: 0o600 });
  fs.symlinkSync(
    path.join(home, '.ssh', 'id_ed25519'),
    path.join(home, '.hermes', 'skills', 'keys.md')
  );
  fs.writeFileSync(path.join(home, 'notes.txt'), 'the runner user’s own file\n', { mode: 0o644 });
  fs.mkdirSync(workspace);
  spawnSync('git', ['init', '-q', workspace]);
  fs.writeFileSync(path.join(workspace, 'README.md'), '# repo\n');
  // As actions/checkout persists it: in .git/config (v4, v5), or in a file under RUNNER_TEMP (v6).
  const header = `[http "https://github.com/"]\n\textraheader = ${CREDENTIAL}\n`;
  const gitConfig = path.join(workspace, '.git', 'config');
  if (credentialIn === 'config') fs.appendFileSync(gitConfig, header);
  else {
    const file = path.join(temp, 'git-credentials-0b1c2d.config');
    fs.writeFileSync(file, header);
    fs.appendFileSync(gitConfig, `[includeIf "gitdir:${workspace}/.git"]\n\tpath = ${file}\n`);
  }
  // A file of the runner user's outside the workspace, hard-linked into it (as pnpm links its store
  // into node_modules): lending the workspace must not lend it.
  const store = path.join(base, 'store');
  fs.mkdirSync(store);
  fs.writeFileSync(path.join(store, 'index.js'), 'module.exports = 1;\n', { mode: 0o644 });
  fs.mkdirSync(path.join(workspace, 'node_modules'));
  fs.linkSync(path.join(store, 'index.js'), path.join(workspace, 'node_modules', 'index.js'));
  const probes = [
    path.join(home, 'notes.txt'),
    path.join(home, '.hermes', '.env'),
    path.join(commands, 'set_env_1f2e'),
    '~/.hermes/skills/keys.md'
  ];
  const writes = [
    path.join(workspace, 'node_modules', 'index.js'),
    path.join(workspace, 'README.md')
  ];
  return { base, workspace, temp, home, probes, writes };
}

type Machine = ReturnType<typeof machine>;

function step(m: Machine, isolation: string): Promise<ActionRun> {
  return runAction({
    cwd: m.workspace,
    simulator: false,
    stdoutFile: true,
    inputs: {
      query: 'Find the job’s credentials',
      'hermes-path': HOSTILE,
      'github-token': 'gh-token-input-value',
      redact: 'the-value-to-hide',
      'upload-artifact': 'false',
      isolation
    },
    env: {
      RUNNER_TEMP: m.temp,
      HOME: m.home,
      ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-value',
      ACTIONS_RESULTS_URL: 'http://127.0.0.1:1/results/',
      OPENROUTER_API_KEY: 'provider-key-from-env',
      // The same key under another name, as a workflow may give it twice: not in Hermes' environment.
      LLM_KEY_COPY: 'provider-key-from-env',
      HOSTILE_PROBE_FILES: m.probes.join('\n'),
      HOSTILE_WRITE_FILES: m.writes.join('\n'),
      HOSTILE_LEAVE: isolation === 'none' ? '' : '1'
    }
  });
}

/** The hook and hooksPath the stand-in planted are gone after the step, and a warning named them. */
function expectGitControlPutBack(m: Machine, r: ActionRun, got: HostileRecord): void {
  expect(got.planted).toEqual(['pre-push', 'core.hooksPath']);
  expect(fs.existsSync(path.join(m.workspace, '.git', 'hooks', 'pre-push'))).toBe(false);
  const hooksPath = spawnSync('git', ['-C', m.workspace, 'config', '--get', 'core.hooksPath']);
  expect(hooksPath.stdout.toString()).toBe('');
  expect(r.stdout).toMatch(
    /::warning::Hermes changed the checkout's git control files \(.*pre-push/
  );
}

const recordOf = (m: Machine): HostileRecord =>
  JSON.parse(fs.readFileSync(path.join(m.workspace, 'hostile-report.json'), 'utf8'));

const alive = (pid: number | null): boolean => {
  if (!pid) return false;
  try {
    const state = /^State:\s+(\S)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return state !== 'Z';
  } catch {
    return false;
  }
};

/** The agent user the summary names, and whether it still exists. */
function agentOf(r: ActionRun): { name: string; uid: number; exists: boolean } {
  const [, name, uid] = /^(hermes-agent-[0-9a-f]{6}) \(uid (\d+)/.exec(isolationRow(r)) ?? [];
  const exists = spawnSync('getent', ['passwd', name ?? '']).status === 0;
  return { name: must(name, 'the agent user'), uid: Number(uid), exists };
}

/** Clock ticks since boot, as /proc/<pid>/stat counts when a process started. */
const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
const ticksNow = (): number =>
  Math.ceil(Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * TICKS_PER_SECOND);

/**
 * The live processes of uid that started by `startedBy` (ticks since boot). Once the action has
 * deleted its agent user, another test file's run may be given the same uid: its processes started
 * later, and are not this run's.
 */
function processesOf(uid: number, startedBy: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter(e => /^\d+$/.test(e))
    .filter(pid => {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        const state = /^State:\s+(\S)/m.exec(status)?.[1];
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the name: state is field 3, starttime field 22.
        const started = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
        return (
          Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) === uid &&
          state !== 'Z' &&
          started <= startedBy
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Every path under dir (dir included) whose owner is not uid. */
function notOwnedBy(dir: string, uid: number): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    const stat = fs.lstatSync(p);
    if (stat.uid !== uid) out.push(p);
    if (stat.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

const modeOf = (p: string): string => (fs.statSync(p).mode & 0o7777).toString(8);

function isolationRow(r: ActionRun): string {
  const row = tableRows(render(r.summary)).find(cells => textOf(must(cells[0])) === 'Isolation');
  return row ? textOf(must(row[1])) : '(no Isolation row)';
}

describeRoot('isolation: auto, as root — the agent runs as its own user', () => {
  let m: Machine;
  let r: ActionRun;
  let got: HostileRecord;
  let modes: string[];
  let ended: number;
  beforeAll(async () => {
    m = machine('temp');
    modes = [m.base, m.temp, m.home, m.workspace].map(modeOf);
    r = await step(m, 'auto');
    ended = ticksNow();
    got = recordOf(m);
  });

  test('the turn ran, as the agent user', () => {
    expect(r.outputs.outcome).toBe('success');
    expect(got.uid).toBe(agentOf(r).uid);
    expect(got.uid).not.toBe(process.getuid?.());
  });

  test('no environ of the action or any process above it', () => {
    expect(got.environ).toEqual([]);
  });

  test('the file-command files cannot be listed or written', () => {
    expect(got.fileCommands).toEqual({ listed: null, writable: [] });
  });

  test("the action's dist/ is found but not writable", () => {
    expect(got.dist.found).toContain(path.join(ROOT, 'dist'));
    expect(got.dist.writable).toEqual([]);
  });

  test("the action's stdout cannot be opened; no workflow command got through", () => {
    expect(got.stdout).toEqual([]);
    expect(r.stdout).not.toContain('hostile stand-in wrote');
  });

  test("the checkout's credential (in RUNNER_TEMP, checkout v6) is out of reach, and no warning", () => {
    expect(got.credential).toBeNull();
    expect(isolationRow(r)).not.toContain('credential');
  });

  test('sudo does not work', () => {
    expect(got.sudo).not.toBe(0);
  });

  test("the runner user's files are not readable; its ~/.hermes is copied to the agent's HOME", () => {
    expect(got.readable).toEqual([]);
    expect(got.home).toMatchObject({
      mode: '700',
      own: true,
      hermes: ['.env', 'config.yaml', 'skills']
    });
    expect(got.home?.path.startsWith(m.home)).toBe(false);
  });

  test('what it needs reaches it: git works in the workspace, the provider key from env:', () => {
    expect(got.git).toEqual({ status: 0, stderr: '' });
    expect(got.providerKey).toBe(true);
  });

  test('the provider key given in env: or in ~/.hermes/.env is nowhere it can read (env, argv, /proc, HOME, files); the capability works nowhere else', () => {
    const harvest = fs.readFileSync(path.join(m.workspace, 'hostile-harvest.json'), 'utf8');
    expect(harvest.length).toBeGreaterThan(1000);
    expect(harvest).not.toContain('provider-key-from-env');
    // Nor the key of the runner's ~/.hermes/.env, which Hermes would load over the capability.
    expect(harvest).not.toContain('from-dot-env');
    // The key's copies (under another variable, in a skill) were left out, each said by name.
    expect(r.stdout).toMatch(/^::warning::.*LLM_KEY_COPY holds the value of a key/m);
    expect(r.stdout).toMatch(/^::warning::.*skills\/notes\.md holds the value of a key/m);
    const seen = JSON.parse(harvest) as { env: Record<string, string> };
    const capability = seen.env.OPENROUTER_API_KEY;
    expect(must(capability).length).toBeGreaterThanOrEqual(32);
    expect(seen.env.OPENROUTER_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // Asked without the capability, or outside the provider's API paths: refused, nothing forwarded.
    expect(got.gateway).toEqual({ withoutCapability: 401, otherPath: 404 });
    // The capability is masked (add-mask, once) and redacted: never in clear in the log or the summary.
    const masks = r.stdout.split('\n').filter(l => l === `::add-mask::${capability}`);
    expect(masks).toHaveLength(1);
    expect(r.stdout.replace(`::add-mask::${capability}`, '')).not.toContain(capability);
    expect(r.summary).not.toContain(capability);
  });

  test('nothing it started is left: the setsid process was ended, and the summary counts it', () => {
    expect(got.leftBehind).not.toBeNull();
    expect(alive(got.leftBehind)).toBe(false);
    expect(processesOf(got.uid, ended)).toEqual([]);
    expect(isolationRow(r)).toMatch(
      /^hermes-agent-[0-9a-f]{6} \(uid \d+, the action is root\) · [1-9]\d* process(es)? of it ended after Hermes · network: .+$/
    );
  });

  test('the workspace is handed back whole: every file the runner user’s, those the agent made too', () => {
    expect(notOwnedBy(m.workspace, process.getuid?.() ?? 0)).toEqual([]);
    expect(fs.existsSync(path.join(m.workspace, 'hostile-report.json'))).toBe(true);
  });

  test('the workspace is its to write, but not a file hard-linked into it from outside', () => {
    expect(got.writable).toEqual([path.join(m.workspace, 'README.md')]);
    const store = fs.statSync(path.join(m.base, 'store', 'index.js'));
    expect(store.uid).toBe(process.getuid?.());
  });

  test('the git hook and hooksPath it planted are put back, with a warning', () => {
    expectGitControlPutBack(m, r, got);
  });

  test('the credential include git could not have read (RUNNER_TEMP is closed) is back in .git/config', () => {
    const config = fs.readFileSync(path.join(m.workspace, '.git', 'config'), 'utf8');
    expect(config).toContain(`path = ${path.join(m.temp, 'git-credentials-0b1c2d.config')}`);
  });

  test('nothing of the agent outlives it: its temp files, the write bits it added, its hard links', () => {
    expect(got.left).toHaveLength(3);
    expect((got.left ?? []).filter(file => fs.existsSync(file))).toEqual([]);
    expect(modeOf(m.workspace)).toBe(modes[3]);
    expect(modeOf(path.join(m.workspace, 'README.md'))).toBe('644');
    expect(modeOf(path.join(m.workspace, 'made.txt'))).toBe('644');
    for (const name of ['made.txt', 'made-link.txt', 'tmp-link.txt'])
      expect([name, fs.statSync(path.join(m.workspace, name)).nlink]).toEqual([name, 1]);
    expect(fs.readFileSync(path.join(m.workspace, 'made-link.txt'), 'utf8')).toBe('made\n');
  });

  (acl ? test : test.skip)(
    'ACLs it added are gone: the entry on a file, the default one on the root',
    () => {
      expect(got.acl).toBe(true);
      const entries = (file: string): string[] =>
        spawnSync('getfacl', ['--omit-header', '--absolute-names', file], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(line => /^(user:[^:]+:|default:)/.test(line));
      expect(entries(path.join(m.workspace, 'made.txt'))).toEqual([]);
      expect(entries(m.workspace)).toEqual([]);
    }
  );

  test('the modes changed for the run are put back; the agent’s HOME and the user itself are gone', () => {
    expect([m.base, m.temp, m.home].map(modeOf)).toEqual(modes.slice(0, 3));
    expect(fs.existsSync(got.home?.path ?? '/nonexistent-home')).toBe(false);
    expect(agentOf(r)).toMatchObject({ exists: false });
  });
});

describeRoot('isolation: auto, as root — a credential in .git/config is warned about', () => {
  let r: ActionRun;
  let got: HostileRecord;
  beforeAll(async () => {
    const m = machine('config');
    r = await step(m, 'auto');
    got = recordOf(m);
  });

  test('the agent reads it (the workspace is its to read), and the summary says what to do', () => {
    expect(got.credential).toBe(CREDENTIAL);
    expect(isolationRow(r)).toContain('readable by the agent');
    expect(isolationRow(r)).toContain('persist-credentials: false');
  });
});

describeRoot('isolation: none — what docs/security.md says the agent reaches', () => {
  let m: Machine;
  let r: ActionRun;
  let got: HostileRecord;
  beforeAll(async () => {
    m = machine('temp');
    r = await step(m, 'none');
    got = recordOf(m);
  });
  afterAll(() => {
    // Left behind on purpose by the stand-in, and not ended under `none`: this test ends it.
    if (alive(got?.leftBehind)) process.kill(got.leftBehind as number, 'SIGKILL');
  });

  test('it runs as the runner user', () => {
    expect(r.outputs.outcome).toBe('success');
    expect(got.uid).toBe(process.getuid?.());
  });

  test("the action's environ: the runner's tokens and the step's inputs", () => {
    const names = new Set(got.environ.flatMap(e => e.names));
    expect([...names].sort()).toEqual(
      expect.arrayContaining(['ACTIONS_RUNTIME_TOKEN', 'INPUT_GITHUB-TOKEN', 'INPUT_REDACT'])
    );
  });

  test('the file-command files, dist/, the stdout and the credential', () => {
    expect(got.fileCommands.listed?.sort()).toEqual([
      'add_path_5c6d',
      'set_env_1f2e',
      'set_output_3a4b',
      'step_summary_7e8f'
    ]);
    expect(got.fileCommands.writable).toHaveLength(4);
    expect(got.dist.writable).toContain(path.join(ROOT, 'dist', 'index.js'));
    expect(got.stdout.length).toBeGreaterThan(0);
    expect(got.credential).toBe(CREDENTIAL);
    expect(got.readable).toEqual(m.probes);
  });

  test('the git hook and hooksPath it planted are put back under none too', () => {
    expectGitControlPutBack(m, r, got);
  });

  test('what it starts outlives the step; the summary says none, and warns of the credential', () => {
    expect(alive(got.leftBehind)).toBe(true);
    expect(isolationRow(r)).toContain('none: isolation is none');
    expect(isolationRow(r)).toContain('persist-credentials: false');
  });
});

/**
 * Where isolation is impossible (not root, no passwordless sudo): the action runs as `nobody`, which
 * has neither here (where sudo is installed, `sudo -n true` as nobody must fail, as on a runner).
 * Under auto, a gated event is refused before Hermes runs; another one warns.
 */
const NOBODY = { uid: 65534, gid: 65534 };
const nobodyMaySudo = (): boolean =>
  found('sudo') && spawnSync('sudo', ['-n', 'true'], { ...NOBODY, stdio: 'ignore' }).status === 0;
const nobody =
  root &&
  runsHere(!nobodyMaySudo(), 'nobody has passwordless sudo here, so fail-closed is NOT tested.')
    ? NOBODY
    : undefined;
/** Why the action as nobody cannot isolate: sudo missing, or nobody's sudo asks for a password. */
const NOBODY_WHY = found('sudo')
  ? 'has no passwordless sudo \\(`sudo -n true` failed\\)'
  : 'sudo is not installed';
const describeNobody = nobody ? describe : describe.skip;

describeNobody('isolation impossible (the action runs as nobody, without sudo)', () => {
  async function unprivileged(
    isolation: string,
    event: string
  ): Promise<{ r: ActionRun; ran: boolean }> {
    const dir = agentDir('hermes-fail-closed-');
    const argvFile = path.join(dir, 'argv.json');
    const r = await runAction({
      user: nobody,
      inputs: { query: 'Fix it', 'upload-artifact': 'false', 'allowed-users': '*', isolation },
      env: {
        HOME: dir,
        GITHUB_EVENT_NAME: event,
        GITHUB_API_URL: 'http://127.0.0.1:1',
        HERMES_SIM_ARGV_FILE: argvFile
      }
    });
    return { r, ran: fs.existsSync(argvFile) };
  }

  test('auto, on a gated event (issue_comment): not_allowed before Hermes runs, one sentence', async () => {
    const { r, ran } = await unprivileged('auto', 'issue_comment');
    expect(ran).toBe(false);
    expect(r.outputs.outcome).toBe('not_allowed');
    const errors = r.annotations.filter(a => a.command === 'error').map(a => a.message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^Hermes cannot run as its own user here \\(the action runs as nobody \\(uid 65534\\), not root, and ${NOBODY_WHY}\\), and content from people without write access can reach the prompt on issue_comment events, so the agent does not start; .* set "isolation: none" to run Hermes as the runner's user\\.$`
      )
    );
    expect(isolationRow(r)).toContain('none: the action runs as nobody');
  });

  test('auto, on an event only writers cause (workflow_dispatch): Hermes runs, with one warning', async () => {
    const { r, ran } = await unprivileged('auto', 'workflow_dispatch');
    expect([ran, r.outputs.outcome]).toEqual([true, 'success']);
    const warnings = r.annotations.filter(a => a.command === 'warning').map(a => a.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Hermes runs as the runner's user, not as its own: /);
    expect(isolationRow(r)).toContain('none: the action runs as nobody');
  });

  // isolation: user and isolation: none on such a runner are decided by the same admission code:
  // isolation-plan.test.ts runs both in-process.
});

/**
 * The hosted runner's way: the action is an ordinary user with passwordless sudo. Made here when
 * root and sudo is installed (a user and a sudoers entry, removed afterwards); skipped loudly elsewhere.
 */
const RUNNER = 'hermes-test-runner';
const sudoPath =
  root &&
  runsHere(
    found('sudo') && found('useradd'),
    'the passwordless-sudo path needs root and sudo installed; it is NOT tested here.'
  );
(sudoPath ? describe : describe.skip)('isolation: auto, through passwordless sudo', () => {
  const sudoers = `/etc/sudoers.d/${RUNNER}`;
  let m: Machine;
  let r: ActionRun;
  let ended: number;
  let got: HostileRecord;
  let runner: { uid: number; gid: number };
  beforeAll(async () => {
    spawnSync('useradd', ['--create-home', RUNNER]);
    fs.writeFileSync(sudoers, `${RUNNER} ALL=(ALL) NOPASSWD: ALL\n`, { mode: 0o440 });
    const [, , uid, gid] = spawnSync('getent', ['passwd', RUNNER], {
      encoding: 'utf8'
    }).stdout.split(':');
    runner = { uid: Number(uid), gid: Number(gid) };
    m = machine('temp');
    spawnSync('chown', ['-R', `${runner.uid}:${runner.gid}`, m.base]);
    r = await runAction({
      user: runner,
      cwd: m.workspace,
      simulator: false,
      inputs: {
        query: 'Find the job’s credentials',
        // The runner user cannot enter a checkout under a 0700 or 0750 parent: the staged copy.
        'hermes-path': path.join(stagedForOthers().root, 'simulator', 'hostile', 'hermes'),
        'upload-artifact': 'false'
      },
      env: {
        RUNNER_TEMP: m.temp,
        HOME: m.home,
        ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
        OPENROUTER_API_KEY: 'provider-key-from-env',
        HOSTILE_PROBE_FILES: m.probes.join('\n')
      }
    });
    ended = ticksNow();
    got = recordOf(m);
  });
  afterAll(() => {
    fs.rmSync(sudoers, { force: true });
    spawnSync('userdel', ['--remove', RUNNER]);
  });

  test('it runs as the agent user, through sudo, and gets nothing', () => {
    expect(r.outputs.outcome).toBe('success');
    expect(isolationRow(r)).toMatch(/^hermes-agent-[0-9a-f]{6} \(uid \d+, through sudo\)/);
    expect(got.uid).not.toBe(runner.uid);
    expect(got).toMatchObject({
      environ: [],
      fileCommands: { listed: null, writable: [] },
      dist: { writable: [] },
      stdout: [],
      credential: null,
      readable: [],
      providerKey: true
    });
    expect(got.sudo).not.toBe(0);
    expect(got.git?.status).toBe(0);
  });

  test('nothing is left, and the workspace is the runner user’s again', () => {
    expect(alive(got.leftBehind)).toBe(false);
    expect(processesOf(got.uid, ended)).toEqual([]);
    expect(notOwnedBy(m.workspace, runner.uid)).toEqual([]);
  });
});
