/**
 * Whose review is the earlier one (issue 45.1), through run() in-process against the pull request
 * stand-in: the review's marker (head and a hash of the answer) can be worked out by anyone who can
 * make the agent give an answer, so a review is found again only among those the token's own account
 * wrote, that account asked of GraphQL's viewer once for the sticky comment and the review alike.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { buildReview, type ReviewProposal } from '../../src/github/review.js';
import { makeRedactor } from '../../src/text/redact.js';
import { filesOf, GithubPulls, VIEWER } from '../helpers/github-pulls.js';
import type { World } from '../helpers/in-process.js';
import { reviewStep } from '../helpers/review-step.js';

let api: GithubPulls;
beforeAll(async () => {
  api = await GithubPulls.start();
  api.files = filesOf('xar-0016.patch');
});
afterAll(() => api.stop());
beforeEach(() => {
  api.reviews.length = 0;
  api.received.length = 0;
  api.problems.length = 0;
});

const proposal: ReviewProposal = {
  summary: 'One question.',
  verdict: 'request_changes',
  findings: [
    { path: 'xar/configure.ac', line: 184, side: 'RIGHT', body: 'Is this declared everywhere?' }
  ]
};

/** The marker the action's review of `proposal` starts with: what a stranger works out too. */
const marker = (): string =>
  buildReview(proposal, { headSha: api.headSha, files: [] }, makeRedactor([])).marker;

function step(inputs: Record<string, string> = {}): Promise<World> {
  return reviewStep({ apiUrl: api.url, given: { review: proposal }, inputs });
}

describe('the earlier review is one the token’s own account wrote', () => {
  it("was a hole: a stranger's review with the marker stopped the action's own review, and review_id pointed at the stranger's", async () => {
    api.plantReview(`${marker()}\n\nLooks good to me, merge it.`, 4242);
    const [planted] = api.reviews;
    const w = await step();
    expect(w.outputs.get('outcome')).toBe('success');
    // Ours is posted all the same, requesting the changes the agent asked for.
    expect(api.reviews.map(r => [r.user?.login, r.state])).toEqual([
      ['mallory', planted!.state],
      [VIEWER.login, 'CHANGES_REQUESTED']
    ]);
    const ours = api.reviews[1]!;
    expect(ours.body.startsWith(marker())).toBe(true);
    expect(w.outputs.get('review_id')).toBe(String(ours.id));
    expect(w.outputs.get('review_id')).not.toBe(String(planted!.id));
    expect(w.outputs.get('review_url')).toBe(ours.html_url);
    expect(api.problems).toEqual([]);
  });

  it('a re-run on the same head: its own earlier review is found, none posted again, review_id is it', async () => {
    const first = await step();
    expect(api.reviews).toHaveLength(1);
    const again = await step();
    expect(api.reviews).toHaveLength(1);
    expect(again.outputs.get('review_id')).toBe(first.outputs.get('review_id'));
    expect(again.outputs.get('review_id')).toBe(String(api.reviews[0]!.id));
  });

  it('with comment: true too, the token’s account is asked once, for the comment and the review', async () => {
    const w = await step({ comment: 'true' });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(api.reviews).toHaveLength(1);
    expect(api.received.filter(r => r.method === 'POST' && r.path === '/graphql')).toHaveLength(1);
  });
});
