/**
 * The review the action posts for the agent (`review: true`): the PR's files read at one head commit,
 * each finding placed on the diff (github/diff.ts) as an inline comment or, where the diff does not show
 * it, a `path:line` entry of the body. Every text is redacted and made inert through `reviewText`, and
 * bounded; what was cut is said. One review per head and content: a hidden marker with a hash finds it.
 */
import { createHash } from 'node:crypto';
import type { components } from '@octokit/openapi-types';
import { githubCall, paginate, type Answer, type GithubOptions } from '../http/github.js';
import { renderAnswer } from '../publish/answer.js';
import { codeBlock, inline } from '../publish/markdown.js';
import type { Redactor } from '../text/redact.js';
import { clip, isObject } from '../text/text.js';
import type { Finding, ReviewProposal } from '../schema/proposals.js';
import { diffOf, place, type PrFile } from './diff.js';

type DiffEntry = components['schemas']['diff-entry'];
type Review = components['schemas']['pull-request-review'];

/** GitHub takes a few hundred inline comments at most; a review of more is not read anyway. */
export const MAX_INLINE = 50;
/** Entries listed in the body past the inline ones. */
export const MAX_OUTSIDE = 100;
export const COMMENT_CHARS = 4000;
export const SUMMARY_CHARS = 20_000;
/** Under GitHub's 65,536 characters for the body. */
export const BODY_CHARS = 60_000;

/** One finding as schema/proposals.ts's schema checked it (steps/ passes one to the other). */
export type { Finding, ReviewProposal };

/** Where the review goes. */
export interface ReviewTarget {
  apiUrl: string;
  repository: string;
  number: number;
}

/** The pull request as the diff was read: its head commit and its files. */
export interface PullDiff {
  headSha: string;
  files: PrFile[];
}

export interface ReviewRequest {
  commit_id: string;
  body: string;
  event: 'COMMENT' | 'REQUEST_CHANGES';
  comments: {
    path: string;
    body: string;
    line: number;
    side: 'RIGHT' | 'LEFT';
    start_line?: number;
    start_side?: 'RIGHT' | 'LEFT';
  }[];
}

export interface BuiltReview {
  request: ReviewRequest;
  /** The hidden first line: head and hash. */
  marker: string;
  inline: number;
  outside: number;
}

/**
 * Agent text as the review shows it: redacted, then escaped (no mention, reference, HTML or link
 * survives). The one function for it, so that the renderer can change in one place.
 */
export function reviewText(text: string, redact: Redactor, chars: number): string {
  // The agent's Markdown drawn from its parsed tree, inert (publish/answer.ts), as in the comment.
  return renderAnswer(redact(text), { chars, headingLevel: 3, whole: 'the transcript' });
}

/** A suggestion block: verbatim inside a fence longer than any backtick run, redacted. */
function suggestionBlock(text: string, redact: Redactor): string {
  return codeBlock(clip(redact(text), COMMENT_CHARS)).replace(/^(`{3,})[^\n]*/, '$1suggestion');
}

export function buildReview(
  proposal: ReviewProposal,
  pull: PullDiff,
  redact: Redactor
): BuiltReview {
  const diff = diffOf(pull.files);
  const comments: ReviewRequest['comments'] = [];
  const outside: string[] = [];
  let outsideCount = 0;
  let overflow = 0;
  for (const finding of proposal.findings) {
    const placed = place(diff, finding);
    if (placed.inline && comments.length < MAX_INLINE) {
      const { at } = placed;
      comments.push({
        path: at.path,
        body: findingBody(finding, redact),
        line: at.line,
        side: at.side,
        ...(at.start_line !== undefined ? { start_line: at.start_line, start_side: at.side } : {})
      });
      continue;
    }
    outsideCount++;
    if (outside.length >= MAX_OUTSIDE) {
      overflow++;
      continue;
    }
    const where = `${finding.path}:${finding.start_line !== undefined ? `${finding.start_line}-` : ''}${finding.line} (${finding.side})`;
    const why = placed.inline
      ? `past the ${MAX_INLINE} inline comments`
      : placed.why === 'path'
        ? 'not a path of the repository'
        : placed.why;
    outside.push(
      `- ${inline(clip(redact(where), 300))}, ${why}:\n\n${indent(reviewText(finding.body, redact, COMMENT_CHARS))}`
    );
  }
  const hash = createHash('sha256')
    .update(JSON.stringify([proposal.verdict, proposal.summary, proposal.findings]))
    .digest('hex')
    .slice(0, 16);
  const marker = `<!-- hermes-action:review head=${pull.headSha.replace(/[^0-9a-f]/gi, '')} hash=${hash} -->`;
  const parts = [marker, reviewText(proposal.summary, redact, SUMMARY_CHARS)];
  if (outside.length > 0)
    parts.push(`**Outside the diff** (${outsideCount}):`, outside.join('\n\n'));
  if (overflow > 0) parts.push(`*${overflow} more findings outside the diff are not shown.*`);
  let body = parts.join('\n\n');
  if (body.length > BODY_CHARS)
    body = `${clip(body, BODY_CHARS)}\n\n*(the rest of the review is cut)*`;
  return {
    request: {
      commit_id: pull.headSha,
      body,
      event: proposal.verdict === 'request_changes' ? 'REQUEST_CHANGES' : 'COMMENT',
      comments
    },
    marker,
    inline: comments.length,
    outside: outsideCount
  };
}

function findingBody(finding: Finding, redact: Redactor): string {
  const text = reviewText(finding.body, redact, COMMENT_CHARS);
  return finding.suggestion !== undefined && finding.side === 'RIGHT'
    ? `${text}\n\n${suggestionBlock(finding.suggestion, redact)}`
    : text;
}

const indent = (text: string): string => text.replace(/^/gm, '  ');

/** The head commit and the files of the pull request (paginated). */
export async function readPull(
  options: GithubOptions,
  target: ReviewTarget
): Promise<Answer<PullDiff>> {
  const base = `${target.apiUrl}/repos/${target.repository}/pulls/${target.number}`;
  const pull = await githubCall(options, 'GET', base);
  if (!pull.ok) return pull;
  // The answer's JSON is unchecked: read the one field needed, whatever its shape.
  const { json } = pull.value;
  const head = isObject(json) ? json.head : undefined;
  const headSha = isObject(head) ? head.sha : undefined;
  if (typeof headSha !== 'string')
    return { ok: false, why: 'the GitHub API answered without the head commit' };
  const files = await paginate<DiffEntry>(options, `${base}/files?per_page=100`);
  if (!files.ok) return files;
  // A push between the two reads would place one head's lines on another's diff: read it again.
  const again = await githubCall(options, 'GET', base);
  if (!again.ok) return again;
  const now = isObject(again.value.json) ? again.value.json.head : undefined;
  if (!isObject(now) || now.sha !== headSha)
    return {
      ok: false,
      why: "the pull request's head moved while its files were read; the newer push's run reads them"
    };
  return {
    ok: true,
    value: {
      headSha,
      files: files.value.map(f => ({
        filename: f.filename,
        status: f.status,
        previous_filename: f.previous_filename,
        patch: f.patch
      }))
    }
  };
}

export interface Posted {
  id: number;
  url: string;
  /** Found already posted (a re-run on the same head with the same review). */
  again: boolean;
}

/**
 * Posts the review, unless the token's own account (`author`, by its id) already posted one with the
 * same marker. Anyone can post a review with a marker they worked out (the hash is of the answer,
 * which an injected agent can be made to give): one of theirs is not ours. No author known: posted.
 */
export async function postReview(
  options: GithubOptions,
  target: ReviewTarget,
  review: BuiltReview,
  author: { id: number } | undefined
): Promise<Answer<Posted>> {
  const base = `${target.apiUrl}/repos/${target.repository}/pulls/${target.number}/reviews`;
  const ours = (r: Review): boolean =>
    author !== undefined && r.user?.id === author.id && r.body.startsWith(review.marker);
  const listed = author
    ? await paginate<Review>(options, `${base}?per_page=100`, reviews => reviews.some(ours))
    : { ok: true as const, value: [] };
  if (!listed.ok) return listed;
  const earlier = listed.value.find(ours);
  if (earlier)
    return { ok: true, value: { id: Number(earlier.id), url: earlier.html_url, again: true } };
  const created = await githubCall(options, 'POST', base, review.request);
  if (!created.ok) return created;
  const { id, html_url } = (created.value.json ?? {}) as Partial<Review>;
  return typeof id === 'number' || typeof id === 'bigint'
    ? {
        ok: true,
        value: { id: Number(id), url: typeof html_url === 'string' ? html_url : '', again: false }
      }
    : { ok: false, why: 'the GitHub API answered without a review id' };
}

/** Adds labels to the issue or pull request (never removes any). */
export async function addLabels(
  options: GithubOptions,
  target: ReviewTarget,
  labels: string[]
): Promise<Answer<string[]>> {
  const url = `${target.apiUrl}/repos/${target.repository}/issues/${target.number}/labels`;
  const added = await githubCall(options, 'POST', url, { labels });
  return added.ok ? { ok: true, value: labels } : added;
}
