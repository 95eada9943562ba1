/** The sticky comment's parts: where it goes, what it says and how long it may be, how it fails. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { commentTarget, markerOf } from '../../src/github/target.js';
import { payloadOf, readEventPayload } from '../../src/config/events.js';
import { COMMENT_LIMIT_CHARS, renderComment } from '../../src/github/body.js';
import { StickyComment } from '../../src/github/sticky.js';
import { makeRedactor } from '../../src/text/redact.js';
import { GithubApi } from '../helpers/github-api.js';
import { parseHtml, renderGfm, textOf } from '../helpers/gfm.js';
import type { Redacted } from '../../src/text/redact.js';
import type { Outcome } from '../../src/turn/verdict.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-comment-unit-'));
/** Where the comment goes for this environment, its payload read as admission reads it. */
const targetFor = (env: NodeJS.ProcessEnv, options: Parameters<typeof commentTarget>[1]) =>
  commentTarget(env, options, payloadOf(readEventPayload(env)));

function envFor(event: string, payload: unknown): NodeJS.ProcessEnv {
  const file = path.join(dir, `${event}.json`);
  fs.writeFileSync(file, JSON.stringify(payload));
  return {
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: file,
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_RUN_ID: '9',
    GITHUB_JOB: 'review',
    GITHUB_WORKFLOW_REF: 'octo/repo/.github/workflows/r.yml@refs/heads/main'
  };
}

describe('where the comment goes', () => {
  test.each([
    ['pull_request', { number: 3, pull_request: { number: 3 } }, 3, 'pull request'],
    ['pull_request_target', { pull_request: { number: 4 } }, 4, 'pull request'],
    ['pull_request_review', { pull_request: { number: 5 } }, 5, 'pull request'],
    ['pull_request_review_comment', { pull_request: { number: 6 } }, 6, 'pull request'],
    ['issues', { issue: { number: 7 } }, 7, 'issue'],
    ['issue_comment', { issue: { number: 8 } }, 8, 'issue'],
    ['issue_comment', { issue: { number: 9, pull_request: { url: 'x' } } }, 9, 'pull request'],
    ['workflow_run', { workflow_run: { pull_requests: [{ number: 10 }] } }, 10, 'pull request']
  ])('%s: %j → #%d', (event, payload, number, kind) => {
    expect(targetFor(envFor(event, payload), {})).toMatchObject({ number, kind });
  });

  test.each([
    ['workflow_run', { workflow_run: { pull_requests: [] } }],
    ['push', {}],
    ['issues', { issue: { number: '7' } }]
  ])('%s %j: none, and the reason names comment-number', (event, payload) => {
    expect(targetFor(envFor(event, payload), {})).toEqual({
      none: expect.stringContaining('"comment-number"')
    });
  });

  test('comment-number wins on any event; the run link and the workflow file (not its ref) are kept', () => {
    const target = targetFor(
      {
        ...envFor('push', {}),
        GITHUB_RUN_ATTEMPT: '2',
        GITHUB_API_URL: 'https://ghe.example/api/v3/'
      },
      { number: 12 }
    );
    expect(target).toMatchObject({
      number: 12,
      apiUrl: 'https://ghe.example/api/v3',
      workflow: 'octo/repo/.github/workflows/r.yml',
      runUrl: 'https://github.com/octo/repo/actions/runs/9/attempts/2'
    });
  });

  test('the marker cannot be closed or forged by a workflow name or a key', () => {
    const marker = markerOf({ workflow: 'a --> b', job: 'j;key=x', key: '--!>' });
    expect(marker.match(/-->/g)).toHaveLength(1);
    expect(marker).toBe(
      '<!-- hermes-action:workflow=a%20%2D%2D%3E%20b;job=j%3Bkey%3Dx;key=%2D%2D%21%3E -->'
    );
  });
});

describe('what the comment says', () => {
  const place = {
    marker: '<!-- hermes-action:x -->',
    runUrl: 'https://github.com/o/r/actions/runs/1'
  };
  const redact = makeRedactor([]);

  // The outcomes comment.e2e once ran through dist/ one by one (it keeps one, and the cancellation).
  test.each<[Outcome, number, string, string]>([
    ['failure', 1, 'Stopped part-way: reached max iterations (90)', 'Hermes failed'],
    ['timeout', 130, 'Hermes did not finish within timeout-minutes (1).', 'Hermes timed out'],
    [
      'invalid_output',
      1,
      // A message without the title's words, so that only the title can hold them.
      'At /verdict: must be equal to one of the allowed values.',
      'The answer does not match json-schema'
    ]
  ])(
    '%s: the comment ends with the outcome, never "working"',
    (outcome, exitCode, message, title) => {
      const body = renderComment(
        { phase: 'done', outcome, exitCode, message, durationMs: 1 },
        place,
        redact
      );
      const text = textOf(parseHtml(renderGfm(body)));
      expect(text).toContain(title);
      expect(text).not.toContain('working');
    }
  );

  test('review: true: the comment links to the review the action posted', () => {
    const url = 'https://github.com/octo/repo/pull/7#pullrequestreview-80';
    const html = renderGfm(
      renderComment(
        {
          phase: 'done',
          outcome: 'success',
          durationMs: 1,
          review: {
            verdict: 'comment',
            summary: 'Fine.' as Redacted,
            posted: { url, inline: 1, outside: 0 }
          }
        },
        place,
        redact
      )
    );
    expect(html).toContain(`<a href="${url}">the review on the pull request</a>`);
    expect(
      renderComment({ phase: 'done', outcome: 'success', durationMs: 1 }, place, redact)
    ).not.toContain('review on the');
  });

  test('thread: a later turn says which, and links the thread’s first run; a first turn says nothing', () => {
    const first = 'https://github.com/octo/repo/actions/runs/101';
    const html = renderGfm(
      renderComment(
        { phase: 'done', outcome: 'success', durationMs: 1, thread: { turn: 3, firstRun: first } },
        place,
        redact
      )
    );
    expect(textOf(parseHtml(html))).toContain('Turn 3, continuing the thread of the first run.');
    expect(html).toContain(`<a href="${first}">the first run</a>`);
    expect(
      renderComment(
        { phase: 'done', outcome: 'success', durationMs: 1, thread: { turn: 1 } },
        place,
        redact
      )
    ).not.toContain('continuing');
  });

  test('a huge answer is cut to stay under GitHub’s 65,536 characters, saying so', () => {
    const answer = '@x <b>#1</b> '.repeat(50_000);
    const body = renderComment(
      { phase: 'done', outcome: 'success', answer, durationMs: 1 },
      place,
      redact
    );
    expect(body.length).toBeLessThan(COMMENT_LIMIT_CHARS);
    expect(textOf(parseHtml(renderGfm(body)))).toMatch(
      /Cut at (about )?[\d,]+ of 650,000 characters/
    );
  });

  test('the cost, when known, shows; a structured output is shown instead of the text', () => {
    const body = renderComment(
      {
        phase: 'done',
        outcome: 'success',
        answer: '{"verdict": "pass"}',
        structured: {
          ok: true,
          value: { verdict: 'pass' },
          json: '{"verdict":"pass"}' as Redacted
        },
        cost: { usd: 0.0123, estimated: true },
        tokens: { input: 1, output: 2, total: 3, cache_read: 0, cache_write: 0 }
      },
      place,
      redact
    );
    const text = textOf(parseHtml(renderGfm(body)));
    expect(text).toContain('≈ $0.0123');
    expect(text).toContain('Structured output');
    expect(text.match(/verdict/g)).toHaveLength(1);
  });
});

describe('failing to comment', () => {
  let api: GithubApi;
  beforeAll(async () => {
    api = await GithubApi.start();
  });
  afterAll(() => api.stop());

  test('a 5xx is retried, then one warning naming the permission; a later write tries again', async () => {
    api.failComments(502);
    const warnings: string[] = [];
    const waits: number[] = [];
    const sticky = StickyComment.for({
      token: 't',
      target: targetFor(
        { ...envFor('issues', { issue: { number: 2 } }), GITHUB_API_URL: api.url },
        {}
      ),
      redact: makeRedactor([]),
      warn: m => warnings.push(m),
      sleep: async ms => void waits.push(ms)
    })!;
    await sticky.start();
    expect(api.requests.filter(q => q.path.includes('/issues/'))).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(warnings).toEqual([expect.stringContaining('HTTP 502')]);
    expect(warnings[0]).toContain('"issues: write"');
    api.failComments(undefined);
    await sticky.finish({ phase: 'done', outcome: 'success' });
    expect(warnings).toHaveLength(1);
    expect(api.commentsOn(2)).toHaveLength(1);
  });
});
