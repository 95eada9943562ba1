/**
 * The post step through dist/, as the runner runs it after the main step: where the main step's
 * process was killed mid-turn (SIGKILL: no handler runs), the state it wrote says what its isolation
 * left, and the post step undoes it: the agent's processes, its fence, its HOME, the lent workspace,
 * its user. Where the main step undid it itself, the state is empty and the post step does nothing.
 * Root only: the agent gets a user of its own only there (or behind passwordless sudo).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { runAction, startAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { LEFT_BEHIND_STATE, type LeftBehind } from '../../src/confine/left-behind.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';
import { processesOf } from '../../src/confine/processes.js';
import { untilTurnStarted } from '../helpers/turn-started.js';
import { must } from '../helpers/must.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const POST = path.join(ROOT, 'dist', 'post', 'index.js');
const root = runsHere(
  rootWith('nft', 'setpriv'),
  'the post step undoes an isolation: needs root, nft and setpriv.'
);
const describeRoot = root ? describe : describe.skip;

const userExists = (name: string): boolean =>
  spawnSync('getent', ['passwd', name], { stdio: 'ignore' }).status === 0;
const tableExists = (name: string): boolean =>
  spawnSync('nft', ['list', 'table', 'inet', name], { stdio: 'ignore' }).status === 0;
const warnings = (r: ActionRun): string[] =>
  r.annotations.filter(a => a.command === 'warning').map(a => a.message);
/** The post step, as the runner runs it: the main step's state as STATE_ variables. */
const post = (state: Record<string, string>): Promise<ActionRun> =>
  runAction({
    action: POST,
    env: Object.fromEntries(Object.entries(state).map(([k, v]) => [`STATE_${k}`, v]))
  });

describeRoot('the post step', () => {
  test('was a hole: the main step killed mid-turn left the agent running, its user, its fence and the workspace its own; the post step undoes them', async () => {
    const started = startAction({
      inputs: { query: 'Think' },
      env: { HERMES_SIM_SCENARIO: 'hang-ignore-sigint' }
    });
    await untilTurnStarted(started);
    started.child.kill('SIGKILL');
    const main = await started.done;
    expect(main.signal).toBe('SIGKILL');
    const left = JSON.parse(must(main.state[LEFT_BEHIND_STATE])) as LeftBehind;
    const { name, uid } = left.user;
    // What a killed main step leaves: the agent's Hermes still running, its user, its fence, the tree.
    expect(processesOf(uid).length).toBeGreaterThan(0);
    expect(userExists(name)).toBe(true);
    expect(tableExists(`hermes_fence_${name.split('-').at(-1)}`)).toBe(true);
    expect(fs.statSync(must(left.lent)).uid).toBe(uid);

    // What the agent could have done meanwhile: a file of its own left open to all, one in /tmp.
    const planted = path.join(must(left.lent), 'planted.txt');
    const inTmp = path.join('/tmp', `planted-by-${name}`);
    for (const file of [planted, inTmp]) {
      fs.writeFileSync(file, 'x');
      fs.chownSync(file, uid, left.user.gid);
      fs.chmodSync(file, 0o777);
    }

    const r = await post(main.state);
    expect(r.exitCode).toBe(0);
    expect(processesOf(uid)).toEqual([]);
    expect(userExists(name)).toBe(false);
    expect(tableExists(`hermes_fence_${name.split('-').at(-1)}`)).toBe(false);
    expect(fs.statSync(must(left.lent)).uid).toBe(process.getuid?.());
    expect(fs.existsSync(must(left.home))).toBe(false);
    expect(fs.statSync(planted)).toMatchObject({ uid: process.getuid?.() });
    expect(fs.statSync(planted).mode & 0o022).toBe(0);
    expect(fs.existsSync(inTmp)).toBe(false);
    expect(warnings(r)).toEqual([
      expect.stringMatching(
        /^The action's main step ended before it undid Hermes' isolation .* it ended the processes of hermes-agent-[0-9a-f]{6}, took its egress fence down, removed its HOME, separated the hard links it made, handed .* back, dropped the write bits of group and others there, (dropped the ACLs there, )?swept its files from the shared temp folders, removed the user hermes-agent-[0-9a-f]{6}\. What only the main step held was not put back/
      )
    ]);
  });

  test('a main step that undid its isolation leaves nothing: the post step does nothing, says nothing', async () => {
    const main = await runAction({ inputs: { query: 'Hi' } });
    expect(main.outputs.outcome).toBe('success');
    // Cleared by release(), and the runner's file commands put back as they were before the turn.
    expect(main.state[LEFT_BEHIND_STATE] ?? '').toBe('');
    const r = await post(main.state);
    expect(r.exitCode).toBe(0);
    expect(warnings(r)).toEqual([]);
  });

  test('attack held: a state naming what the isolation never writes (another user, a HOME outside its own) is not acted on', async () => {
    const forged = {
      user: { name: 'hermes-agent-abcdef', uid: 0, gid: 0 },
      home: '/etc',
      lent: '/'
    };
    const r = await post({ [LEFT_BEHIND_STATE]: JSON.stringify(forged) });
    expect(r.exitCode).toBe(0);
    expect(warnings(r)).toEqual([]);
    expect(fs.existsSync('/etc/passwd')).toBe(true);
  });
});
