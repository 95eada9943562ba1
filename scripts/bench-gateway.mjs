// The model gateway's cost, side by side with direct calls to a stand-in provider in the same run:
// `node scripts/bench-gateway.mjs` (numbers go in docs/BENCHMARKS.md by hand). It bundles
// src/gateway/gateway.ts with ncc into a temporary folder, runs the stand-in as a child process, and
// drives both routes with undici from this process, alternating rounds so that drift hits both.
//
//   1. Per-call latency of a small chat completion (p50, p99), direct vs through the gateway.
//   2. First byte of a stream, direct vs through the gateway.
//   3. A 50 MB SSE stream's throughput, direct vs through the gateway.
//   4. This process's peak RSS streaming 5 MB and 50 MB through the gateway (flat: nothing buffered).
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
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });
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

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
execFileSync('npx', ['ncc', 'build', 'src/gateway/gateway.ts', '-o', out, '-q'], {
  cwd: ROOT,
  stdio: 'inherit'
});
const GATEWAY = `
const { startGateway } = await import(${JSON.stringify(pathToFileURL(path.join(out, 'index.js')).href)});
const gateway = await startGateway({
  env: { OPENAI_API_KEY: '${KEY}', OPENAI_BASE_URL: process.argv[1] },
  mode: 'auto', budgets: {}, retry: { attempts: 1, backoffMs: 1, totalMs: 1 },
  signal: new AbortController().signal, note: () => undefined, warning: () => undefined
});
console.log(JSON.stringify({ base: gateway.env.OPENAI_BASE_URL, capability: gateway.capability }));
`;

const child = (script, ...args) =>
  spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit']
  });
const firstLine = proc =>
  new Promise(resolve => proc.stdout.once('data', data => resolve(String(data).trim())));
const standIn = child(STANDIN);
const direct = `http://127.0.0.1:${await firstLine(standIn)}/v1`;
// The gateway in its own process, as in a run: Hermes is another process than the action.
const gatewayProcess = child(GATEWAY, direct);
const gateway = JSON.parse(await firstLine(gatewayProcess));
const routes = {
  direct: [direct, KEY],
  gateway: [gateway.env.OPENAI_BASE_URL, gateway.capability]
};

const latency = { direct: [], gateway: [] };
for (let n = 0; n < 200; n++)
  for (const r of Object.keys(routes)) await call(...routes[r], { model: 'm' });
for (let n = 0; n < CALLS; n++)
  for (const r of n % 2 ? ['direct', 'gateway'] : ['gateway', 'direct'])
    latency[r].push((await call(...routes[r], { model: 'm' })).ms);

const first = { direct: [], gateway: [] };
for (let n = 0; n < 300; n++)
  for (const r of Object.keys(routes))
    first[r].push((await call(...routes[r], { model: 'm', stream: true, bytes: 1 })).first);

const big = 50 * 1024 * 1024;
const throughput = { direct: [], gateway: [] };
for (let round = 0; round < 3; round++)
  for (const r of Object.keys(routes)) {
    const { ms, bytes } = await call(...routes[r], { model: 'm', stream: true, bytes: big });
    throughput[r].push(bytes / 1024 / 1024 / (ms / 1000));
  }

/** The gateway process's peak resident set while one stream of `bytes` passes through it. */
async function peakRss(bytes) {
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${gatewayProcess.pid}/status`, 'utf8'))[1]);
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 5);
  await call(...routes.gateway, { model: 'm', stream: true, bytes });
  clearInterval(timer);
  return peak / 1024;
}
const rssSmall = await peakRss(5 * 1024 * 1024);
const rssBig = await peakRss(big);

const f = x => x.toFixed(2);
const best = list => Math.max(...list);
console.log(`calls ${CALLS} per route, node ${process.version}, ${os.cpus().length} cores`);
for (const p of [50, 99])
  console.log(
    `latency p${p}: direct ${f(percentile(latency.direct, p))} ms, gateway ${f(percentile(latency.gateway, p))} ms, added ${f(percentile(latency.gateway, p) - percentile(latency.direct, p))} ms`
  );
console.log(
  `first byte p50: direct ${f(percentile(first.direct, 50))} ms, gateway ${f(percentile(first.gateway, 50))} ms, added ${f(percentile(first.gateway, 50) - percentile(first.direct, 50))} ms`
);
console.log(
  `50 MB stream (best of 3): direct ${f(best(throughput.direct))} MB/s, gateway ${f(best(throughput.gateway))} MB/s, ${f((100 * best(throughput.gateway)) / best(throughput.direct))} %`
);
console.log(
  `the gateway process's peak RSS streaming: 5 MB ${f(rssSmall)} MiB, 50 MB ${f(rssBig)} MiB`
);
console.log(
  `gateway stats: ${gateway.stats().calls.length} kept, ${gateway.stats().tokens} tokens`
);

gatewayProcess.kill();
standIn.kill();
fs.rmSync(out, { recursive: true, force: true });
