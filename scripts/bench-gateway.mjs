// The model gateway's cost, side by side in one run with direct calls to a stand-in provider and with
// a bare pass-through proxy: `node scripts/bench-gateway.mjs` (numbers go in docs/BENCHMARKS.md by
// hand). It bundles src/gateway/gateway.ts (and meter.ts, ledger.ts for the micro-benchmark) with ncc
// into a temporary folder and runs, each in its own child process:
//   - the stand-in provider (node:http; a small JSON answer, or an SSE stream of `bytes` bytes);
//   - a bare pass-through proxy written here: a node:net server that, per connection, opens a socket
//     to the stand-in and pipes both ways, nothing parsed (the floor for any proxy in Node);
//   - the gateway with no budgets, as a run without `max-*` inputs starts it;
//   - the gateway with all three budgets set far too high to refuse anything and the model priced
//     (`model-prices`), so every call is reserved against them and every stream counted line by line.
// This process drives the four routes (direct, bare, gateway, gateway + budgets) with undici, in
// the orders of a balanced Latin square (each route in each place, and after each other route, once
// every four calls or rounds) so that drift and a neighbour's leftover work hit all alike.
//
//   1. Per-call latency (p50, p99) of a small chat completion, then of one with a realistic body
//      (BENCH_BODY_KB, default 20, of messages and tools, max_tokens set), on every route.
//   2. First byte of a stream, every route.
//   3. A 50 MB SSE stream on every route (after one uncounted warm-up stream each): throughput (best
//      of BENCH_ROUNDS, default 8) and the CPU (user + system, all threads: each child's own
//      process.cpuUsage over IPC) each process spent per MB, in each stream's own window and, for
//      the proxies, over the whole phase (work left after a stream counted too); the gateway's
//      against the bare proxy's (target ≤ 2×) and the budgeted gateway's against the gateway's (what
//      counting a stream line by line costs). The client's read size is printed beside it.
//   4. Peak RSS of each proxy process streaming 5 MB and 50 MB (flat: nothing buffered).
//   5. In this process (BENCH_MICRO calls a case, 10 rounds), the reservation itself on the realistic
//      body, as server.ts runs it: reservationOf + admit + record + release, µs a call with no budgets
//      and with budgets (target ≤ 0.2 ms), beside a bare JSON.parse of the body, and with so little
//      budget left that admission lowers max_tokens and the body is rewritten (meter.ts lowered());
//      then OutputCounter + Ledger.streamed over 50 MB of 64 KB reads, ms a MB, for the stand-in's
//      4 KB events and for provider-size events (about 170 bytes each).
// Every phase writes a progress line to stderr with the load; BENCH_GUARD_MS (default 20 minutes)
// ends the whole run, children included, naming the phase it was in, so a stall cannot hang it.
// BENCH_CALLS, BENCH_WARMUP, BENCH_BODY_CALLS, BENCH_FIRST, BENCH_ROUNDS, BENCH_MICRO shrink phases (0
// leaves one out), BENCH_BIG_MB sets the stream's size, BENCH_CPU_PROF=<dir> profiles both gateways.
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
const BODY_CALLS = Number(process.env.BENCH_BODY_CALLS ?? 1000);
const BODY_KB = Number(process.env.BENCH_BODY_KB ?? 20);
const FIRST = Number(process.env.BENCH_FIRST ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const MICRO = Number(process.env.BENCH_MICRO ?? 20000);
const GUARD_MS = Number(process.env.BENCH_GUARD_MS ?? 20 * 60 * 1000);
const PROFILE = process.env.BENCH_CPU_PROF; // a folder: the gateway processes' --cpu-prof go there
const BIG = Number(process.env.BENCH_BIG_MB ?? 50) * 1024 * 1024;
// Far above anything the run spends: every call is reserved and counted, none refused, no stream cut.
const BUDGETS = { maxTokens: 1e15, maxCostUsd: 1e12, maxModelCalls: 1e9 };
const PRICES = { m: { input: 3, output: 15 } };

// Every child answers 'cpu' with its own process.cpuUsage() (µs, all its threads).
const CPU_REPLY = `process.on('message', what => { if (what === 'cpu') process.send({ cpu: process.cpuUsage() }); });`;

const STANDIN = `
import { createServer } from 'node:http';
${CPU_REPLY}
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

// The floor for a proxy written in Node: bytes from socket to socket, nothing parsed, nothing copied
// in JavaScript. One upstream connection per client connection (the client's keep-alive carries over).
const BARE = `
import { connect, createServer } from 'node:net';
${CPU_REPLY}
const port = Number(process.argv[1]);
createServer(client => {
  const upstream = connect(port, '127.0.0.1');
  const end = () => { client.destroy(); upstream.destroy(); };
  for (const socket of [client, upstream]) { socket.on('error', end); socket.on('close', end); }
  client.pipe(upstream);
  upstream.pipe(client);
}).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const median = values => percentile(values, 50);

async function call(base, key, body) {
  const started = performance.now();
  const answer = await request(`${base}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  });
  let first;
  let bytes = 0;
  let reads = 0;
  for await (const chunk of answer.body) {
    first ??= performance.now() - started;
    bytes += chunk.length;
    reads++;
  }
  if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode} from ${base}`);
  return { ms: performance.now() - started, first, bytes, reads };
}

/**
 * A chat completion request as an agent sends one mid-turn, about `kb` KB of JSON: a system prompt,
 * tool definitions, user and assistant turns with tool calls and their results (text with newlines
 * and quotes to escape), and max_tokens.
 */
function realisticBody(kb) {
  const words =
    'the gateway reserves each call at admission before it is sent upstream and counts a stream line by line while it passes to the client; function return const await import "quoted" path/to/file.ts'.split(
      ' '
    );
  let seed = 7;
  const text = n => {
    const out = [];
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      out.push(words[seed % words.length] + (seed % 17 === 0 ? '\n' : ''));
    }
    return out.join(' ');
  };
  const body = {
    model: 'm',
    max_tokens: 4096,
    temperature: 0,
    tools: ['read_file', 'write_file', 'terminal', 'search'].map(name => ({
      type: 'function',
      function: {
        name,
        description: text(30),
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }
      }
    })),
    messages: [
      { role: 'system', content: text(300) },
      { role: 'user', content: text(80) }
    ]
  };
  for (let n = 0; JSON.stringify(body).length < kb * 1024; n++) {
    const id = `call_${n}`;
    body.messages.push(
      {
        role: 'assistant',
        content: text(20),
        tool_calls: [
          {
            id,
            type: 'function',
            function: { name: 'read_file', arguments: JSON.stringify({ path: `src/file${n}.ts` }) }
          }
        ]
      },
      { role: 'tool', tool_call_id: id, content: text(120) }
    );
  }
  return JSON.stringify(body);
}

const children = new Set();
let phase = 'setup';
const began = performance.now();
const loadAtStart = os.loadavg();
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
progress('bundling src/gateway/gateway.ts, meter.ts, ledger.ts');
for (const [entry, folder] of [
  ['src/gateway/gateway.ts', 'gateway'],
  ['src/gateway/meter.ts', 'meter'],
  ['src/gateway/ledger.ts', 'ledger']
])
  execFileSync('npx', ['ncc', 'build', entry, '-o', path.join(out, folder), '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  });
const bundle = folder => pathToFileURL(path.join(out, folder, 'index.js')).href;
// The gateway in its own process, as in a run: Hermes is another process than the action. It tells
// the parent where it listens over IPC, and answers a 'stats' message with what it counted. Its
// budgets and prices come as JSON arguments after the stand-in's base URL.
const GATEWAY = `
const { startGateway } = await import(${JSON.stringify(bundle('gateway'))});
const [upstream, budgets, prices] = process.argv.slice(1);
const gateway = await startGateway({
  env: { OPENAI_API_KEY: '${KEY}', OPENAI_BASE_URL: upstream },
  mode: 'auto', budgets: JSON.parse(budgets), prices: JSON.parse(prices),
  retry: { tries: 1, backoffMs: 1, totalMs: 1 },
  signal: new AbortController().signal, note: () => undefined, warning: () => undefined
});
if (!gateway) throw new Error('the gateway fronted nothing');
process.on('message', what => {
  if (what === 'stats') process.send({ stats: gateway.stats() });
  else if (what === 'cpu') process.send({ cpu: process.cpuUsage() });
  else process.exit(0);
});
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
/** A child's CPU so far, user + system, in ms. */
const cpuOf = async proc => {
  proc.send('cpu');
  const { cpu } = await message(proc);
  return (cpu.user + cpu.system) / 1000;
};

progress('starting the stand-in provider, the bare proxy and the two gateways');
const standIn = child('stand-in', STANDIN, []);
const direct = `http://127.0.0.1:${await message(standIn)}/v1`;
const bareProcess = child('bare proxy', BARE, [], new URL(direct).port);
const bare = `http://127.0.0.1:${await message(bareProcess)}/v1`;
const profiled = name =>
  PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
const gatewayProcess = child('gateway', GATEWAY, profiled('gateway'), direct, '{}', '{}');
const gateway = await message(gatewayProcess);
const budgetedProcess = child(
  'gateway with budgets',
  GATEWAY,
  profiled('budgeted'),
  direct,
  JSON.stringify(BUDGETS),
  JSON.stringify(PRICES)
);
const budgeted = await message(budgetedProcess);
const routes = {
  direct: [direct, KEY],
  bare: [bare, KEY],
  gateway: [gateway.base, gateway.capability],
  budgeted: [budgeted.base, budgeted.capability]
};
const NAMES = Object.keys(routes);
/** The proxy process of each route but direct. */
const proxyOf = { bare: bareProcess, gateway: gatewayProcess, budgeted: budgetedProcess };
/**
 * The routes in the n-th order of a balanced Latin square: over four rounds each route takes each
 * place once and follows each other route once, so neither a place nor a neighbour (a process still
 * busy after its stream) favours one.
 */
const SQUARE = [
  [0, 1, 3, 2],
  [1, 2, 0, 3],
  [2, 3, 1, 0],
  [3, 0, 2, 1]
];
const rotated = n => SQUARE[n % SQUARE.length].map(i => NAMES[i]);
const perRoute = () => Object.fromEntries(NAMES.map(r => [r, []]));

const SMALL = JSON.stringify({ model: 'm' });
const LARGE = realisticBody(BODY_KB);
progress('warm-up', ` (${WARMUP} calls per route, small and ${BODY_KB} KB bodies)`);
for (let n = 0; n < WARMUP; n++)
  for (const r of rotated(n)) {
    await call(...routes[r], SMALL);
    await call(...routes[r], LARGE);
  }
progress('latency', ` (${CALLS} small calls per route, rotating)`);
const latency = perRoute();
for (let n = 0; n < CALLS; n++)
  for (const r of rotated(n)) latency[r].push((await call(...routes[r], SMALL)).ms);
progress(
  'latency',
  ` (${BODY_CALLS} calls per route with a ${(LARGE.length / 1024).toFixed(1)} KB body, rotating)`
);
const latencyLarge = perRoute();
for (let n = 0; n < BODY_CALLS; n++)
  for (const r of rotated(n)) latencyLarge[r].push((await call(...routes[r], LARGE)).ms);

progress('first byte', ` (${FIRST} streams per route, rotating)`);
const first = perRoute();
for (let n = 0; n < FIRST; n++)
  for (const r of rotated(n))
    first[r].push((await call(...routes[r], { model: 'm', stream: true, bytes: 1 })).first);

const throughput = perRoute();
// CPU ms over each route's rounds: the client (this process), the stand-in, the route's proxy.
const cpu = Object.fromEntries(
  NAMES.map(r => [r, { client: 0, standIn: 0, proxy: 0, mb: 0, reads: 0, proxyPerRound: [] }])
);
// One stream per route first, not counted: the first big stream of a process runs cold (a third of
// the later ones' rate), whichever route it takes.
if (ROUNDS > 0)
  for (const r of NAMES) {
    progress('throughput', ` (warm-up stream, ${r})`);
    await call(...routes[r], { model: 'm', stream: true, bytes: BIG });
  }
// Each proxy's CPU over the whole phase as well: what it spends between its streams (a collection
// after one ends) is its own too, and only its own route passes through it.
const phaseStart = {};
for (const [r, proc] of Object.entries(proxyOf)) phaseStart[r] = await cpuOf(proc);
for (let round = 0; round < ROUNDS; round++)
  for (const r of rotated(round)) {
    progress('throughput', ` (round ${round + 1} of ${ROUNDS}, ${r}, ${BIG / 1024 / 1024} MB)`);
    const proxy = proxyOf[r];
    const before = [process.cpuUsage(), await cpuOf(standIn), proxy ? await cpuOf(proxy) : 0];
    const { ms, bytes, reads } = await call(...routes[r], { model: 'm', stream: true, bytes: BIG });
    // Read before the client's count: the IPC round trips count as the client's, not the children's.
    const after = [await cpuOf(standIn), proxy ? await cpuOf(proxy) : 0];
    const used = process.cpuUsage(before[0]);
    if (bytes < BIG) throw new Error(`the ${r} stream ended at ${bytes} of ${BIG} bytes`);
    const mb = bytes / 1024 / 1024;
    throughput[r].push(mb / (ms / 1000));
    cpu[r].client += (used.user + used.system) / 1000;
    cpu[r].standIn += after[0] - before[1];
    cpu[r].proxy += after[1] - before[2];
    cpu[r].proxyPerRound.push((after[1] - before[2]) / mb);
    cpu[r].mb += mb;
    cpu[r].reads += reads;
  }
const phaseCpu = {};
for (const [r, proc] of Object.entries(proxyOf)) phaseCpu[r] = (await cpuOf(proc)) - phaseStart[r];

/** A proxy process's peak resident set while one stream of `bytes` passes through it. */
async function peakRss(r, bytes) {
  const pid = proxyOf[r].pid;
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 5);
  try {
    await call(...routes[r], { model: 'm', stream: true, bytes });
  } finally {
    clearInterval(timer);
  }
  return peak / 1024;
}
progress('peak RSS', ` (5 MB, then ${BIG / 1024 / 1024} MB, through each proxy)`);
const rss = {};
for (const r of Object.keys(proxyOf))
  rss[r] = [await peakRss(r, 5 * 1024 * 1024), await peakRss(r, BIG)];

const stats = {};
for (const [r, proc] of [
  ['gateway', gatewayProcess],
  ['budgeted', budgetedProcess]
]) {
  proc.send('stats');
  stats[r] = (await message(proc)).stats;
}

// 5. The reservation in this process, the children idle: what server.ts does per model call at
// admission (reservationOf parses the body for max_tokens; admit checks the budgets with every open
// call counted) and at its end (record, release), on the realistic body, with and without budgets.
progress(
  'reservation micro-benchmark',
  ` (${MICRO} calls per case, ${(LARGE.length / 1024).toFixed(1)} KB body)`
);
const { lowered, reservationOf, OutputCounter, priced } = await import(bundle('meter'));
const { Ledger } = await import(bundle('ledger'));
const body = Buffer.from(LARGE);
const recorded = {
  provider: 'openai',
  model: 'm',
  status: 200,
  tokensIn: 1,
  tokensOut: 1,
  latencyMs: 1,
  retries: 0,
  streamed: false
};
/** One call's reservation path; a fresh ledger every 1000 calls, as a turn's log is bounded at that. */
const reserving = (budgets, prices, tight = false) => {
  let ledger = new Ledger(budgets);
  let n = 0;
  return () => {
    if (++n % 1000 === 0) ledger = new Ledger(budgets);
    const reserved = reservationOf(body, 'm', prices);
    const held = ledger.admit(reserved);
    if ('budget' in held) throw new Error('refused in the micro-benchmark');
    // As server.ts does where the room left is less than the body's ceiling: the body rewritten.
    if (held.lowered && reserved.ceiling) lowered(body, reserved.ceiling, held.reserved.tokensOut);
    else if (tight) throw new Error('the ceiling was not lowered in the micro-benchmark');
    ledger.record(recorded, held);
    ledger.release(held);
  };
};
// Room for 2,000 to 4,000 output tokens whatever the ledger has recorded (2 tokens a call, a new
// ledger every 1,000): less than the body's max_tokens of 4,096, so every call is lowered.
const TIGHT = { maxTokens: Math.ceil(body.length / 4) + 4000 };
const makers = {
  // The body parsed and nothing else: the floor of reading max_tokens out of it.
  'JSON.parse alone': () => {
    let n = 0;
    return () => (n += JSON.parse(body.toString('utf8')).max_tokens);
  },
  'no budgets': () => reserving({}, {}),
  'with budgets': () => reserving(BUDGETS, PRICES),
  'little budget left, max_tokens lowered': () => reserving(TIGHT, PRICES, true)
};
const micro = Object.fromEntries(Object.keys(makers).map(k => [k, []]));
const MICRO_ROUNDS = 10;
if (MICRO > 0) {
  const fns = Object.fromEntries(Object.entries(makers).map(([k, make]) => [k, make()]));
  for (const fn of Object.values(fns)) for (let i = 0; i < 2000; i++) fn();
  const keys = Object.keys(fns);
  for (let round = 0; round < MICRO_ROUNDS; round++)
    for (const k of keys.map((_, i) => keys[(i + round) % keys.length])) {
      const n = Math.ceil(MICRO / MICRO_ROUNDS);
      const started = performance.now();
      for (let i = 0; i < n; i++) fns[k]();
      micro[k].push(((performance.now() - started) * 1000) / n);
    }
}
// What the budgeted gateway adds per byte of a stream: its counter and the ledger's check per line,
// over 64 KB reads of whole lines, as the gateway gets them: the stand-in's 4 KB events, and events
// the size a provider streams (a few characters of text each, about 170 bytes a line).
progress('stream counter micro-benchmark', ` (${BIG / 1024 / 1024} MB, ${MICRO_ROUNDS} rounds)`);
const events = {
  'stand-in 4 KB events': { choices: [{ delta: { content: 'x'.repeat(4000) } }] },
  'provider-size events': {
    id: 'chatcmpl-0123456789abcdefghij',
    object: 'chat.completion.chunk',
    created: 1764780000,
    model: 'gpt-4o-2024-08-06',
    choices: [{ index: 0, delta: { content: ' the' }, logprobs: null, finish_reason: null }]
  }
};
const counterMsPerMb = Object.fromEntries(Object.keys(events).map(k => [k, []]));
for (const [k, event] of Object.entries(events)) {
  const line = Buffer.from(`data: ${JSON.stringify(event)}\n\n`);
  // Whole lines to a read (the gateway's reads split lines too; a split line costs a copy more).
  const read = Buffer.concat(Array.from({ length: Math.floor(65536 / line.length) }, () => line));
  for (let round = 0; MICRO > 0 && round < MICRO_ROUNDS; round++) {
    const ledger = new Ledger(BUDGETS);
    const held = ledger.admit(reservationOf(body, 'm', PRICES));
    const counter = new OutputCounter();
    const started = performance.now();
    for (let at = 0; at < BIG; at += read.length)
      counter.push(
        read,
        () =>
          ledger.streamed(held, 1 + counter.tokens, priced(PRICES, 'm', 1, counter.tokens)) !==
          undefined
      );
    counterMsPerMb[k].push((performance.now() - started) / (BIG / 1024 / 1024));
    ledger.release(held);
  }
}

phase = 'done';
// Asked to exit, not killed: a --cpu-prof profile is written on exit.
for (const proc of [gatewayProcess, budgetedProcess]) {
  proc.send('exit');
  await new Promise(resolve => proc.once('exit', resolve));
}
progress('done');

const f = x => x.toFixed(2);
const best = list => Math.max(...list);
const label = {
  direct: 'direct',
  bare: 'bare proxy',
  gateway: 'gateway',
  budgeted: 'gateway + budgets'
};
const row = (values, unit) => NAMES.map(r => `${label[r]} ${f(values(r))}${unit}`).join(', ');
console.log(
  `node ${process.version}, ${os.cpus().length} cores, load at the start ${loadAtStart.map(f).join(' ')}, at the end ${os.loadavg().map(f).join(' ')}, ${((performance.now() - began) / 1000).toFixed(1)} s`
);
for (const [name, values, count] of [
  ['latency, small body', latency, CALLS],
  [`latency, ${(LARGE.length / 1024).toFixed(1)} KB body`, latencyLarge, BODY_CALLS],
  ['first byte', first, FIRST]
])
  for (const p of count > 0 ? [50, 99] : [])
    console.log(
      `${name} p${p} (${count} a route): ${row(r => percentile(values[r], p), ' ms')}; gateway added ${f(percentile(values.gateway, p) - percentile(values.direct, p))} ms, bare added ${f(percentile(values.bare, p) - percentile(values.direct, p))} ms, budgets added ${f(percentile(values.budgeted, p) - percentile(values.gateway, p))} ms`
    );
if (ROUNDS > 0) {
  console.log(
    `${BIG / 1024 / 1024} MB stream, best of ${ROUNDS}: ${row(r => best(throughput[r]), ' MB/s')}`
  );
  for (const r of NAMES) console.log(`  ${label[r]} MB/s: ${throughput[r].map(f).join(', ')}`);
  for (const r of NAMES)
    console.log(
      `CPU per MB on the ${label[r]} rounds: client ${f(cpu[r].client / cpu[r].mb)} ms, stand-in ${f(cpu[r].standIn / cpu[r].mb)} ms` +
        (proxyOf[r]
          ? `, ${label[r]} process ${f(cpu[r].proxy / cpu[r].mb)} ms (rounds: ${cpu[r].proxyPerRound.map(f).join(', ')})`
          : '') +
        `; the client read it in ${f((cpu[r].mb * 1024) / cpu[r].reads)} KiB pieces on average`
    );
  const whole = r => phaseCpu[r] / cpu[r].mb;
  console.log(
    `CPU per MB over the whole phase (between streams too): ${Object.keys(proxyOf)
      .map(r => `${label[r]} ${f(whole(r))} ms`)
      .join(
        ', '
      )}; gateway / bare ${f(whole('gateway') / whole('bare'))}× (target ≤ 2×: ${whole('gateway') / whole('bare') <= 2 ? 'pass' : 'fail'}), gateway + budgets / gateway ${f(whole('budgeted') / whole('gateway'))}×`
  );
  const per = r => cpu[r].proxy / cpu[r].mb;
  const ratios = (a, b) =>
    cpu[a].proxyPerRound.map((x, i) => x / cpu[b].proxyPerRound[i]).sort((x, y) => x - y);
  console.log(
    `CPU per MB, round by round (the n-th round of each), median: gateway / bare ${f(median(ratios('gateway', 'bare')))}×, gateway + budgets / gateway ${f(median(ratios('budgeted', 'gateway')))}×`
  );
  console.log(
    `CPU per MB in the streams' own windows, gateway / bare proxy: ${f(per('gateway') / per('bare'))}× (target ≤ 2×: ${per('gateway') / per('bare') <= 2 ? 'pass' : 'fail'}); gateway + budgets / bare: ${f(per('budgeted') / per('bare'))}×; gateway + budgets / gateway: ${f(per('budgeted') / per('gateway'))}× (+${f(per('budgeted') - per('gateway'))} ms a MB)`
  );
}
for (const r of Object.keys(rss))
  console.log(
    `${label[r]} process peak RSS streaming: 5 MB ${f(rss[r][0])} MiB, ${BIG / 1024 / 1024} MB ${f(rss[r][1])} MiB`
  );
if (MICRO > 0) {
  for (const k of Object.keys(micro))
    console.log(
      `reservation micro-benchmark, ${(LARGE.length / 1024).toFixed(1)} KB body, ${k}: median ${f(median(micro[k]))} µs a call (rounds: ${micro[k].map(f).join(', ')})`
    );
  const worst = Math.max(median(micro['no budgets']), median(micro['with budgets']));
  console.log(
    `reservation: ${f(worst)} µs a call at most with room left (target ≤ 200 µs: ${worst <= 200 ? 'pass' : 'fail'}); ${f(median(micro['little budget left, max_tokens lowered']))} µs where the body is rewritten`
  );
  for (const k of Object.keys(counterMsPerMb))
    console.log(
      `stream counter micro-benchmark (OutputCounter + Ledger.streamed per line), ${k}: median ${f(median(counterMsPerMb[k]))} ms a MB (rounds: ${counterMsPerMb[k].map(f).join(', ')})`
    );
}
for (const r of Object.keys(stats))
  console.log(
    `${label[r]} stats: ${stats[r].calls.length} kept, ${stats[r].tokens} tokens${stats[r].stopped ? `, stopped at ${stats[r].stopped.budget}` : ''}`
  );
process.exit(0);
