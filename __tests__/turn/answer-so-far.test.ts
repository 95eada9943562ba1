/**
 * The answer so far: the text a turn streamed since its last tool call, kept for a turn that ends
 * without an answer (a stream cut at a budget), redacted whole before it is cut, and shown in the
 * summary (rendered with GFM) as cut short, only where the result has no text.
 */
import { describe, expect, test } from '@jest/globals';
import { decodeLine } from '../../src/turn/stream.js';
import { MAX_ANSWER_SO_FAR_CHARS } from '../../src/turn/streamed-text.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import { makeRedactor } from '../../src/text/redact.js';
import { renderSummary } from '../../src/publish/summary.js';
import { shown as shownVerdict } from '../../src/publish/run-report.js';
import { verdictOf } from '../../src/turn/verdict.js';
import { render, textOf } from '../helpers/gfm.js';
import { processEnd } from '../helpers/run-end.js';

const text = (t: string): string => JSON.stringify({ type: 'text', text: t, timestamp: 1 });
const tool = (name: string): string[] => [
  JSON.stringify({ type: 'tool_use', name, input: { command: 'ls' }, timestamp: 1 }),
  JSON.stringify({ type: 'tool_result', name, output: 'ok', is_error: false, timestamp: 2 })
];
const result = (answer: string): string =>
  JSON.stringify({ type: 'result', session_id: 's', exit_code: 1, text: answer, error: 'cut' });

/** The summary as GitHub shows it, of a turn that ended with exit code 1. */
function summaryOf(turn: Turn): string {
  const verdict = verdictOf(turn, processEnd({ exitCode: 1 }));
  const report = {
    verdict: shownVerdict(verdict, makeRedactor([])),
    turn,
    durationMs: 1,
    stderrTail: [],
    jsonlPath: '/tmp/run.jsonl'
  };
  return textOf(render(renderSummary(report)));
}

function fold(lines: string[], builder = new TurnBuilder(makeRedactor([]))): Turn {
  lines.forEach((line, i) => builder.add(decodeLine(Buffer.from(line), i + 1), i + 1));
  return builder.finish();
}

describe('what is kept', () => {
  test('the text since the last tool call, not before it', () => {
    const turn = fold([text('Looking.'), ...tool('terminal'), text('The fix '), text('is to')]);
    expect(turn.answerSoFar).toEqual({ deltas: 2, chars: 13, text: 'The fix is to' });
  });

  test('none without text after the last tool call', () => {
    expect(fold([text('Looking.'), ...tool('terminal')]).answerSoFar).toBeUndefined();
  });

  test('a token split across deltas is redacted whole; a long answer keeps its start, the cut after redaction', () => {
    const token = `ghp_${'a1B2'.repeat(9)}`;
    const long = 'x'.repeat(MAX_ANSWER_SO_FAR_CHARS - 10);
    const turn = fold([
      text(long),
      text(token.slice(0, 8)),
      text(token.slice(8)),
      text('y'.repeat(9000))
    ]);
    const kept = turn.answerSoFar!;
    expect(kept.chars).toBe(long.length + token.length + 9000);
    expect(kept.text.length).toBeLessThanOrEqual(MAX_ANSWER_SO_FAR_CHARS);
    expect(kept.text).not.toContain(token.slice(0, 8));
    expect(kept.text).not.toContain(token.slice(8, 20));
  });
});

describe('what the summary shows', () => {
  test('no answer in the result: the answer so far, said to be cut short', () => {
    const turn = fold([text('Partial '), text('**answer**'), result('')]);
    const shown = summaryOf(turn);
    expect(shown).toContain('Answer so far, cut short (18 characters)');
    expect(shown).toContain('The turn ended before its answer');
    expect(shown).toContain('Partial answer');
  });

  test('an answer in the result: that, and no answer so far', () => {
    const turn = fold([text('Partial'), result('The whole answer.')]);
    const shown = summaryOf(turn);
    expect(shown).toContain('The whole answer.');
    expect(shown).not.toContain('Answer so far');
  });
});
