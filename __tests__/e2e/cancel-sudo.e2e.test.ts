/**
 * Cancel and `timeout-minutes` stop an isolated Hermes the same way whether the action is root or,
 * as on GitHub's hosted runners, an ordinary user with passwordless sudo, through dist/: SIGINT at
 * the turn's start and after its first delta, a time limit, and a Hermes that ignores SIGINT. Each
 * case runs both ways; the outcome and the error are the same, the turn did not run to its end, and
 * no process of the agent's user is left. Was a hole (issue 47): through sudo the interrupt was
 * never delivered (`kill -s INT -- -1` is a usage error to procps' kill), so Hermes ran to its end.
 *
 * Needs root on Linux with setpriv, sudo and useradd: elsewhere skipped with a loud line.
 */
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { rootWith, runsHere, sudoRunner, type SudoRunner } from '../helpers/machine-tools.js';
import { render, tableRows, textOf } from '../helpers/gfm.js';
import { must } from '../helpers/must.js';
import { untilTurnStarted } from '../helpers/turn-started.js';
import { until } from '../helpers/until.js';

const ready = runsHere(
  rootWith('setpriv', 'sudo', 'useradd'),
  'cancelling through sudo needs root on Linux with setpriv, sudo and useradd; ' +
    'cancel and timeout-minutes through sudo are NOT tested here.'
);

const RUNNER = 'hermes-cancel-runner';

interface Case {
  name: string;
  scenario: string;
  inputs?: Record<string, string>;
  /** When SIGINT is sent: once the transcript holds this text (none: never, the limit does it). */
  interruptAt?: string;
  outcome: string;
}

const CASES: Case[] = [
  {
    name: 'SIGINT as the turn starts',
    scenario: 'slow',
    interruptAt: '"init"',
    outcome: 'interrupted'
  },
  {
    name: 'SIGINT after the first delta',
    scenario: 'slow',
    interruptAt: 'Thinking about it',
    outcome: 'interrupted'
  },
  {
    name: 'timeout-minutes',
    scenario: 'slow',
    inputs: { 'timeout-minutes': '0.1' },
    outcome: 'timeout'
  },
  {
    name: 'a Hermes that ignores SIGINT',
    scenario: 'hang-ignore-sigint',
    interruptAt: '"init"',
    outcome: 'interrupted'
  }
];

/** The agent's user name, from the summary's Isolation row. */
function agentName(r: ActionRun): string {
  const row = tableRows(render(r.summary)).find(c => textOf(must(c[0])) === 'Isolation');
  return must(/hermes-agent-[0-9a-f]{6}/.exec(row ? textOf(must(row[1])) : '')?.[0]);
}

/**
 * Live processes of that agent, told by the HOME the action made for it: its uid alone is not
 * enough, since another test's agent user may be given the same uid once this one is removed.
 */
function processesOf(name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter(e => /^\d+$/.test(e))
    .filter(pid => {
      try {
        const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        return (
          environ.some(v => v.startsWith('HOME=') && v.includes(`${name}-home`)) &&
          !/^State:\s+Z/m.test(status)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function runCase(c: Case, user?: SudoRunner) {
  const started = startAction({
    ...(user && { user: { uid: user.uid, gid: user.gid } }),
    inputs: { query: 'Take a while', 'upload-artifact': 'false', ...c.inputs },
    env: { HERMES_SIM_SCENARIO: c.scenario, ...(user && { HOME: user.home }) }
  });
  const transcript = await untilTurnStarted(started);
  const { interruptAt } = c;
  if (interruptAt) {
    await until(`the transcript to hold ${interruptAt}`, () =>
      fs.readFileSync(transcript, 'utf8').includes(interruptAt)
    );
    started.child.kill('SIGINT');
  }
  return started.done;
}

(ready ? describe : describe.skip)('cancel and timeout-minutes, as root and through sudo', () => {
  let user: SudoRunner;
  beforeAll(() => {
    user = sudoRunner(RUNNER);
  });
  afterAll(() => user.remove());

  test.each(CASES)('$name: the same outcome either way, and nothing of the agent left', async c => {
    const [asRoot, viaSudo] = [await runCase(c), await runCase(c, user)];
    for (const r of [asRoot, viaSudo]) {
      expect(r.outputs.outcome).toBe(c.outcome);
      // Stopped, not run to its end: the slow turn's last delta never came.
      expect(fs.readFileSync(must(r.outputs.jsonl), 'utf8')).not.toContain('for a long time');
      expect(processesOf(agentName(r))).toEqual([]);
    }
    expect(render(viaSudo.summary).children.length).toBeGreaterThan(0);
    expect(textOf(render(viaSudo.summary))).toContain('through sudo');
    expect(viaSudo.outputs.error).toBe(asRoot.outputs.error);
    expect(viaSudo.outputs.exit_code).toBe(asRoot.outputs.exit_code);
  });
});
