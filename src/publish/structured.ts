/**
 * The summary's and the comment's block for json-schema: the validated JSON, or why the answer gave
 * none. A JSON that only proposes (a review, labels) is not shown: what the action did with it is.
 */
import type { AnswerCheck } from '../schema/check.js';
import { schemaName, type Asks } from '../schema/load.js';
import { clip } from '../text/text.js';
import { bytes, codeBlock, codeCell, details, inline, number } from './markdown.js';

// Bounds known up front: the JSON is verbatim (at most 3 bytes a UTF-16 unit), each error line
// escaped (at most 5 bytes a unit, plus the markup).
const JSON_CHARS = 20_000;
const ERRORS_SHOWN = 30;
const POINTER_CHARS = 200;
const MESSAGE_CHARS = 300;
/** Shown open when the JSON is this short; a longer one is collapsed. */
const OPEN_CHARS = 2000;

/** What json-schema alone asks: what an answer checked without saying what was asked was checked against. */
const JSON_SCHEMA: Asks = { jsonSchema: true, review: false, labels: false };

export function structuredBlock(
  answer: AnswerCheck | undefined,
  asks: Asks = JSON_SCHEMA
): string | undefined {
  if (!answer) return undefined;
  const name = schemaName(asks);
  const proposes = asks.review || asks.labels;
  if (answer.ok) {
    // Without json-schema the JSON is the proposals' only; with it, collapsed below what they did.
    if (!asks.jsonSchema) return undefined;
    const pretty = JSON.stringify(answer.value, null, 2);
    const size = `${number.format(bytes(answer.json))} bytes compact`;
    return details(
      `Structured output (matches ${name}, ${size})`,
      jsonBody(pretty, 'the `structured_output` output'),
      !proposes && pretty.length <= OPEN_CHARS
    );
  }
  const parts: string[] = [];
  // The status line says the first error; the list says them all.
  if (answer.errorCount === 0) parts.push(inline(clip(answer.message, MESSAGE_CHARS * 4)));
  else {
    const lines = answer.errors
      .slice(0, ERRORS_SHOWN)
      .map(
        e =>
          `- ${codeCell(clip(e.pointer || '/', POINTER_CHARS))}: ${inline(clip(e.message, MESSAGE_CHARS))}`
      );
    const more = answer.errorCount - lines.length;
    if (more > 0) lines.push(`- … and ${number.format(more)} more`);
    parts.push(lines.join('\n'));
  }
  if (answer.value !== undefined) {
    const pretty = JSON.stringify(answer.value, null, 2);
    parts.push(details('The JSON found in the answer', jsonBody(pretty, 'the transcript')));
  }
  const title =
    answer.errorCount > 0
      ? `Structured output: ${number.format(answer.errorCount)} error${answer.errorCount === 1 ? '' : 's'} against ${name}`
      : 'Structured output: none';
  return details(title, parts.join('\n\n'), true);
}

/** The JSON, verbatim, cut at JSON_CHARS with a note saying where the whole of it is. */
function jsonBody(pretty: string, whole: string): string {
  if (pretty.length <= JSON_CHARS) return codeBlock(pretty);
  return `${codeBlock(clip(pretty, JSON_CHARS))}\n\n_Cut at ${number.format(JSON_CHARS)} of ${number.format(pretty.length)} characters; the whole JSON is in ${whole}._`;
}
