/**
 * `review: true` as the summary and the sticky comment say it (issue 46): the verdict, the inline and
 * outside counts and the review's link, the agent's own summary of its review and its prose, never the
 * proposal's raw JSON unless json-schema asked for one (then collapsed). Through run() in-process, the
 * review calls to the pull request stand-in and the comment calls to the comment stand-in, behind one
 * API address; both rendered by the GFM implementation.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { all, prose, render, textOf, type Element } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { filesOf, GithubPulls } from '../helpers/github-pulls.js';
import { world, type World } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';

let comments: GithubApi;
let pulls: GithubPulls;
let front: http.Server;
let apiUrl: string;

beforeAll(async () => {
  comments = await GithubApi.start();
  pulls = await GithubPulls.start();
  pulls.files = filesOf('xar-0016.patch');
  // One API address: the pull request's calls to one stand-in, the comment's (and the viewer) to the other.
  front = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const to = /\/pulls\/|\/labels$/.test(url) ? pulls.url : comments.url;
    const forward = http.request(
      `${to}${url}`,
      { method: req.method, headers: req.headers },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }
    );
    req.pipe(forward);
  });
  await new Promise<void>(resolve => front.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  front.closeAllConnections();
  await new Promise(resolve => front.close(resolve));
  await comments.stop();
  await pulls.stop();
});
beforeEach(() => {
  comments.comments.length = 0;
  pulls.reviews.length = 0;
  pulls.failReviews(undefined);
});

const REVIEW = {
  summary: 'The configure check is **incomplete**: one question, @octocat.',
  verdict: 'request_changes',
  findings: [
    { path: 'xar/configure.ac', line: 184, side: 'RIGHT', body: 'Is this declared everywhere?' },
    { path: 'xar/lib/archive.c', line: 3, side: 'RIGHT', body: 'Elsewhere.' }
  ]
};
const PROSE = 'I read the diff and the configure script.';
const ANSWER = `${PROSE}\n\n\`\`\`json\n${JSON.stringify({ review: REVIEW }, null, 2)}\n\`\`\`\n`;

async function step(inputs: Record<string, string> = {}, answer = ANSWER): Promise<World> {
  const w = world({
    runs: [{ exitCode: 0, answer }],
    inputs: {
      query: 'Review this pull request',
      review: 'true',
      comment: 'true',
      'github-token': 'gh-token',
      'allowed-users': 'octocat',
      'upload-artifact': 'false',
      ...inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: apiUrl,
      GITHUB_RUN_ID: '4242',
      GITHUB_JOB: 'review',
      GITHUB_WORKFLOW_REF: 'octo/repo/.github/workflows/review.yml@refs/pull/7/merge',
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: 'pull_request'
    }
  });
  const file = path.join(w.dir, 'event.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ number: 7, pull_request: { number: 7, head: { repo: { fork: false } } } })
  );
  w.ports.env.GITHUB_EVENT_PATH = file;
  await run(w.ports);
  return w;
}

/** The summary and the comment, rendered. */
function shown(w: World): { summary: Element; comment: Element } {
  const body = must(comments.commentsOn(7)[0], 'the sticky comment').body;
  return { summary: render(must(w.summary)), comment: render(body) };
}

/** The review's line: the paragraph that says the verdict. */
const reviewLine = (tree: Element): Element | undefined =>
  all(tree, 'p').find(p => textOf(p).startsWith('The review '));

describe('review: true, posted', () => {
  test('the summary and the comment say the verdict, the counts and link the review; no raw JSON', async () => {
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    const [review] = pulls.reviews;
    const url = must(review).html_url;
    expect(w.outputs.get('review_url')).toBe(url);
    for (const [where, tree] of Object.entries(shown(w))) {
      const line = must(reviewLine(tree), `${where}: the review's line`);
      expect([where, textOf(line)]).toEqual([
        where,
        'The review requests changes: 1 inline comment, 1 outside the diff (the review on the pull request).'
      ]);
      expect(all(line, 'a').map(a => a.attrs.href)).toEqual([url]);
      const text = textOf(tree);
      // The agent's summary of its review, rendered (its bold kept, its mention inert), and its prose.
      expect(all(tree, 'strong').map(textOf)).toContain('incomplete');
      expect(text).toContain('one question, @\u200Boctocat.');
      expect(prose(tree)).not.toMatch(/@octocat/);
      expect(text).toContain(PROSE);
      // The proposal's JSON nowhere, nor a structured output no one asked for.
      expect([where, text]).not.toEqual([where, expect.stringContaining('"findings"')]);
      expect([where, text]).not.toEqual([where, expect.stringContaining('Structured output')]);
      expect(all(tree, 'pre')).toEqual([]);
    }
  });

  test('the summary: the outcome, then the review, then the run table', async () => {
    const w = await step();
    const { summary } = shown(w);
    const blocks = summary.children.filter((c): c is Element => typeof c !== 'string');
    expect(blocks[0]?.tag).toBe('h3');
    expect(textOf(must(blocks[0]))).toBe('✅ Hermes completed the turn · exit code 0');
    const at = (node: Element | undefined): number => blocks.indexOf(must(node));
    const table = all(summary, 'table').find(t => textOf(all(t, 'th')[0] ?? t) === 'Run');
    expect(at(reviewLine(summary))).toBe(1);
    expect(at(reviewLine(summary))).toBeLessThan(at(table));
  });

  test('with json-schema: its value is the structured output, shown collapsed below the review', async () => {
    const answer = `\`\`\`json\n${JSON.stringify({ answer: { risk: 'low' }, review: REVIEW })}\n\`\`\``;
    const w = await step(
      { 'json-schema': '{"type":"object","properties":{"risk":{"enum":["low","high"]}}}' },
      answer
    );
    for (const tree of Object.values(shown(w))) {
      const block = all(tree, 'details').find(d =>
        textOf(all(d, 'summary')[0] ?? d).startsWith('Structured output')
      );
      expect(block?.attrs).not.toHaveProperty('open');
      expect(textOf(must(all(must(block), 'summary')[0]))).toMatch(
        /^Structured output \(matches the schema of json-schema and "review: true", [\d,]+ bytes compact\)$/
      );
      expect(reviewLine(tree)).toBeDefined();
    }
  });
});

describe('review: true, not posted', () => {
  test('a 403: the verdict and the agent’s summary still shown, and why it was not posted', async () => {
    pulls.failReviews(403);
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    for (const tree of Object.values(shown(w))) {
      const line = textOf(must(reviewLine(tree)));
      expect(line).toMatch(/^The review requests changes, but it was not posted: The review for /);
      expect(line).toContain('"pull-requests: write"');
      expect(textOf(tree)).toContain('The configure check is incomplete');
    }
  });

  test('an answer that does not match: the heading names the schema review asks for, not an exit code', async () => {
    const w = await step({}, '```json\n{"review": {"summary": "x", "verdict": "approve"}}\n```');
    expect(w.outputs.get('outcome')).toBe('invalid_output');
    for (const tree of Object.values(shown(w))) {
      const heading = textOf(must(all(tree, 'h3')[0]));
      expect(heading).toBe('❌ The answer does not match the schema of "review: true"');
      const errors = all(tree, 'summary').map(textOf);
      expect(errors).toContain('Structured output: 2 errors against the schema of "review: true"');
    }
  });
});
