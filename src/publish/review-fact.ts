/**
 * `review: true` as the summary and the comment say it: the verdict, where the findings went, the
 * review's link (or why it was not posted), then the agent's summary of its review, rendered as an answer is.
 */
import { clip } from '../text/text.js';
import { renderAnswer } from './answer.js';
import { inline, join, link, number } from './markdown.js';
import type { ReviewFact } from './run-report.js';

const VERDICT = { comment: 'comments', request_changes: 'requests changes' } as const;
const NOTE_CHARS = 1000;
const URL_CHARS = 500;

export interface ReviewLimits {
  /** The most UTF-16 units (and UTF-8 bytes, when given) the agent's summary may take. */
  chars: number;
  bytes?: number;
  /** The heading level of the section the block sits in. */
  headingLevel: number;
}

export function reviewBlock(review: ReviewFact, limits: ReviewLimits): string {
  const verdict = `**The review ${VERDICT[review.verdict]}**`;
  const { posted } = review;
  const line = posted
    ? `${verdict}: ${plural(posted.inline, 'inline comment')}, ${number.format(posted.outside)} outside the diff${seeIt(posted.url)}.`
    : `${verdict}, but it was not posted: ${inline(clip(review.note ?? 'no reason was given', NOTE_CHARS))}`;
  const summary =
    review.summary.trim() === ''
      ? undefined
      : renderAnswer(review.summary, {
          chars: limits.chars,
          ...(limits.bytes !== undefined && { bytes: limits.bytes }),
          headingLevel: limits.headingLevel,
          whole: 'the transcript'
        });
  return join([line, summary]);
}

/** The link to the posted review; none where GitHub answered without one. */
function seeIt(url: string): string {
  return url !== '' && url.length <= URL_CHARS
    ? ` (${link('the review on the pull request', url)})`
    : '';
}

const plural = (n: number, what: string): string =>
  `${number.format(n)} ${what}${n === 1 ? '' : 's'}`;
