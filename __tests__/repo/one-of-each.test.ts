/**
 * One of each idea: the outcome table every place reads, the one percentage, the one per-tool table
 * both summaries draw, the closing log line, the one input reader, the one JSON parse, and the
 * matrix download's retries through the one retry().
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { reader, InputError } from '../../src/config/input-reader.js';
import { parseInstall } from '../../src/config/install.js';
import { DOWNLOAD_ATTEMPTS, downloadLegs } from '../../src/report-action/artifacts.js';
import { parseReportSettings } from '../../src/report-action/inputs.js';
import { parseJson } from '../../src/text/json.js';
import { renderComment } from '../../src/github/body.js';
import { closingLine } from '../../src/publish/log.js';
import { percent } from '../../src/publish/markdown.js';
import { renderSummary } from '../../src/publish/summary.js';
import { toolsBlock } from '../../src/publish/tool-tables.js';
import type { Leg } from '../../src/report-action/leg.js';
import { renderMatrixSummary } from '../../src/report-action/summary.js';
import { totalsOf } from '../../src/report-action/totals.js';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import { verdictOf, OUTCOMES, titleOf, whatOf, type Outcome } from '../../src/turn/verdict.js';
import { makeRedactor } from '../../src/text/redact.js';
import { gated, type Trigger } from '../../src/access/gate.js';
import { WRITERS_ONLY_EVENTS } from '../../src/config/events.js';
import { savesOn } from '../../src/install/cache.js';
import { LineSplitter } from '../../src/process/line-splitter.js';
import { kept, shownVerdict } from '../helpers/kept.js';
import { apiEnd, processEnd, TRANSCRIPT_END } from '../helpers/run-end.js';
import { must } from '../helpers/must.js';

const ALL = Object.keys(OUTCOMES) as Outcome[];
const redact = makeRedactor([]);
const empty = new TurnBuilder().finish();

/** A turn whose result event says this exit code. */
function resulted(code: number): Turn {
  const builder = new TurnBuilder();
  const line = `{"type": "result", "session_id": "s", "exit_code": ${code}, "timestamp": 1}`;
  builder.add(decodeLine(Buffer.from(line), 1), 1);
  return builder.finish();
}

function leg(name: string, outcome: Leg['outcome']): Leg {
  return {
    name,
    outcome,
    toolCalls: 0,
    toolErrors: 0,
    tools: [],
    error: outcome === 'success' ? '' : 'stopped',
    attempts: 1,
    streamProblems: 0,
    source: { kind: 'file', path: `${name}.jsonl` }
  };
}

describe('the outcome table', () => {
  test('every outcome has an icon, a title and words', () => {
    for (const outcome of ALL) {
      const { icon, title, what } = OUTCOMES[outcome];
      expect([icon, title, what].every(s => s.trim() !== '')).toBe(true);
    }
  });

  test.each(ALL)('%s: the summary and the comment head with its icon and title', outcome => {
    const verdict = { outcome, message: 'why', ...(outcome === 'success' && { exitCode: 0 }) };
    const report = {
      verdict: shownVerdict(verdict),
      turn: empty,
      durationMs: 1,
      stderrTail: [],
      jsonlPath: '/tmp/run.jsonl'
    };
    const heading = `### ${OUTCOMES[outcome].icon} ${OUTCOMES[outcome].title}`;
    expect(renderSummary(report).split('\n')[0]).toMatch(new RegExp(`^${heading}( ·|$)`, 'u'));
    const comment = renderComment(
      { phase: 'done', outcome, message: 'why' },
      { marker: '<!-- m -->', runUrl: 'https://github.com/o/r/actions/runs/1' },
      redact
    );
    expect(comment.split('\n')[2]).toBe(heading);
  });

  test.each(ALL)('%s: the matrix summary marks its legs with the same icon', outcome => {
    const legs = [leg('a', outcome)];
    const markdown = renderMatrixSummary(
      { legs, totals: totalsOf(legs), origin: { kind: 'files', patterns: ['*.jsonl'] } },
      redact
    );
    expect(markdown).toContain(`${OUTCOMES[outcome].icon} ${outcome}`);
  });

  test('the verdict speaks with the words of the mode that ran; a transcript shares the CLI’s', () => {
    for (const [code, outcome] of [
      [75, 'tempfail'],
      [78, 'config_error'],
      [1, 'failure']
    ] as const) {
      const turn = resulted(code);
      expect(verdictOf(turn, processEnd({ exitCode: code })).message).toMatch(
        new RegExp(`^${escape(whatOf(outcome, 'cli'))} \\(exit code ${code}\\)`)
      );
      expect(verdictOf(turn, TRANSCRIPT_END).message).toMatch(
        new RegExp(`^${escape(whatOf(outcome, 'transcript'))} \\(exit code ${code}\\)`)
      );
      expect(verdictOf(turn, apiEnd({ exitCode: code })).message).toMatch(
        new RegExp(`^${escape(whatOf(outcome, 'api'))} \\(exit code ${code}\\)`)
      );
    }
    expect(whatOf('tempfail', 'api')).not.toBe(whatOf('tempfail', 'cli'));
    expect(whatOf('tempfail', 'transcript')).toBe(whatOf('tempfail', 'cli'));
    expect(titleOf('timeout')).toBe('⌛ Hermes timed out');
  });
});

describe('closingLine', () => {
  test('the outcome by name, the exit code, tokens, duration and tool calls', () => {
    const verdict = { outcome: 'failure' as const, exitCode: 1, message: 'x' };
    const attempt = { turn: resulted(1), end: processEnd({ exitCode: 1 }), durationMs: 1500 };
    expect(closingLine(verdict, attempt)).toBe(
      '■ failure · exit 1 · 1.5 s · 0 tool calls (0 failed)'
    );
    expect(closingLine({ outcome: 'not_found', message: 'x' }, { ...attempt, turn: empty })).toBe(
      '■ not_found · 1.5 s · 0 tool calls (0 failed)'
    );
  });
});

describe('percent', () => {
  test.each([
    [0, '0%'],
    [0.0004, '\\<0.1%'],
    [0.002, '0.2%'],
    [0.0996, '10.0%'],
    [0.1, '10%'],
    [2 / 3, '67%'],
    [0.994, '99%'],
    [0.997, '99.7%'],
    [255 / 256, '99.6%'],
    [0.9996, '\\>99.9%'],
    [1, '100%']
  ])('%d → %s', (share, text) => {
    expect(percent(share)).toBe(text);
  });
});

describe('the per-tool table', () => {
  const tools = [
    { name: kept('terminal'), calls: 2, errors: 1, totalMs: 300, maxMs: 200, legs: 2 },
    { name: kept('read_file'), calls: 1, errors: 0, totalMs: 100, maxMs: 100, legs: 1 }
  ];

  test('one shape for both summaries; the matrix adds how many legs called each tool', () => {
    const run = toolsBlock(tools, { heading: 'Time per tool' }).split('\n');
    const matrix = toolsBlock(tools, { heading: 'Tools across all legs', legs: true }).split('\n');
    expect(run[2]).toBe('| Tool | Calls | Errors | Total | Slowest | Share of tool time |');
    expect(matrix[2]).toBe(
      '| Tool | Legs | Calls | Errors | Total | Slowest | Share of tool time |'
    );
    expect(run[4]).toBe(
      '| <code>terminal</code> | 2 | **1** | 300 ms | 200 ms | ███████████████ 75% |'
    );
    expect(matrix[4]).toBe(
      '| <code>terminal</code> | 2 | 2 | **1** | 300 ms | 200 ms | ███████████████ 75% |'
    );
  });

  test('the matrix summary draws it over all legs', () => {
    const legs = [
      { ...leg('a', 'success'), tools: [must(tools[0])] },
      { ...leg('b', 'success'), tools }
    ];
    const markdown = renderMatrixSummary(
      { legs, totals: totalsOf(legs), origin: { kind: 'files', patterns: ['*.jsonl'] } },
      redact
    );
    expect(markdown).toContain(
      '| <code>terminal</code> | 2 | 4 | **2** | 600 ms | 200 ms | █████████████████▏ 86% |'
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('one input reader for both actions', () => {
  const inputs =
    (given: Record<string, string>) =>
    (name: string): string =>
      given[name] ?? '';

  test('the report sub-action refuses a bad boolean as the main action does, with its error', () => {
    const bad = (): unknown =>
      parseReportSettings({ getInput: inputs({ 'fail-on-error': 'yes' }), env: {} });
    expect(bad).toThrow(InputError);
    expect(bad).toThrow('Input "fail-on-error" is "yes"; allowed: true or false.');
    expect(() => reader(inputs({ summary: 'yes' })).bool('summary', true)).toThrow(
      'Input "summary" is "yes"; allowed: true or false.'
    );
  });

  test('install-browser reads GitHub’s boolean spellings too; a bad install input is an InputError', () => {
    expect(parseInstall(inputs({ 'install-browser': 'True' })).installBrowser).toBe(true);
    expect(parseInstall(inputs({ 'install-browser': 'FALSE' })).installBrowser).toBe(false);
    expect(() => parseInstall(inputs({ install: 'maybe' }))).toThrow(InputError);
  });
});

describe('one JSON parse', () => {
  test('a value, or a failure that says where without quoting the text', () => {
    expect(parseJson('{"a": [1, null]}')).toEqual({ ok: true, value: { a: [1, null] } });
    expect(parseJson('null').value).toBeNull();
    const failed = parseJson('{"token": "ghp_secret" oops}');
    expect(failed.ok).toBe(false);
    expect(failed.value).toBeUndefined();
    expect(!failed.ok && failed.error).toMatch(/\(line 1, column \d+\)$/);
    expect(!failed.ok && failed.error).not.toContain('ghp_secret');
  });
});

describe('the matrix download retries through retry()', () => {
  const transcript =
    '{"type": "result", "session_id": "s", "exit_code": 0, "duration_ms": 5, "timestamp": 1}\n';
  /** An artifact client whose first `failures` downloads throw; later ones write the transcript. */
  function flaky(failures: number) {
    let calls = 0;
    const client = {
      calls: () => calls,
      async downloadArtifact(_id: number, { path: dir }: { path: string }) {
        calls += 1;
        if (calls <= failures) throw new Error(`Unexpected HTTP response from blob storage (503)`);
        fs.writeFileSync(path.join(dir, 'leg.jsonl'), transcript);
        return { digestMismatch: false };
      }
    };
    return client;
  }
  const download = (client: ReturnType<typeof flaky>) =>
    downloadLegs(client as never, [{ id: 7, name: 'leg.jsonl', size: 1 }], {
      tempDir: os.tmpdir(),
      env: {},
      redact,
      sleep: async () => {}
    });

  test('two failures, then the leg is folded', async () => {
    const client = flaky(2);
    const leg = must((await download(client))[0]);
    expect(client.calls()).toBe(3);
    expect(leg.outcome).toBe('success');
  });

  test('three failures: unreadable, saying how many and the last reason', async () => {
    const client = flaky(3);
    const leg = must((await download(client))[0]);
    expect(client.calls()).toBe(DOWNLOAD_ATTEMPTS);
    expect(leg.outcome).toBe('unreadable');
    expect(leg.error).toBe(
      'the download failed 3 times; the last time: Unexpected HTTP response from blob storage (503)'
    );
  });
});

describe('one of each in the process layer and the trust of events', () => {
  const src = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src');
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap(e => (e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .filter(f => f.endsWith('.ts'));

  test('one file of src/ imports node:child_process', () => {
    const importing = sources(src)
      .filter(f => /from 'node:child_process'/.test(fs.readFileSync(f, 'utf8')))
      .map(f => path.relative(src, f));
    expect(importing).toEqual([path.join('process', 'spawn.ts')]);
  });

  test('one read of the event payload: only config/events.ts reads GITHUB_EVENT_PATH, once per run in admission', () => {
    // Comments may name it; code may not.
    const code = (file: string): string =>
      fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
    const reading = sources(src)
      .filter(f => /GITHUB_EVENT_PATH/.test(code(f)))
      .map(f => path.relative(src, f));
    expect(reading).toEqual([path.join('config', 'events.ts')]);
    const calling = sources(src)
      .filter(f => /\breadEventPayload\(/.test(code(f)))
      .map(f => path.relative(src, f));
    expect(calling.sort()).toEqual([
      path.join('config', 'events.ts'),
      path.join('steps', 'admit.ts')
    ]);
    expect(code(path.join(src, 'steps', 'admit.ts')).match(/\breadEventPayload\(/g)).toHaveLength(
      1
    );
  });

  test('one GitHub REST client: the gate, the comment, the review and the labels call through http/github.ts', () => {
    const speaking = sources(src)
      .filter(f => /X-GitHub-Api-Version|api\.github\.com\/repos/.test(fs.readFileSync(f, 'utf8')))
      .map(f => path.relative(src, f));
    expect(speaking).toEqual([path.join('http', 'github.ts')]);
  });

  test('the gate checks exactly the events on which the install cache may not be saved', () => {
    const events = [
      ...WRITERS_ONLY_EVENTS,
      'pull_request',
      'pull_request_target',
      'issue_comment',
      'issues',
      'workflow_run',
      'discussion',
      'some_future_event'
    ];
    for (const event of events)
      expect(savesOn(event)).toBe(!gated({ event, onRunner: true } as Trigger));
    expect(sources(src).filter(f => /'merge_group'/.test(fs.readFileSync(f, 'utf8')))).toEqual([
      path.join(src, 'config', 'events.ts')
    ]);
  });

  test('one line splitter: lines without CR, long lines in bounded pieces, the rest on flush', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter(line => lines.push(line), 4);
    splitter.push('ab\r\ncd');
    splitter.push('efghij');
    splitter.push('\nk');
    splitter.flush();
    expect(lines).toEqual(['ab', 'cdef', 'ghij', 'k']);
  });
});
