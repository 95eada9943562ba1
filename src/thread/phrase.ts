/**
 * `trigger-phrase`: on a comment or a review, the run starts only when the phrase stands in its
 * text as its own token, and what is asked is the text after it. A phrase only counts where a
 * reader sees it said: not inside a word (`x/hermes`, `/hermesx`), a code span or block, a quote
 * (`> …`, an earlier comment quoted) or an HTML comment (hidden). The comment must be a new one (an
 * edit does not start a run again), from a person (a bot's comment, the action's own among them,
 * never starts one), with something asked after the phrase.
 *
 * Pure: the event's payload in, a verdict out. Case counts, as in the peers' phrases (`@claude`).
 */

/** The events a phrase applies to; on any other, the run goes on as if there were none. */
export const PHRASE_EVENTS: ReadonlySet<string> = new Set([
  'issue_comment',
  'pull_request_review_comment',
  'pull_request_review'
]);

/** What the phrase found: the text after it; or why the run does not start. */
export type PhraseVerdict =
  { asked: true; request: string; author?: string; url?: string } | { asked: false; why: string };

/** A comment's or review's text with what a reader does not see as said blanked, offsets kept. */
export function spoken(text: string): string {
  const blank = (s: string): string => s.replace(/[^\n]/g, ' ');
  let out = text.replace(/\r\n?/g, m => ' '.repeat(m.length - 1) + '\n');
  // HTML comments: hidden from the reader.
  out = out.replace(/<!--[\s\S]*?(?:-->|$)/g, blank);
  // Fenced code blocks, to their closing fence or the end.
  out = out.replace(
    /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm,
    blank
  );
  // Quoted lines, and indented code (four spaces or a tab, after a blank line or at the start).
  out = out.replace(/^ {0,3}>[^\n]*$/gm, blank);
  out = out.replace(
    /(^|\n[ \t]*\n)((?:(?: {4}|\t)[^\n]*(?:\n|$))+)/g,
    (_, lead: string, code: string) => lead + blank(code)
  );
  // Code spans: a run of backticks to the next run of the same length.
  out = out.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)|(`+)(?!`)\2/g, blank);
  return out;
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the phrase first stands as its own token in text, and where it ends; or undefined. */
export function phraseAt(text: string, phrase: string): { start: number; end: number } | undefined {
  if (phrase === '') return undefined;
  const seen = spoken(text);
  // Own token: after the start or a space (or an opening bracket); before the end, a space or
  // punctuation that ends a word.
  const pattern = new RegExp(`(^|[\\s(\\[])(${escaped(phrase)})(?=$|[\\s.,:;!?)\\]])`, 'gu');
  const match = pattern.exec(seen);
  if (!match) return undefined;
  const start = match.index + (match[1]?.length ?? 0);
  return { start, end: start + phrase.length };
}

const at = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The phrase's verdict for an event. `payload` is the event's JSON, `event` its name; undefined
 * when the phrase does not apply (no phrase set, or an event it does not apply to).
 */
export function phraseVerdict(
  phrase: string,
  event: string | undefined,
  payload: unknown
): PhraseVerdict | undefined {
  if (phrase === '' || event === undefined || !PHRASE_EVENTS.has(event)) return undefined;
  const review = event === 'pull_request_review';
  const item = at(payload, review ? 'review' : 'comment');
  const action = text(at(payload, 'action'));
  const wanted = review ? 'submitted' : 'created';
  if (action !== wanted)
    return {
      asked: false,
      why: `the ${review ? 'review' : 'comment'} was ${action ?? 'changed'}, not ${wanted}: only a new one can start a run`
    };
  const user = at(item, 'user') ?? at(payload, 'sender');
  const login = text(at(user, 'login'));
  if (text(at(user, 'type')) === 'Bot' || login?.endsWith('[bot]'))
    return {
      asked: false,
      why: `it was written by a bot (${login ?? 'unnamed'}), which never starts a run`
    };
  const body = text(at(item, 'body')) ?? '';
  const found = phraseAt(body, phrase);
  if (!found)
    return {
      asked: false,
      why: `"${phrase}" does not stand on its own in it (outside code, quotes and other words)`
    };
  const request = body
    .slice(found.end)
    .replace(/^[\s.,:;!?)\]]+/u, '')
    .trim();
  if (request === '') return { asked: false, why: `nothing is asked after "${phrase}"` };
  return {
    asked: true,
    request,
    ...(login !== undefined && { author: login }),
    ...(text(at(item, 'html_url')) !== undefined && { url: text(at(item, 'html_url')) })
  };
}
