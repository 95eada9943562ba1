/** Test data standing for what the ingest boundary keeps: strings through the redactor. */
import { TOKENS_ONLY, type Redacted } from '../../src/text/redact.js';
import { shown, type ShownVerdict } from '../../src/publish/run-report.js';
import type { Verdict } from '../../src/turn/verdict.js';

/** A string as the turn keeps it (redacted of the token formats). */
export const kept = (text: string): Redacted => TOKENS_ONLY(text);

/** A verdict as the report shows it. */
export const shownVerdict = (verdict: Verdict): ShownVerdict => shown(verdict, TOKENS_ONLY);
