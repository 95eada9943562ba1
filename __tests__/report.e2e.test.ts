/**
 * The report sub-action end to end: the bundled dist/report/index.js under Node 24 reads what the
 * main action (dist/index.js) uploaded as matrix legs, through the real @actions/artifact client,
 * from the loopback artifact service and Azurite; or local files (`path`). Each leg's row must say
 * what that leg's own step said.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agentDir } from './helpers/agent-dir.js';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { REPORT_ACTION, ROOT, runAction, type ActionRun } from '../scripts/local-runner.mjs';
import type { Run } from './helpers/artifact-service.js';
import {
  annotations,
  artifactUrl,
  scenario,
  step,
  useArtifactStore
} from './helpers/artifact-steps.js';
import { all, render, tableRows, textOf } from './helpers/gfm.js';

const store = useArtifactStore();

/** The report step, in a job of its own (`needs:` the legs) of the run. */
function report(run: Run, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ action: REPORT_ACTION, inputs, env: run.env('report') });
}

interface Record_ {
  name: string;
  outcome: string;
  exit_code: number | null;
  model: string | null;
  tokens: Record<string, number> | null;
  duration_ms: number | null;
  tool_calls: number;
  tool_errors: number;
  error: string;
  attempts: number;
  cost_usd: number | null;
  cost_estimated: boolean | null;
  artifact_id?: number;
  artifact_url?: string;
  path?: string;
}
const records = (r: ActionRun): Record_[] =>
  JSON.parse(fs.readFileSync(r.outputs.report, 'utf8')) as Record_[];

// Matrix legs as a workflow would run them: one job each, one artifact-name each.
const LEGS: [string, Record<string, string>][] = [
  ['success', {}],
  ['failure', {}],
  ['tempfail', {}],
  ['no-result', {}],
  ['parallel', {}]
];

describe('a matrix of runs, from this run’s artifacts', () => {
  let run: Run;
  const legs = new Map<string, ActionRun>();
  beforeAll(async () => {
    run = store.service.newRun();
    for (const [i, [name, inputs]] of LEGS.entries()) {
      const leg = await step(
        run,
        { 'artifact-name': `review-${name}`, ...inputs },
        scenario(name),
        `leg-${i}`
      );
      legs.set(`review-${name}`, leg);
    }
    // A leg retried after exit 75: its artifact is a zip of both attempts.
    const state = path.join(agentDir('sim-state-'), 'runs');
    legs.set(
      'review-retried',
      await step(
        run,
        {
          'artifact-name': 'review-retried',
          'tempfail-retries': '1',
          'tempfail-backoff-seconds': '0'
        },
        { HERMES_SIM_SCENARIO: 'tempfail,success', HERMES_SIM_STATE: state },
        'leg-retried'
      )
    );
    // Another action's artifact, and a transcript damaged on its way (binary, a cut line).
    await run.put('coverage', Buffer.from('PK\x03\x04 not a transcript'), {
      mimeType: 'application/zip'
    });
    await run.put(
      'review-damaged.jsonl',
      Buffer.from('\x00\xff\xfe{"type": "system", "subtype": "init"\n{"type": "te')
    );
  }, 120_000);

  test('one row per leg, saying what that leg’s step said; totals and outcomes as outputs', async () => {
    const r = await report(run);
    const rows = records(r);
    expect(rows.map(row => row.name)).toEqual([
      'review-damaged',
      'review-failure',
      'review-no-result',
      'review-parallel',
      'review-retried',
      'review-success',
      'review-tempfail'
    ]);
    for (const row of rows) {
      const leg = legs.get(row.name);
      if (!leg) continue;
      const o = leg.outputs;
      expect(row.outcome).toBe(o.outcome);
      expect(row.model).toBe(o.model ?? null);
      expect(row.tokens).toEqual(o.tokens ? JSON.parse(o.tokens) : null);
      expect(row.tool_calls).toBe(Number(o.tool_calls));
      expect(row.tool_errors).toBe(Number(o.tool_errors));
      expect(row.artifact_id).toBe(Number(o.artifact_id));
      expect(row.artifact_url).toBe(o.artifact_url);
      // The transcript holds no process exit code: a leg that wrote no result has none here.
      if (row.outcome === 'no_result')
        expect(row.error).toBe(
          'The transcript ends without a result event; the turn did not complete.'
        );
      else {
        expect(row.error).toBe(o.error);
        expect(row.exit_code).toBe(Number(o.exit_code));
        expect(row.duration_ms).toBe(Number(o.duration_ms));
      }
    }
    expect(rows.find(row => row.name === 'review-retried')).toMatchObject({
      outcome: 'success',
      attempts: 2
    });
    expect(rows.find(row => row.name === 'review-damaged')).toMatchObject({
      outcome: 'no_result',
      exit_code: null,
      tokens: null,
      error: 'The transcript ends without a result event; the turn did not complete.'
    });

    const sum = (name: string): number =>
      [...legs.values()].reduce((s, leg) => s + Number(leg.outputs[name] ?? 0), 0);
    // A leg without a result sets tokens empty.
    const withResult = [...legs.values()].filter(l => l.outputs.tokens !== '');
    expect(r.outputs).toMatchObject({
      runs: '7',
      succeeded: '3',
      failed: '4',
      tokens_total: String(sum('tokens_total')),
      duration_ms: String(withResult.reduce((s, l) => s + Number(l.outputs.duration_ms), 0))
    });
    expect(JSON.parse(r.outputs.outcomes)).toEqual({
      success: 3,
      no_result: 2,
      failure: 1,
      tempfail: 1
    });

    // The step fails, naming the legs that did not succeed.
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')).toEqual([
      '4 of 7 legs did not succeed: review-damaged (no_result), review-failure (failure), review-no-result (no_result), review-tempfail (tempfail)'
    ]);
    expect(r.log).toContain('Skipped 1 artifact(s) that are not Hermes transcripts');
  });

  test('the summary: a row per leg linking its artifact, what went wrong, the top legs, the tools', async () => {
    const r = await report(run);
    const html = render(r.summary);
    const text = textOf(html);
    expect(text).toContain('4 of 7 legs did not succeed');
    const tables = all(html, 'table');
    const [totals, legsTable] = [tables[0], tables.at(-1)!];
    expect(textOf(all(totals, 'tbody')[0])).toMatch(/7\s*3\s*4\s*43%/);
    const legRows = all(all(legsTable, 'tbody')[0], 'tr');
    expect(legRows).toHaveLength(7);
    const links = all(legsTable, 'a').map(a => a.attrs.href);
    for (const leg of legs.values()) expect(links).toContain(leg.outputs.artifact_url);
    expect(links).toContain(
      artifactUrl(run, run.finalized.find(a => a.name === 'review-damaged.jsonl')!.id)
    );
    expect(text).toContain('What went wrong');
    expect(text).toContain('Stopped part-way: reached max iterations (90)');
    expect(text).toContain('Slowest legs');
    expect(text).toContain('Most expensive legs');
    expect(text).toContain('Tools across all legs');
    expect(text).toMatch(/1 other artifact\(s\) skipped.*coverage/);
  });

  test('cost: per leg from its session record, the total, "–" for a leg without one', async () => {
    const r = await report(run);
    const rows = records(r);
    for (const row of rows) {
      const leg = legs.get(row.name);
      // The damaged transcript was put there by hand: it has no session record beside it.
      if (!leg) expect(row).toMatchObject({ cost_usd: null, cost_estimated: null });
      else expect(row.cost_usd).toBe(Number(leg.outputs.cost_usd));
    }
    const total = [...legs.values()].reduce((s, leg) => s + Number(leg.outputs.cost_usd), 0);
    expect(Number(r.outputs.cost_usd)).toBeCloseTo(total, 9);
    expect(Number(r.outputs.cost_usd)).toBeGreaterThan(0);

    const tables = all(render(r.summary), 'table');
    const [head, ...cells] = tableRows(tables[0]);
    expect(head[5]).toBe('Cost');
    expect(cells[0][5]).toBe(`$${total.toFixed(4)} (6 of 7 legs)`);
    const legRows = tableRows(tables.at(-1)!);
    expect(legRows[0][4]).toBe('Cost');
    const damaged = legRows.find(row => row[0] === 'review-damaged')!;
    expect(damaged[4]).toBe('–');
    const success = legRows.find(row => row[0] === 'review-success')!;
    expect(success[4]).toBe(`$${Number(legs.get('review-success')!.outputs.cost_usd).toFixed(4)}`);
    // The session records are read with their legs, never as legs (nor as "other artifacts").
    expect(r.log).toContain('Skipped 1 artifact(s) that are not Hermes transcripts');
  });

  test('fail-on-error: false lets the step pass, with a warning; name-pattern picks legs', async () => {
    const r = await report(run, { 'fail-on-error': 'false', 'name-pattern': 'review-s*' });
    expect(r.exitCode).toBe(0);
    expect(records(r).map(row => row.name)).toEqual(['review-success']);
    expect(r.outputs).toMatchObject({ runs: '1', succeeded: '1', failed: '0' });
    expect(annotations(r, 'warning')).toEqual([]);
    expect(textOf(render(r.summary))).toMatch(
      /6 transcript\(s\) skipped, not matching name-pattern/
    );

    const lenient = await report(run, { 'fail-on-error': 'false', 'name-pattern': 'review-[ft]*' });
    expect(lenient.exitCode).toBe(0);
    expect(lenient.outputs).toMatchObject({ runs: '2', succeeded: '0', failed: '2' });
    expect(annotations(lenient, 'warning')).toEqual([
      '2 of 2 legs did not succeed: review-failure (failure), review-tempfail (tempfail) (fail-on-error is false, so the step passes)'
    ]);
  });

  test('path mode: the same transcripts as local files give the same rows', async () => {
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'report-files-'));
    for (const [name, leg] of legs) {
      fs.mkdirSync(path.join(workspace, 'transcripts', name), { recursive: true });
      fs.copyFileSync(leg.outputs.jsonl, path.join(workspace, 'transcripts', name, 'run.jsonl'));
      // Session records as download-artifact leaves them, beside their transcripts; one leg has none.
      if (name !== 'review-success')
        fs.copyFileSync(
          leg.outputs.jsonl.replace(/\.jsonl$/, '.session.jsonl'),
          path.join(workspace, 'transcripts', name, 'run-session.jsonl')
        );
    }
    fs.writeFileSync(path.join(workspace, 'transcripts', 'notes.txt'), 'not read');
    const r = await runAction({
      action: REPORT_ACTION,
      inputs: { path: 'transcripts/**/*.jsonl\n!transcripts/review-tempfail/**' },
      cwd: workspace
    });
    const rows = records(r);
    expect(rows.map(row => row.name)).toEqual(
      [...legs.keys()]
        .filter(n => n !== 'review-tempfail')
        .sort()
        .map(n => `transcripts/${n}/run.jsonl`)
    );
    for (const row of rows) {
      const leg = legs.get(row.name.split('/')[1])!;
      expect(row).toMatchObject({
        outcome: leg.outputs.outcome,
        tool_calls: Number(leg.outputs.tool_calls),
        path: path.join(workspace, row.name),
        cost_usd: row.name.includes('review-success') ? null : Number(leg.outputs.cost_usd)
      });
    }
    expect(r.outputs).toMatchObject({ runs: '5', succeeded: '3', failed: '2' });
    expect(r.exitCode).toBe(1);
  });
});

describe('what cannot be read', () => {
  test('a download that keeps failing is a row saying so, counted as failed; one that recovers is read', async () => {
    const run = store.service.newRun({
      downloadFaults: { 'leg-lost.jsonl': [404, 404, 404], 'leg-flaky.jsonl': [404] }
    });
    const success = (await step(run, {}, scenario('success'))).outputs.jsonl;
    for (const name of ['leg-lost.jsonl', 'leg-flaky.jsonl', 'leg-fine.jsonl'])
      await run.put(name, fs.readFileSync(success));
    const r = await report(run);
    const rows = records(r);
    expect(rows.find(row => row.name === 'leg-lost')).toMatchObject({
      outcome: 'unreadable',
      error: expect.stringMatching(/^the download failed 3 times; the last time: .*\(404\)/)
    });
    expect(rows.find(row => row.name === 'leg-flaky')).toMatchObject({ outcome: 'success' });
    expect(rows.find(row => row.name === 'leg-fine')).toMatchObject({ outcome: 'success' });
    expect(r.outputs).toMatchObject({ runs: '4', succeeded: '3', failed: '1' });
    expect(JSON.parse(r.outputs.outcomes)).toEqual({ success: 3, unreadable: 1 });
    const calls = run.calls.filter(c => c.method === 'GetSignedArtifactURL');
    expect(calls.filter(c => c.body.name === 'leg-lost.jsonl').map(c => c.status)).toEqual([
      404, 404, 404
    ]);
    expect(calls.filter(c => c.body.name === 'leg-flaky.jsonl').map(c => c.status)).toEqual([
      404, 200
    ]);
    expect(r.exitCode).toBe(1);
    expect(textOf(render(r.summary))).toMatch(/leg-lost\s*⚠️ unreadable/);
  });

  test('nothing to read is a clear failure that says where it looked, even with fail-on-error: false', async () => {
    const run = store.service.newRun();
    await run.put('coverage', Buffer.from('PK'), { mimeType: 'application/zip' });
    const r = await report(run, { 'fail-on-error': 'false' });
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')).toEqual([
      'No Hermes transcripts to report on: this workflow run has 1 artifact(s), and none is a Hermes transcript (a name ending in .jsonl) matching input "name-pattern" ("*"). Run the report in a job that needs the jobs running Hermes, with upload-artifact left on; or give "path".'
    ]);
    expect(r.outputs).toMatchObject({ runs: '0', succeeded: '0', failed: '0', outcomes: '{}' });
    expect(textOf(render(r.summary))).toContain('No Hermes transcripts to report on');

    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'report-empty-'));
    const files = await runAction({
      action: REPORT_ACTION,
      inputs: { path: 'out/*.jsonl' },
      cwd: workspace
    });
    expect(files.exitCode).toBe(1);
    expect(annotations(files, 'error')).toEqual([
      `No Hermes transcripts to report on: input "path" ("out/*.jsonl") matches no file under ${workspace}.`
    ]);
  });

  test('a summary that cannot be written is a warning: it does not decide the step', async () => {
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'report-nosummary-'));
    fs.mkdirSync(path.join(workspace, 'out'));
    const scenario = fs.readFileSync(path.join(ROOT, 'simulator', 'scenarios', 'success.jsonl'));
    const lines = scenario
      .toString('utf8')
      .split('\n')
      .filter(l => !l.startsWith('#'));
    fs.writeFileSync(path.join(workspace, 'out', 'ok.jsonl'), lines.join('\n'));
    const r = await runAction({
      action: REPORT_ACTION,
      inputs: { path: 'out/*.jsonl' },
      cwd: workspace,
      env: { GITHUB_STEP_SUMMARY: path.join(workspace, 'no-such-dir', 'summary.md') }
    });
    expect(r.exitCode).toBe(0);
    expect(r.outputs).toMatchObject({ runs: '1', succeeded: '1', failed: '0' });
    expect(annotations(r, 'warning')).toEqual([
      expect.stringContaining('The job summary could not be written')
    ]);
    expect(annotations(r, 'error')).toEqual([]);
  });

  test('off a runner, with no path: it says to give one', async () => {
    const r = await runAction({ action: REPORT_ACTION });
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')[0]).toMatch(
      /can only be listed on a GitHub Actions runner.*give "path"/
    );
  });

  test('a bad input is named, with what is allowed', async () => {
    const r = await runAction({ action: REPORT_ACTION, inputs: { 'fail-on-error': 'maybe' } });
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')).toEqual([
      'Input "fail-on-error" is "maybe"; allowed: true or false.'
    ]);
  });
});
