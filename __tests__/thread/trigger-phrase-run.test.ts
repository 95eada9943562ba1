/**
 * `trigger-phrase` in-process, through run(): a comment that does not ask ends the step green and
 * quick (outcome `skipped`, one line in the log and the summary, no comment, no Hermes, no call to
 * GitHub's API); one that asks passes the gate, and Hermes (the simulator) receives the workflow's
 * prompt with the request after it as quoted data.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { textOf, render } from '../helpers/gfm.js';
import { ACTIONS_BOT, GithubApi } from '../helpers/github-api.js';
import { world, type Options, type World } from '../helpers/in-process.js';

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.comments.length = 0;
  api.requests.length = 0;
  api.identity = ACTIONS_BOT;
  api.plan('octocat', { permission: 'write' });
  api.plan('stranger', { status: 404 });
});

const commentEvent = (body: string, extra: object = {}): object => ({
  action: 'created',
  issue: { number: 12 },
  comment: {
    body,
    user: { login: 'octocat', type: 'User' },
    html_url: 'https://github.com/octo/repo/issues/12#issuecomment-1'
  },
  ...extra
});

async function step(
  payload: object,
  options: Options & { actor?: string; event?: string } = {}
): Promise<{ w: World; query?: string }> {
  const actor = options.actor ?? 'octocat';
  const w = world({
    hermes: 'simulator',
    ...options,
    inputs: {
      query: 'You help on this repository.',
      'trigger-phrase': '/hermes',
      comment: 'true',
      'github-token': 'gh-token',
      'upload-artifact': 'false',
      isolation: 'none',
      'allowed-hosts': '*',
      ...options.inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_API_URL: api.url,
      GITHUB_RUN_ID: '4242',
      GITHUB_ACTOR: actor,
      GITHUB_TRIGGERING_ACTOR: actor,
      GITHUB_EVENT_NAME: options.event ?? 'issue_comment',
      ...options.env
    }
  });
  const file = path.join(w.dir, 'event.json');
  fs.writeFileSync(file, JSON.stringify(payload));
  w.ports.env.GITHUB_EVENT_PATH = file;
  const argvFile = path.join(w.dir, 'argv.json');
  w.ports.env.HERMES_SIM_ARGV_FILE = argvFile;
  await run(w.ports);
  const query = fs.existsSync(argvFile)
    ? (JSON.parse(fs.readFileSync(argvFile, 'utf8')) as { query?: string }).query
    : undefined;
  return { w, query };
}

describe('a comment that does not ask: skipped, green, quick', () => {
  test.each([
    ['the phrase in code', 'try `/hermes fix` next time'],
    ['the phrase quoted', '> /hermes fix it\n\nno'],
    ['no phrase', 'looks good']
  ])('%s', async (_, body) => {
    const { w, query } = await step(commentEvent(body));
    expect(w.outputs.get('outcome')).toBe('skipped');
    expect(w.outputs.get('error')).toBe('');
    expect(w.failed).toEqual([]);
    expect(query).toBeUndefined();
    // Nothing asked of GitHub: no gate call, no comment.
    expect(api.requests).toEqual([]);
    expect(w.log.join('\n')).toContain('Skipped: "trigger-phrase" is set, and');
    const summary = textOf(render(w.summary ?? ''));
    expect(summary).toContain('Skipped');
    expect(summary).toContain('does not stand on its own');
  });

  test('an edited comment and a bot’s comment are skipped too, each saying why', async () => {
    const edited = await step(commentEvent('/hermes fix it', { action: 'edited' }));
    expect(edited.w.outputs.get('outcome')).toBe('skipped');
    expect(edited.w.log.join('\n')).toContain('only a new one can start a run');
    const bot = await step({
      action: 'created',
      issue: { number: 12 },
      comment: { body: '/hermes fix it', user: { login: 'github-actions[bot]', type: 'Bot' } }
    });
    expect(bot.w.outputs.get('outcome')).toBe('skipped');
    expect(bot.w.log.join('\n')).toContain('written by a bot');
  });
});

describe('a comment that asks', () => {
  test('Hermes gets the workflow’s prompt, then the request as quoted data', async () => {
    const { w, query } = await step(commentEvent('/hermes fix the "second" point\nthanks'));
    expect(w.outputs.get('outcome')).toBe('success');
    expect(query).toMatch(/^You help on this repository\.\n/);
    expect(query).toContain('A comment by "octocat" asked for this run');
    expect(query).toContain('request: "fix the \\"second\\" point\\nthanks"');
    expect(query).toMatch(/<<<comment-request [0-9a-f]{16}\n/);
  });

  test('the gate still applies: a stranger’s request is not_allowed', async () => {
    const { w, query } = await step(commentEvent('/hermes fix it'), { actor: 'stranger' });
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(query).toBeUndefined();
  });
});
