/**
 * Whether Hermes may run, and as whom, on a runner that can or cannot isolate it: planIsolation on
 * stand-in machines, then run() in-process on them (admission refuses or warns before anything
 * runs). isolation.e2e.test.ts shows the real thing as root, as `nobody` and through sudo.
 */
import { describe, expect, test } from '@jest/globals';
import { planIsolation, type IsolationHost } from '../../src/confine/host.js';
import { world } from '../helpers/in-process.js';
import { run } from '../../src/main.js';

/** A machine with setpriv, whose action runs as `runner` (uid 1001) without sudo unless given. */
function host(overrides: Partial<IsolationHost> & { tools?: string[] } = {}): IsolationHost {
  const { tools = ['setpriv'], ...rest } = overrides;
  return {
    uid: 1001,
    username: () => 'runner',
    tool: name => (tools.includes(name) ? `/usr/bin/${name}` : undefined),
    passwordlessSudo: () => false,
    admin: () => () => {
      throw new Error('this machine makes no user');
    },
    userIds: () => undefined,
    ...rest
  };
}

describe('planIsolation', () => {
  test.each<[string, NodeJS.Platform, IsolationHost, ReturnType<typeof planIsolation>]>([
    [
      'root on Linux: its own user, made directly',
      'linux',
      host({ uid: 0 }),
      { kind: 'user', via: 'root', setpriv: '/usr/bin/setpriv' }
    ],
    [
      'passwordless sudo: its own user, made through sudo',
      'linux',
      host({ tools: ['setpriv', 'sudo'], passwordlessSudo: () => true }),
      { kind: 'user', via: 'sudo', setpriv: '/usr/bin/setpriv', sudo: '/usr/bin/sudo' }
    ],
    [
      'sudo that asks for a password: none, saying so',
      'linux',
      host({ tools: ['setpriv', 'sudo'] }),
      {
        kind: 'none',
        why: 'the action runs as runner (uid 1001), not root, and has no passwordless sudo (`sudo -n true` failed)',
        chosen: false
      }
    ],
    [
      'no sudo: none, saying so',
      'linux',
      host(),
      {
        kind: 'none',
        why: 'the action runs as runner (uid 1001), not root, and sudo is not installed',
        chosen: false
      }
    ],
    [
      'no setpriv, even as root: none',
      'linux',
      host({ uid: 0, tools: [] }),
      { kind: 'none', why: 'setpriv (util-linux) is not installed', chosen: false }
    ],
    [
      'macOS, even as root: none',
      'darwin',
      host({ uid: 0 }),
      { kind: 'none', why: 'the runner is darwin, not Linux', chosen: false }
    ]
  ])('%s', (_, platform, machine, plan) => {
    expect(planIsolation('auto', platform, machine)).toEqual(plan);
  });

  test('none is chosen, and asks nothing of the machine', () => {
    const asked: string[] = [];
    const machine = host({ tool: name => void asked.push(name) as undefined });
    expect(planIsolation('none', 'linux', machine)).toEqual({
      kind: 'none',
      why: 'isolation is none',
      chosen: true
    });
    expect(asked).toEqual([]);
  });
});

describe('run() on a runner that cannot isolate Hermes (no sudo)', () => {
  /** run() in-process on a machine without sudo; whether the stand-in Hermes was started. */
  async function unprivileged(isolation: string, event: string) {
    const w = world({
      inputs: { isolation, 'allowed-users': '*' },
      env: { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: event, GITHUB_ACTOR: 'octocat' }
    });
    w.ports = { ...w.ports, platform: 'linux', isolationHost: host() };
    await run(w.ports);
    return { w, ran: w.transcripts.length > 0 };
  }

  test('auto, on a gated event (issue_comment): not_allowed before Hermes runs, one sentence', async () => {
    const { w, ran } = await unprivileged('auto', 'issue_comment');
    expect(ran).toBe(false);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.failed).toEqual([
      expect.stringMatching(
        /^Hermes cannot run as its own user here \(the action runs as runner \(uid 1001\), not root, and sudo is not installed\), and content from people without write access can reach the prompt on issue_comment events, so the agent does not start; .* set "isolation: none" to run Hermes as the runner's user\.$/
      )
    ]);
  });

  test('auto, on an event only writers cause (workflow_dispatch): Hermes runs, with one warning', async () => {
    const { w, ran } = await unprivileged('auto', 'workflow_dispatch');
    expect([ran, w.outputs.get('outcome')]).toEqual([true, 'success']);
    expect(w.warnings).toEqual([
      expect.stringMatching(
        /^Hermes runs as the runner's user, not as its own: the action runs as runner/
      )
    ]);
  });

  test('user: not_allowed on any event, naming the input and isolation: none', async () => {
    const { w, ran } = await unprivileged('user', 'workflow_dispatch');
    expect(ran).toBe(false);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toMatch(
      /^Input "isolation" is "user", but Hermes cannot run as its own user here: .*"isolation: none"/
    );
  });

  test('none: Hermes runs as the runner user, without a warning', async () => {
    const { w, ran } = await unprivileged('none', 'issue_comment');
    expect([ran, w.outputs.get('outcome')]).toEqual([true, 'success']);
    expect(w.warnings).toEqual([]);
  });
});
