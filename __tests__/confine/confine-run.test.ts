/**
 * Confinement's failures, run() in-process: the agent's user made on a stand-in host whose root
 * commands are recorded (and fail where a test says), the comment going to a loopback stand-in for
 * the REST API. Each failure ends published like a refusal or a finding: outputs, summary, comment.
 * The real useradd/chown/setpriv are isolation.e2e.test.ts's.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { IsolationHost } from '../../src/confine/host.js';
import { run } from '../../src/main.js';
import { PR, rendered } from '../helpers/comment.js';
import { textOf } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { summaryText, world, type Options, type World } from '../helpers/in-process.js';
import { rootHost, type RootHost } from '../helpers/root-host.js';

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.plan('octocat', { permission: 'write' });
});

/** The stand-in root host (helpers/root-host.ts); `fails` says which commands throw. */
function standIn(
  fails: (file: string, args: string[]) => boolean,
  userIds: IsolationHost['userIds'] = () => ({ uid: 4321, gid: 4321 })
): RootHost {
  const refuse = (file: string, args: string[]): void => {
    if (fails(file, args)) throw new Error(`\`${file}\` failed (exit 1): refused by the stand-in`);
  };
  return rootHost(ROOT, refuse, userIds);
}

/** Where each test's RUNNER_TEMP is made, apart from its workspace. */
const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'confine-run-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));
const runnerTemp = (): string => fs.mkdtempSync(path.join(ROOT, 'temp-'));

/** A workflow_dispatch run with `comment: true` on PR 7; `host` set as the machine when given. */
async function step(
  options: Options,
  host?: IsolationHost,
  prepare?: (w: World) => void
): Promise<World> {
  const w = world({
    ...options,
    inputs: {
      comment: 'true',
      'comment-number': String(PR),
      'github-token': 'gh-token-for-comments',
      'upload-artifact': 'false',
      ...options.inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: api.url,
      GITHUB_RUN_ID: '4242',
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      ...options.env
    }
  });
  if (host) w.ports = { ...w.ports, platform: 'linux', isolationHost: host };
  prepare?.(w);
  await run(w.ports);
  return w;
}

const comment = (): string => textOf(rendered(api.commentsOn(PR)[0]?.body ?? ''));

/** The agent homes left in the system tmp by the user `name`. */
const homesOf = (name: string): string[] =>
  fs.readdirSync(os.tmpdir()).filter(entry => entry.startsWith(`${name}-home-`));

describe('isolation that cannot be set up is published like a refusal, and undone', () => {
  test('the user is made, then getent does not find it: the user is removed, not_allowed', async () => {
    const { host, asked } = standIn(
      () => false,
      () => undefined
    );
    const w = await step(
      { inputs: { isolation: 'user' }, env: { RUNNER_TEMP: runnerTemp() } },
      host
    );
    const name = asked.find(([file]) => file === 'useradd')?.at(-1) ?? '';
    expect(name).toMatch(/^hermes-agent-[0-9a-f]{6}$/);
    expect(asked.at(-1)).toEqual(['userdel', name]);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toMatch(
      /^Hermes could not be set up to run as its own user: the user hermes-agent-\w+ was made by useradd, but getent does not find it; .*"isolation: none"/
    );
    expect(summaryText(w)).toContain('getent does not find it');
    expect(comment()).toContain('getent does not find it');
    expect(comment()).not.toContain('working');
  });

  test('the lend fails: the user removed, its HOME gone, the workspace handed back, not_allowed', async () => {
    const { host, asked } = standIn((file, args) => file === 'find' && args.includes('chown'));
    const w = await step(
      { inputs: { isolation: 'user' }, env: { RUNNER_TEMP: runnerTemp() } },
      host
    );
    const name = asked.find(([file]) => file === 'useradd')?.at(-1) ?? '';
    const commands = asked.map(([file, ...args]) => [file, ...args].join(' '));
    // Handed back to the workspace's owner: this process's user (root only where the suite is).
    const owner = `${process.getuid?.()}:${process.getgid?.()}`;
    expect(commands).toContain(`chown -R -h --from=4321 ${owner} ${w.dir}`);
    expect(commands.at(-1)).toBe(`userdel ${name}`);
    expect(homesOf(name)).toEqual([]);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toMatch(/`find` failed \(exit 1\): refused by the stand-in/);
    expect(summaryText(w)).toContain('refused by the stand-in');
    expect(comment()).toContain('refused by the stand-in');
  });
});

describe('the lend: a tree that holds the runner’s own is never lent', () => {
  test('user, the workspace holding RUNNER_TEMP: not_allowed before any user is made, saying why', async () => {
    const { host, asked } = standIn(() => false);
    const w = await step({ inputs: { isolation: 'user' } }, host);
    expect(asked).toEqual([]);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toBe(
      `Hermes cannot run as its own user: ${w.dir} holds RUNNER_TEMP, which the agent must not own; set working-directory (and the checkout's path) to a folder that holds none of them, or "isolation: none" to run it as the runner's user.`
    );
    expect(summaryText(w)).toContain('holds RUNNER_TEMP');
    expect(comment()).toContain('holds RUNNER_TEMP');
  });

  test('auto on an event only writers cause: refused too, never run as the runner’s user (issue 45)', async () => {
    const { host, asked } = standIn(() => false);
    const w = await step({ inputs: { isolation: 'auto' } }, host);
    expect(asked).toEqual([]);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.warnings.join('\n')).not.toContain('Hermes runs as the runner');
    expect(summaryText(w)).toContain('holds RUNNER_TEMP');
  });

  test('a working directory inside RUNNER_TEMP: the file commands and _github_workflow are closed for the turn', async () => {
    const temp = runnerTemp();
    const work = path.join(temp, 'work');
    for (const dir of [
      work,
      path.join(temp, '_runner_file_commands'),
      path.join(temp, '_github_workflow')
    ])
      fs.mkdirSync(dir, { mode: 0o755 });
    fs.writeFileSync(path.join(temp, 'git-credentials-1a2b.config'), 'x', { mode: 0o644 });
    fs.chmodSync(temp, 0o755);
    const modes = (): string[] =>
      ['', '_runner_file_commands', '_github_workflow', 'git-credentials-1a2b.config', 'work'].map(
        name => (fs.statSync(path.join(temp, name)).mode & 0o777).toString(8)
      );
    let during: string[] = [];
    const { host } = standIn(() => false);
    const w = await step(
      {
        inputs: { isolation: 'user', 'working-directory': work, 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: temp, GITHUB_WORKSPACE: work },
        runs: [{ exitCode: 0, meddle: () => (during = modes()) }]
      },
      host
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(during).toEqual(['711', '750', '750', '640', '755']);
    expect(modes()).toEqual(['755', '755', '755', '644', '755']);
  });
});

describe('the model gateway and the fence', () => {
  const REAL = 'sk-or-v1-real-key-only-in-the-dotenv-0123456789';

  test("Hermes' .env: the agent's copy has the gateway's key taken out, the rest kept; what it still holds is said", async () => {
    const hermesHome = fs.mkdtempSync(path.join(ROOT, 'hermes-home-'));
    fs.writeFileSync(
      path.join(hermesHome, '.env'),
      `export OPENROUTER_API_KEY="${REAL}"\nGROQ_API_KEY=gsk-held\n`
    );
    let copy = '';
    const { host, asked } = standIn(() => false);
    const w = await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp(), HERMES_HOME: hermesHome },
        runs: [
          {
            exitCode: 0,
            meddle: () => {
              const name = asked.find(([file]) => file === 'useradd')?.at(-1) ?? '';
              const [home = ''] = homesOf(name);
              copy = fs.readFileSync(path.join(os.tmpdir(), home, '.hermes', '.env'), 'utf8');
            }
          }
        ]
      },
      host
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(copy).toBe('GROQ_API_KEY=gsk-held\n');
    // The gateway fronted the file's key (no call was made), and the agent held only the other one.
    expect(w.outputs.get('model_calls')).toBe('0');
    expect(summaryText(w)).toMatch(/the agent held: GROQ_API_KEY$/m);
    expect(w.warnings).toEqual([]);
  });

  test("the runner's own .env and config.yaml are closed to others while the agent runs, then put back", async () => {
    const hermesHome = fs.mkdtempSync(path.join(ROOT, 'hermes-home-'));
    const dotenv = path.join(hermesHome, '.env');
    const config = path.join(hermesHome, 'config.yaml');
    fs.writeFileSync(dotenv, `GROQ_API_KEY=gsk-held\n`, { mode: 0o644 });
    fs.writeFileSync(config, 'model: x\n', { mode: 0o600 });
    const { host, asked } = standIn(() => false);
    await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp(), HERMES_HOME: hermesHome }
      },
      host
    );
    const chmods = asked.filter(([file, , dir]) => file === 'chmod' && dir === dotenv);
    expect(chmods).toEqual([
      ['chmod', '600', dotenv],
      ['chmod', '644', dotenv]
    ]);
    // Already the owner's alone: left as it is.
    expect(asked.filter(([file, , dir]) => file === 'chmod' && dir === config)).toEqual([]);
  });

  test("the runner's own skills/ is closed to others while the agent runs, then put back", async () => {
    // A skill holding a key is left out of the agent's copy; its original must not be readable either.
    const hermesHome = fs.mkdtempSync(path.join(ROOT, 'hermes-home-'));
    const skills = path.join(hermesHome, 'skills');
    fs.mkdirSync(path.join(skills, 'deploy'), { recursive: true, mode: 0o755 });
    fs.chmodSync(skills, 0o755);
    fs.writeFileSync(path.join(skills, 'deploy', 'SKILL.md'), `use ${REAL}\n`, { mode: 0o644 });
    const { host, asked } = standIn(() => false);
    await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp(), HERMES_HOME: hermesHome, OPENROUTER_API_KEY: REAL }
      },
      host
    );
    expect(asked.filter(([file, , dir]) => file === 'chmod' && dir === skills)).toEqual([
      ['chmod', '700', skills],
      ['chmod', '755', skills]
    ]);
  });

  test("a key in Hermes' .env written with ${…}, which Hermes expands: not fronted, and said", async () => {
    const hermesHome = fs.mkdtempSync(path.join(ROOT, 'hermes-home-'));
    fs.writeFileSync(
      path.join(hermesHome, '.env'),
      `MY_OR=${REAL}\nOPENROUTER_API_KEY=\${MY_OR}\n`
    );
    const { host } = standIn(() => false);
    const w = await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp(), HERMES_HOME: hermesHome }
      },
      host
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('model_calls')).toBe('');
    expect(w.warnings).toEqual([
      expect.stringContaining('with a $ in it, which Hermes expands and the action does not')
    ]);
  });

  test('its hard links are separated by find in each file’s folder, no name passing through the action', async () => {
    const { host, asked } = standIn(() => false);
    const w = await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp() }
      },
      host
    );
    const separate = asked.find(([file, ...rest]) => file === 'find' && rest.includes('-execdir'));
    expect(separate?.slice(0, 10)).toEqual([
      'find',
      w.dir,
      '-uid',
      '4321',
      '-type',
      'f',
      '-links',
      '+1',
      '-execdir',
      'sh'
    ]);
    expect(asked.filter(([file]) => file === 'cp' || file === 'mv')).toEqual([]);
    expect(w.warnings).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
  });

  test('the hand-back fails: the rest is still undone, the user kept, a warning says so, the run published', async () => {
    const { host, asked } = standIn(
      (file, args) => file === 'chown' && args.some(a => a.startsWith('--from='))
    );
    const w = await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp() }
      },
      host
    );
    const name = asked.find(([file]) => file === 'useradd')?.at(-1) ?? '';
    expect(asked.filter(([file]) => file === 'userdel')).toEqual([]);
    expect(asked.some(([file]) => file === 'chmod')).toBe(true);
    expect(w.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `could not finish undoing the isolation \\(handing the workspace back: .*refused by the stand-in.*\\); the user ${name} is kept`
        )
      )
    ]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(comment()).toContain('Hermes completed the turn');
  });

  test('the gateway fails to close: the fence still comes down, and a warning says so', async () => {
    const { host, asked } = standIn(() => false);
    const w = await step(
      {
        inputs: { isolation: 'user', 'hermes-path': process.execPath },
        env: { RUNNER_TEMP: runnerTemp(), OPENROUTER_API_KEY: REAL }
      },
      host,
      w => {
        const { start } = w.ports.gateway;
        w.ports = {
          ...w.ports,
          gateway: {
            ...w.ports.gateway,
            start: async options => {
              const gateway = await start(options);
              return (
                gateway && {
                  ...gateway,
                  close: async () => {
                    await gateway.close();
                    throw new Error('the socket would not close');
                  }
                }
              );
            }
          }
        };
      }
    );
    const name = asked.find(([file]) => file === 'useradd')?.at(-1) ?? '';
    expect(asked.at(-1)).toEqual(['userdel', name]);
    expect(w.warnings).toEqual([
      'The model gateway did not close cleanly: the socket would not close'
    ]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(comment()).toContain('Hermes completed the turn');
  });
});

describe('what the agent left is found at the hand-back, and published', () => {
  /** The workspace as actions/checkout leaves it: a .git with a config and a hooks folder. */
  const checkout =
    (config: string) =>
    (w: World): void => {
      fs.mkdirSync(path.join(w.dir, '.git', 'hooks'), { recursive: true });
      fs.writeFileSync(path.join(w.dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      fs.writeFileSync(path.join(w.dir, '.git', 'config'), config);
    };

  test('a credential the agent could read in .git/config: the summary says what to do', async () => {
    const header = '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic x\n';
    const w = await step({}, undefined, checkout(header));
    expect(w.outputs.get('outcome')).toBe('success');
    expect(summaryText(w)).toContain(
      `the checkout's git credential (${path.join(w.dir, '.git', 'config')}) was readable by the agent`
    );
    expect(w.log.join('\n')).toContain('set persist-credentials: false on actions/checkout');
    expect(comment()).toContain('Hermes completed the turn');
  });

  test('a hook planted in .git/hooks: removed, named in a warning; outputs, summary and comment written', async () => {
    let hook = '';
    const w = await step(
      { runs: [{ exitCode: 0, meddle: () => fs.writeFileSync(hook, '#!/bin/sh\nid\n') }] },
      undefined,
      w => {
        checkout('[core]\n\tbare = false\n')(w);
        hook = path.join(w.dir, '.git', 'hooks', 'pre-commit');
      }
    );
    expect(fs.existsSync(hook)).toBe(false);
    expect(w.warnings).toEqual([
      expect.stringContaining(`Hermes changed the checkout's git control files (${hook})`)
    ]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(summaryText(w)).toContain('Hermes completed the turn');
    expect(comment()).toContain('Hermes completed the turn');
  });
});
