/** What one run came to, as the outputs, the summary and the artifact see it. */
import type { InstallReport } from '../cli/install.js';
import type { Turn } from '../core/turn.js';
import type { Outcome, Verdict } from '../core/verdict.js';

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
  /** Each run of Hermes, oldest first (more than one after retries on exit 75); shown when several. */
  attempts?: { outcome: Outcome; exitCode?: number }[];
  /** When the action installed Hermes (or tried to): the ref, where it came from, how long it took. */
  install?: InstallReport;
}
