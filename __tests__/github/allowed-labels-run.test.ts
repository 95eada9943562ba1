/**
 * `allowed-labels` as users mistype it (issue 46.2), through run() in-process against the pull request
 * stand-in: a list written in another syntax (";", "|", quotes, YAML's or JSON's brackets) or holding a
 * control character is `invalid_input` naming the input, the entry and how to write it, before Hermes
 * runs or GitHub is asked anything. Before, `bug; enhancement` became one label of that name and
 * `[bug, question]` ended `invalid_output`, blaming the model and a json-schema nobody had set.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { GithubPulls } from '../helpers/github-pulls.js';
import { world, type World } from '../helpers/in-process.js';

let api: GithubPulls;
beforeAll(async () => (api = await GithubPulls.start()));
afterAll(() => api.stop());
beforeEach(() => {
  api.received.length = 0;
  api.labels.length = 0;
  api.problems.length = 0;
});

/** An issue's run whose agent proposes `labels`, with this allowed-labels. */
async function labelled(allowed: string, labels: string[]): Promise<World> {
  const w = world({
    runs: [{ exitCode: 0, answer: '```json\n' + JSON.stringify({ labels }) + '\n```' }],
    inputs: {
      query: 'Triage this issue',
      'allowed-labels': allowed,
      'github-token': 'gh-token',
      'allowed-users': 'octocat',
      'upload-artifact': 'false'
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_API_URL: api.url,
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: 'issues'
    }
  });
  const file = path.join(w.dir, 'event.json');
  fs.writeFileSync(file, JSON.stringify({ issue: { number: 7 } }));
  w.ports.env.GITHUB_EVENT_PATH = file;
  await run(w.ports);
  return w;
}

describe('allowed-labels written in another syntax: invalid_input before anything runs', () => {
  test.each([
    ['bug; enhancement', 'bug; enhancement', '";"', 'bug, enhancement'],
    ['bug | question', 'bug | question', '"|"', 'bug, question'],
    ["'bug', 'question'", "'bug'", "a quote (')", 'bug, question'],
    ['"bug", "question"', '"bug"', 'a quote (")', 'bug, question'],
    ['[bug, question]', '[bug', 'a bracket ([)', 'bug, question'],
    ['{bug}', '{bug}', 'a bracket ({)', 'bug'],
    ['bug, wont\tfix', 'wont\tfix', 'a control character (U+0009)', 'bug, wontfix'],
    ['bug, in\u0085progress', 'in\u0085progress', 'a control character (U+0085)', 'bug, inprogress']
  ])('%j', async (allowed, entry, what, fixed) => {
    const w = await labelled(allowed, ['bug']);
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    const error = w.outputs.get('error') ?? '';
    expect(error).toBe(
      `Input "allowed-labels" has the entry ${JSON.stringify(entry)}, which holds ${what}; a label is written bare, the list separated by commas or new lines (no quotes, brackets, ";" or "|"), such as: ${fixed}.`
    );
    expect(w.failed).toEqual([error]);
    // Nothing ran: no Hermes, no request to GitHub, no label.
    expect(w.argvs).toEqual([]);
    expect(api.received).toEqual([]);
    expect(w.outputs.get('labels_added')).toBe('');
  });

  it('a label longer than GitHub allows (50 characters) is refused the same way', async () => {
    const long = 'x'.repeat(51);
    const w = await labelled(`bug, ${long}`, ['bug']);
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.outputs.get('error')).toContain(
      `has the entry "${long}", longer than the 50 characters GitHub allows a label`
    );
    expect(w.argvs).toEqual([]);
  });
});

describe('labels as GitHub names them are taken as they are', () => {
  it('spaces, colons, parentheses, emoji and 50 characters: each one label, added when proposed', async () => {
    const fifty = 'y'.repeat(50);
    // A line ending written on Windows (CRLF) is a line ending.
    const allowed = `good first issue\r\narea: ci, needs (triage), 🐛 bug, ${fifty}`;
    const w = await labelled(allowed, ['good first issue', 'area: ci', '🐛 bug', fifty]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.labels).toEqual(['good first issue', 'area: ci', '🐛 bug', fifty]);
    expect(w.outputs.get('labels_added')).toBe(`good first issue,area: ci,🐛 bug,${fifty}`);
    expect(api.problems).toEqual([]);
  });
});
