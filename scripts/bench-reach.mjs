// What the egress fence's check of a request body costs the model gateway, side by side in one run:
// `node scripts/bench-reach.mjs` (numbers go in docs/BENCHMARKS.md by hand). Like bench-gateway.mjs
// it bundles src/gateway/gateway.ts (and request-body.ts, reach.ts for the micro-benchmark) with ncc
// into a temporary folder, so it needs no `npm run build`, and runs, each in its own child process:
//   - a stand-in provider (node:http) that reads the body whole, parses nothing, and answers a small
//     JSON completion with the body's length in a header (the client checks every byte arrived);
//   - the gateway unfenced, as a run with `allowed-hosts: *` starts it;
//   - the gateway fenced (`fencedHosts: [{ pattern: 'cdn.example.com', port: 443 }]`), as a run with
//     the fence on: every body's URLs and tools checked against that list, the body written anew.
// This process drives three routes (direct to the stand-in, unfenced, fenced) with undici, in all
// six orders of the three in turn (each route in each place and after each other route alike), on
// three bodies, all of which the fence lets through:
//   - typical: a Hermes chat call of about 30 KB (a system prompt, 20 messages with tool calls and
//     results, one screenshot by URL on cdn.example.com, 15 function tools with JSON-schema parameters);
//   - transcript: about BENCH_LARGE_MB (default 8) MB of the same turns, a long conversation (many
//     small objects: the walk's worst realistic case);
//   - image: the typical call with one base64 PNG part of about BENCH_LARGE_MB MB (one long string).
// For each: per-call latency p50 and p99 on every route, and the CPU (user + system, all threads:
// each gateway's own process.cpuUsage over IPC, read only at a round's ends) each gateway spent per
// call and per MB of request body, BENCH_ROUNDS (default 10) rounds, the median and range of the
// rounds; each gateway's peak RSS after the large bodies. Then, in this process, the pieces of the
// check one by one on each body (bodyOf's read and `{`/`[` count, JSON.parse, reachOf, the
// re-serialization, prepared() unfenced and fenced), ms a MB, median of BENCH_MICRO_ROUNDS (10).
// BENCH_CALLS (typical calls a route, default 2000), BENCH_LARGE_CALLS (large calls a route and
// body, default 60) and BENCH_WARMUP shrink phases; BENCH_GUARD_MS (20 minutes) bounds the run.
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { request } from 'undici';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const KEY = 'sk-bench-real-key-0123456789';
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const LARGE_CALLS = Number(process.env.BENCH_LARGE_CALLS ?? 60);
const LARGE_MB = Number(process.env.BENCH_LARGE_MB ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MICRO_ROUNDS = Number(process.env.BENCH_MICRO_ROUNDS ?? 10);
const GUARD_MS = Number(process.env.BENCH_GUARD_MS ?? 20 * 60 * 1000);
const FENCED_HOSTS = [{ pattern: 'cdn.example.com', port: 443 }];
const MB = 1024 * 1024;

const STANDIN = `
import { createServer } from 'node:http';
process.on('message', what => { if (what === 'cpu') process.send({ cpu: process.cpuUsage() }); });
const small = JSON.stringify({ id: 'c', choices: [{ message: { content: 'ok' } }], usage: { prompt_tokens: 1, completion_tokens: 1 } });
createServer((req, res) => {
  let got = 0;
  req.on('data', c => (got += c.length));
  req.on('end', () => {
    if (req.headers.authorization !== 'Bearer ${KEY}') { res.writeHead(401); return res.end(); }
    res.writeHead(200, { 'content-type': 'application/json', 'x-got': String(got) });
    res.end(small);
  });
}).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const median = values => percentile(values, 50);

/** One chat completion with `body` (a Buffer); checks the stand-in got all of it. */
async function call(base, key, body) {
  const started = performance.now();
  const answer = await request(`${base}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body
  });
  await answer.body.text();
  const ms = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode} from ${base}`);
  if (Number(answer.headers['x-got']) !== body.length)
    throw new Error(`${base}: the stand-in got ${answer.headers['x-got']} of ${body.length} bytes`);
  return ms;
}

// Words for the bodies' text, drawn by a fixed generator so every run sends the same bytes.
const WORDS =
  'the agent reads src/gateway/server.ts and runs npm test; a "quoted" path, a newline, function return const await import { x } from y; exit code 0 after 12 s'.split(
    ' '
  );
let seed = 7;
const text = n => {
  const out = [];
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[seed % WORDS.length] + (seed % 17 === 0 ? '\n' : ''));
  }
  return out.join(' ');
};

/** A function tool as Hermes declares one: a description and JSON-schema parameters. */
const tool = (name, i) => ({
  type: 'function',
  function: {
    name,
    description: text(40),
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: text(12) },
        content: { type: 'string', description: text(10) },
        offset: { type: 'integer', minimum: 0, description: text(6) },
        limit: { type: 'integer', minimum: 1, maximum: 2000, description: text(6) },
        mode: { type: 'string', enum: ['read', 'write', 'append'], description: text(5) },
        ...(i % 3 === 0 && {
          options: {
            type: 'object',
            properties: { recursive: { type: 'boolean' }, timeout: { type: 'number' } },
            additionalProperties: false
          }
        })
      },
      required: ['path'],
      additionalProperties: false
    }
  }
});
const TOOLS = [
  'read_file',
  'write_file',
  'patch',
  'search_files',
  'terminal',
  'process',
  'todo',
  'memory',
  'session_search',
  'skills_list',
  'skill_view',
  'web_extract',
  'vision_analyze',
  'clarify',
  'execute_code'
].map(tool);

/** One assistant turn with a tool call, and its result. */
const turn = (n, words) => {
  const id = `call_${n}`;
  return [
    {
      role: 'assistant',
      content: text(12),
      tool_calls: [
        {
          id,
          type: 'function',
          function: { name: 'read_file', arguments: JSON.stringify({ path: `src/file${n}.ts` }) }
        }
      ]
    },
    { role: 'tool', tool_call_id: id, content: text(words) }
  ];
};

/** The typical call: system prompt, 20 messages (a task with a screenshot, 9 turns, a follow-up), 15 tools. */
function typical(words = 170) {
  seed = 7;
  const messages = [
    { role: 'system', content: text(900) },
    {
      role: 'user',
      content: [
        { type: 'text', text: text(60) },
        { type: 'image_url', image_url: { url: 'https://cdn.example.com/run/42/screenshot.png' } }
      ]
    }
  ];
  for (let n = 0; n < 9; n++) messages.push(...turn(n, words));
  messages.push({ role: 'user', content: text(40) });
  return { model: 'm', max_tokens: 4096, temperature: 0, messages, tools: TOOLS };
}

/** A long transcript: the typical call's turns until the body is `mb` MB. */
function transcript(mb) {
  const body = typical();
  const last = body.messages.pop();
  let size = JSON.stringify(body).length;
  for (let n = 9; size < mb * MB; n++)
    for (const m of turn(n, 95)) {
      body.messages.push(m);
      size += JSON.stringify(m).length + 1;
    }
  body.messages.push(last);
  return body;
}

/** The typical call with one base64 PNG part of `mb` MB in its last message. */
function image(mb) {
  const body = typical();
  const bytes = Buffer.alloc(Math.floor((mb * MB * 3) / 4));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  body.messages.push({
    role: 'user',
    content: [
      { type: 'text', text: 'What does this show?' },
      {
        type: 'image_url',
        image_url: { url: `data:image/png;base64,${bytes.toString('base64')}`, detail: 'high' }
      }
    ]
  });
  return body;
}

const BODIES = {
  typical: Buffer.from(JSON.stringify(typical())),
  transcript: Buffer.from(JSON.stringify(transcript(LARGE_MB))),
  image: Buffer.from(JSON.stringify(image(LARGE_MB)))
};
const CALLS_OF = { typical: CALLS, transcript: LARGE_CALLS, image: LARGE_CALLS };

const children = new Set();
let phase = 'setup';
const began = performance.now();
const loadAtStart = os.loadavg();
const progress = (next, detail = '') => {
  phase = next;
  const at = ((performance.now() - began) / 1000).toFixed(1);
  process.stderr.write(
    `bench-reach: [${at} s, load ${os.loadavg()[0].toFixed(2)}] ${next}${detail}\n`
  );
};
process.on('exit', () => {
  for (const proc of children) proc.kill('SIGKILL');
});
const guard = setTimeout(() => {
  process.stderr.write(`bench-reach: guard: still in phase "${phase}" after ${GUARD_MS} ms\n`);
  process.exit(2);
}, GUARD_MS);
guard.unref();

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reach-'));
process.on('exit', () => fs.rmSync(out, { recursive: true, force: true }));
progress('bundling src/gateway/gateway.ts, request-body.ts, reach.ts');
for (const [entry, folder] of [
  ['src/gateway/gateway.ts', 'gateway'],
  ['src/gateway/request-body.ts', 'request-body'],
  ['src/gateway/reach.ts', 'reach']
])
  execFileSync('npx', ['ncc', 'build', entry, '-o', path.join(out, folder), '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  });
const bundle = folder => pathToFileURL(path.join(out, folder, 'index.js')).href;
// The gateway in its own process, as in a run; its fenced hosts (or 'null') come as a JSON argument.
const GATEWAY = `
const { startGateway } = await import(${JSON.stringify(bundle('gateway'))});
const [upstream, fenced] = process.argv.slice(1);
const fencedHosts = JSON.parse(fenced);
const gateway = await startGateway({
  env: { OPENAI_API_KEY: '${KEY}', OPENAI_BASE_URL: upstream },
  mode: 'auto', budgets: {},
  ...(fencedHosts && { fencedHosts }),
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

function child(name, script, ...args) {
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  });
  children.add(proc);
  proc.once('exit', (code, signal) => {
    children.delete(proc);
    if (phase !== 'done') {
      process.stderr.write(
        `bench-reach: the ${name} exited (${code ?? signal}) in phase "${phase}"\n`
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
/** A child's peak resident set so far, MiB. */
const peakOf = proc =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8'))[1]) / 1024;

progress('starting the stand-in provider and the two gateways');
const standIn = child('stand-in', STANDIN);
const direct = `http://127.0.0.1:${await message(standIn)}/v1`;
const unfencedProcess = child('unfenced gateway', GATEWAY, direct, 'null');
const unfenced = await message(unfencedProcess);
const fencedProcess = child('fenced gateway', GATEWAY, direct, JSON.stringify(FENCED_HOSTS));
const fenced = await message(fencedProcess);
const routes = {
  direct: [direct, KEY],
  unfenced: [unfenced.base, unfenced.capability],
  fenced: [fenced.base, fenced.capability]
};
const NAMES = Object.keys(routes);
const proxyOf = { unfenced: unfencedProcess, fenced: fencedProcess };
// All six orders of the three routes, in turn: over six calls each route takes each place twice and
// follows each other route as often, so neither drift nor a neighbour's leftover work favours one.
const ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2]
];
const ordered = n => ORDERS[n % ORDERS.length].map(i => NAMES[i]);

const results = {};
const peaks = {};
for (const [name, body] of Object.entries(BODIES)) {
  const calls = CALLS_OF[name];
  if (calls <= 0) continue;
  const kb = (body.length / 1024).toFixed(1);
  const warm = name === 'typical' ? WARMUP : Math.min(WARMUP, 5);
  progress(`warm-up, ${name}`, ` (${warm} calls a route, ${kb} KB)`);
  for (let n = 0; n < warm; n++) for (const r of ordered(n)) await call(...routes[r], body);
  const latency = Object.fromEntries(NAMES.map(r => [r, []]));
  // CPU ms a call of each gateway, round by round.
  const cpu = Object.fromEntries(Object.keys(proxyOf).map(r => [r, []]));
  const perRound = Math.ceil(calls / ROUNDS);
  for (let round = 0, n = 0; round < ROUNDS; round++) {
    progress(`${name}`, ` (round ${round + 1} of ${ROUNDS}, ${perRound} calls a route, ${kb} KB)`);
    const before = {};
    for (const [r, proc] of Object.entries(proxyOf)) before[r] = await cpuOf(proc);
    for (let i = 0; i < perRound; i++, n++)
      for (const r of ordered(n)) latency[r].push(await call(...routes[r], body));
    for (const [r, proc] of Object.entries(proxyOf))
      cpu[r].push(((await cpuOf(proc)) - before[r]) / perRound);
  }
  results[name] = { bytes: body.length, calls: perRound * ROUNDS, latency, cpu };
  peaks[name] = Object.fromEntries(Object.entries(proxyOf).map(([r, p]) => [r, peakOf(p)]));
}
const stats = {};
for (const [r, proc] of Object.entries(proxyOf)) {
  proc.send('stats');
  stats[r] = (await message(proc)).stats;
}
phase = 'done';
for (const proc of Object.values(proxyOf)) {
  proc.send('exit');
  await new Promise(resolve => proc.once('exit', resolve));
}
standIn.kill();

// The check's pieces in this process, the children gone: what the gateway runs on every body
// (bodyOf, then prepared(): JSON.parse and reachOf whether fenced or not) and what the fence adds
// (the body written anew from the parsed value).
progress('micro-benchmark', ` (${MICRO_ROUNDS} rounds a piece and body)`);
const { bodyOf, prepared } = await import(bundle('request-body'));
const { reachOf } = await import(bundle('reach'));
const provider = { provider: 'openai' };
const pool = () => ({ limits: { perRequest: 64 * MB, inFlight: 96 * MB }, held: 0 });
const pieces = {
  // bodyOf's loop without the count: the floor the count adds to.
  'read (chunks, concat)': async raw => {
    const chunks = [];
    for await (const chunk of Readable.from([raw])) chunks.push(chunk);
    return Buffer.concat(chunks).length;
  },
  'bodyOf (read + { [ count)': async raw =>
    (await bodyOf(Readable.from([raw]), pool(), { bytes: 0 })).length,
  'JSON.parse': raw => JSON.parse(raw.toString('utf8')),
  reachOf: (_raw, parsed) => reachOf(parsed).length,
  're-serialize (fenced only)': (_raw, parsed) => Buffer.from(JSON.stringify(parsed)).length,
  'prepared, unfenced': raw =>
    prepared(provider, '/chat/completions', raw, { isCall: true, fenced: false }),
  'prepared, fenced': raw =>
    prepared(provider, '/chat/completions', raw, { isCall: true, fenced: true })
};
const micro = {};
for (const [name, raw] of Object.entries(BODIES)) {
  const parsed = JSON.parse(raw.toString('utf8'));
  const reps = Math.max(1, Math.round((20 * MB) / raw.length)); // about 20 MB of body a round
  const keys = Object.keys(pieces);
  micro[name] = Object.fromEntries(keys.map(k => [k, []]));
  for (const k of keys) for (let i = 0; i < Math.min(reps, 50); i++) await pieces[k](raw, parsed);
  for (let round = 0; round < MICRO_ROUNDS; round++)
    for (const k of keys.map((_, i) => keys[(i + round) % keys.length])) {
      const started = performance.now();
      for (let i = 0; i < reps; i++) await pieces[k](raw, parsed);
      micro[name][k].push((performance.now() - started) / ((reps * raw.length) / MB));
    }
}
progress('done');

const f = x => x.toFixed(2);
const range = list => `${f(Math.min(...list))}–${f(Math.max(...list))}`;
console.log(
  `node ${process.version}, ${os.cpus().length} cores, load at the start ${loadAtStart.map(f).join(' ')}, at the end ${os.loadavg().map(f).join(' ')}, ${((performance.now() - began) / 1000).toFixed(1)} s`
);
for (const [name, { bytes, calls, latency, cpu }] of Object.entries(results)) {
  const mb = bytes / MB;
  console.log(`\n${name}: ${(bytes / 1024).toFixed(1)} KB body, ${calls} calls a route`);
  for (const p of [50, 99]) {
    const at = r => percentile(latency[r], p);
    console.log(
      `  latency p${p}: direct ${f(at('direct'))} ms, unfenced ${f(at('unfenced'))} ms, fenced ${f(at('fenced'))} ms; the fence added ${f(at('fenced') - at('unfenced'))} ms (${f((100 * (at('fenced') - at('unfenced'))) / at('unfenced'))} %)`
    );
  }
  const [u, fe] = [median(cpu.unfenced), median(cpu.fenced)];
  console.log(
    `  gateway CPU a call, median of ${ROUNDS} rounds: unfenced ${f(u)} ms (${range(cpu.unfenced)}), fenced ${f(fe)} ms (${range(cpu.fenced)}); the fence added ${f(fe - u)} ms (${f((100 * (fe - u)) / u)} %)`
  );
  const ratios = cpu.fenced.map((x, i) => x / cpu.unfenced[i]);
  console.log(
    `  gateway CPU a MB of body: unfenced ${f(u / mb)} ms, fenced ${f(fe / mb)} ms, +${f((fe - u) / mb)} ms; fenced / unfenced round by round: median ${f(median(ratios))}× (${range(ratios)})`
  );
  console.log(
    `  gateway peak RSS after it: unfenced ${f(peaks[name].unfenced)} MiB, fenced ${f(peaks[name].fenced)} MiB`
  );
}
for (const [name, byPiece] of Object.entries(micro)) {
  console.log(
    `\nin-process, ${name} (${(BODIES[name].length / 1024).toFixed(1)} KB), ms a MB, median (range) of ${MICRO_ROUNDS} rounds:`
  );
  for (const [k, list] of Object.entries(byPiece))
    console.log(
      `  ${k}: ${f(median(list))} (${range(list)}); ${f((median(list) * BODIES[name].length) / MB)} ms a call`
    );
}
for (const [r, s] of Object.entries(stats))
  console.log(
    `${r} gateway stats: ${s.calls.length} calls kept${s.pastFence ? `, ${s.pastFence} refused past the fence` : ''}`
  );
process.exit(0);
