// What the gateway's owner check costs (src/gateway/loopback-owner.ts): one synchronous read of the
// kernel's socket tables per new upstream connection while Hermes runs as its own user. Reads
// /proc/net/tcp and /proc/net/tcp6 ROUNDS times with no sockets of ours open, then with a child
// holding CONNECTIONS loopback connections (2 sockets each, as an agent could to lengthen the table),
// and prints the median and the longest read of each. Linux only.
//
//   node scripts/bench-socket-table.mjs            (2,500 connections, 20 rounds)
//   CONNECTIONS=10000 ROUNDS=10 node scripts/bench-socket-table.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 2500);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

function reads() {
  const times = [];
  let rows = 0;
  for (let n = 0; n < ROUNDS; n++) {
    const began = performance.now();
    rows = 0;
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
      try {
        rows += fs.readFileSync(file, 'utf8').split('\n').length - 2;
      } catch {
        // No IPv6 table: nothing to read.
      }
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return { rows, median: times[Math.floor(times.length / 2)], max: times.at(-1) };
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

const quiet = reads();
const holder = spawn(process.execPath, ['-e', HOLDER, String(CONNECTIONS)], {
  stdio: ['ignore', 'pipe', 'inherit']
});
let out = '';
holder.stdout.setEncoding('utf8');
holder.stdout.on('data', chunk => (out += chunk));
while (!out.includes('ready')) await once(holder.stdout, 'data');
const crowded = reads();
holder.kill();

const line = (what, r) =>
  `${what}: ${r.rows} rows, read median ${r.median.toFixed(2)} ms, longest ${r.max.toFixed(2)} ms`;
console.log(`node ${process.version}, ${ROUNDS} reads of /proc/net/tcp + tcp6 each`);
console.log(line('no sockets of ours', quiet));
console.log(line(`${CONNECTIONS} loopback connections held`, crowded));
