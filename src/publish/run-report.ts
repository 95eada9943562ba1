/** What one run came to, as the outputs, the summary and the artifact see it. */
import type { InstallFact, ThreadFact } from '../turn/facts.js';
import type { GatewayFact, IsolationFact, RulesFact } from '../turn/facts.js';
import type { Turn } from '../turn/turn.js';
import type { Outcome, Verdict } from '../turn/verdict.js';
import type { AnswerCheck } from '../schema/check.js';
import type { Asks } from '../schema/load.js';
import type { SessionUsage } from '../turn/session-usage.js';
import type { Redacted, Redactor } from '../text/redact.js';

/** A verdict as the report shows it: its message quotes the stream (an error, stderr), redacted. */
export type ShownVerdict = Omit<Verdict, 'message'> & { message: Redacted };

/** The verdict's message redacted once as a whole: the action's words around the stream's. */
export function shown(verdict: Verdict, redact: Redactor): ShownVerdict {
  return { ...verdict, message: redact(verdict.message) };
}

/** `review: true`: the review the agent proposed, and whether the action posted it. */
export interface ReviewFact {
  verdict: 'comment' | 'request_changes';
  /** The agent's summary of its review: the review's body, in its words. */
  summary: Redacted;
  /** Posted (or found posted by an earlier run on the same head): its page, and where its findings went. */
  posted?: { url: string; inline: number; outside: number };
  /** Why it was not posted (the warning's words; GitHub's answer in them, redacted). */
  note?: Redacted;
}

/**
 * Everything the renderers (outputs, summary) draw. What came from the stream, or from a process
 * or a server the action does not trust, is Redacted; the rest (paths, names the workflow chose,
 * the artifact service's answers) is the action's own.
 */
export interface RunReport {
  verdict: ShownVerdict;
  /** The prompt as the workflow gave it (before json-schema's instruction), or the file holding it. */
  query?: { kind: 'text'; text: Redacted } | { kind: 'file'; path: Redacted };
  turn: Turn;
  durationMs: number;
  /** What ran the turn: `hermes --version`'s line (CLI), or the API server's description. */
  agent?: Redacted;
  stderrTail: Redacted[];
  jsonlPath: string;
  artifact?: { name: string; id: number; url: string };
  /** Why the transcript was not uploaded, when it was not. */
  artifactNote?: Redacted;
  /** Who triggered the run and why they were let in (absent where no gate ran: a transcript). */
  trigger?: { actor?: string; event?: string; why: Redacted };
  /** CLI mode, where the checkout may hold someone else's files: whether its rules were read. */
  rules?: Omit<RulesFact, 'why'> & { why: Redacted };
  /** Each run of Hermes, oldest first (more than one after retries on exit 75); shown when several. */
  attempts?: { outcome: Outcome; exitCode?: number }[];
  /** json-schema: the answer checked against the schema, when the turn otherwise succeeded. */
  answer?: AnswerCheck;
  /** What the answer was asked to hold (json-schema, `review: true`, `allowed-labels`), when anything. */
  asked?: Asks;
  /** `review: true`: the review the answer proposed, once the action wrote it (or said why not). */
  review?: ReviewFact;
  /** When the action installed Hermes (or tried to): the ref, where it came from, how long it took. */
  install?: InstallFact;
  /** `thread: auto`: the or pull request's thread, where one was kept. */
  thread?: ThreadFact;
  /** Which user Hermes ran as (or why not its own), what was ended after it, what it could read. */
  isolation?: IsolationFact;
  /** What the model gateway counted (CLI mode, when it fronted the turn's provider). */
  gateway?: GatewayFact;
  /** CLI mode: the credentials the agent still held (a key not fronted, a login in ~/.hermes). */
  held?: string[];
  /** Cost and usage: from the session record (CLI), or the API server's response. */
  usage?: SessionUsage;
  /** The session record: where it is, its artifact, or the note that says why there is none. */
  session?: {
    path?: string;
    artifact?: { name: string; id: number; url: string };
    note?: string;
  };
}
