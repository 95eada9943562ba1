/**
 * Labels checked apart from the answer (issue 45.6), through run() in-process against the pull
 * request stand-in: the agent is shown only the allowed labels, but one it proposes outside the list
 * costs that label alone, dropped and named in a warning, never the review or the rest of the answer
 * (before, `wontfix` made the whole answer `invalid_output` and the review was lost).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { filesOf, GithubPulls } from '../helpers/github-pulls.js';
import type { World } from '../helpers/in-process.js';
import { reviewStep } from '../helpers/review-step.js';
import { must } from '../helpers/must.js';

let api: GithubPulls;
beforeAll(async () => {
  api = await GithubPulls.start();
  api.files = filesOf('xar-0016.patch');
});
afterAll(() => api.stop());
beforeEach(() => {
  api.reviews.length = 0;
  api.labels.length = 0;
  api.problems.length = 0;
});

const review = {
  summary: 'One question.',
  verdict: 'comment',
  findings: [
    { path: 'xar/configure.ac', line: 184, side: 'RIGHT', body: 'Is this declared everywhere?' }
  ]
};

/** A pull request run (review: true, allowed-labels: build, docs) whose agent answers `given`. */
function step(given: object, inputs: Record<string, string> = {}): Promise<World> {
  return reviewStep({
    apiUrl: api.url,
    given,
    inputs: { 'allowed-labels': 'build, docs', ...inputs }
  });
}

const structured = (w: World): { labels?: unknown; review?: unknown; answer?: unknown } =>
  JSON.parse(w.outputs.get('structured_output') || 'null') as { labels?: unknown };

/** The schema shown to the agent, read back from the prompt Hermes was given. */
function shownSchema(w: World): { properties: { labels: { items: { enum: string[] } } } } {
  const argv = must(w.argvs[0]);
  const query = must(argv[argv.indexOf('-q') + 1]);
  const block = must(/```json\n([\s\S]*?)\n```\n$/.exec(query)?.[1]);
  return JSON.parse(block) as ReturnType<typeof shownSchema>;
}

describe('a label outside allowed-labels costs that label alone', () => {
  it('was a hole: "wontfix" made the answer invalid_output and lost the review; now it is dropped and named', async () => {
    const w = await step({ review, labels: ['build', 'wontfix'] });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.failed).toEqual([]);
    // The review stands, posted as asked.
    expect(api.reviews).toHaveLength(1);
    expect(w.outputs.get('review_id')).toBe(String(api.reviews[0]!.id));
    // The listed label is added; the other one is not, and one warning names it.
    expect(api.labels).toEqual(['build']);
    expect(w.outputs.get('labels_added')).toBe('build');
    expect(w.warnings).toEqual([
      'The answer proposed a label outside "allowed-labels", not added: "wontfix" (allowed: build, docs); added from the list: build; the rest of the answer stands.'
    ]);
    // structured_output holds only what the action took: a later step reading its labels gets the list's.
    expect(structured(w).labels).toEqual(['build']);
    expect(structured(w).review).toEqual(review);
    // The agent was still shown only the allowed labels.
    expect(shownSchema(w).properties.labels.items.enum).toEqual(['build', 'docs']);
    expect(api.problems).toEqual([]);
  });

  it('with json-schema too: the schema’s value and the review stand, the label is dropped', async () => {
    const w = await step(
      { answer: { verdict: 'fail' }, review, labels: ['wontfix'] },
      {
        'json-schema':
          '{"type":"object","properties":{"verdict":{"enum":["pass","fail"]}},"required":["verdict"]}'
      }
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(structured(w)).toEqual({ answer: { verdict: 'fail' }, review, labels: [] });
    expect(api.reviews).toHaveLength(1);
    expect(api.labels).toEqual([]);
    expect(w.outputs.get('labels_added')).toBe('');
    expect(w.warnings).toEqual([
      'The answer proposed a label outside "allowed-labels", not added: "wontfix" (allowed: build, docs); the rest of the answer stands.'
    ]);
  });

  it('a label twice is added once, without a warning (uniqueItems used to fail the answer)', async () => {
    const w = await step({ review, labels: ['docs', 'docs'] });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.labels).toEqual(['docs']);
    expect(w.warnings).toEqual([]);
  });

  it('labels that are no list: none added, one warning, the review stands', async () => {
    const w = await step({ review, labels: 'build' });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.reviews).toHaveLength(1);
    expect(api.labels).toEqual([]);
    expect(structured(w).labels).toEqual([]);
    expect(w.warnings).toEqual([
      'The answer\'s "labels" is a string, not a list of labels from "allowed-labels", so no label is added; the rest of the answer stands.'
    ]);
  });

  it('hostile labels: each quoted as JSON on one line of the warning, cut, ten shown, a token in one redacted', async () => {
    const w = await step({
      review,
      labels: [
        'docs',
        'x\n::error::pwned',
        7,
        null,
        'ghp_' + 'A'.repeat(36),
        'y'.repeat(5000),
        ...Array.from({ length: 12 }, (_, i) => `extra-${i}`)
      ]
    });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.labels).toEqual(['docs']);
    const [warning, ...others] = w.warnings;
    expect(others).toEqual([]);
    expect(warning).not.toContain('\n');
    expect(warning).toContain('"x\\n::error::pwned", 7, null, ');
    expect(warning).not.toContain('A'.repeat(36));
    expect(warning).toContain(`"${'y'.repeat(58)}…`);
    expect(warning).toContain(' and 7 more (allowed: build, docs)');
    expect(warning!.length).toBeLessThan(1200);
  });

  it('another field wrong is still invalid_output, and a wrong label is not among the errors', async () => {
    const w = await step({ review: { ...review, verdict: 'approve' }, labels: ['wontfix'] });
    expect(w.outputs.get('outcome')).toBe('invalid_output');
    const error = w.outputs.get('error') ?? '';
    expect(error).toContain('/review/verdict');
    // The schema is named ("review: true" and "allowed-labels"); no error is about a label.
    expect(error.slice(error.indexOf('": ') + 3)).not.toContain('labels');
    expect(api.reviews).toEqual([]);
    expect(api.labels).toEqual([]);
  });
});
