/**
 * A working directory whose lent tree holds the runner's own (RUNNER_TEMP, the runner user's home,
 * the action's files) is an invalid input on every event while Hermes would run as its own user
 * (issue 45, point 4): it was lent to the agent's user on no event, and on the events only writers
 * cause Hermes ran as the runner's user instead, with a warning, and that user rewrote
 * `_github_workflow/event.json`. `isolation: none` says running as the runner's user is meant.
 * parseSettings for the message; run() in-process, on a stand-in root host, for the hole itself.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { InputError } from '../../src/config/inputs.js';
import { parseSettings } from '../../src/config/settings.js';
import { run } from '../../src/main.js';
import { world } from '../helpers/in-process.js';
import { rootHost } from '../helpers/root-host.js';

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'working-directory-held-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));

/** A runner's folders: its home, RUNNER_TEMP (with the event payload) and a workspace, apart. */
function runner() {
  const base = fs.mkdtempSync(path.join(ROOT, 'runner-'));
  const home = path.join(base, 'home');
  const temp = path.join(base, 'work', '_temp');
  const workspace = path.join(base, 'work', 'repo', 'repo');
  const event = path.join(temp, '_github_workflow', 'event.json');
  for (const dir of [home, path.dirname(event), workspace]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(event, '{"inputs":{}}\n');
  const env = { HOME: home, RUNNER_TEMP: temp, GITHUB_WORKSPACE: workspace };
  return { base, home, temp, workspace, event, env };
}

/** The inputs a step gives: a query and these. */
const inputsOf =
  (inputs: Record<string, string>) =>
  (name: string): string =>
    ({ query: 'Check', ...inputs })[name] ?? '';

/** The InputError parseSettings throws for these inputs. */
function refusal(inputs: Record<string, string>, env: NodeJS.ProcessEnv): string {
  try {
    parseSettings({ getInput: inputsOf(inputs), env });
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('no InputError');
}

const accepted = (inputs: Record<string, string>, env: NodeJS.ProcessEnv): string =>
  parseSettings({ getInput: inputsOf(inputs), env }).workingDirectory;

describe('working-directory holding the runner’s own: an invalid input', () => {
  test('RUNNER_TEMP, under auto and user: named with the input, the value and what to do', () => {
    const r = runner();
    for (const isolation of ['auto', 'user'])
      expect(refusal({ isolation, 'working-directory': r.temp }, r.env)).toBe(
        `Input "working-directory" is ${JSON.stringify(r.temp)}, and ${r.temp} holds RUNNER_TEMP, which Hermes' own user would be lent and could rewrite. ` +
          `Give a folder of the workspace that holds none of them, or set "isolation: none" to run Hermes as the runner's user.`
      );
  });

  test('the runner’s home, a folder above the workspace, and the action’s own files', () => {
    const r = runner();
    expect(refusal({ 'working-directory': r.home }, r.env)).toContain(
      "holds the runner user's home"
    );
    expect(refusal({ 'working-directory': r.base }, r.env)).toContain(
      "holds RUNNER_TEMP, the runner user's home,"
    );
    const action = path.join(r.workspace, 'action');
    fs.mkdirSync(path.join(action, 'dist'), { recursive: true });
    const env = { ...r.env, GITHUB_ACTION_PATH: path.join(action, 'dist') };
    expect(refusal({ 'working-directory': 'action' }, env)).toContain(
      `"action", and ${action} holds the action's own files`
    );
  });

  test('the workspace, or a folder in it: accepted; isolation: none accepts RUNNER_TEMP too', () => {
    const r = runner();
    const src = path.join(r.workspace, 'src');
    fs.mkdirSync(src);
    expect(accepted({}, r.env)).toBe(r.workspace);
    expect(accepted({ 'working-directory': 'src' }, r.env)).toBe(src);
    expect(accepted({ isolation: 'none', 'working-directory': r.temp }, r.env)).toBe(r.temp);
  });
});

describe('through run(), on a root host', () => {
  test('was a hole: working-directory: ${{ runner.temp }} on an event only writers cause ran Hermes as the runner’s user, which rewrote _github_workflow/event.json', async () => {
    const r = runner();
    const { host, asked } = rootHost(ROOT);
    const w = world({
      inputs: { isolation: 'auto', 'working-directory': r.temp, 'hermes-path': process.execPath },
      env: { ...r.env, GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_EVENT_PATH: r.event },
      runs: [{ exitCode: 0, meddle: () => fs.writeFileSync(r.event, '{"inputs":{"x":1}}\n') }]
    });
    w.ports = { ...w.ports, platform: 'linux', isolationHost: host };
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.outputs.get('error')).toMatch(/^Input "working-directory" is .* holds RUNNER_TEMP/);
    expect(w.transcripts).toEqual([]);
    expect(asked).toEqual([]);
    expect(fs.readFileSync(r.event, 'utf8')).toBe('{"inputs":{}}\n');
    expect(w.warnings.join('\n')).not.toContain("Hermes runs as the runner's user");
  });
});
