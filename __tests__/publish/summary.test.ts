/**
 * The job summary. Golden files: each transcript under fixtures/summary/ (most recorded from the
 * simulator's scenarios) goes through the real pipeline (followFile: lines, decodeLine, TurnBuilder;
 * then decide) and must render exactly the committed Markdown beside it. Regenerating them is a
 * deliberate act: `UPDATE_GOLDEN=1 npm test -- __tests__/publish/summary.test.ts`, then review the diff.
 * Every summary is also rendered as GFM (helpers/gfm.ts) and checked structurally.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { runs } from '../helpers/runs.js';
import { followFile } from '../../src/turn/stream-reader.js';
import { LiveLog } from '../../src/publish/log.js';
import { makeRedactor, type Redacted, type Redactor } from '../../src/text/redact.js';
import { shown } from '../../src/publish/run-report.js';
import { kept, shownVerdict } from '../helpers/kept.js';
import type { RunReport } from '../../src/publish/run-report.js';
import {
  renderSummary,
  SUMMARY_BUDGET_BYTES,
  SUMMARY_LIMIT_BYTES
} from '../../src/publish/summary.js';
import { clip } from '../../src/text/text.js';
import { bar } from '../../src/publish/tool-tables.js';
import {
  MAX_RECENT_CALLS,
  MAX_UNKNOWN_TYPES,
  TurnBuilder,
  type ToolCall,
  type Turn
} from '../../src/turn/turn.js';
import { verdictOf, type RunEnd } from '../../src/turn/verdict.js';
import { apiEnd, processEnd } from '../helpers/run-end.js';
import { decodeLine } from '../../src/turn/stream.js';
import {
  all,
  checkSummaryHtml,
  prose,
  render,
  renderGfm,
  tableRows,
  textOf,
  type Element
} from '../helpers/gfm.js';
import { must } from '../helpers/must.js';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'summary');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const JSONL_PATH = '/home/runner/work/_temp/hermes-1/run.jsonl';

interface Fixture {
  end: RunEnd;
  agent?: string;
  runDurationMs: number;
  artifact?: RunReport['artifact'];
  artifactNote?: string;
  attempts?: RunReport['attempts'];
  redact?: string[];
}

async function fixture(name: string): Promise<{ report: RunReport; redact: Redactor }> {
  const meta = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, `${name}.run.json`), 'utf8')
  ) as Fixture;
  const redact = makeRedactor(meta.redact ?? []);
  const turn = await followFile(
    path.join(FIXTURES, `${name}.jsonl`),
    new LiveLog(redact, () => {})
  );
  return {
    redact,
    report: {
      verdict: shown(verdictOf(turn, meta.end), redact),
      turn,
      durationMs: turn.result?.duration_ms ?? meta.runDurationMs,
      agent: meta.agent === undefined ? undefined : redact(meta.agent),
      stderrTail: meta.end.kind === 'process' ? meta.end.stderrTail.map(l => redact(l)) : [],
      jsonlPath: JSONL_PATH,
      artifact: meta.artifact,
      artifactNote: meta.artifactNote === undefined ? undefined : redact(meta.artifactNote),
      attempts: meta.attempts
    }
  };
}

const names = fs
  .readdirSync(FIXTURES)
  .filter(f => f.endsWith('.run.json'))
  .map(f => f.slice(0, -'.run.json'.length))
  .sort();

/** The tables of a rendered summary by their first header cell. */
function tables(html: Element): Map<string, string[][]> {
  return new Map(
    all(html, 'table').map(t => {
      const rows = tableRows(t);
      return [must(rows[0]?.[0]), rows];
    })
  );
}

describe('golden summaries', () => {
  test('there are fixtures', () => {
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  test.each(names)('%s', async name => {
    const { report } = await fixture(name);
    const markdown = renderSummary(report);
    const golden = path.join(FIXTURES, `${name}.md`);
    if (UPDATE) fs.writeFileSync(golden, markdown);
    if (!fs.existsSync(golden))
      throw new Error(
        `${golden} is missing: run UPDATE_GOLDEN=1 npm test -- __tests__/publish/summary.test.ts`
      );
    expect(markdown).toBe(fs.readFileSync(golden, 'utf8'));

    const html = checkSummaryHtml(renderGfm(markdown), { linkTo: report.artifact?.url });
    const { turn, verdict } = report;
    const byHeader = tables(html);
    // The run table, after the answer: model, session, tokens, Hermes version, each as the stream said.
    const facts = must(byHeader.get('Run'));
    expect(facts[0]).toEqual(['Run', 'Value']);
    expect(facts.every(row => row.length === 2)).toBe(true);
    const fact = (key: string): string | undefined => facts.find(r => r[0] === key)?.[1];
    expect(fact('Model')).toBe(turn.model ? clip(turn.model, 120) : '–');
    expect(fact('Session')).toBe(turn.sessionId ?? '–');
    expect(fact('Hermes')).toBe(report.agent);
    if (turn.result?.tokens)
      expect(fact('Tokens')).toContain(`${turn.result.tokens.total.toLocaleString('en-US')} total`);
    // Per tool: one row per tool name, six cells.
    const perTool = byHeader.get('Tool');
    if (turn.toolCalls > 0) {
      expect(perTool?.slice(1).map(r => r.length)).toEqual(turn.tools.map(() => 6));
      expect(perTool?.slice(1).map(r => r[0])).toEqual(
        expect.arrayContaining(turn.tools.map(t => t.name.replace(/\s+/g, ' ')))
      );
    } else expect(perTool).toBeUndefined();
    // Every tool call, in order, five cells.
    const calls = byHeader.get('#')?.slice(1) ?? [];
    // …then the calls that had not returned, marked "–".
    expect(calls.map(r => r[0])).toEqual([
      ...turn.recentCalls.map(c => String(c.index)),
      ...turn.unfinished.slice(0, 10).map(() => '–')
    ]);
    expect(calls.every(r => r.length === 5)).toBe(true);
    calls.forEach((row, i) =>
      expect(row[4]).toMatch(
        i >= turn.recentCalls.length
          ? /^(⏳ running|never returned)$/
          : must(turn.recentCalls[i]).isError
            ? /^❌/
            : /^ok/
      )
    );
    // The status line says the outcome and the exit code; a failure has its alert right under it.
    const heading = all(html, 'h3')[0];
    expect(textOf(must(heading))).toContain(
      verdict.exitCode !== undefined ? `exit code ${verdict.exitCode}` : 'Hermes'
    );
    if (verdict.outcome !== 'success') {
      const quote = all(html, 'blockquote')[0];
      expect(textOf(must(quote))).toMatch(/^\s*\[!CAUTION\]/);
      expect(html.children.filter(c => typeof c !== 'string')[1]).toBe(quote);
    }
  });
});

describe('what the goldens show', () => {
  test('nothing from the stream becomes markup, a link or a mention', async () => {
    const { report } = await fixture('hostile');
    const html = render(renderSummary(report));
    const text = textOf(html);
    for (const payload of [
      '<img src=x onerror=alert(1)>',
      '</td></tr></table><script>alert(1)</script>',
      "echo '<details><summary>x</summary>' | tee @octocat ```",
      '[click](javascript:alert(1)) www.evil.example https://evil.example/x',
      'Report <script>alert(1)</script>',
      '<!-- hidden'
    ])
      expect(text).toContain(payload);
    // The answer's own Markdown is drawn (its heading below the summary's), its HTML shown as text.
    expect(all(html, 'h5').map(textOf)).toEqual(['Report <script>alert(1)</script>']);
    expect(textOf(must(all(html, 'pre')[0]))).toBe("console.log('</details>')\n");
    expect(all(html, 'a')).toEqual([]);
    expect(prose(html)).not.toMatch(/@[A-Za-z0-9_-]/);
    // The failed call's output, expandable, keeps its lines.
    const expanded = all(html, 'td').flatMap(td => all(td, 'details'));
    expect(expanded).toHaveLength(1);
    expect(all(must(expanded[0]), 'br').length).toBeGreaterThanOrEqual(7);
    expect(textOf(must(all(must(expanded[0]), 'pre')[0]))).toContain(
      'line one </details></pre></td><!-- comment| a | b |```@octocat'
    );
  });

  test('secrets are redacted before anything is cut', async () => {
    const { report } = await fixture('secrets');
    const markdown = renderSummary(report);
    const token = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9';
    // No piece of the token or the password, however short the cut that made it.
    for (const secret of [token, 'hunter2-very-secret'])
      for (let n = 8; n <= secret.length; n++)
        expect(markdown.replace(/\\/g, '')).not.toContain(secret.slice(secret.length - n));
    expect(markdown.replace(/\\/g, '')).not.toMatch(/ghp_[A-Za-z0-9]{4}/);
    expect(textOf(render(markdown))).toContain('token ***');
  });

  test('the per-tool bar is proportional, to an eighth of a cell', () => {
    expect(bar(1)).toBe('█'.repeat(20));
    expect(bar(0.5)).toBe('█'.repeat(10));
    expect(bar(0.55)).toBe('█'.repeat(11));
    expect(bar(0.025)).toBe('▌');
    expect(bar(0.03)).toBe('▋');
    expect(bar(0.0001)).toBe('▏');
    expect(bar(0)).toBe('');
  });

  test('clip never splits a surrogate pair', () => {
    expect(clip('ab🚀cd', 4)).toBe('ab…');
    expect(clip('abc🚀d', 4)).toBe('abc…');
    expect(clip('short', 5)).toBe('short');
  });
});

// ------------------------------------------------------------------------------------------------
// Size: within budget at any run size, degrading in steps that say what they leave out.
// ------------------------------------------------------------------------------------------------

const TOOLS = ['terminal', 'read_file', 'search_files', 'patch', 'web_search'];
const end: RunEnd = processEnd();

const generated = new Map<number, Turn>();

/** A run of n tool calls through the real TurnBuilder, like the simulator's generated runs. */
function generatedTurn(n: number): Turn {
  const known = generated.get(n);
  if (known) return known;
  const builder = new TurnBuilder();
  let line = 0;
  const add = (event: object): void => {
    line += 1;
    builder.add(decodeLine(Buffer.from(JSON.stringify(event)), line), line);
  };
  add({ type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's' });
  for (let k = 1; k <= n; k++) {
    const name = TOOLS[(k - 1) % TOOLS.length];
    add({ type: 'tool_use', name, input: { command: `npm test -- --shard=${k}` } });
    add({
      type: 'tool_result',
      name,
      output: k % 7 === 0 ? `exit code 1\nFAIL src/module_${k}.ts\n  expected 200` : `PASS ${k}`,
      duration_ms: 3 + ((k * 37) % 400),
      is_error: k % 7 === 0
    });
  }
  add({
    type: 'result',
    session_id: 's',
    exit_code: 0,
    text: 'Done.',
    tokens: { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 },
    duration_ms: 1000
  });
  const turn = builder.finish();
  generated.set(n, turn);
  return turn;
}

const reportOf = (turn: Turn, over: Partial<RunReport> = {}): RunReport => ({
  verdict: shownVerdict(verdictOf(turn, end)),
  turn,
  durationMs: 1000,
  stderrTail: [],
  jsonlPath: JSONL_PATH,
  ...over
});

describe('size', () => {
  test('the budget is under GitHub’s 1 MiB', () => {
    expect(SUMMARY_BUDGET_BYTES).toBeLessThan(SUMMARY_LIMIT_BYTES);
  });

  // 10: every call a row; 20,000: the most recent 2,000 (MAX_RECENT_CALLS) and the note saying so.
  test.each([10, 20_000])('%d tool calls: totals, per-tool table, recent rows', n => {
    const turn = generatedTurn(n);
    const markdown = renderSummary(reportOf(turn));
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES);
    const html = checkSummaryHtml(renderGfm(markdown));
    const byHeader = tables(html);
    expect(textOf(must(all(html, 'table')[0]))).toContain(n.toLocaleString('en-US'));
    expect(byHeader.get('Tool')).toHaveLength(1 + TOOLS.length);
    const rows = byHeader.get('#')!.slice(1);
    expect(rows).toHaveLength(Math.min(n, MAX_RECENT_CALLS));
    expect(rows.at(-1)![0]).toBe(n.toLocaleString('en-US'));
    if (n > MAX_RECENT_CALLS)
      expect(textOf(html)).toContain(
        `Showing the last 2,000 of 20,000 tool calls (the summary keeps the most recent 2,000)`
      );
  });

  test('smaller budgets: fewer rows, then the per-tool table only, each step saying so', () => {
    const turn = generatedTurn(20_000);
    const answer = 'A long answer. '.repeat(800);
    const report = reportOf({ ...turn, result: { ...turn.result!, text: kept(answer) } });
    const at = (budget: number) => {
      const markdown = renderSummary(report, { budgetBytes: budget });
      expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(budget);
      const html = checkSummaryHtml(renderGfm(markdown));
      return {
        text: textOf(html),
        rows: tables(html).get('#')?.slice(1) ?? [],
        perTool: tables(html).get('Tool')
      };
    };
    const roomy = at(64 * 1024);
    expect(roomy.text).toMatch(
      /Showing the last [\d,]+ of 20,000 tool calls \(to stay under GitHub’s 1 MiB summary limit\); all of them are in /
    );
    expect(roomy.rows.length).toBeGreaterThan(100);
    expect(roomy.rows.at(-1)![0]).toBe('20,000');
    expect(roomy.text).toContain(answer.trim());
    // The smallest budget that still holds the per-tool table: no row, and a note that says so.
    const hasPerTool = (budget: number): boolean =>
      renderSummary(report, { budgetBytes: budget }).includes('#### Time per tool');
    let [low, high] = [1024, 64 * 1024];
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (hasPerTool(mid)) high = mid;
      else low = mid;
    }
    const tight = at(high);
    expect(tight.perTool).toHaveLength(1 + TOOLS.length);
    expect(tight.rows).toEqual([]);
    expect(tight.text).toContain(
      'The list of tool calls is left out to stay under GitHub’s 1 MiB summary limit; all 20,000 are in'
    );
    expect(tight.text).toContain(
      'Left out to stay under GitHub’s 1 MiB summary limit: the answer. Everything is in'
    );
    // Below it, the status, the run table and where the transcript is.
    const least = at(low);
    expect(least.perTool).toBeUndefined();
    expect(least.text).toContain('Hermes completed the turn');
    expect(least.text).toContain('Transcript');
  });

  // 300 calls (42 failed): the budgets are relative to the full summary, so the order of what goes
  // first is the same as at 2,000 rows, for a tenth of the Markdown to render as GFM.
  test('expanded outputs go before rows do', () => {
    const turn = generatedTurn(300);
    const full = renderSummary(reportOf(turn));
    const expanded = full.split('\n').filter(row => /^\| .*<details>/.test(row));
    expect(expanded.length).toBe(turn.recentCalls.filter(c => c.isError).length);
    const tight = renderSummary(reportOf(turn), {
      budgetBytes: Buffer.byteLength(full) - 2000
    });
    const tightHtml = checkSummaryHtml(renderGfm(tight));
    expect(tables(tightHtml).get('#')).toHaveLength(1 + turn.recentCalls.length);
    expect(textOf(tightHtml)).toContain('Outputs of older failed calls are not expanded');
  });
});

describe('worst case: every field as long as it can be, in the characters that escape to the most bytes', () => {
  // `@` before a word character becomes `\@` + U+200B (5 bytes); `"` in HTML `&quot;` (6); a
  // leading tab in the answer four no-break spaces (8); CJK and U+FFFD 3; then a pair of halves.
  const worst = (n: number): string =>
    ('@-"\t漢\u0000|<`\n'.repeat(Math.ceil(n / 10)) + '\ud83d').slice(0, n);
  const big = kept(worst(200_000));
  const calls = (n: number): ToolCall[] =>
    Array.from({ length: n }, (_, i) => ({
      index: 18_001 + i,
      name: big,
      inputPreview: big,
      durationMs: 1e12,
      isError: i % 2 === 0,
      output: big,
      line: i
    }));
  const unknownTypes = (name: string): Record<string, number> =>
    Object.fromEntries([
      ...Array.from({ length: MAX_UNKNOWN_TYPES }, (_, i) => [`${i}${name}`, 1e9]),
      ['(other types)', 1e9]
    ]);
  const turn: Turn = {
    lines: 1,
    blankLines: 0,
    events: 1,
    model: big,
    sessionId: big,
    textDeltas: 0,
    textChars: 0,
    toolCalls: 20_000,
    toolErrors: 10_000,
    recentCalls: calls(2000),
    tools: Array.from({ length: 5000 }, (_, i) => ({
      // A cast, not kept(): flattening 5,000 strings of 200,000 characters would take gigabytes.
      name: `${i}${big}` as Redacted,
      calls: 4,
      errors: 2,
      totalMs: i,
      maxMs: i
    })),
    unfinished: Array.from({ length: 10_000 }, () => ({ name: big, inputPreview: big })),
    result: {
      type: 'result',
      line: 1,
      exit_code: 1,
      text: kept('\t@-'.repeat(400_000)),
      error: big,
      tokens: { input: 1e15, output: 1e15, total: 1e15, cache_read: 1e15, cache_write: 1e15 }
    },
    resultCount: 1,
    eventsAfterResult: 1e9,
    // As many as a turn can hold: MAX_UNKNOWN_TYPES names, then '(other types)'. (It was 1,000: hashing
    // 1,000 keys of 200,000 characters took seconds, for entries the TurnBuilder never keeps.)
    unknownTypes: unknownTypes(big),
    issues: Array.from({ length: 200 }, (_, i) => ({
      line: i,
      problem: big,
      skipped: true as const
    })),
    issueCount: 1e9,
    skippedLines: 1e9
  };

  const worstReport = (t: Turn): RunReport => ({
    ...reportOf(t),
    verdict: { outcome: 'failure' as const, exitCode: 1, message: big },
    agent: big,
    stderrTail: Array.from({ length: 1000 }, () => big),
    jsonlPath: big,
    artifactNote: big
  });
  const variants: [string, Turn][] = [
    ['with a result', turn],
    ['without a result (stderr shown)', { ...turn, result: undefined }]
  ];

  // Measured at the real budget. Rendering 900 KiB of the worst Markdown as GFM takes seconds, so
  // the GFM is read at 64 KiB, where the same escaping and degradation steps make every row (fewer
  // of them); 64 KiB was also one of the budgets that once fell back to the two-line summary.
  test.each(variants)('%s: under the budget, still tabular', (_, t) => {
    const report = worstReport(t);
    expect(Buffer.byteLength(renderSummary(report))).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES);
    const markdown = renderSummary(report, { budgetBytes: 64 * 1024 });
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(64 * 1024);
    const html = checkSummaryHtml(renderGfm(markdown));
    const byHeader = tables(html);
    expect(byHeader.get('Tool')).toHaveLength(1 + 25);
    expect(byHeader.get('#')!.length).toBeGreaterThan(20);
    // The most recent result is kept; the calls that never returned follow it, all of them shown.
    const rows = byHeader.get('#')!;
    const running = rows.filter(r => r[0] === '–');
    expect(running.length).toBe(Math.min(10, t.unfinished.length));
    expect(rows.at(-1 - running.length)![0]).toBe('20,000');
    if (t.result === undefined) expect(textOf(html)).toContain('Last lines of Hermes’ stderr');
  });

  // The calls that never returned are always kept, and the note names the transcript twice: a budget
  // that left no room for them once fell back to the status alone, at 64, 128, 192, 256 KiB and more.
  test.each(variants)(
    '%s: at any budget from 32 KiB up, the full summary, never the fallback',
    (_, t) => {
      const report = worstReport(t);
      const budgets = [64, 128, 192, 256, 304, 880].map(k => k * 1024);
      budgets.push(
        ...fc.sample(fc.integer({ min: 32 * 1024, max: SUMMARY_BUDGET_BYTES }), {
          numRuns: runs(6),
          seed: 21
        })
      );
      for (const budget of budgets) {
        const markdown = renderSummary(report, { budgetBytes: budget });
        expect([budget, Buffer.byteLength(markdown) <= budget]).toEqual([budget, true]);
        expect([budget, markdown.includes('#### Time per tool')]).toEqual([budget, true]);
        expect([budget, markdown.includes('#### Tool calls')]).toEqual([budget, true]);
      }
    }
  );

  test('with an artifact link and redacted text, and at small budgets', () => {
    // What the ingest boundary keeps of it when '@-"' is a secret.
    const mb = makeRedactor(['@-"'])(big);
    const report: RunReport = {
      ...reportOf({
        ...turn,
        model: mb,
        sessionId: mb,
        recentCalls: turn.recentCalls.map(c => ({ ...c, name: mb, inputPreview: mb, output: mb })),
        tools: turn.tools.map((t, i) => ({ ...t, name: `${i}${mb}` as Redacted })),
        unfinished: turn.unfinished.map(() => ({ name: mb, inputPreview: mb })),
        result: { ...turn.result!, error: mb },
        unknownTypes: unknownTypes(mb),
        issues: turn.issues.map(i => ({ ...i, problem: mb }))
      }),
      verdict: { outcome: 'failure', exitCode: 1, message: mb },
      artifact: { name: mb, id: 1, url: 'https://github.com/o/r/actions/runs/1/artifacts/1' }
    };
    for (const budget of [SUMMARY_BUDGET_BYTES, 64 * 1024, 16 * 1024]) {
      const markdown = renderSummary(report, { budgetBytes: budget });
      expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(budget);
      for (const form of ['@-"', '\\@\\-\\"', '\\@\u200b\\-\\"'])
        expect(markdown).not.toContain(form);
      if (budget < SUMMARY_BUDGET_BYTES)
        checkSummaryHtml(renderGfm(markdown), { linkTo: report.artifact!.url });
    }
  });
});

describe('reasoning (API server mode)', () => {
  const withReasoning = (turn: Turn, text: string): Turn => ({
    ...turn,
    reasoning: { deltas: 10, chars: text.length, text: kept(text) }
  });
  const reportWith = (turn: Turn): RunReport => ({
    ...reportOf(turn),
    verdict: shownVerdict(verdictOf(turn, apiEnd()))
  });
  const thoughts = 'Check shard 12 first; its log is the noisy one. '.repeat(600);

  test('a collapsed block after the answer; show-reasoning false leaves it out', () => {
    const report = reportWith(withReasoning(generatedTurn(10), thoughts));
    const html = checkSummaryHtml(renderGfm(renderSummary(report)));
    const titles = all(html, 'details')
      .filter(d => d.children.some(c => typeof c !== 'string' && c.tag === 'summary'))
      .map(d => textOf(must(all(d, 'summary')[0])));
    expect(titles.slice(0, 2)).toEqual(['Answer (5 characters)', 'Reasoning (28,800 characters)']);
    const block = all(html, 'details')[1];
    expect(textOf(must(block))).toContain(
      'Cut at 20,000 of 28,800 characters; the whole reasoning is in /home/runner/work/_temp/hermes-1/run.jsonl.'
    );
    const hidden = renderSummary(report, { showReasoning: false });
    expect(hidden).not.toContain('Reasoning');
    expect(hidden).not.toContain('shard 12 first');
  });

  test('secrets are redacted in it before it is cut', () => {
    const secret = 'hunter2-very-secret';
    // Through the turn, which redacts the reasoning it keeps (the ingest boundary).
    const builder = new TurnBuilder(makeRedactor([secret]));
    const text = `${'x'.repeat(19_990)}${secret}`;
    for (let i = 0; i < text.length; i += 7)
      builder.add({ event: { type: 'reasoning', text: text.slice(i, i + 7) }, issues: [] }, 1);
    const report = reportWith(builder.finish());
    const markdown = renderSummary(report);
    for (let n = 4; n <= secret.length; n++)
      expect(markdown.replace(/\\/g, '')).not.toContain(secret.slice(0, n));
  });

  // 300 rows, as in 'expanded outputs go before rows do': every budget here is relative to the summary.
  test('it degrades before the tool table: shorter, then a note, while every row stays', () => {
    const turn = withReasoning(generatedTurn(300), thoughts);
    const report = reportWith(turn);
    const full = renderSummary(report);
    const without = renderSummary(report, { showReasoning: false });
    const at = (budget: number) => {
      const markdown = renderSummary(report, { budgetBytes: budget });
      expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(budget);
      const html = checkSummaryHtml(renderGfm(markdown));
      return { markdown, text: textOf(html), rows: tables(html).get('#')!.slice(1) };
    };
    const rowsWithout = at(Buffer.byteLength(without)).rows.length;
    expect(rowsWithout).toBe(300);
    // Less room than the whole block: a shorter block, every row still there.
    const shorter = at(Buffer.byteLength(full) - 10_000);
    expect(shorter.rows).toHaveLength(rowsWithout);
    expect(shorter.text).toMatch(/Cut at [\d,]+ of 28,800 characters; the whole reasoning is in/);
    expect(shorter.text).not.toContain('Outputs of older failed calls are not expanded');
    // The largest budget with no room for any of it: a note that says where it is, every row there.
    const hasBlock = (budget: number): boolean =>
      renderSummary(report, { budgetBytes: budget }).includes('<summary>Reasoning (');
    let [low, high] = [Buffer.byteLength(without) - 5000, Buffer.byteLength(full)];
    expect(hasBlock(low)).toBe(false);
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (hasBlock(mid)) high = mid;
      else low = mid;
    }
    const none = at(low);
    expect(none.rows).toHaveLength(rowsWithout);
    expect(none.text).toContain(
      'The reasoning (28,800 characters) is left out to stay under GitHub’s 1 MiB summary limit; it is in'
    );
    expect(at(high).text).toMatch(/Cut at [\d,]+ of 28,800 characters/);
    expect(none.markdown).not.toContain('shard 12 first');
  });
});
