// The model gateway's cost, side by side with direct calls to a stand-in provider in the same run:
// `node scripts/bench-gateway.mjs` (numbers go in docs/BENCHMARKS.md by hand). It bundles
// src/gateway/gateway.ts with ncc into a temporary folder, runs the stand-in as a child process, and
// drives both routes with undici from this process, alternating rounds so that drift hits both.
//
//   1. Per-call latency of a small chat completion (p50, p99), direct vs through the gateway.
//   2. First byte of a stream, direct vs through the gateway.
//   3. A 50 MB SSE stream's throughput, direct vs through the gateway (best of BENCH_ROUNDS, after a
//      warm-up stream each), and the CPU each process spent per MB on the gateway's rounds.
//   4. The gateway process's peak RSS streaming 5 MB and 50 MB (flat: nothing buffered).
// Every phase writes a progress line to stderr; BENCH_GUARD_MS (default 20 minutes) ends the whole run,
// children included, naming the phase it was in, so a stall cannot hang it.
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { request } from 'undici';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const KEY = 'sk-bench-real-key-0123456789';
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
// Smaller counts for a quick look or a profile of one phase (0 leaves a phase out).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const FIRST = Number(process.env.BENCH_FIRST ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GUARD_MS = Number(process.env.BENCH_GUARD_MS ?? 20 * 60 * 1000);
const PROFILE = process.env.BENCH_CPU_PROF; // a folder: the gateway process's --cpu-prof goes there
const BIG = Number(process.env.BENCH_BIG_MB ?? 50) * 1024 * 1024;

const STANDIN = `
import { createServer } from 'node:http';
const chunk = Buffer.from('data: ' + JSON.stringify({ choices: [{ delta: { content: 'x'.repeat(4000) } }] }) + '\\n\\n');
const small = JSON.stringify({ id: 'c', choices: [{ message: { content: 'ok' } }], usage: { prompt_tokens: 1, completion_tokens: 1 } });
createServer((req, res) => {
  const parts = [];
  req.on('data', c => parts.push(c));
  req.on('end', () => {
    if (req.headers.authorization !== 'Bearer ${KEY}') { res.writeHead(401); return res.end(); }
    const body = JSON.parse(Buffer.concat(parts).toString() || '{}');
    if (!body.stream) { res.writeHead(200, { 'content-type': 'application/json' }); return res.end(small); }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let left = body.bytes;
    const pump = () => {
      while (left > 0) { left -= chunk.length; if (!res.write(chunk)) return res.once('drain', pump); }
      res.end('data: ' + JSON.stringify({ choices: [], usage: { prompt_tokens: 1, completion_tokens: 1 } }) + '\\n\\ndata: [DONE]\\n\\n');
    };
    pump();
  });
}).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function call(base, key, body) {
  const started = performance.now();
  const answer = await request(`${base}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  });
  let first;
  let bytes = 0;
  for await (const chunk of answer.body) {
    first ??= performance.now() - started;
    bytes += chunk.length;
  }
  return { ms: performance.now() - started, first, bytes };
}

const children = new Set();
let phase = 'setup';
const began = performance.now();
const progress = (next, detail = '') => {
  phase = next;
  const at = ((performance.now() - began) / 1000).toFixed(1);
  process.stderr.write(
    `bench-gateway: [${at} s, load ${os.loadavg()[0].toFixed(2)}] ${next}${detail}\n`
  );
};
// The children die with this process, however it ends (an error, the guard, the end).
process.on('exit', () => {
  for (const proc of children) proc.kill('SIGKILL');
});
const guard = setTimeout(() => {
  process.stderr.write(
    `bench-gateway: guard: still in phase "${phase}" after ${GUARD_MS} ms; giving up\n`
  );
  process.exit(2);
}, GUARD_MS);
guard.unref();

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
process.on('exit', () => fs.rmSync(out, { recursive: true, force: true }));
progress('bundling src/gateway/gateway.ts');
execFileSync('npx', ['ncc', 'build', 'src/gateway/gateway.ts', '-o', out, '-q'], {
  cwd: ROOT,
  stdio: 'inherit'
});
// The gateway in its own process, as in a run: Hermes is another process than the action. It tells
// the parent where it listens over IPC, and answers a 'stats' message with what it counted.
const GATEWAY = `
const { startGateway } = await import(${JSON.stringify(pathToFileURL(path.join(out, 'index.js')).href)});
const gateway = await startGateway({
  env: { OPENAI_API_KEY: '${KEY}', OPENAI_BASE_URL: process.argv[1] },
  mode: 'auto', budgets: {}, retry: { attempts: 1, backoffMs: 1, totalMs: 1 },
  signal: new AbortController().signal, note: () => undefined, warning: () => undefined
});
if (!gateway) throw new Error('the gateway fronted nothing');
process.on('message', what => (what === 'stats' ? process.send({ stats: gateway.stats() }) : process.exit(0)));
process.send({ base: gateway.env.OPENAI_BASE_URL, capability: gateway.capability });
`;

/** A child node process; rejects its first message's promise when it ends before sending one. */
function child(name, script, flags, ...args) {
  const proc = spawn(process.execPath, [...flags, '--input-type=module', '-e', script, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  });
  children.add(proc);
  proc.once('exit', (code, signal) => {
    children.delete(proc);
    // A child gone mid-run is an error, not a wait that never ends.
    if (phase !== 'done') {
      process.stderr.write(
        `bench-gateway: the ${name} exited (${code ?? signal}) in phase "${phase}"\n`
      );
      process.exit(1);
    }
  });
  return proc;
}
const message = proc => new Promise(resolve => proc.once('message', resolve));

progress('starting the stand-in provider and the gateway');
const standIn = child('stand-in', STANDIN, []);
const direct = `http://127.0.0.1:${await message(standIn)}/v1`;
const gatewayProcess = child(
  'gateway',
  GATEWAY,
  PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [],
  direct
);
const gateway = await message(gatewayProcess);
const routes = {
  direct: [direct, KEY],
  gateway: [gateway.base, gateway.capability]
};

progress('warm-up', ` (${WARMUP} calls per route)`);
for (let n = 0; n < WARMUP; n++)
  for (const r of Object.keys(routes)) await call(...routes[r], { model: 'm' });
progress('latency', ` (${CALLS} calls per route, alternating)`);
const latency = { direct: [], gateway: [] };
for (let n = 0; n < CALLS; n++)
  for (const r of n % 2 ? ['direct', 'gateway'] : ['gateway', 'direct'])
    latency[r].push((await call(...routes[r], { model: 'm' })).ms);

progress('first byte', ` (${FIRST} streams per route, alternating)`);
const first = { direct: [], gateway: [] };
for (let n = 0; n < FIRST; n++)
  for (const r of n % 2 ? ['direct', 'gateway'] : ['gateway', 'direct'])
    first[r].push((await call(...routes[r], { model: 'm', stream: true, bytes: 1 })).first);

/** CPU milliseconds (user + system) a process has used, from /proc (10 ms ticks). */
const cpuMs = pid => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const throughput = { direct: [], gateway: [] };
// CPU per MB of each process over the gateway's rounds: what the hop costs, whatever the load.
const cpu = { client: 0, standIn: 0, gateway: 0, mb: 0 };
// One stream per route first, not counted: the first big stream of a process runs cold (a third of
// the later ones' rate), whichever route it takes.
if (ROUNDS > 0)
  for (const r of Object.keys(routes)) {
    progress('throughput', ` (warm-up stream, ${r})`);
    await call(...routes[r], { model: 'm', stream: true, bytes: BIG });
  }
for (let round = 0; round < ROUNDS; round++)
  for (const r of round % 2 ? ['direct', 'gateway'] : ['gateway', 'direct']) {
    progress('throughput', ` (round ${round + 1} of ${ROUNDS}, ${r}, ${BIG / 1024 / 1024} MB)`);
    const before = [process.cpuUsage(), cpuMs(standIn.pid), cpuMs(gatewayProcess.pid)];
    const { ms, bytes } = await call(...routes[r], { model: 'm', stream: true, bytes: BIG });
    if (bytes < BIG) throw new Error(`the ${r} stream ended at ${bytes} of ${BIG} bytes`);
    throughput[r].push(bytes / 1024 / 1024 / (ms / 1000));
    if (r === 'gateway') {
      const used = process.cpuUsage(before[0]);
      cpu.client += (used.user + used.system) / 1000;
      cpu.standIn += cpuMs(standIn.pid) - before[1];
      cpu.gateway += cpuMs(gatewayProcess.pid) - before[2];
      cpu.mb += bytes / 1024 / 1024;
    }
  }

/** The gateway process's peak resident set while one stream of `bytes` passes through it. */
async function peakRss(bytes) {
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${gatewayProcess.pid}/status`, 'utf8'))[1]);
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 5);
  try {
    await call(...routes.gateway, { model: 'm', stream: true, bytes });
  } finally {
    clearInterval(timer);
  }
  return peak / 1024;
}
progress('peak RSS', ' (5 MB, then 50 MB, through the gateway)');
const rssSmall = await peakRss(5 * 1024 * 1024);
const rssBig = await peakRss(BIG);

gatewayProcess.send('stats');
const { stats } = await message(gatewayProcess);
phase = 'done';
// Asked to exit, not killed: a --cpu-prof profile is written on exit.
gatewayProcess.send('exit');
await new Promise(resolve => gatewayProcess.once('exit', resolve));
progress('done');

const f = x => x.toFixed(2);
const best = list => Math.max(...list);
console.log(
  `calls ${CALLS} per route, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map(f).join(' ')}`
);
for (const p of CALLS > 0 ? [50, 99] : [])
  console.log(
    `latency p${p}: direct ${f(percentile(latency.direct, p))} ms, gateway ${f(percentile(latency.gateway, p))} ms, added ${f(percentile(latency.gateway, p) - percentile(latency.direct, p))} ms`
  );
for (const p of FIRST > 0 ? [50, 99] : [])
  console.log(
    `first byte p${p}: direct ${f(percentile(first.direct, p))} ms, gateway ${f(percentile(first.gateway, p))} ms, added ${f(percentile(first.gateway, p) - percentile(first.direct, p))} ms`
  );
console.log(
  `${BIG / 1024 / 1024} MB stream (best of ${ROUNDS}): direct ${f(best(throughput.direct))} MB/s, gateway ${f(best(throughput.gateway))} MB/s, ${f((100 * best(throughput.gateway)) / best(throughput.direct))} %` +
    ` (all: direct ${throughput.direct.map(f).join(', ')}; gateway ${throughput.gateway.map(f).join(', ')})`
);
console.log(
  `the gateway process's peak RSS streaming: 5 MB ${f(rssSmall)} MiB, ${BIG / 1024 / 1024} MB ${f(rssBig)} MiB`
);
console.log(
  `CPU per MB through the gateway: client ${f(cpu.client / cpu.mb)} ms, stand-in ${f(cpu.standIn / cpu.mb)} ms, gateway ${f(cpu.gateway / cpu.mb)} ms`
);
console.log(`gateway stats: ${stats.calls.length} kept, ${stats.tokens} tokens`);
process.exit(0);
