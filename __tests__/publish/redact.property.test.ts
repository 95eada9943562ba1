/**
 * Redaction wherever a secret stands: known-format tokens and `redact` values, placed at random
 * positions in random string fields of every event type, next to JSON escapes, punctuation and
 * non-ASCII, never reach the four places the action writes: the live log, the job summary (as
 * GitHub renders it), the step outputs, and the transcript as uploaded (raw JSONL).
 * Seeded: a failure prints its seed and the case, and reruns the same.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { pythonJson } from '../../src/api-server/transcript.js';
import { followFile } from '../../src/turn/stream-reader.js';
import { verdictOf } from '../../src/turn/verdict.js';
import { copyRedacted } from '../../src/publish/egress.js';
import { redactRecord } from '../../src/publish/session-artifact.js';
import { shown } from '../../src/publish/run-report.js';
import { LiveLog } from '../../src/publish/log.js';
import { outputsOf } from '../../src/publish/outputs.js';
import { renderSummary } from '../../src/publish/summary.js';
import { environmentSecrets, makeRedactor, MASK } from '../../src/text/redact.js';
import { TOOL_OUTPUT_CHARS, TranscriptRecorder } from '../../src/api-server/transcript.js';
import { render, textOf } from '../helpers/gfm.js';
import { processEnd } from '../helpers/run-end.js';
import { runs } from '../helpers/runs.js';
import { must } from '../helpers/must.js';

// 1,000 secrets cover each format in each field about nine times; FC_SCALE=10 for a long hunt.
const CASES = runs(1000);
const PER_TRANSCRIPT = 50;
const SEED = 20261201;

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const run = (n: number, from = ALNUM) =>
  fc.array(fc.constantFrom(...from), { minLength: n, maxLength: n }).map(a => a.join(''));

// Fake tokens of each known format, built from parts so that no secret-looking literal sits here.
const token = fc.oneof(
  run(36).map(s => 'gh' + 'p_' + s),
  run(40).map(s => 'gh' + 's_' + s),
  fc.tuple(run(22), run(59)).map(([a, b]) => 'github' + '_pat_' + a + '_' + b),
  run(48).map(s => 's' + 'k-' + s),
  run(40).map(s => 's' + 'k-proj-' + s),
  run(80).map(s => 's' + 'k-ant-api03-' + s),
  run(64, '0123456789abcdef').map(s => 's' + 'k-or-v1-' + s),
  run(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567').map(s => 'AK' + 'IA' + s),
  run(24).map(s => 'xo' + 'xb-' + '1234567890-' + s),
  fc.tuple(run(20), run(30), run(43)).map(([a, b, c]) => `ey${'J'}${a}.ey${'J'}${b}.${c}`)
);

// Characters a user's value may hold: anything a workflow line can, the mask's `*` aside.
const VALUE_CHARS = [...ALNUM, ...'-_.!#$%&+=?~"\'\\/:;,<>()[]{}|`^ @', 'é', 'ß', '漢', '😀'];
const value = fc
  .array(fc.constantFrom(...VALUE_CHARS), { minLength: 6, maxLength: 24 })
  .map(a => a.join('').trim())
  .filter(v => v.length >= 6);

// What stands around a secret: JSON escapes once serialised, punctuation, non-ASCII, words.
const NEIGHBOURS = [
  '\n',
  '\t',
  '\r',
  '"',
  '\\',
  '/',
  '\u0001',
  'é',
  '漢',
  '😀',
  ' ',
  '.',
  ',',
  ':',
  '(',
  ')',
  '=',
  "'",
  '`',
  '<',
  '>',
  'a',
  '_',
  '-',
  '*'
];
const around = fc
  .array(fc.oneof(fc.constantFrom(...NEIGHBOURS), fc.string({ maxLength: 4 })), { maxLength: 6 })
  .map(a => a.join(''));

const FIELDS = [
  'system.model',
  'system.session_id',
  'text.text',
  'reasoning.text',
  'tool_use.name',
  'tool_use.input.command',
  'tool_use.input.nested',
  'tool_result.output',
  'tool_result.name',
  'result.text',
  'result.error'
] as const;

interface Case {
  field: (typeof FIELDS)[number];
  secret: string;
  before: string;
  after: string;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    field: fc.constantFrom(...FIELDS),
    secret: fc.oneof(token, value),
    before: around,
    after: around
  })
  .map(c =>
    // The one documented limit: a bare `sk-` glued to a word is taken for a word (`risk-…`); an
    // empty `before` could glue it to what the event before it ended with (text deltas join).
    /^sk-(?!ant-|or-|proj-|svcacct-|admin-)/.test(c.secret) && /(?:^|[A-Za-z0-9_])$/.test(c.before)
      ? { ...c, before: `${c.before} ` }
      : c
  );

/** One transcript holding every case of a batch: an event per case, then the result. */
function transcript(cases: Case[]): string {
  let t = 1795978843000;
  const line = (event: object) => `${pythonJson({ ...event, timestamp: t++ })}\n`;
  const init: { [k: string]: string } = { model: 'nous/hermes', session_id: '20261201_000000_abc' };
  const result: { [k: string]: unknown } = { text: 'done', error: 'Stopped part-way' };
  let body = '';
  for (const c of cases) {
    const s = `${c.before}${c.secret}${c.after}`;
    const [type, key, sub] = c.field.split('.');
    if (type === 'system') init[must(key)] = s;
    else if (type === 'result') result[must(key)] = `${result[must(key)] as string} ${s}`;
    else if (type === 'tool_use')
      body += line({
        type,
        name: 'terminal',
        input: sub === 'command' ? { command: s } : { path: 'a', deep: { list: [1, s] } }
      });
    else if (type === 'tool_result')
      body += line(
        key === 'name'
          ? { type, name: s, output: 'ok', duration_ms: 1, is_error: false }
          : { type, name: 'terminal', output: s, duration_ms: 1, is_error: true }
      );
    else body += line({ type, text: s });
  }
  return (
    line({ type: 'system', subtype: 'init', ...init }) +
    body +
    line({
      type: 'result',
      session_id: init.session_id,
      exit_code: 1,
      tokens: { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 },
      duration_ms: 5,
      ...result
    })
  );
}

const flat = (text: string) => text.replace(/\u200b/g, '').replace(/\s+/g, ' ');

// FC_SCALE=4 for the 400 the suite once ran.
const SPLIT_CASES = runs(100);

interface SplitCase {
  secret: string;
  env: Record<string, string>;
  kind: 'text' | 'reasoning';
  before: string;
  after: string;
  /** Where the joined text is cut into deltas (sorted, within it). */
  cuts: number[];
  /** Also (or instead, for a token) as a tool output that upstream cut at 5000 characters. */
  cut: boolean;
  /** The API server mode's own 5000-character cut of a tool output, through the recorder. */
  apiCut: boolean;
}

const envValue = run(12).map(v => `v${v}`);
const splitArb: fc.Arbitrary<SplitCase> = fc
  .record({
    source: fc.constantFrom('token', 'env', 'percent'),
    token,
    value: envValue,
    name: fc.constantFrom(
      'GEMINI_API_KEY',
      'HF_TOKEN',
      'APP_SECRET',
      'DB_PASSWORD',
      'GL_PAT',
      'X_CREDENTIALS'
    ),
    kind: fc.constantFrom<'text' | 'reasoning'>('text', 'reasoning'),
    before: around,
    after: around,
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
    cut: fc.boolean(),
    apiCut: fc.boolean()
  })
  .map(r => {
    const secret =
      r.source === 'token'
        ? r.token
        : r.source === 'env'
          ? r.value
          : `Bearer%20${'s' + 'k-'}${r.value}${r.value}`;
    const env =
      r.source === 'token' ? {} : { [r.name]: r.source === 'env' ? r.value : 'unrelated-value' };
    // Spaces around: what a bare sk- needs (see caseArb), and a word boundary for the rest.
    const before = `${r.before} `;
    const after = ` ${r.after}`;
    const length = before.length + secret.length + after.length;
    const cuts = [...new Set(r.cuts.map(x => Math.floor(x * length)))]
      .filter(x => x > 0)
      .sort((a, b) => a - b);
    return {
      secret,
      env,
      kind: r.kind,
      before,
      after,
      cuts,
      cut: r.cut && r.source === 'token',
      apiCut: r.apiCut
    };
  });

/** The transcript of one case, and each piece of the secret with the line (0-based) it stands on. */
function splitTranscript(
  c: SplitCase,
  redact: ReturnType<typeof makeRedactor>
): { text: string; pieces: [number, string][] } {
  const lines: string[] = [];
  const recorder = new TranscriptRecorder(
    { line: l => lines.push(l), anomaly: () => undefined },
    { model: 'nous/hermes', showReasoning: true, startedAt: 0, now: () => 1, redact }
  );
  recorder.init({ model: 'nous/hermes', sessionId: '20261201_000000_abc' });
  const joined = `${c.before}${c.secret}${c.after}`;
  const bounds = [0, ...c.cuts, joined.length];
  const start = c.before.length;
  const stop = start + c.secret.length;
  const pieces: [number, string][] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const [a, b] = [bounds[k], bounds[k + 1]];
    const delta = joined.slice(a, b);
    if (delta === '') continue;
    if (c.kind === 'text') recorder.text(delta);
    else recorder.reasoning(delta);
    const piece = joined.slice(Math.max(must(a), start), Math.min(must(b), stop));
    if (Math.max(must(a), start) < Math.min(must(b), stop)) pieces.push([lines.length - 1, piece]);
  }
  const filler = 'x '.repeat(TOOL_OUTPUT_CHARS);
  if (c.cut) {
    // Upstream's own cut, which the action cannot move: the token's start stands before `...`.
    const output =
      (filler.slice(0, TOOL_OUTPUT_CHARS - 20) + ' ' + c.secret).slice(0, TOOL_OUTPUT_CHARS) +
      '...';
    lines.push(
      `${pythonJson({ type: 'tool_result', name: 'terminal', output, duration_ms: 1, is_error: true, timestamp: 1 })}\n`
    );
  }
  if (c.apiCut) {
    // The action's own cut (API server mode): it comes after redaction.
    recorder.toolUse('call-1', 'terminal', { command: 'cat' });
    recorder.toolResult(
      'call-1',
      filler.slice(0, TOOL_OUTPUT_CHARS - 10) + ' ' + c.secret + ' tail',
      true
    );
  }
  recorder.writeResult({
    exitCode: 1,
    text: `answer ${c.secret} done`,
    error: `failed near ${c.secret}`
  });
  return { text: lines.join(''), pieces };
}

describe('redaction wherever a secret stands (property, seeded)', () => {
  test(`${CASES} secrets in random fields and positions reach none of the four places`, async () => {
    const cases = fc.sample(caseArb, { numRuns: CASES, seed: SEED });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redact-property-'));
    const leaks: string[] = [];
    for (let i = 0; i < cases.length; i += PER_TRANSCRIPT) {
      const batch = cases.slice(i, i + PER_TRANSCRIPT);
      const values = batch.filter(c => !/^(gh[ps]_|github_pat_|sk-|AKIA|xoxb-|eyJ)/.test(c.secret));
      const redact = makeRedactor(values.map(c => c.secret));
      const file = path.join(dir, `run-${i}.jsonl`);
      fs.writeFileSync(file, transcript(batch));

      const logLines: string[] = [];
      const log = new LiveLog(redact, l => logLines.push(l));
      log.begin();
      const turn = await followFile(file, log);
      log.end();
      const verdict = verdictOf(turn, processEnd({ exitCode: 1 }));
      const report = {
        verdict: shown(verdict, redact),
        turn,
        durationMs: 5,
        stderrTail: [],
        jsonlPath: file
      };
      const summary = flat(textOf(render(renderSummary(report))));
      const outputs = [...outputsOf(report, 1).values()].map(flat).join('\n');
      const uploaded = path.join(dir, `up-${i}.jsonl`);
      await copyRedacted(file, uploaded, redact);
      const raw = fs.readFileSync(uploaded, 'utf8');
      const logText = flat(logLines.join('\n'));

      for (const c of batch) {
        const secret = flat(c.secret);
        const escaped = JSON.stringify(c.secret).slice(1, -1);
        const where = [
          logText.includes(secret) && 'log',
          summary.includes(secret) && 'summary',
          outputs.includes(secret) && 'outputs',
          (raw.includes(c.secret) || raw.includes(escaped)) && 'transcript'
        ].filter(Boolean);
        if (where.length > 0) leaks.push(`${where.join('+')}: ${JSON.stringify(c)}`);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    expect(leaks.slice(0, 5)).toEqual([]);
  }, 120_000);

  test('a token split across two text deltas is masked in the log line that joins them', () => {
    const secret = 'gh' + 'p_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    const lines: string[] = [];
    const log = new LiveLog(makeRedactor([]), l => lines.push(l));
    log.textDelta('the key is ' + secret.slice(0, 15));
    log.textDelta(secret.slice(15) + ', keep it\n');
    log.flushText();
    expect(lines).toEqual(['the key is ***, keep it']);
  });

  test(`${SPLIT_CASES} secrets split across deltas, from env:, after a percent escape, at the 5000-character cut`, async () => {
    const cases = fc.sample(splitArb, { numRuns: SPLIT_CASES, seed: SEED + 1 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redact-split-'));
    const leaks: string[] = [];
    for (const [i, c] of cases.entries()) {
      const redact = makeRedactor(environmentSecrets(c.env));
      const { text: transcriptText, pieces } = splitTranscript(c, redact);
      const file = path.join(dir, `run-${i}.jsonl`);
      fs.writeFileSync(file, transcriptText);
      const logLines: string[] = [];
      const log = new LiveLog(redact, l => logLines.push(l));
      log.begin();
      const turn = await followFile(file, log);
      log.end();
      const report = {
        verdict: shown(verdictOf(turn, processEnd({ exitCode: 1 })), redact),
        turn,
        durationMs: 5,
        stderrTail: [],
        jsonlPath: file
      };
      const summary = flat(textOf(render(renderSummary(report))));
      const outputs = [...outputsOf(report, 1).values()].join('\n');
      const uploaded = path.join(dir, `up-${i}.jsonl`);
      await copyRedacted(file, uploaded, redact);
      const lines = fs.readFileSync(uploaded, 'utf8').split('\n').slice(0, -1);
      const events = lines.map(l => {
        try {
          return JSON.parse(l) as { type: string; text?: string; output?: string };
        } catch {
          return undefined;
        }
      });
      const joined = events.map(e => (e?.type === c.kind ? e.text : '\n')).join('');
      const where = [
        flat(logLines.join('\n')).includes(flat(c.secret)) && 'log',
        summary.includes(flat(c.secret)) && 'summary',
        outputs.includes(c.secret) && 'outputs',
        events.some(e => e === undefined) && 'transcript not JSON',
        (joined.includes(c.secret) || lines.join('\n').includes(c.secret)) && 'transcript',
        // No piece of the secret stays in the line that held it.
        pieces.some(([line, piece]) => piece.length >= 4 && must(lines[line]).includes(piece)) &&
          'a piece in a delta',
        c.cut &&
          events.some(
            e => e?.output !== undefined && /gh[ps]_|sk-|AKIA|xoxb-|eyJ/.test(e.output)
          ) &&
          'a cut token'
      ].filter(Boolean);
      if (where.length > 0) leaks.push(`${where.join('+')}: ${JSON.stringify(c)}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    expect(leaks.slice(0, 3)).toEqual([]);
  });

  test('an uploaded delta that held a piece of a secret is rewritten; the others stay byte for byte', async () => {
    const secret = 'gh' + 'p_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redact-run-'));
    const deltas = [
      'keep this ',
      'the key is ' + secret.slice(0, 6),
      secret.slice(6, 30),
      secret.slice(30),
      ', keep it'
    ];
    const lines = deltas.map((t, i) => pythonJson({ type: 'text', text: t, timestamp: i }));
    fs.writeFileSync(path.join(dir, 'in.jsonl'), lines.join('\n') + '\n');
    await copyRedacted(path.join(dir, 'in.jsonl'), path.join(dir, 'out.jsonl'), makeRedactor([]));
    const out = fs.readFileSync(path.join(dir, 'out.jsonl'), 'utf8').split('\n');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(out.slice(0, 5).map(l => (JSON.parse(l) as { text: string }).text)).toEqual([
      'keep this ',
      `the key is ${MASK}`,
      '',
      '',
      ', keep it'
    ]);
    expect(out[0]).toBe(lines[0]);
    expect(out[4]).toBe(lines[4]);
  });
});

describe('a `redact` value written as a JSON number (property, seeded)', () => {
  // Digits, the first not 0: up to 22, past what a double holds (a parse would round them).
  const digits = fc
    .tuple(
      fc.integer({ min: 1, max: 9 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 21 })
    )
    .map(([first, rest]) => `${first}${rest.join('')}`);
  // Where the number stands: a field of any event type, nested, in an array, beside a delta's text.
  const place = fc.constantFrom(
    (n: string) => `{"type": "text", "text": "hi", "timestamp": ${n}}`,
    (n: string) => `{"type": "reasoning", "text": "hm", "id": ${n}}`,
    (n: string) =>
      `{"type": "tool_use", "name": "t", "input": {"account": ${n}, "list": [1, ${n}]}}`,
    (n: string) => `{"type": "tool_result", "output": "ok", "code": -${n}}`,
    (n: string) => `{"type": "result", "usage": {"input_tokens": ${n}.5e2}}`,
    (n: string) => `{"id": "s", "messages": [{"role": "user", "n": ${n}}], "cost": 0.1}`
  );

  test(`${runs(200)} numbers in the transcript and the session record are masked; each line stays JSON`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redact-number-'));
    const cases = fc.sample(fc.tuple(digits, place, fc.boolean()), {
      numRuns: runs(200),
      seed: SEED
    });
    const leaks: string[] = [];
    for (const [i, [secret, at, delta]] of cases.entries()) {
      const redact = makeRedactor([secret]);
      const lines = [
        ...(delta ? ['{"type": "text", "text": "before", "timestamp": 1}'] : []),
        at(secret),
        '{"type": "text", "text": "after", "timestamp": 2}'
      ];
      const file = path.join(dir, `run-${i}.jsonl`);
      fs.writeFileSync(file, lines.join('\n') + '\n');
      await copyRedacted(file, path.join(dir, `up-${i}.jsonl`), redact);
      const uploaded = fs.readFileSync(path.join(dir, `up-${i}.jsonl`), 'utf8');
      const record = redactRecord(lines.join('\n'), redact);
      for (const [where, text] of [
        ['transcript', uploaded],
        ['record', record]
      ]) {
        if (must(text).includes(secret)) leaks.push(`${where}: ${at(secret)}`);
        for (const line of must(text).split('\n').filter(Boolean))
          expect(() => JSON.parse(line)).not.toThrow();
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    expect(leaks.slice(0, 5)).toEqual([]);
  });
});
