/**
 * SIGINT at several points of a run, through dist/ as a runner starts it, from the action's first
 * line to the upload: just after the action's code starts (its first line, a debug line printed once
 * SIGINT is heard), while the gate is still asking (the stand-in GitHub API holds the permission
 * request until the test has seen it), while the comment is first written (held the same way), during
 * the install (a stand-in installer that never finishes), during the turn, during the session
 * record's export (a simulated export that never finishes), and during the upload (the loopback
 * artifact service holds CreateArtifact unanswered). Each time: outcome `interrupted`, every output,
 * the summary saying how far the run got, and the comment saying Cancelled, the action ending by
 * itself (its deadlines fit the runner's 7.5 s; no wall-clock window is asserted here). A cancel while Hermes' own user is set up is in cancel-anywhere-run.test.ts, in-process.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { startAction } from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { useArtifactStore } from '../helpers/artifact-steps.js';
import { PR, rendered } from '../helpers/comment.js';
import { render, textOf } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { machine, SIMULATOR, STAND_IN, STAND_IN_SHA } from '../helpers/install-world.js';
import { alive } from '../helpers/processes.js';
import { untilTurnStarted } from '../helpers/turn-started.js';
import { until, untilStdout } from '../helpers/until.js';
import { must } from '../helpers/must.js';
import { NONE_WHERE_UNISOLATED, OPEN_WHERE_UNFENCED } from '../helpers/machine-tools.js';

let api: GithubApi;
let env: Record<string, string>;
/** Serves the stand-in install script (simulator/install.sh), as the installer's URL would. */
let installer: http.Server;
let installerUrl = '';
const store = useArtifactStore();
beforeAll(async () => {
  api = await GithubApi.start();
  const file = path.join(agentDir('hermes-cancel-'), 'pull_request.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      number: PR,
      pull_request: { number: PR, user: { login: 'octocat' }, head: { repo: { fork: false } } }
    })
  );
  env = {
    GITHUB_API_URL: api.url,
    GITHUB_RUN_ID: '4242',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: file,
    HERMES_SIM_SCENARIO: 'slow'
  };
  installer = http.createServer((_req, res) => res.writeHead(200).end(STAND_IN));
  await new Promise<void>(resolve => installer.listen(0, '127.0.0.1', resolve));
  installerUrl = `http://127.0.0.1:${(installer.address() as AddressInfo).port}/install.sh`;
});
afterAll(async () => {
  await api.stop();
  installer.closeAllConnections();
  await new Promise<void>(resolve => installer.close(() => resolve()));
});
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.holdComments = false;
  api.plan('octocat', { permission: 'write' });
});

const inputs = {
  query: 'Review this pull request',
  comment: 'true',
  'github-token': 'gh-token-for-comments',
  'upload-artifact': 'false',
  ...OPEN_WHERE_UNFENCED,
  ...NONE_WHERE_UNISOLATED
};
const OUTPUTS = ['outcome', 'exit_code', 'duration_ms', 'tokens_total', 'attempts'];

type Started = ReturnType<typeof startAction>;
type Done = Awaited<Started['done']>;

/** One point of a run: how the step is set up and held, the event that says it got there. */
interface Point {
  /** The step's inputs and environment, over the table's own. */
  step?: () => { inputs?: Record<string, string>; env?: Record<string, string> };
  hold?: () => void;
  reached: (started: Started) => Promise<unknown>;
  /** What the summary says of how far the run got. */
  said: string;
  /** What else must hold once the step has ended. */
  after?: (done: Done) => void;
}

/** The installer's processes (the stand-in's shell and its child), written by the stand-in. */
let installerPids = '';

/** Every process whose process group is `pgid` and is not a zombie: none once the group is gone. */
function groupMembers(pgid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter(entry => /^\d+$/.test(entry))
    .filter(pid => {
      try {
        // pid (comm) state ppid pgrp …: comm may hold spaces, so the fields after its last ")".
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The file the simulated export writes as it starts. */
let exportStarted = '';

/** The transcript upload's Run on the loopback artifact service, made by its row's step(). */
let uploadRun: ReturnType<typeof store.service.newRun> | undefined;

const points: [string, Point][] = [
  [
    'just after the action’s code starts',
    {
      // The gate then holds the run where the cancel is heard, whenever the signal arrives.
      hold: () => api.plan('octocat', 'hang'),
      reached: started => untilStdout(started.child, '::debug::Listening for the runner’s cancel'),
      said: 'cancelled while the gate was deciding who may start the agent'
    }
  ],
  [
    'while the gate is still asking',
    {
      hold: () => api.plan('octocat', 'hang'),
      reached: () =>
        until('the permission request', () =>
          api.requests.some(q => q.path.includes('/collaborators/octocat/permission'))
        ),
      said: 'cancelled while the gate was deciding who may start the agent'
    }
  ],
  [
    'while the comment is being written',
    {
      hold: () => (api.holdComments = true),
      reached: () =>
        until('the comment request', () => api.requests.some(q => q.path.includes('/issues/'))),
      said: 'cancelled while the comment saying Hermes is working was written'
    }
  ],
  [
    'during the install',
    {
      // hermes is not on PATH: install auto installs it, with the stand-in script, which never ends.
      step: () => {
        const m = machine();
        installerPids = path.join(m.root, 'pids');
        return {
          inputs: { 'installer-url': installerUrl, 'installer-sha256': STAND_IN_SHA },
          env: {
            HOME: m.home,
            PATH: [m.system, '/usr/bin', '/bin'].join(path.delimiter),
            HERMES_STANDIN_SIMULATOR: SIMULATOR,
            HERMES_STANDIN_LOG: m.log,
            HERMES_STANDIN_HANG: 'term',
            HERMES_STANDIN_PIDS: installerPids
          }
        };
      },
      reached: async () => {
        const pids = await until('the installer started', () => {
          const text = fs.existsSync(installerPids) ? fs.readFileSync(installerPids, 'utf8') : '';
          return /^\d+ \d+\n$/.test(text) && text;
        });
        // Held: the group the check below finds empty is there, its shell and child in it.
        const [shell, child] = pids.trim().split(' ').map(Number);
        expect(groupMembers(must(shell))).toEqual(expect.arrayContaining([shell, child]));
      },
      said: 'cancelled while Hermes was installed',
      after: () => {
        const [shell, child] = fs
          .readFileSync(installerPids, 'utf8')
          .trim()
          .split(' ')
          .map(Number)
          .map(pid => must(pid, 'a pid of the installer'));
        expect(alive(must(shell))).toBe(false);
        expect(alive(must(child))).toBe(false);
        // The installer's whole group (bash runs it as the group's leader), whatever it started.
        expect(groupMembers(must(shell))).toEqual([]);
      }
    }
  ],
  ['during the turn', { reached: started => untilTurnStarted(started), said: 'Interrupted' }],
  [
    'during the session record’s export',
    {
      step: () => {
        const argv = path.join(agentDir('hermes-cancel-export-'), 'argv');
        // The simulator writes each command line beside HERMES_SIM_ARGV_FILE, an export's as `.export`.
        exportStarted = `${argv}.export`;
        return {
          inputs: { 'session-record': 'true' },
          // The simulated export never finishes; its command line is written as it starts.
          env: {
            HERMES_SIM_SCENARIO: 'success',
            HERMES_SIM_SESSIONS: 'hang',
            HERMES_SIM_ARGV_FILE: argv
          }
        };
      },
      reached: () => until('the export started', () => fs.existsSync(exportStarted)),
      said: 'cancelled after Hermes’ turn ended, while its session record was exported',
      after: done => expect(done.stdout).toContain('the job was cancelled before it finished')
    }
  ],
  [
    'during the upload',
    {
      step: () => {
        uploadRun = store.service.newRun({ faults: { CreateArtifact: ['hang'] } });
        return {
          inputs: { 'upload-artifact': 'true' },
          env: uploadRun.env(undefined, { HERMES_SIM_SCENARIO: 'success' })
        };
      },
      reached: () =>
        until('the upload held', () => uploadRun?.calls.some(c => c.status === 'hang')),
      said: 'cancelled while the transcript was uploaded',
      after: done =>
        expect(done.stdout).toContain('the job was cancelled before the upload finished')
    }
  ]
];

describe('SIGINT at any point ends in a report', () => {
  test.each(points)('%s', async (_name, point) => {
    point.hold?.();
    const step = point.step?.() ?? {};
    const started = startAction({
      inputs: { ...inputs, ...step.inputs },
      env: { ...env, ...step.env }
    });
    await point.reached(started);
    started.child.kill('SIGINT');
    api.holdComments = false;
    // It ends by itself (no SIGTERM is sent). How long it takes is a timing, not a test's window on
    // a shared machine: the action's own deadlines fit the runner's 7.5 s (src/turn/cancellation.ts).
    const done = await started.done;
    expect(done.signal).toBeNull();
    expect(done.outputs.outcome).toBe('interrupted');
    for (const name of OUTPUTS) expect(done.outputs[name]).toBeDefined();
    expect(textOf(render(done.summary))).toContain(point.said);
    const comments = api.commentsOn(PR);
    if (comments.length > 0) {
      const text = textOf(rendered(must(comments[comments.length - 1]).body));
      expect(text).toContain('Cancelled');
      expect(text).not.toContain('Hermes is working on it');
    }
    point.after?.(done);
  });
});
