/**
 * The report sub-action in-process: run() through its ports, with the real @actions/artifact client
 * against the loopback artifact service and Azurite. Legs are put there by the main action's own
 * upload code, so they are named as it names them; the report reads them as it would on a runner.
 * What only the bundled process shows (the names the bundled main action gives, the worker, the
 * runner's file formats) is in report.e2e.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Run } from '../helpers/artifact-service.js';
import { artifactUrl, useArtifactStore } from '../helpers/artifact-steps.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import {
  report,
  scenarioTranscript,
  sessionRecord,
  tempDir,
  uploadLeg,
  type ReportRow
} from '../helpers/report-run.js';
import type { UploadResult } from '../../src/publish/artifact.js';
import { reportPorts } from '../../src/report-action/ports.js';
import { must } from '../helpers/must.js';

const store = useArtifactStore();

const NO_RESULT = 'The transcript ends without a result event; the turn did not complete.';
const MODEL = 'nous/hermes-4-70b';
const SUCCESS_TOKENS = { input: 2100, output: 64, total: 2164, cache_read: 1500, cache_write: 0 };

/** Matrix legs as a workflow would run them: one job each, one artifact-name each, a cost each. */
const LEGS = [
  { name: 'review-success', scenario: 'success', cost: 0.01 },
  { name: 'review-failure', scenario: 'failure', cost: 0.02 },
  { name: 'review-tempfail', scenario: 'tempfail', cost: 0.03 },
  { name: 'review-no-result', scenario: 'no-result', cost: 0.04 },
  { name: 'review-parallel', scenario: 'parallel', cost: 0.05 }
];

/** What each leg's own step said of its turn (the scenario's result event), as the report file holds it. */
const ROWS: Record<string, Partial<ReportRow>> = {
  'review-damaged': {
    outcome: 'no_result',
    exit_code: null,
    model: null,
    tokens: null,
    duration_ms: null,
    tool_calls: 0,
    tool_errors: 0,
    error: NO_RESULT,
    attempts: 1,
    // Put there by hand: no session record beside it.
    cost_usd: null,
    cost_estimated: null
  },
  'review-failure': {
    outcome: 'failure',
    exit_code: 1,
    model: MODEL,
    tokens: { input: 48210, output: 3120, total: 51330, cache_read: 40960, cache_write: 2048 },
    duration_ms: 184220,
    tool_calls: 3,
    tool_errors: 1,
    error: 'Stopped part-way: reached max iterations (90)',
    cost_usd: 0.02,
    cost_estimated: false
  },
  // The transcript holds no process exit code: a leg that wrote no result has none here.
  'review-no-result': {
    outcome: 'no_result',
    exit_code: null,
    model: MODEL,
    tokens: null,
    duration_ms: null,
    tool_calls: 1,
    tool_errors: 0,
    error: NO_RESULT,
    cost_usd: 0.04
  },
  'review-parallel': {
    outcome: 'success',
    exit_code: 0,
    model: MODEL,
    tokens: { input: 3400, output: 88, total: 3488, cache_read: 2048, cache_write: 512 },
    duration_ms: 2511,
    tool_calls: 3,
    tool_errors: 0,
    error: '',
    cost_usd: 0.05
  },
  // Retried after exit 75: its artifact is a zip of both attempts, and the last one counts.
  'review-retried': {
    outcome: 'success',
    exit_code: 0,
    tokens: SUCCESS_TOKENS,
    duration_ms: 302,
    tool_calls: 2,
    tool_errors: 1,
    attempts: 2,
    cost_usd: 0.5
  },
  'review-success': {
    outcome: 'success',
    exit_code: 0,
    model: MODEL,
    tokens: SUCCESS_TOKENS,
    duration_ms: 302,
    tool_calls: 2,
    tool_errors: 1,
    error: '',
    attempts: 1,
    cost_usd: 0.01
  },
  'review-tempfail': {
    outcome: 'tempfail',
    exit_code: 75,
    tokens: { input: 1800, output: 6, total: 1806, cache_read: 0, cache_write: 0 },
    duration_ms: 14310,
    tool_calls: 0,
    error: 'provider rate limit: HTTP 429 Too Many Requests (retries exhausted)',
    cost_usd: 0.03
  }
};
const TOTAL_COST = 0.01 + 0.02 + 0.03 + 0.04 + 0.05 + 0.5;

describe('a matrix of runs, from this run’s artifacts', () => {
  let run: Run;
  const uploaded = new Map<string, UploadResult & { uploaded: true }>();
  let damagedId: number;
  beforeAll(async () => {
    run = store.service.newRun();
    const legs = [
      ...LEGS.map(l => ({ ...l, transcript: scenarioTranscript(l.scenario) })),
      {
        name: 'review-retried',
        transcript: scenarioTranscript('success'),
        earlier: [scenarioTranscript('tempfail')],
        cost: 0.5
      }
    ];
    for (const leg of legs) {
      const result = await uploadLeg(run, { ...leg, record: sessionRecord(leg.name, leg.cost) });
      if (result.uploaded) uploaded.set(leg.name, result);
    }
    // Another action's artifact, and a transcript damaged on its way (binary, a cut line).
    await run.put('coverage', Buffer.from('PK\x03\x04 not a transcript'), {
      mimeType: 'application/zip'
    });
    damagedId = (
      await run.put(
        'review-damaged.jsonl',
        Buffer.from('\x00\xff\xfe{"type": "system", "subtype": "init"\n{"type": "te')
      )
    ).id;
  }, 60_000);

  test('the legs are uploaded under the names the main action gives', () => {
    expect(run.finalized.map(a => a.name).sort()).toEqual(
      [
        ...[...uploaded.keys()].flatMap(n => [`${n}.jsonl`, `${n}-session.jsonl`]),
        'coverage',
        'review-damaged.jsonl'
      ].sort()
    );
  });

  test('one row per leg, saying what that leg’s step said; totals and outcomes as outputs', async () => {
    const r = await report({ env: run.env('report') });
    expect(r.rows.map(row => row.name)).toEqual(Object.keys(ROWS));
    for (const row of r.rows) {
      expect(row).toMatchObject(must(ROWS[row.name]));
      const leg = uploaded.get(row.name);
      expect(row.artifact_id).toBe(leg?.id ?? damagedId);
      expect(row.artifact_url).toBe(leg?.url ?? artifactUrl(run, damagedId));
    }
    const rows = Object.values(ROWS);
    expect(r.outputs).toMatchObject({
      runs: '7',
      succeeded: '3',
      failed: '4',
      tokens_total: String(rows.reduce((s, row) => s + (row.tokens?.total ?? 0), 0)),
      duration_ms: String(rows.reduce((s, row) => s + (row.duration_ms ?? 0), 0))
    });
    expect(JSON.parse(must(r.outputs.outcomes))).toEqual({
      success: 3,
      no_result: 2,
      failure: 1,
      tempfail: 1
    });
    // The step fails, naming the legs that did not succeed.
    expect(r.failed).toEqual([
      '4 of 7 legs did not succeed: review-damaged (no_result), review-failure (failure), review-no-result (no_result), review-tempfail (tempfail)'
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.log).toContain(
      'Skipped 1 artifact(s) that are not Hermes transcripts (names not ending in .jsonl)'
    );
    expect(r.log).toContain('group: Downloading 7 transcript(s)');
    expect(r.log).toContain(
      '✓ review-retried: success · nous/hermes-4-70b · 2164 tokens · 302 ms · 2 tool calls (1 failed)'
    );
    expect(r.log.at(-1)).toBe('3 of 7 legs succeeded · 60952 tokens · 3 min 22 s');
    // Nothing was retried, so nothing waited.
    expect(r.sleeps).toEqual([]);
  });

  test('the summary: a row per leg linking its artifact, what went wrong, the top legs, the tools', async () => {
    const r = await report({ env: run.env('report') });
    const html = render(r.summary);
    const text = textOf(html);
    expect(text).toContain('4 of 7 legs did not succeed');
    const tables = all(html, 'table');
    const [totals, legsTable] = [tables[0], tables.at(-1)!];
    expect(textOf(must(all(must(totals), 'tbody')[0]))).toMatch(/7\s*3\s*4\s*43%/);
    const legRows = all(must(all(legsTable, 'tbody')[0]), 'tr');
    expect(legRows).toHaveLength(7);
    const links = all(legsTable, 'a').map(a => a.attrs.href);
    for (const leg of uploaded.values()) expect(links).toContain(leg.url);
    expect(links).toContain(artifactUrl(run, damagedId));
    expect(text).toContain('What went wrong');
    expect(text).toContain('Stopped part-way: reached max iterations (90)');
    expect(text).toContain('Slowest legs');
    expect(text).toContain('Most expensive legs');
    expect(text).toContain('Tools across all legs');
    expect(text).toMatch(/1 other artifact\(s\) skipped.*coverage/);
  });

  test('cost: per leg from its session record, the total, "–" for a leg without one', async () => {
    const r = await report({ env: run.env('report') });
    for (const row of r.rows) expect(row.cost_usd).toBe(must(ROWS[row.name]).cost_usd);
    expect(Number(r.outputs.cost_usd)).toBeCloseTo(TOTAL_COST, 9);

    const tables = all(render(r.summary), 'table');
    const [head, ...cells] = tableRows(must(tables[0]));
    expect(must(head)[5]).toBe('Cost');
    expect(must(cells[0])[5]).toBe(`$${TOTAL_COST.toFixed(4)} (6 of 7 legs)`);
    const legRows = tableRows(tables.at(-1)!);
    expect(must(legRows[0])[4]).toBe('Cost');
    expect(legRows.find(row => row[0] === 'review-damaged')![4]).toBe('–');
    expect(legRows.find(row => row[0] === 'review-success')![4]).toBe('$0.0100');
    // The session records are read with their legs, never as legs (nor as "other artifacts").
    expect(r.log).toContain(
      'Skipped 1 artifact(s) that are not Hermes transcripts (names not ending in .jsonl)'
    );
  });

  test('fail-on-error: false lets the step pass, with a warning; name-pattern picks legs', async () => {
    const r = await report({
      inputs: { 'fail-on-error': 'false', 'name-pattern': 'review-s*' },
      env: run.env('report')
    });
    expect(r.failed).toEqual([]);
    expect(r.rows.map(row => row.name)).toEqual(['review-success']);
    expect(r.outputs).toMatchObject({ runs: '1', succeeded: '1', failed: '0' });
    expect(r.warnings).toEqual([]);
    expect(r.log).toContain('Skipped 6 transcript(s) not matching name-pattern');
    expect(textOf(render(r.summary))).toMatch(
      /6 transcript\(s\) skipped, not matching name-pattern/
    );

    const lenient = await report({
      inputs: { 'fail-on-error': 'false', 'name-pattern': 'review-[ft]*' },
      env: run.env('report')
    });
    expect(lenient.failed).toEqual([]);
    expect(lenient.outputs).toMatchObject({ runs: '2', succeeded: '0', failed: '2' });
    expect(lenient.warnings).toEqual([
      '2 of 2 legs did not succeed: review-failure (failure), review-tempfail (tempfail) (fail-on-error is false, so the step passes)'
    ]);
  });

  test('path mode: the same transcripts as local files give the same rows', async () => {
    const workspace = tempDir('report-files');
    const dirOf = (name: string): string => path.join(workspace, 'transcripts', name);
    for (const leg of LEGS) {
      fs.mkdirSync(dirOf(leg.name), { recursive: true });
      fs.writeFileSync(path.join(dirOf(leg.name), 'run.jsonl'), scenarioTranscript(leg.scenario));
      // Session records as download-artifact leaves them, beside their transcripts; one leg has none.
      if (leg.name !== 'review-success')
        fs.writeFileSync(
          path.join(dirOf(leg.name), 'run-session.jsonl'),
          sessionRecord(leg.name, leg.cost)
        );
    }
    // …and as the main action writes one beside its jsonl-path.
    fs.mkdirSync(dirOf('review-retried'));
    fs.writeFileSync(
      path.join(dirOf('review-retried'), 'run.jsonl'),
      scenarioTranscript('success')
    );
    fs.writeFileSync(
      path.join(dirOf('review-retried'), 'run.session.jsonl'),
      sessionRecord('review-retried', 0.5)
    );
    fs.writeFileSync(path.join(workspace, 'transcripts', 'notes.txt'), 'not read');
    const r = await report({
      inputs: { path: 'transcripts/**/*.jsonl\n!transcripts/review-tempfail/**' },
      workspace
    });
    const names = [...LEGS.map(l => l.name), 'review-retried']
      .filter(n => n !== 'review-tempfail')
      .sort();
    expect(r.rows.map(row => row.name)).toEqual(names.map(n => `transcripts/${n}/run.jsonl`));
    for (const row of r.rows) {
      const leg = must(row.name.split('/')[1]);
      const mine = must(ROWS[leg]);
      const { attempts: _, ...expected } = mine;
      expect(row).toMatchObject({
        ...expected,
        attempts: 1,
        path: path.join(workspace, row.name),
        cost_usd: leg === 'review-success' ? null : mine.cost_usd
      });
      expect(row.artifact_id).toBeUndefined();
    }
    expect(r.outputs).toMatchObject({ runs: '5', succeeded: '3', failed: '2' });
    expect(r.log).toContain('Reading 5 transcript(s)');
    expect(r.failed).toEqual([
      '2 of 5 legs did not succeed: transcripts/review-failure/run.jsonl (failure), transcripts/review-no-result/run.jsonl (no_result)'
    ]);
  });
});

describe('a matrix re-run after a failure', () => {
  let run: Run;
  const leg = (name: string, scenario: string, attempt?: number): Promise<UploadResult> =>
    uploadLeg(run, {
      name,
      transcript: scenarioTranscript(scenario),
      record: sessionRecord(name, 0.01),
      ...(attempt && { env: { GITHUB_RUN_ATTEMPT: String(attempt) } })
    });
  const attempt = (n: number): ReturnType<typeof report> =>
    report({ env: run.env('report', { GITHUB_RUN_ATTEMPT: String(n) }) });

  beforeAll(async () => {
    run = store.service.newRun();
    await leg('review-docs', 'success');
    await leg('review-tests', 'failure');
    await leg('review-lint', 'failure');
  }, 60_000);

  test('before the re-run: two of three legs failed', async () => {
    const first = await attempt(1);
    expect(first.outputs).toMatchObject({ runs: '3', succeeded: '1', failed: '2' });
    expect(first.log.join('\n')).not.toContain('Set aside');
  });

  test('the re-run uploads under a name of its own, tagged with the run attempt; each leg counts once, by its newest attempt', async () => {
    // Re-run failed jobs: the two failed legs again, as attempt 2; review-lint fails once more.
    await leg('review-tests', 'success', 2);
    await leg('review-lint', 'failure', 2);
    // Transcripts only: each leg's session record is uploaded beside it, under the same tag.
    expect(
      run.finalized
        .map(a => a.name)
        .filter(n => !n.endsWith('-session.jsonl'))
        .sort()
    ).toEqual([
      'review-docs.jsonl',
      'review-lint.jsonl',
      'review-lint.run-attempt-2.jsonl',
      'review-tests.jsonl',
      'review-tests.run-attempt-2.jsonl'
    ]);
    expect(run.finalized.map(a => a.name)).toContain('review-tests.run-attempt-2-session.jsonl');

    const r = await attempt(2);
    expect(r.rows.map(row => row.name)).toEqual([
      'review-docs',
      'review-lint.run-attempt-2',
      'review-tests.run-attempt-2'
    ]);
    expect(r.outputs).toMatchObject({ runs: '3', succeeded: '2', failed: '1' });
    expect(JSON.parse(must(r.outputs.outcomes))).toEqual({ success: 2, failure: 1 });
    // The re-run's session record is read with its re-run leg.
    expect(r.rows.every(row => row.cost_usd === 0.01)).toBe(true);
    expect(r.failed).toEqual(['1 of 3 legs did not succeed: review-lint.run-attempt-2 (failure)']);
    expect(r.log).toContain(
      'Set aside 2 earlier attempt(s) of re-run legs: each leg counts by its newest attempt'
    );
    expect(textOf(render(r.summary))).toContain(
      '2 earlier attempt(s) of re-run legs set aside, each leg counted by its newest attempt: ' +
        'review-lint attempt 1 (attempt 2 counted), review-tests attempt 1 (attempt 2 counted)'
    );
  });
});

describe('what cannot be read', () => {
  test('a download that keeps failing is a row saying so, counted as failed; one that recovers is read', async () => {
    const run = store.service.newRun({
      downloadFaults: { 'leg-lost.jsonl': [404, 404, 404], 'leg-flaky.jsonl': [404] }
    });
    const success = Buffer.from(scenarioTranscript('success'));
    for (const name of ['leg-lost.jsonl', 'leg-flaky.jsonl', 'leg-fine.jsonl'])
      await run.put(name, success);
    const r = await report({ env: run.env('report') });
    expect(r.rows.find(row => row.name === 'leg-lost')).toMatchObject({
      outcome: 'unreadable',
      error: expect.stringMatching(/^the download failed 3 times; the last time: .*\(404\)/)
    });
    expect(r.rows.find(row => row.name === 'leg-flaky')).toMatchObject({ outcome: 'success' });
    expect(r.rows.find(row => row.name === 'leg-fine')).toMatchObject({ outcome: 'success' });
    expect(r.outputs).toMatchObject({ runs: '3', succeeded: '2', failed: '1' });
    expect(JSON.parse(must(r.outputs.outcomes))).toEqual({ success: 2, unreadable: 1 });
    const calls = run.calls.filter(c => c.method === 'GetSignedArtifactURL');
    expect(calls.filter(c => c.body.name === 'leg-lost.jsonl').map(c => c.status)).toEqual([
      404, 404, 404
    ]);
    expect(calls.filter(c => c.body.name === 'leg-flaky.jsonl').map(c => c.status)).toEqual([
      404, 200
    ]);
    // The waits between tries, on the sleep port: 1 s then 2 s for the lost leg, 1 s for the flaky one.
    expect([...r.sleeps].sort((a, b) => a - b)).toEqual([1000, 1000, 2000]);
    expect(r.failed).toEqual(['1 of 3 legs did not succeed: leg-lost (unreadable)']);
    expect(textOf(render(r.summary))).toMatch(/leg-lost\s*⚠️ unreadable/);
  });

  test('nothing to read is a clear failure that says where it looked, even with fail-on-error: false', async () => {
    const run = store.service.newRun();
    await run.put('coverage', Buffer.from('PK'), { mimeType: 'application/zip' });
    const r = await report({ inputs: { 'fail-on-error': 'false' }, env: run.env('report') });
    expect(r.failed).toEqual([
      'No Hermes transcripts to report on: this workflow run has 1 artifact(s), and none is a Hermes transcript (a name ending in .jsonl) matching input "name-pattern" ("*"). Run the report in a job that needs the jobs running Hermes, with upload-artifact left on; or give "path".'
    ]);
    expect(r.outputs).toMatchObject({ runs: '0', succeeded: '0', failed: '0', outcomes: '{}' });
    expect(r.rows).toEqual([]);
    expect(textOf(render(r.summary))).toContain('No Hermes transcripts to report on');

    const workspace = tempDir('report-empty');
    const files = await report({ inputs: { path: 'out/*.jsonl' }, workspace });
    expect(files.failed).toEqual([
      `No Hermes transcripts to report on: input "path" ("out/*.jsonl") matches no file under ${workspace}.`
    ]);
  });

  test('the artifacts cannot be listed: a clear failure, not a crash', async () => {
    const run = store.service.newRun({ faults: { ListArtifacts: [401, 401, 401, 401, 401] } });
    const r = await report({ env: run.env('report') });
    expect(r.failed).toEqual([
      expect.stringMatching(
        /^No Hermes transcripts to report on: this run’s artifacts could not be listed: /
      )
    ]);
    expect(r.outputs).toMatchObject({ runs: '0' });
  });

  test('a summary that cannot be written is a warning: it does not decide the step', async () => {
    const workspace = tempDir('report-nosummary');
    fs.mkdirSync(path.join(workspace, 'out'));
    fs.writeFileSync(path.join(workspace, 'out', 'ok.jsonl'), scenarioTranscript('success'));
    const missing = path.join(workspace, 'no-such-dir', 'summary.md');
    const r = await report({
      inputs: { path: 'out/*.jsonl' },
      workspace,
      env: { GITHUB_STEP_SUMMARY: missing },
      // The runner's own: @actions/core's summary, which cannot open a file in a missing folder.
      writeSummary: reportPorts().out.writeSummary
    });
    expect(r.failed).toEqual([]);
    expect(r.outputs).toMatchObject({ runs: '1', succeeded: '1', failed: '0' });
    expect(r.warnings).toEqual([
      expect.stringMatching(/^The job summary could not be written: .*no-such-dir/)
    ]);
  });

  test('summary: false writes none', async () => {
    const workspace = tempDir('report-off');
    fs.mkdirSync(path.join(workspace, 'out'));
    fs.writeFileSync(path.join(workspace, 'out', 'ok.jsonl'), scenarioTranscript('success'));
    const r = await report({ inputs: { path: 'out/*.jsonl', summary: 'false' }, workspace });
    expect(r.summary).toBe('');
    expect(r.outputs).toMatchObject({ runs: '1', succeeded: '1' });
  });

  test('off a runner, with no path: it says to give one', async () => {
    const r = await report();
    expect(r.failed).toEqual([
      expect.stringMatching(/can only be listed on a GitHub Actions runner.*give "path"/)
    ]);
    expect(r.outputs).toMatchObject({ runs: '0' });
  });

  test('a bad input is named, with what is allowed, before anything runs', async () => {
    const r = await report({ inputs: { 'fail-on-error': 'maybe' } });
    expect(r.failed).toEqual(['Input "fail-on-error" is "maybe"; allowed: true or false.']);
    expect(r.outputs).toEqual({});
    expect(r.summary).toBe('');
  });
});
