/**
 * The transcript reaches the artifact store on every path, proven through the real client against a
 * loopback artifact service (helpers/artifact-service.ts) whose upload URLs point at Azurite, the
 * blobs read back. Once through the bundled dist/index.js under Node 24 (the success upload, byte for
 * byte, with its outputs and summary link); every other path in-process: run() with the real upload
 * ports (helpers/artifact-in-process.ts) and the stand-in Hermes, or the simulator where the way
 * Hermes ends is the point.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, test } from '@jest/globals';
import { sha256 } from '../helpers/artifact-service.js';
import { inProcessStep, type UploadWorld } from '../helpers/artifact-in-process.js';
import {
  annotations,
  artifactUrl,
  onlyArtifact,
  scenario,
  step,
  transcripts,
  useArtifactStore
} from '../helpers/artifact-steps.js';
import { all, render } from '../helpers/gfm.js';
import { summaryText } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';
import { transcriptOf } from '../helpers/outcome-line.js';

const store = useArtifactStore();

/** The transcript the step wrote (jsonl-path), as bytes. */
const written = (w: UploadWorld): Buffer => fs.readFileSync(w.outputs.get('jsonl')!);

describe('the transcript reaches the store', () => {
  test('through dist/: byte for byte, as the bare .jsonl file named after the artifact; outputs and summary link it', async () => {
    const run = store.service.newRun();
    // BOM, CRLF, invalid UTF-8, non-JSON lines: none of it may change on the way.
    const r = await step(run, {}, scenario('damaged'));
    expect(r.outputs.outcome).toBe('success');
    const { artifact, blob } = await onlyArtifact(run);
    expect(transcriptOf(blob).equals(fs.readFileSync(must(r.outputs.jsonl)))).toBe(true);
    expect(artifact.expiresAt).toBeUndefined(); // no retention-days: the repository's default
    expect(artifact).toMatchObject({
      name: 'hermes-demo-hermes.jsonl',
      version: 7,
      size: blob.length,
      hash: sha256(blob)
    });
    expect(r.outputs.artifact_id).toBe(String(artifact.id));
    expect(r.outputs.artifact_url).toBe(artifactUrl(run, artifact.id));
    const links = all(render(r.summary), 'a').map(a => a.attrs.href);
    expect(links).toContain(artifactUrl(run, artifact.id));
    expect(r.log).toContain(`Transcript uploaded as artifact hermes-demo-hermes.jsonl`);
    expect(annotations(r, 'warning')).toEqual([]);
    expect(annotations(r, 'notice')).toEqual([]);
  });

  // Two independent upload options on one run: the archive, and the expiry.
  test('artifact-archive: true uploads a zip holding the transcript; retention-days is the expiry', async () => {
    const run = store.service.newRun();
    const before = Date.now();
    const w = await inProcessStep(run, {
      inputs: { 'artifact-archive': 'true', 'retention-days': '5' }
    });
    const after = Date.now();
    const { artifact, blob } = await onlyArtifact(run);
    expect(artifact.name).toBe('hermes-demo-hermes.jsonl');
    expect(artifact.mimeType).toBe('application/zip');
    const entries = unzip(blob);
    expect([...entries.keys()]).toEqual(['hermes-demo-hermes.jsonl']);
    expect(transcriptOf(entries.get('hermes-demo-hermes.jsonl')!).equals(written(w))).toBe(true);
    const expires = Date.parse(artifact.expiresAt ?? '');
    const fiveDays = 5 * 24 * 3600_000;
    // Five days from the upload, which came between before and after, however long the step took.
    // The client adds calendar days, so a daylight-saving change may move it by an hour.
    const hour = 3600_000;
    expect(expires - fiveDays).toBeGreaterThanOrEqual(before - hour - 1000);
    expect(expires - fiveDays).toBeLessThanOrEqual(after + hour);
  });

  test('upload-artifact: false uploads nothing', async () => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, { inputs: { 'upload-artifact': 'false' } });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(run.calls).toEqual([]);
    expect(w.outputs.get('artifact_id')).toBe('');
    expect(w.outputs.get('artifact_url')).toBe('');
    expect([...w.failed, ...w.warnings, ...w.notices]).toEqual([]);
  });

  // One per way a turn ends unsuccessfully: a result, a killed process, the action's own timeout (a
  // tempfail's transcripts go up in the retry test below). The simulator, through the real process
  // code: how Hermes ended is the point.
  test.each<[string, string, Record<string, string>]>([
    ['failure', 'failure', {}],
    ['no-result-crash', 'no_result', {}],
    ['slow', 'timeout', { 'timeout-minutes': '0.01' }]
  ])('scenario %s (outcome %s): uploaded too, byte for byte', async (name, outcome, inputs) => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, { inputs, env: scenario(name), hermes: 'simulator' });
    expect(w.outputs.get('outcome')).toBe(outcome);
    expect(w.failed).toHaveLength(1);
    const { artifact, blob } = await onlyArtifact(run);
    expect(transcriptOf(blob).equals(written(w))).toBe(true);
    expect(w.outputs.get('artifact_id')).toBe(String(artifact.id));
    expect(w.warnings).toEqual([]);
  });

  test('retries after exit 75: the transcripts of all attempts go up, in one zip', async () => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, {
      inputs: { 'tempfail-retries': '2', 'tempfail-backoff-seconds': '0' },
      runs: [{ exitCode: 75 }, { exitCode: 0 }]
    });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('attempts')).toBe('2');
    const { artifact, blob } = await onlyArtifact(run);
    expect(artifact.name).toBe('hermes-demo-hermes.jsonl');
    const entries = unzip(blob);
    expect([...entries.keys()].sort()).toEqual([
      'hermes-demo-hermes.attempt-1.jsonl',
      'hermes-demo-hermes.jsonl'
    ]);
    const jsonl = w.outputs.get('jsonl')!;
    expect(transcriptOf(entries.get('hermes-demo-hermes.jsonl')!).equals(written(w))).toBe(true);
    expect(
      entries
        .get('hermes-demo-hermes.attempt-1.jsonl')!
        .equals(fs.readFileSync(path.join(path.dirname(jsonl), 'run.attempt-1.jsonl')))
    ).toBe(true);
    expect(entries.get('hermes-demo-hermes.attempt-1.jsonl')!.toString()).toContain(
      '"exit_code":75'
    );
    expect(summaryText(w)).toContain('2 · 1: tempfail (75) · 2: success (0)');
  });

  test('an empty transcript (Hermes rejected its arguments) is not uploaded, and says why', async () => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, { inputs: { args: '--tui' }, hermes: 'simulator' });
    expect(w.outputs.get('outcome')).toBe('usage_error');
    expect(run.calls).toEqual([]);
    expect(w.notices).toEqual(['The transcript was not uploaded: the transcript is empty']);
    expect(w.summary).toContain('the transcript is empty');
  });
});

describe('names never collide', () => {
  test('two steps of one job get two names', async () => {
    const run = store.service.newRun();
    const first = await inProcessStep(run, { env: { GITHUB_ACTION: 'review' } });
    const second = await inProcessStep(run, { env: { GITHUB_ACTION: 'fix' } });
    expect(transcripts(run).map(a => a.name)).toEqual([
      'hermes-demo-review.jsonl',
      'hermes-demo-fix.jsonl'
    ]);
    expect(first.outputs.get('artifact_id')).not.toBe(second.outputs.get('artifact_id'));
    expect(run.calls.filter(c => c.status !== 200)).toEqual([]);
  });

  test('matrix legs (same job, same step): a taken name moves to the next free one, quietly; a re-run has its own', async () => {
    const run = store.service.newRun();
    const legs: UploadWorld[] = [];
    for (const job of ['leg-1', 'leg-2', 'leg-3']) legs.push(await inProcessStep(run, { job }));
    expect(transcripts(run).map(a => a.name)).toEqual([
      'hermes-demo-hermes.jsonl',
      'hermes-demo-hermes-2.jsonl',
      'hermes-demo-hermes-3.jsonl'
    ]);
    expect(run.calls.filter(c => c.status === 409)).toHaveLength(3);
    for (const [i, leg] of legs.entries()) {
      expect(leg.outputs.get('artifact_id')).toBe(String(must(transcripts(run)[i]).id));
      expect([...leg.failed, ...leg.warnings, ...leg.notices]).toEqual([]);
    }
    const blobs = await Promise.all(transcripts(run).map(a => run.read(a)));
    blobs.forEach((blob, i) =>
      expect(transcriptOf(blob).equals(written(must(legs[i])))).toBe(true)
    );
    // A re-run attempt of the first leg has a name of its own.
    await inProcessStep(run, { env: { GITHUB_RUN_ATTEMPT: '2' }, job: 'leg-1-attempt-2' });
    expect(transcripts(run).at(-1)!.name).toBe('hermes-demo-hermes.run-attempt-2.jsonl');
  });

  test('artifact-name is honoured; when taken it moves to the next free name, with a warning', async () => {
    const run = store.service.newRun();
    const inputs = { 'artifact-name': 'review transcript' };
    const first = await inProcessStep(run, { inputs });
    const second = await inProcessStep(run, { inputs, job: 'leg-2' });
    expect(transcripts(run).map(a => a.name)).toEqual([
      'review transcript.jsonl',
      'review transcript-2.jsonl'
    ]);
    expect(first.warnings).toEqual([]);
    expect(second.warnings).toEqual([
      'The artifact name "review transcript" is taken on this run, so the transcript was uploaded as "review transcript-2.jsonl".'
    ]);
    expect(second.outputs.get('artifact_id')).toBe(String(must(transcripts(run)[1]).id));
  });
});

describe('secrets never leave the runner', () => {
  // Built at run time, so that no secret-looking literal sits in this file.
  const userValue = `pa"ss-${Math.random().toString(36).slice(2, 14)}`;
  const githubToken = 'gh' + 'p_' + 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz12'.padEnd(36, 'Q');
  const cores = [userValue.slice(6), githubToken.slice(4)];

  /** What the agent prints: both secrets in text, tool input and output, answer, and a raw line. */
  function plantedStdout(): string {
    const events = [
      { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b' },
      { type: 'text', text: `The password is ${userValue} and the token ${githubToken}.\n` },
      { type: 'tool_use', name: 'terminal', input: { command: `login --token ${githubToken}` } },
      {
        type: 'tool_result',
        name: 'terminal',
        output: `logged in with ${userValue}`,
        duration_ms: 4,
        is_error: false
      },
      `Traceback: token=${githubToken} password=${userValue}`,
      { type: 'text', text: 'Plain line without secrets.\n' },
      {
        type: 'result',
        exit_code: 0,
        text: `Done; used ${githubToken}.`,
        tokens: { input: 10, output: 5, total: 15, cache_read: 0, cache_write: 0 },
        duration_ms: 20
      }
    ];
    return events.map(e => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n') + '\n';
  }

  /** Everything the step said: its log lines, the client's on stdout, its annotations. */
  const said = (w: UploadWorld): string =>
    [...w.log, w.stdout, ...w.failed, ...w.warnings, ...w.notices].join('\n');

  test('a redact value and a well-known token reach neither the blob, the summary, the outputs nor the log', async () => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, {
      inputs: { redact: userValue },
      runs: [{ exitCode: 0, stdout: plantedStdout() }]
    });
    expect(w.outputs.get('outcome')).toBe('success');
    const transcript = written(w);
    // The transcript on the runner is Hermes' stdout as written: the secrets are there.
    for (const core of cores) expect(transcript.toString()).toContain(core);
    const { blob } = await onlyArtifact(run);
    const places = {
      blob: blob.toString(),
      summary: w.summary ?? '',
      outputs: JSON.stringify([...w.outputs]),
      log: said(w)
    };
    for (const [place, text] of Object.entries(places))
      for (const core of cores)
        expect({ place, leaked: text.includes(core) }).toEqual({ place, leaked: false });
    expect(w.secrets).toContain(userValue);
    // Only the lines that held a secret differ, and they still parse.
    const sent = transcriptOf(blob).toString().split('\n');
    const kept = transcript.toString().split('\n');
    expect(sent).toHaveLength(kept.length);
    sent.forEach((line, i) => {
      if (line !== kept[i]) {
        expect(cores.some(core => must(kept[i]).includes(core))).toBe(true);
        expect(line).toContain('***');
        if (!line.startsWith('Traceback')) expect(() => JSON.parse(line)).not.toThrow();
      }
    });
  });

  test('redact: false uploads the transcript as written; the log and summary stay redacted', async () => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, {
      inputs: { redact: 'false' },
      runs: [{ exitCode: 0, stdout: plantedStdout() }]
    });
    const { blob } = await onlyArtifact(run);
    expect(transcriptOf(blob).equals(written(w))).toBe(true);
    expect(blob.toString()).toContain(githubToken);
    expect(w.summary).not.toContain(githubToken.slice(4));
    expect(said(w)).not.toContain(githubToken.slice(4));
  });
});

/** The entries of a zip archive (stored or deflated), read through its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const entries = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + skip;
  }
  return entries;
}
