/**
 * Part of step 6: what the action writes to GitHub for the agent, from its checked answer (`review: true`,
 * `allowed-labels`): a review on the pull request's diff, labels from the list. The agent never held the
 * token; a refusal (a read-only token, a fork) is one warning naming the permission, and the verdict
 * and the step's colour stay as they are.
 */
import {
  addLabels,
  buildReview,
  postReview,
  readPull,
  type ReviewProposal
} from '../github/review.js';
import { CommentApi, type Author } from '../github/api.js';
import type { CommentTarget, NoTarget } from '../github/target.js';
import type { Answer } from '../http/github.js';
import { Output, type OutputName } from '../publish/outputs.js';
import type { ReviewFact } from '../publish/run-report.js';
import { proposalsOf } from '../schema/proposals.js';
import type { FinalReport } from './build-report.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';
import type { Redactor } from '../text/redact.js';

/** The review's and the labels' outputs (empty when nothing was written), and the review as the report shows it. */
export interface Written {
  outputs: Map<OutputName, string>;
  review?: ReviewFact;
}

export async function writeForAgent(
  report: FinalReport,
  { settings, redact }: Plan,
  { out }: Pick<Ports, 'out'>,
  /** Where the review and labels go: the event's issue or pull request, found once by admission. */
  target: CommentTarget | NoTarget,
  /** The head the agent reviewed (`fork-prs: review`): the review goes on it, or is not written. */
  reviewedHead?: string,
  /** Who the token is, as the sticky comment already asked (github/sticky.ts); else asked here. */
  identity?: () => Promise<Answer<Author>>
): Promise<Written> {
  const outputs = new Map<OutputName, string>(
    [
      Output.ReviewId,
      Output.ReviewUrl,
      Output.ReviewComments,
      Output.ReviewOutside,
      Output.LabelsAdded
    ].map(name => [name, ''])
  );
  const { write } = settings;
  const answer = report.answer;
  if ((!write.review && write.labels.length === 0) || !answer?.ok) return { outputs };
  const proposed = proposalsOf(answer.value, write);
  // What the report says of the review: the agent's verdict and words, then what became of them.
  const proposal = write.review ? proposed.review : undefined;
  const fact = (said: { posted: NonNullable<ReviewFact['posted']> } | { note: string }) =>
    proposal && {
      verdict: proposal.verdict,
      summary: redact(proposal.summary),
      ...('note' in said ? { note: redact(said.note) } : said)
    };
  // Each refusal is one warning, and the report's note on the review.
  const refused = (note: string): ReviewFact | undefined => (out.warning(note), fact({ note }));
  const what = write.review ? 'review' : 'labels';
  if ('none' in target)
    return { outputs, review: refused(`No ${what} is written: ${target.none}.`) };
  const token = settings.gate.token;
  if (!token)
    return {
      outputs,
      review: refused(
        `No ${what} is written: "github-token" is empty; pass a token that may write to pull requests and issues.`
      )
    };
  const options = { token };
  let reviewFact: ReviewFact | undefined;
  if (proposal) {
    if (target.kind === 'issue') {
      reviewFact = refused(
        `No review is written: #${target.number} is an issue, not a pull request.`
      );
    } else {
      const whoami = identity ?? (() => new CommentApi(target, options).viewer());
      const posted = await review(options, target, proposal, redact, reviewedHead, whoami);
      if (posted.ok) {
        outputs.set(Output.ReviewId, String(posted.value.id));
        outputs.set(Output.ReviewUrl, posted.value.url);
        outputs.set(Output.ReviewComments, String(posted.value.inline));
        outputs.set(Output.ReviewOutside, String(posted.value.outside));
        const { url, inline, outside } = posted.value;
        reviewFact = fact({ posted: { url, inline, outside } });
      } else
        reviewFact = refused(
          refusal('The review', target.number, posted, '"pull-requests: write"')
        );
    }
  }
  if (proposed.labels.length > 0) {
    const added = await addLabels(options, target, proposed.labels);
    if (added.ok) outputs.set(Output.LabelsAdded, added.value.join(','));
    else
      out.warning(
        refusal(
          'The labels',
          target.number,
          added,
          '"issues: write" (an issue) or "pull-requests: write" (a pull request)'
        )
      );
  }
  return { outputs, review: reviewFact };
}

async function review(
  options: { token: string },
  target: CommentTarget,
  proposal: ReviewProposal,
  redact: Redactor,
  reviewedHead: string | undefined,
  identity: () => Promise<Answer<Author>>
): Promise<Answer<{ id: number; url: string; inline: number; outside: number }>> {
  const pull = await readPull(options, target);
  if (!pull.ok) return pull;
  // Lines of one commit placed on another's diff would point at the wrong code.
  if (reviewedHead !== undefined && pull.value.headSha !== reviewedHead)
    return {
      ok: false,
      why: `the pull request's head moved to ${pull.value.headSha.slice(0, 12)} while Hermes reviewed ${reviewedHead.slice(0, 12)}, so no review of the old head is written (the newer push's run reviews the new one)`
    };
  const built = buildReview(proposal, pull.value, redact);
  // Whose review with this marker is ours: the token's account's (an unreadable one: posted anew).
  const author = await identity();
  const posted = await postReview(options, target, built, author.ok ? author.value : undefined);
  return posted.ok
    ? {
        ok: true,
        value: {
          id: posted.value.id,
          url: posted.value.url,
          inline: built.inline,
          outside: built.outside
        }
      }
    : posted;
}

function refusal(
  what: string,
  number: number,
  failed: { status?: number; why: string },
  permission: string
): string {
  const hint =
    failed.status === 401 || failed.status === 403
      ? ` The job's token needs ${permission}: add it under "permissions:"; on a pull request from a fork the token is read-only whatever it says.`
      : '';
  return `${what} for #${number} could not be written: ${failed.why}.${hint} The outcome is not changed by this.`;
}
