/**
 * `pr-rules`: where the checkout may hold files someone other than the actor wrote (a pull request
 * by another author or from a fork, a comment on one, a fork's workflow run), Hermes runs with
 * `--ignore-rules` and the summary says why; `pr-rules: trust` lets it read them. run() in-process,
 * the event payload as the runner writes it, the gate asking a loopback stand-in for the REST API,
 * the argv the real argv builder made for the stand-in Hermes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { GithubApi } from '../helpers/github-api.js';
import { summaryText, world, type World } from '../helpers/in-process.js';

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
  api.plan('octocat', { permission: 'write' });
});
afterAll(() => api.stop());

const pr = (author: string, head: object) => ({
  number: 7,
  pull_request: { number: 7, user: { login: author }, head: { repo: head } }
});
const SAME_REPO = { fork: false, full_name: 'octo/repo' };
const comment = (author: string, pullRequest: boolean) => ({
  issue: {
    number: 7,
    user: { login: author },
    ...(pullRequest
      ? { pull_request: { url: 'https://api.github.com/repos/octo/repo/pulls/7' } }
      : {})
  },
  comment: { body: '/hermes review', user: { login: 'octocat' } }
});

/** octocat's run on `event`, its payload written where GITHUB_EVENT_PATH says (undefined: no file). */
async function step(
  event: string,
  payload: object | undefined,
  inputs: Record<string, string> = {}
): Promise<World> {
  const w = world({
    inputs: { 'upload-artifact': 'false', 'github-token': 'gh-token', ...inputs },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_API_URL: api.url,
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: event
    }
  });
  const file = path.join(w.dir, 'event.json');
  if (payload) fs.writeFileSync(file, JSON.stringify(payload));
  w.ports.env.GITHUB_EVENT_PATH = file;
  await run(w.ports);
  return w;
}

/** The summary's Rules row, as a reader sees it (rendered, its escapes gone). */
const rulesRow = (w: World): string | undefined => /\nRules\n([^\n]*)/.exec(summaryText(w))?.[1];

describe('pr-rules: ignore (the default)', () => {
  test.each<[string, string, object | undefined, string]>([
    [
      'a pull request by another author',
      'pull_request',
      pr('mallory', SAME_REPO),
      'ignored, the pull request was written by mallory'
    ],
    [
      'the actor’s own pull request from a fork',
      'pull_request_target',
      pr('octocat', { fork: true, full_name: 'octocat/repo' }),
      'ignored, the pull request comes from octocat/repo, a fork'
    ],
    [
      'a head repository that is not this one',
      'pull_request',
      pr('octocat', { fork: false, full_name: 'mallory/repo' }),
      'ignored, the pull request comes from mallory/repo, a fork'
    ],
    [
      'a review comment on another author’s pull request',
      'pull_request_review_comment',
      pr('mallory', SAME_REPO),
      'ignored, the pull request was written by mallory'
    ],
    [
      'a maintainer’s comment on a stranger’s pull request',
      'issue_comment',
      comment('mallory', true),
      'ignored, the pull request commented on was written by mallory'
    ],
    ['a payload that cannot be read', 'pull_request', undefined, 'ignored, the event payload']
  ])('%s: --ignore-rules, and the summary says why', async (_name, event, payload, row) => {
    const w = await step(event, payload);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.argvs).toHaveLength(1);
    expect(w.argvs[0]).toContain('--ignore-rules');
    expect(rulesRow(w)).toContain(row);
    expect(w.log.join('\n')).toContain('Hermes reads no rules or skills from the checkout');
  });

  test('a fork’s workflow run (its actor listed by name): --ignore-rules', async () => {
    const w = await step(
      'workflow_run',
      { workflow_run: { head_repository: { fork: true, full_name: 'mallory/repo' } } },
      { 'allowed-users': 'octocat' }
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.argvs[0]).toContain('--ignore-rules');
    expect(rulesRow(w)).toContain("ignored, the run's head comes from mallory/repo, a fork");
  });

  test.each<[string, string, object]>([
    ['the actor’s own pull request in this repository', 'pull_request', pr('OctoCat', SAME_REPO)],
    ['a comment on an issue, not a pull request', 'issue_comment', comment('mallory', false)],
    ['the actor’s comment on their own pull request', 'issue_comment', comment('octocat', true)]
  ])(
    '%s: the checkout’s rules are read, and no row says otherwise',
    async (_name, event, payload) => {
      const w = await step(event, payload);
      expect(w.outputs.get('outcome')).toBe('success');
      expect(w.argvs[0]).not.toContain('--ignore-rules');
      expect(rulesRow(w)).toBeUndefined();
    }
  );
});

describe('pr-rules: trust', () => {
  test('the pull request’s own rules are read; the summary says whose they are', async () => {
    const w = await step('pull_request', pr('mallory', SAME_REPO), { 'pr-rules': 'trust' });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.argvs[0]).not.toContain('--ignore-rules');
    expect(rulesRow(w)).toContain(
      'read from the checkout: the pull request was written by mallory, and "pr-rules" is "trust"'
    );
  });

  test('ignore-rules: true still ignores them', async () => {
    const w = await step('pull_request', pr('mallory', SAME_REPO), {
      'pr-rules': 'trust',
      'ignore-rules': 'true'
    });
    expect(w.argvs[0]).toContain('--ignore-rules');
    expect(rulesRow(w)).toContain('ignored, the pull request was written by mallory');
  });

  test('another value is refused before anything runs, naming the input and what is allowed', async () => {
    const w = await step('pull_request', pr('mallory', SAME_REPO), { 'pr-rules': 'yes' });
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.argvs).toEqual([]);
    expect(w.failed[0]).toBe(
      'Input "pr-rules" is "yes"; allowed: ignore (Hermes reads no rules or skills from a pull request someone else wrote) or trust.'
    );
  });
});
