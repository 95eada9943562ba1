/**
 * The owner check's look-up in the kernel's socket table (src/gateway/loopback-owner.ts) does not
 * hold the gateway's event loop: lookUpPeerOwner reads the tables in the thread pool and scans them
 * ROWS_PER_TURN rows at a time, and answers as peerOwner, the synchronous scan, does on the same
 * rows. Shown on made tables of every kind of row (a property), on a long one whose scan must let
 * the loop turn again and again, and on this machine's own table, lengthened by a child holding
 * many loopback connections as an agent could. The last needs /proc/net/tcp (Linux): skipped
 * elsewhere with a loud line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { endianness } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { lookUpPeerOwner, peerOwner, ROWS_PER_TURN } from '../../src/gateway/loopback-owner.js';
import { runsHere } from '../helpers/machine-tools.js';

const linux = runsHere(
  fs.existsSync('/proc/net/tcp'),
  `this machine (${process.platform}) has no /proc/net/tcp: the look-up on a real socket table is NOT tested here.`
);
const linuxTest = linux ? test : test.skip;

const HEAD =
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';

/** `a.b.c.d:port` as /proc/net/tcp writes it: the address a 32-bit word in this machine's order. */
function field(address: string, port: number): string {
  const bytes = address.split('.').map(Number);
  const ordered = endianness() === 'LE' ? bytes.reverse() : bytes;
  const hex = (n: number, width: number): string =>
    n.toString(16).toUpperCase().padStart(width, '0');
  return `${ordered.map(b => hex(b, 2)).join('')}:${hex(port, 4)}`;
}

/** One row of the table, as the kernel writes it. */
function row(n: number, local: string, remote: string, state: string, uid: number): string {
  return `${String(n).padStart(4)}: ${local} ${remote} ${state} 00000000:00000000 00:00000000 00000000 ${String(uid).padStart(5)}        0 ${n + 1000} 1 0000000000000000 20 4 30 10 -1\n`;
}

/** The tables as the old check read them: each synchronously, the IPv6 one only if asked for. */
function* readNow(): Generator<string> {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    try {
      yield fs.readFileSync(file, 'utf8');
    } catch {
      // No IPv6 table.
    }
}

/** How many times the event loop turned (a setImmediate chain ran) while work ran. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    running = false;
  }
}

type Ends = { localAddress: string; localPort: number; remoteAddress: string; remotePort: number };

describe('lookUpPeerOwner on made tables', () => {
  // Our socket: 127.0.0.1:40000 → 127.0.0.1:8080. Its peer's row is 8080 → 40000; the others are
  // other sockets of port 40000 (one sharing it, a NAT-redirected one), or nothing of ours.
  const socket: Ends = {
    localAddress: '127.0.0.1',
    localPort: 40000,
    remoteAddress: '127.0.0.1',
    remotePort: 8080
  };
  const far: [string, number] = ['127.0.0.1', 40000];
  const ends: [string, number][] = [
    ['127.0.0.1', 8080],
    far,
    ['127.0.0.1', 9090],
    ['10.0.0.7', 443],
    ['127.0.0.2', 8080]
  ];
  const end = fc.constantFrom(...ends);
  const anyRow = fc.record({
    local: end,
    // Most rows on our end, where they count: the peer's, a redirected one's, a sharer's.
    remote: fc.oneof({ weight: 2, arbitrary: fc.constant(far) }, end),
    state: fc.constantFrom('01', '04', '05', '06', '0A'),
    uid: fc.constantFrom(0, 1001, 65534)
  });
  // A few such rows among many of no one's interest, so that a table runs past a turn or two.
  const table = fc
    .tuple(
      fc.array(fc.tuple(anyRow, fc.nat()), { maxLength: 6 }),
      fc.integer({ min: 0, max: 3 * ROWS_PER_TURN })
    )
    .map(([picked, filler]) => {
      const rows = Array.from({ length: filler }, (_, n): [string, string, string, number] => [
        field('127.0.0.9', n + 1),
        field('127.0.0.9', 1),
        '01',
        7
      ]);
      for (const [r, at] of picked)
        rows.splice(at % (rows.length + 1), 0, [
          field(...r.local),
          field(...r.remote),
          r.state,
          r.uid
        ]);
      return (
        HEAD +
        rows.map(([local, remote, state, uid], n) => row(n, local, remote, state, uid)).join('')
      );
    });

  /** A table cut at these places, as reads of it may cut it (inside a row too). */
  const cut = (text: string, at: number[]): string[] => {
    const places = [...new Set(at.map(n => n % (text.length + 1)))].sort((a, b) => a - b);
    return [0, ...places].map((from, n) => text.slice(from, places[n] ?? text.length));
  };

  test('answers as peerOwner does, on any rows in any order, over one table or two, whole or cut', async () => {
    const cuts = fc.array(fc.nat(), { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(table, cuts), { minLength: 1, maxLength: 2 }),
        async tables => {
          const whole = tables.map(([text]) => text);
          const expected = peerOwner(socket, whole);
          expect(await lookUpPeerOwner(socket, whole)).toEqual(expected);
          expect(
            await lookUpPeerOwner(
              socket,
              tables.map(([text, at]) => cut(text, at))
            )
          ).toEqual(expected);
        }
      ),
      { numRuns: 150 }
    );
  });

  test('a long table is scanned a slice at a time, the event loop turning between slices', async () => {
    const rows = 20 * ROWS_PER_TURN;
    let long = HEAD;
    for (let n = 0; n < rows; n++)
      long += row(n, field('127.0.0.9', n), field('127.0.0.9', 1), '01', 7);
    // The last row is the peer's: every row before it is read first.
    const last = row(rows, field('127.0.0.1', 8080), field('127.0.0.1', 40000), '01', 1001);
    const { value, turns } = await turnsDuring(() => lookUpPeerOwner(socket, [long + last]));
    expect(value).toBe(1001);
    expect(peerOwner(socket, [long + last])).toBe(1001);
    expect(turns).toBeGreaterThanOrEqual(rows / ROWS_PER_TURN - 1);
  });
});

describe('lookUpPeerOwner on this machine’s table, lengthened', () => {
  const HELD = 1500;
  let holder: ChildProcess | undefined;
  let holderPort = 0;
  let server: Server | undefined;
  const ours: Socket[] = [];

  beforeAll(async () => {
    if (!linux) return;
    // A child holds HELD loopback connections to a server of its own (two rows each), as an agent
    // could, to lengthen the table; it prints its server's port once all are open.
    holder = spawn(
      process.execPath,
      [
        '-e',
        `const net = require('node:net');
         const server = net.createServer(() => {}).listen(0, '127.0.0.1', async () => {
           const open = [];
           for (let i = 0; i < ${HELD}; i++) {
             const s = net.connect(server.address().port, '127.0.0.1');
             await new Promise((resolve, reject) => { s.once('connect', resolve); s.once('error', reject); });
             open.push(s);
           }
           process.stdout.write(server.address().port + '\\n');
         });`
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    );
    const out = holder.stdout;
    if (!out) throw new Error('the holder has no stdout');
    out.setEncoding('utf8');
    let printed = '';
    while (!printed.includes('\n')) printed += String((await once(out, 'data'))[0]);
    holderPort = Number(printed.trim());
    server = createServer(() => undefined);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    for (let n = 0; n < 3; n++) {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await once(socket, 'connect');
      ours.push(socket);
    }
  });

  afterAll(async () => {
    ours.forEach(s => s.destroy());
    server?.close();
    if (holder && holder.exitCode === null) {
      holder.kill();
      await once(holder, 'exit');
    }
  });

  linuxTest(
    'answers as the synchronous read and scan do, for our sockets and the held ones',
    async () => {
      const uid = process.getuid?.();
      for (const socket of ours) {
        expect(await lookUpPeerOwner(socket)).toBe(uid);
        expect(peerOwner(socket, readNow())).toBe(uid);
      }
      // A sample of the holder's client ends, found in the table: each peer is its server's socket.
      const clients = fs
        .readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .map(line => line.trim().split(/\s+/))
        .filter(
          ([, , remote, state]) => remote === field('127.0.0.1', holderPort) && state === '01'
        )
        .map(([, local]) => parseInt(local?.split(':')[1] ?? '', 16));
      expect(clients.length).toBeGreaterThanOrEqual(HELD);
      for (const localPort of clients.filter((_, n) => n % 100 === 0)) {
        const end = {
          localAddress: '127.0.0.1',
          localPort,
          remoteAddress: '127.0.0.1',
          remotePort: holderPort
        };
        expect(await lookUpPeerOwner(end)).toBe(uid);
        expect(peerOwner(end, readNow())).toBe(uid);
      }
    }
  );

  linuxTest(
    'a peer the table does not show: both tables read through, the loop turning',
    async () => {
      // Port 1 on 127.0.0.1 to a port no socket has: no row is this end's peer, so every row is read.
      const absent = {
        localAddress: '127.0.0.1',
        localPort: 1,
        remoteAddress: '127.0.0.1',
        remotePort: 1
      };
      const { value, turns } = await turnsDuring(() => lookUpPeerOwner(absent));
      expect(value).toBeUndefined();
      expect(peerOwner(absent, readNow())).toBeUndefined();
      // The held connections alone are 2 × HELD rows: a turn at least every ROWS_PER_TURN of them.
      expect(turns).toBeGreaterThanOrEqual(Math.floor((2 * HELD) / ROWS_PER_TURN) - 1);
    }
  );
});
