/**
 * The runner's file commands stay the action's, end to end through dist/: a stand-in Hermes does
 * what an injected agent's terminal can do with the five file-command files (append to each, plant a
 * link in place of one), both through the variables it is given and through the real paths, which the
 * test hands it another way. What the runner reads afterwards is exactly what the action wrote.
 */
import { agentDir } from '../helpers/agent-dir.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { readAction } from '../helpers/doc-tables.js';

const FILE_COMMANDS = [
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY'
];

/** What the agent appends to each: later steps' environment and PATH, outputs, state, raw HTML. */
const PLANTED = {
  GITHUB_ENV: 'LD_PRELOAD=/tmp/planted.so\nBASH_ENV=/tmp/planted.sh\n',
  GITHUB_PATH: '/tmp/planted-bin\n',
  // The unclosed heredoc last: the real runner stops reading the file there, with an error.
  GITHUB_OUTPUT:
    'structured_output=$(id)\ntokens_total=1; touch /tmp/pwned\nplanted_output=planted\ntext<<NEVER_CLOSED\n',
  GITHUB_STATE: 'isPost=true\n',
  GITHUB_STEP_SUMMARY: '<img src=x onerror=alert(1)>\n# planted summary\n'
};

/** A stand-in Hermes (and its --version probe): writes everywhere it can, then a successful turn. */
const STAND_IN = `#!/usr/bin/env node
const fs = require('node:fs');
const planted = ${JSON.stringify(PLANTED)};
const path = require('node:path');
// Where the step's files really are, beside RUNNER_TEMP, as listing it would show on a runner.
const step = path.dirname(process.env.RUNNER_TEMP);
const targets = Object.fromEntries(
  Object.entries(JSON.parse(process.env.PLANT_TARGETS)).map(([k, v]) => [k, path.resolve(step, v)])
);
const probe = process.argv.includes('--version');
fs.writeFileSync(process.env.PLANT_RECORD + (probe ? '.probe' : '.chat'), JSON.stringify(process.env));
for (const [name, text] of Object.entries(planted))
  // The probe runs beside the chat, which plants a link: it writes through its variables only.
  for (const file of [process.env[name], probe ? undefined : targets[name]])
    if (file) fs.appendFileSync(file, text);
if (probe) {
  console.log('Hermes Agent v0.21.4 (2026.9.20)');
  process.exit(0);
}
// The summary's file becomes a link to the victim: a summary written through it would land there.
fs.rmSync(targets.GITHUB_STEP_SUMMARY);
fs.symlinkSync(targets.victim, targets.GITHUB_STEP_SUMMARY);
const line = event => console.log(JSON.stringify({ ...event, timestamp: Date.now() }));
line({ type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: '20261201_100000_abcdef' });
line({ type: 'text', text: 'Done.' });
line({
  type: 'result',
  session_id: '20261201_100000_abcdef',
  exit_code: 0,
  text: 'Done.',
  tokens: { input: 10, output: 2, total: 12, cache_read: 0, cache_write: 0 },
  duration_ms: 5
});
`;

interface Planted {
  r: ActionRun;
  chat: NodeJS.ProcessEnv;
  probe: NodeJS.ProcessEnv;
  victim: string;
}

/** The local runner's files, relative to its step directory (see scripts/local-runner.mjs). */
const REAL_FILES = {
  GITHUB_ENV: 'github_env',
  GITHUB_PATH: 'github_path',
  GITHUB_OUTPUT: 'github_output',
  GITHUB_STATE: 'github_state',
  GITHUB_STEP_SUMMARY: 'step_summary'
};

async function plantedRun(inputs: { [name: string]: string }): Promise<Planted> {
  const dir = agentDir('hermes-filecmd-');
  const hermes = path.join(dir, 'hermes');
  fs.writeFileSync(hermes, STAND_IN, { mode: 0o755 });
  const victim = path.join(dir, 'victim.md');
  fs.writeFileSync(victim, 'the victim, untouched\n');
  const record = path.join(dir, 'env');
  const r = await runAction({
    inputs: {
      query: 'Check the build',
      'hermes-path': hermes,
      'upload-artifact': 'false',
      // The agent shares the action's user here, the case these defences are for: under isolation it
      // cannot even open the files (isolation.e2e.test.ts).
      isolation: 'none',
      // The stand-in answers every command line as a turn: no second run of it as the export.
      'session-record': 'false',
      ...inputs
    },
    env: { PLANT_RECORD: record, PLANT_TARGETS: JSON.stringify({ ...REAL_FILES, victim }) },
    simulator: false
  });
  // The layout the stand-in was told is the one the local runner made.
  const made: { [name: string]: string } = {
    GITHUB_ENV: r.files.env,
    GITHUB_PATH: r.files.path,
    GITHUB_OUTPUT: r.files.output,
    GITHUB_STATE: r.files.state,
    GITHUB_STEP_SUMMARY: r.files.summary
  };
  for (const [name, file] of Object.entries(REAL_FILES))
    expect(path.join(r.dir, file)).toBe(made[name]);
  const read = (file: string): NodeJS.ProcessEnv =>
    JSON.parse(fs.readFileSync(file, 'utf8')) as NodeJS.ProcessEnv;
  return { r, chat: read(`${record}.chat`), probe: read(`${record}.probe`), victim };
}

const OUTPUTS = Object.keys(readAction(path.join(ROOT, 'action.yml')).outputs).sort();

describe.each<[string, { [name: string]: string }]>([
  ['summary on', {}],
  ['summary off', { summary: 'false' }]
])('an agent writing to every file command (%s)', (_title, inputs) => {
  let p: Planted;
  beforeAll(async () => {
    p = await plantedRun(inputs);
  }, 30_000);

  test('the turn ran, through the stand-in, which wrote everywhere it could', () => {
    expect([p.r.exitCode, p.r.outputs.outcome]).toEqual([0, 'success']);
    expect(fs.lstatSync(p.r.files.summary).isSymbolicLink()).toBe(false);
  });

  test.each(FILE_COMMANDS)('neither the chat nor the version probe gets %s', name => {
    expect(p.chat).not.toHaveProperty(name);
    expect(p.probe).not.toHaveProperty(name);
  });

  test("the outputs are exactly the action's: every one in action.yml, none planted", () => {
    expect(Object.keys(p.r.outputs).sort()).toEqual(OUTPUTS);
    expect(p.r.outputs).toMatchObject({
      text: 'Done.',
      tokens_total: '12',
      structured_output: '',
      agent: 'Hermes Agent v0.21.4 (2026.9.20)',
      hermes_version: 'Hermes Agent v0.21.4 (2026.9.20)'
    });
  });

  test('the later steps get no variable, no PATH entry and no state from the agent', () => {
    expect([p.r.env, p.r.paths, p.r.state]).toEqual([{}, [], {}]);
  });

  test('the summary holds only what the action wrote, and the planted link led nowhere', () => {
    expect(p.r.summary).not.toContain('planted');
    expect(p.r.summary).not.toContain('<img');
    if (inputs.summary === 'false') expect(p.r.summary).toBe('');
    else expect(p.r.summary).toMatch(/^### ✅ Hermes completed the turn/);
    expect(fs.readFileSync(p.victim, 'utf8')).toBe('the victim, untouched\n');
  });
});
