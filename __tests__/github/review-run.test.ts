/**
 * `review: true` and `allowed-labels` through run() in-process, against the pull request stand-in
 * (every request and answer checked against GitHub's OpenAPI description): the answer's review posted at
 * the head the diff was read at, the outputs, and a 403 that is one warning, the step's colour unchanged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { filesOf, GithubPulls } from '../helpers/github-pulls.js';
import type { World } from '../helpers/in-process.js';
import { reviewStep } from '../helpers/review-step.js';

let api: GithubPulls;
beforeAll(async () => {
  api = await GithubPulls.start();
  api.files = filesOf('xar-0016.patch');
});
afterAll(() => api.stop());
beforeEach(() => {
  api.failReviews(undefined);
  api.failLabels(undefined);
  api.reviews.length = 0;
  api.labels.length = 0;
  api.problems.length = 0;
});

const answer = {
  review: {
    summary: 'One question, @octocat.',
    verdict: 'comment',
    findings: [
      { path: 'xar/configure.ac', line: 184, side: 'RIGHT', body: 'Is this declared everywhere?' },
      { path: 'xar/lib/archive.c', line: 3, side: 'RIGHT', body: 'Elsewhere.' }
    ]
  },
  labels: ['build']
};

function step(
  inputs: Record<string, string> = {},
  given: object = answer,
  prepare?: (w: World) => void
): Promise<World> {
  return reviewStep({
    apiUrl: api.url,
    given,
    inputs: { 'allowed-labels': 'build, docs', ...inputs },
    prepare
  });
}

describe('review: true on a pull request run', () => {
  it('a push while the files are read: no review placed on the wrong diff, one warning', async () => {
    api.onFiles = () => void (api.headSha = 'd'.repeat(40));
    try {
      const w = await step();
      expect(w.outputs.get('outcome')).toBe('success');
      expect(api.reviews).toEqual([]);
      expect(w.warnings.join('\n')).toContain(
        "the pull request's head moved while its files were read"
      );
    } finally {
      api.onFiles = undefined;
      api.headSha = 'c3d9ff7a3cd57f00000000000000000000000000';
    }
  });

  it('posts the review at the head it read and adds only the allowed labels', async () => {
    const w = await step();
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.reviews).toHaveLength(1);
    const [review] = api.reviews;
    expect(review!.commit_id).toBe(api.headSha);
    expect(w.outputs.get('review_id')).toBe(String(review!.id));
    expect(w.outputs.get('review_url')).toBe(review!.html_url);
    expect(w.outputs.get('review_comments')).toBe('1');
    expect(w.outputs.get('review_outside')).toBe('1');
    expect(w.outputs.get('labels_added')).toBe('build');
    expect(api.labels).toEqual(['build']);
    expect(api.problems).toEqual([]);
    expect(w.warnings).toEqual([]);
  });

  it('a 403 on the review and on the labels: one warning each naming the permission, the colour unchanged', async () => {
    api.failReviews(403);
    api.failLabels(403);
    const w = await step();
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('review_id')).toBe('');
    expect(w.outputs.get('labels_added')).toBe('');
    expect(w.warnings.filter(m => m.includes('"pull-requests: write"'))).toHaveLength(2);
    expect(w.warnings.filter(m => m.startsWith('The review'))).toHaveLength(1);
    expect(w.warnings.filter(m => m.startsWith('The labels'))).toHaveLength(1);
  });

  it('with json-schema too: one object, the schema’s value under answer, and structured_output is all of it', async () => {
    const given = { answer: { verdict: 'fail' }, ...answer };
    const w = await step(
      {
        'json-schema':
          '{"type":"object","properties":{"verdict":{"enum":["pass","fail"]}},"required":["verdict"]}'
      },
      given
    );
    expect(w.outputs.get('outcome')).toBe('success');
    // As README says: fromJSON(steps.hermes.outputs.structured_output).answer.verdict
    const output = JSON.parse(w.outputs.get('structured_output') ?? 'null') as typeof given;
    expect(output.answer.verdict).toBe('fail');
    expect(Object.keys(output).sort()).toEqual(['answer', 'labels', 'review']);
    expect(api.reviews).toHaveLength(1);
  });

  it('a cancel while the labels are written: interrupted, saying so, the review already posted', async () => {
    const w = await step({}, answer, w => (api.onLabels = () => w.signals.emit('SIGINT')));
    api.onLabels = undefined;
    expect(api.reviews).toHaveLength(1);
    expect(w.outputs.get('outcome')).toBe('interrupted');
    expect(w.outputs.get('error')).toContain('cancelled while the results were written to GitHub');
    expect(w.outputs.get('review_id')).toBe(String(api.reviews[0]?.id));
  });
});
