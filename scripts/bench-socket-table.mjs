// What the gateway's owner check costs (src/gateway/loopback-owner.ts), once per new upstream
// connection while Hermes runs as its own user, and how long it holds the event loop: the look-up
// as it was (scripts/socket-table-sync.mjs: /proc/net/tcp and tcp6 read with readFileSync and
// scanned whole) beside the look-up as it is (lookUpPeerOwner, bundled from src/ with ncc: read in
// the thread pool a page at a time, scanned ROWS_PER_TURN rows a turn), in the same run, rounds
// alternating.
//
// Each round looks up two ends with each: a provider on another host (documentation addresses, no
// traffic: no row is its peer, so both tables are read through, the worst case) and a loopback
// server of this process (its peer found in the IPv4 table). Once timed alone, once with a ticker
// (a setImmediate chain) turning the loop throughout, which records the longest gap between two of
// its turns: the longest stall. First with no sockets of ours, then with a child holding
// CONNECTIONS loopback connections (2 sockets each, as an agent could to lengthen the table).
// Prints the median and the longest of each. Linux only.
//
//   node scripts/bench-socket-table.mjs            (2,500 connections, 20 rounds)
//   CONNECTIONS=9000 ROUNDS=10 node scripts/bench-socket-table.mjs   (2 descriptors a connection)
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { peerOwnerSync } from './socket-table-sync.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 2500);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-socket-table-'));
process.on('exit', () => fs.rmSync(out, { recursive: true, force: true }));
execFileSync('npx', ['ncc', 'build', 'src/gateway/loopback-owner.ts', '-o', out, '-q'], {
  cwd: ROOT,
  stdio: 'inherit'
});
const { lookUpPeerOwner, ROWS_PER_TURN } = await import(
  pathToFileURL(path.join(out, 'index.js')).href
);

const server = net.createServer(() => undefined).listen(0, '127.0.0.1');
await once(server, 'listening');
const loopback = net.connect(server.address().port, '127.0.0.1');
await once(loopback, 'connect');
const ENDS = {
  remote: {
    localAddress: '192.0.2.10',
    localPort: 40000,
    remoteAddress: '198.51.100.20',
    remotePort: 443
  },
  loopback
};
const VARIANTS = {
  before: socket => peerOwnerSync(socket),
  after: socket => lookUpPeerOwner(socket)
};

/** The look-up's time, the loop left alone. */
async function timed(lookUp, socket) {
  const began = performance.now();
  const owner = await lookUp(socket);
  return { owner, ms: performance.now() - began };
}

/** The longest gap between two turns of the loop while the look-up runs (started from a turn). */
async function stall(lookUp, socket) {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await new Promise(resolve => setImmediate(resolve));
  await new Promise((resolve, reject) =>
    setImmediate(() => Promise.resolve(lookUp(socket)).then(resolve, reject))
  );
  // One more turn, so that the gap the look-up's last slice ended is counted.
  await new Promise(resolve => setImmediate(resolve));
  running = false;
  return longest;
}

function rows() {
  let n = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    try {
      n += fs.readFileSync(file, 'utf8').split('\n').length - 2;
    } catch {
      // No IPv6 table.
    }
  return n;
}

async function phase() {
  const samples = {};
  let disagreed = 0;
  for (let n = 0; n < ROUNDS; n++)
    for (const [end, socket] of Object.entries(ENDS)) {
      const answers = new Set();
      // Alternated, so that drift in the machine's load falls on both alike.
      const order = n % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      for (const variant of order) {
        const key = `${variant} ${end}`;
        samples[key] ??= { ms: [], stall: [] };
        const { owner, ms } = await timed(VARIANTS[variant], socket);
        answers.add(owner);
        samples[key].ms.push(ms);
        samples[key].stall.push(await stall(VARIANTS[variant], socket));
      }
      if (answers.size > 1) disagreed++;
    }
  return { rows: rows(), samples, disagreed };
}

const HOLDER = `
const net = require('node:net');
const n = Number(process.argv[1]);
const server = net.createServer(() => {}).listen(0, '127.0.0.1', async () => {
  const port = server.address().port;
  const open = [];
  for (let i = 0; i < n; i++) {
    const s = net.connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => { s.once('connect', resolve); s.once('error', reject); });
    open.push(s);
  }
  process.stdout.write('ready\\n');
});
`;

const quiet = await phase();
const holder = spawn(process.execPath, ['-e', HOLDER, String(CONNECTIONS)], {
  stdio: ['ignore', 'pipe', 'inherit']
});
holder.stdout.setEncoding('utf8');
// The holder has 2 descriptors a connection: past half of `ulimit -n` it fails, and says so.
await new Promise((resolve, reject) => {
  let said = '';
  holder.stdout.on('data', chunk => (said += chunk).includes('ready') && resolve());
  holder.once('exit', code =>
    reject(new Error(`the holder ended (exit ${code}) before ${CONNECTIONS} connections were open`))
  );
});
const crowded = await phase();
holder.kill();
loopback.destroy();
server.close();

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const longest = values => Math.max(...values);
const f = ms => ms.toFixed(2).padStart(7);
console.log(
  `node ${process.version}, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(2)}, ` +
    `${ROUNDS} rounds, ROWS_PER_TURN ${ROWS_PER_TURN}; ms, median / longest`
);
for (const [what, result] of [
  ['no sockets of ours', quiet],
  [`${CONNECTIONS} loopback connections held`, crowded]
]) {
  console.log(
    `${what}: ${result.rows} rows` +
      (result.disagreed ? `, ${result.disagreed} rounds where the answers differed` : '')
  );
  console.log('  look-up            time (median / longest)   longest stall (median / longest)');
  for (const [key, { ms, stall: stalls }] of Object.entries(result.samples))
    console.log(
      `  ${key.padEnd(16)} ${f(median(ms))} / ${f(longest(ms))}          ${f(median(stalls))} / ${f(longest(stalls))}`
    );
}
