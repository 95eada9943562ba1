import { describe, expect, test } from '@jest/globals';
import { newestAttempts, rerunOf } from '../../src/report-action/reruns.js';
import { rerunTag } from '../../src/publish/artifact.js';

describe('the run attempt in an artifact name', () => {
  test.each([
    ['review', { leg: 'review', attempt: 1 }],
    ['review.run-attempt-3', { leg: 'review', attempt: 3 }],
    ['review-2.run-attempt-12', { leg: 'review-2', attempt: 12 }],
    // Not the tag: an exit-75 attempt inside a zip, a zero, a tag in the middle.
    ['review.attempt-2', { leg: 'review.attempt-2', attempt: 1 }],
    ['review.run-attempt-0', { leg: 'review.run-attempt-0', attempt: 1 }],
    ['a.run-attempt-2.b', { leg: 'a.run-attempt-2.b', attempt: 1 }]
  ])('%s → %j', (name, expected) => {
    expect(rerunOf(name)).toEqual(expected);
  });

  test('GITHUB_RUN_ATTEMPT becomes the tag from attempt 2 on', () => {
    expect(rerunTag({})).toBe('');
    expect(rerunTag({ GITHUB_RUN_ATTEMPT: '1' })).toBe('');
    expect(rerunTag({ GITHUB_RUN_ATTEMPT: '4' })).toBe('.run-attempt-4');
    expect(rerunTag({ GITHUB_RUN_ATTEMPT: 'x' })).toBe('');
    expect(rerunOf(`review${rerunTag({ GITHUB_RUN_ATTEMPT: '4' })}`)).toEqual({
      leg: 'review',
      attempt: 4
    });
  });
});

describe('each leg by its newest attempt', () => {
  test('older attempts are set aside, whatever the listing order; other legs untouched', () => {
    const listed = ['b.run-attempt-3', 'a', 'b', 'c.run-attempt-2', 'b.run-attempt-2'];
    expect(newestAttempts(listed, n => n)).toEqual({
      counted: ['b.run-attempt-3', 'a', 'c.run-attempt-2'],
      setAside: [
        { leg: 'b', attempt: 1, counted: 3 },
        { leg: 'b', attempt: 2, counted: 3 }
      ]
    });
  });

  test('a run never re-run sets nothing aside', () => {
    expect(newestAttempts(['x', 'y'], n => n)).toEqual({ counted: ['x', 'y'], setAside: [] });
  });
});
