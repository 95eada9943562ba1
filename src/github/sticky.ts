/**
 * One comment kept true: written when the turn starts, rewritten with the outcome. Found by its marker
 * and its author, the token's own account (so a new run of the workflow updates it, and a comment
 * someone else planted with the marker is never taken over), created when there is none or it was deleted. A comment
 * that cannot be written is a warning naming the permission to add: it never changes the verdict.
 */
import { CommentApi, type Answer, type ApiOptions, type Author } from './api.js';
import { renderComment, type CommentView } from './body.js';
import { markerOf, type CommentTarget, type NoTarget } from './target.js';
import type { Redactor } from '../text/redact.js';

export interface StickyOptions {
  token: string;
  /** Where the comment goes (target.ts), found once by admission. */
  target: CommentTarget | NoTarget;
  redact: Redactor;
  warn: (message: string) => void;
  sleep?: ApiOptions['sleep'];
}

export class StickyComment {
  private id?: number;
  /** A refusal (401, 403): the token will not do better at the end. */
  private refused = false;
  /** Who the token is, asked once, when a comment is first looked for. */
  private author?: Answer<Author>;

  private constructor(
    private readonly target: CommentTarget,
    private readonly options: StickyOptions
  ) {}

  /** The comment for this event, or undefined (after a warning) when the event belongs to no issue. */
  static for(options: StickyOptions): StickyComment | undefined {
    const { target } = options;
    if ('none' in target) {
      options.warn(`No comment is written (comment is true): ${target.none}.`);
      return undefined;
    }
    if (!options.token) {
      options.warn(
        'No comment is written (comment is true): "github-token" is empty; pass a token that may write comments.'
      );
      return undefined;
    }
    return new StickyComment(target, options);
  }

  /** "Running", with the run's link; `signal` (the cancel) ends it, so that it never lands after the outcome. */
  start(signal?: AbortSignal): Promise<void> {
    return this.write({ phase: 'running' }, 'saying the turn started', signal);
  }

  /** The outcome. `signal` bounds the writing (the grace period left after a cancel). */
  finish(view: CommentView, signal?: AbortSignal): Promise<void> {
    return this.write(view, 'with the outcome', signal);
  }

  private async write(view: CommentView, what: string, signal?: AbortSignal): Promise<void> {
    if (this.refused) return;
    const { target, options } = this;
    const marker = markerOf(target);
    const body = renderComment(view, { marker, runUrl: target.runUrl }, options.redact);
    const api = new CommentApi(target, { token: options.token, signal, sleep: options.sleep });
    let written: Answer<number>;
    if (this.id !== undefined) {
      written = await api.update(this.id, body);
      // Deleted since it was written: a new one.
      if (!written.ok && written.status === 404) written = await api.create(body);
    } else {
      const found = await this.find(api, marker);
      written = !found.ok
        ? found
        : found.value !== undefined
          ? await api.update(found.value, body)
          : await api.create(body);
    }
    if (written.ok) {
      this.id = written.value;
      return;
    }
    // Given up at a cancel: the outcome is written next, and says it.
    if (signal?.aborted && view.phase === 'running') return;
    if (written.status === 401 || written.status === 403) this.refused = true;
    options.warn(this.failure(what, written));
  }

  /**
   * The comment an earlier run wrote, when the token's own account wrote it. When the account
   * cannot be read, none is taken for ours: a new comment is written (after a warning).
   */
  private async find(api: CommentApi, marker: string): Promise<Answer<number | undefined>> {
    const asked = this.author === undefined;
    const author = await this.identity(api);
    if (!author.ok && asked)
      this.options.warn(
        `The comment of an earlier run is not looked for: whom the token belongs to could not be read (${author.why}), so a new comment is written.`
      );
    return author.ok ? api.find(marker, author.value) : { ok: true, value: undefined };
  }

  /**
   * Who the token is (GraphQL's viewer), asked once for the comment and for the review alike: the
   * review too is found again only among those the token's own account wrote.
   */
  async identity(
    api = new CommentApi(this.target, { token: this.options.token, sleep: this.options.sleep })
  ): Promise<Answer<Author>> {
    this.author ??= await api.viewer();
    return this.author;
  }

  private failure(what: string, failed: Extract<Answer<unknown>, { ok: false }>): string {
    const { kind, number, repository } = this.target;
    const permission =
      kind === 'pull request'
        ? '"pull-requests: write"'
        : kind === 'issue'
          ? '"issues: write"'
          : '"pull-requests: write" (a pull request) or "issues: write" (an issue)';
    const fork =
      kind === 'issue'
        ? ''
        : '; on a pull request from a fork the token is read-only whatever it says';
    return (
      `The comment ${what} on ${kind} #${number} of ${repository} could not be written: ${failed.why}. ` +
      `The job's token needs ${permission}: add it under "permissions:"${fork}. The outcome is not changed by this.`
    );
  }
}
