/** What one run came to, as the outputs, the summary and the artifact see it. */
import type { InstallReport } from '../config/install.js';
import type { IsolationFact } from '../config/isolation.js';
import type { Turn } from '../core/turn.js';
import type { Outcome, Verdict } from '../core/verdict.js';
import type { AnswerCheck } from '../schema/check.js';
import type { SessionUsage } from '../core/session-usage.js';

export interface Report {
  verdict: Verdict;
  turn: Turn;
  durationMs: number;
  hermesVersion?: string;
  stderrTail: string[];
  jsonlPath: string;
  artifact?: { name: string; id: number; url: string };
  /** Why the transcript was not uploaded, when it was not. */
  artifactNote?: string;
  /** Who triggered the run and why they were let in (absent where no gate ran: a transcript). */
  trigger?: { actor?: string; event?: string; why: string };
  /** Each run of Hermes, oldest first (more than one after retries on exit 75); shown when several. */
  attempts?: { outcome: Outcome; exitCode?: number }[];
  /** json-schema: the answer checked against the schema, when the turn otherwise succeeded. */
  answer?: AnswerCheck;
  /** When the action installed Hermes (or tried to): the ref, where it came from, how long it took. */
  install?: InstallReport;
  /** Which user Hermes ran as (or why not its own), what was ended after it, what it could read. */
  isolation?: IsolationFact;
  /** Cost and usage: from the session record (CLI), or the API server's response. */
  usage?: SessionUsage;
  /** The session record: where it is, its artifact, or the note that says why there is none. */
  session?: {
    path?: string;
    artifact?: { name: string; id: number; url: string };
    note?: string;
  };
}
