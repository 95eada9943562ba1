/** The sticky comment as GitHub shows it, for comment.e2e.test.ts and comment-run.test.ts. */
import { expect } from '@jest/globals';
import {
  all,
  ANSWER_TAGS,
  answerLink,
  parseHtml,
  renderGfm,
  tagNames,
  type Element
} from './gfm.js';

export const PR = 7;
export const RUN_URL = 'https://github.com/octo/repo/actions/runs/4242';
export const MARKER = /^<!-- hermes-action:workflow=[^ ]*;job=[^ ]*;key=[^ ]* -->\n/;

const ALLOWED = new Set([
  '#root',
  '#comment',
  'h3',
  'p',
  'em',
  'strong',
  'blockquote',
  'code',
  'pre',
  'br',
  'a',
  'details',
  'summary',
  // The structured output's errors (json-schema), a list of our own.
  'ul',
  'li',
  // The answer's own Markdown (src/publish/answer.ts): its tables and what gfm.ts ANSWER_TAGS lists.
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  ...ANSWER_TAGS
]);

/**
 * The comment rendered, checked to hold nothing but our own markup and the answer's allowed Markdown:
 * one marker, links only to the run or (the answer's) https pages that are no issue or pull request.
 */
export function rendered(body: string): Element {
  const tree = parseHtml(renderGfm(body));
  expect([...tagNames(tree)].filter(t => !ALLOWED.has(t))).toEqual([]);
  expect(all(tree, '#comment')).toHaveLength(1);
  for (const a of all(tree, 'a'))
    expect([a.attrs.href, a.attrs.href === RUN_URL || answerLink(a.attrs.href)]).toEqual([
      a.attrs.href,
      true
    ]);
  return tree;
}
