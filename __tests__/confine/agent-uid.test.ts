/**
 * No agent is given a uid an earlier run was given (issue 45, point 2): what one agent leaves in a
 * folder anyone may write (`/var/lock`, a deep world-writable folder) stays its uid's, and the next
 * agent is another uid, so a 0600 file left there is not the next one's to read. The choice of the id
 * in-process (pickAgentId, mappedIds); then, as root, two runs one after the other with the real
 * useradd and setpriv, through confine() as the execute step calls it.
 *
 * The second part needs root on Linux with setpriv, useradd and groupadd: elsewhere skipped loudly.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { AGENT_IDS, mappedIds, pickAgentId, UID_LEDGER } from '../../src/confine/agent-user.js';
import { confine, type Confinement } from '../../src/confine/confine.js';
import { planIsolation, THIS_HOST } from '../../src/confine/host.js';
import { commandSync } from '../../src/process/spawn.js';
import { agentDir } from '../helpers/agent-dir.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';
import { must } from '../helpers/must.js';

const ALL = [{ first: 0, last: 4_294_967_294 }];

describe('the id an agent is given', () => {
  test('where the namespace maps it, one of AGENT_IDS, none distributions allocate', () => {
    const id = pickAgentId(ALL, new Set());
    expect(id).toBeGreaterThanOrEqual(AGENT_IDS.first);
    expect(id).toBeLessThanOrEqual(AGENT_IDS.last);
    expect(AGENT_IDS.first).toBeGreaterThan(65_535);
    expect(AGENT_IDS.last).toBeLessThan(2 ** 31);
  });

  test('never one given before: the draw moves on past a used id', () => {
    const first = AGENT_IDS.first;
    expect(pickAgentId(ALL, new Set([first, first + 1]), () => 0)).toBe(first + 2);
  });

  test('in a user namespace of 65536 ids: the system range, and a clear error once it is used up', () => {
    const small = [{ first: 0, last: 65_535 }];
    const id = pickAgentId(small, new Set());
    expect(id).toBeGreaterThanOrEqual(100);
    expect(id).toBeLessThanOrEqual(999);
    const used = new Set(Array.from({ length: 900 }, (_, i) => 100 + i));
    expect(() => pickAgentId(small, used)).toThrow(
      `every id the agent's user could be given here was given to an earlier run's (${UID_LEDGER} lists them; the user namespace maps 0-65535)`
    );
  });

  test('the ids mapped for users and for groups alike, from /proc/self/uid_map and gid_map', () => {
    const maps: Record<string, string> = {
      '/proc/self/uid_map': '         0     100000      65536\n',
      '/proc/self/gid_map': '         0     100000      70000\n'
    };
    expect(mappedIds(file => must(maps[file]))).toEqual([{ first: 0, last: 65_535 }]);
    expect(
      mappedIds(() => {
        throw new Error('no /proc');
      })
    ).toEqual(ALL);
  });
});

const ready = runsHere(
  rootWith('setpriv', 'useradd', 'groupadd', 'userdel'),
  'two agents one after the other need root on Linux with setpriv, useradd and groupadd; the uid ' +
    'they are given is NOT tested here.'
);
const describeRoot = ready ? describe : describe.skip;

const left: string[] = [];
afterAll(() => {
  for (const file of left) fs.rmSync(file, { force: true });
});

/** One run's agent: lent a fresh workspace, as the execute step does with `allowed-hosts: *`. */
async function agent(): Promise<{
  confinement: Confinement;
  uid: number;
  sh(script: string): ReturnType<typeof commandSync>;
}> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-agent-uid-'));
  const workspace = path.join(base, 'workspace');
  const temp = path.join(base, 'runner_temp');
  const home = path.join(base, 'home');
  for (const dir of [workspace, temp, home]) fs.mkdirSync(dir);
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    RUNNER_TEMP: temp,
    GITHUB_WORKSPACE: workspace
  };
  const warnings: string[] = [];
  const confined = await confine({
    plan: planIsolation('user'),
    workspace,
    workingDirectory: workspace,
    executable: '/bin/sh',
    ignoreUserConfig: true,
    env,
    fence: { egress: { kind: 'open' }, required: false },
    host: THIS_HOST,
    redact: text => text,
    warn: message => void warnings.push(message),
    note: () => undefined
  });
  if (!confined.ok) throw new Error(confined.why);
  const { spawning } = confined.confinement;
  const user = must(spawning.as);
  return {
    confinement: confined.confinement,
    uid: user.uid,
    sh: script => commandSync('sh', ['-c', script], { env: spawning.env, as: user })
  };
}

describeRoot('two runs one after the other, as root', () => {
  test('was a hole: the next run’s agent, with the same uid, read a 0600 file the previous one left in /var/lock', async () => {
    const lock = fs.existsSync('/var/lock') ? '/var/lock' : '/run/lock';
    const deep = agentDir('agent-uid-');
    const files = [path.join(lock, `hermes-left-${process.pid}`), path.join(deep, 'left')];
    left.push(...files);
    const first = await agent();
    for (const file of files)
      expect(first.sh(`umask 077; echo secret-of-the-first-run > '${file}'`).status).toBe(0);
    await first.confinement.release();
    expect(fs.readFileSync(UID_LEDGER, 'utf8').split('\n')).toContain(String(first.uid));

    const next = await agent();
    try {
      expect(next.uid).not.toBe(first.uid);
      for (const file of files) {
        // Still there (a folder anyone writes is not swept), still the first agent's, mode 0600.
        expect(fs.statSync(file)).toMatchObject({ uid: first.uid, mode: 0o100600 });
        const read = next.sh(`cat '${file}'`);
        expect(read.stdout).not.toContain('secret-of-the-first-run');
        expect(read.stderr).toContain('Permission denied');
      }
    } finally {
      await next.confinement.release();
    }
  });

  test('the user and its group are gone after the release; its id stays in the ledger', async () => {
    const run = await agent();
    const name = must(run.confinement.spawning.as).name;
    await run.confinement.release();
    expect(commandSync('getent', ['passwd', name], { env: process.env }).status).toBe(2);
    expect(commandSync('getent', ['group', name], { env: process.env }).status).toBe(2);
    expect(fs.readFileSync(UID_LEDGER, 'utf8').split('\n')).toContain(String(run.uid));
  });
});
