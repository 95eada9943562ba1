/**
 * The fence's kernel rules, raised for a real user of the test's, with nftables and with the iptables
 * fallback: a process of that uid reaches the open port and nothing else; what it tried is read back;
 * lowered, the kernel's rules are what they were, also after a raise that failed half-way.
 *
 * Needs root on Linux with setpriv and nft (and iptables/ip6tables for the fallback): elsewhere
 * skipped with a loud line, never silently.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { stagedForOthers } from '../../scripts/local-runner.mjs';
import { EgressFence, FenceError, type Admin } from '../../src/fence/fence.js';
import { nftRuleset, refusalsOfNftJson } from '../../src/fence/rules.js';
import { nftWorks, rootWith, runsHere } from '../helpers/machine-tools.js';

const root = runsHere(
  rootWith('setpriv', 'useradd', 'nft') && nftWorks(),
  'the fence kernel tests need root on Linux with setpriv, useradd and a working nft; ' +
    'the kernel rules are NOT tested here.'
);
const iptables =
  root &&
  runsHere(
    rootWith('iptables', 'ip6tables', 'iptables-save'),
    'iptables, ip6tables or iptables-save is missing: the iptables fallback is NOT tested here.'
  );

const admin: Admin = (file, args) => {
  const run = spawnSync(file, args, { encoding: 'utf8' });
  if (run.status !== 0)
    throw new Error(`\`${[file, ...args].join(' ')}\` failed: ${run.stderr.trim()}`);
  return run.stdout;
};
const tool = (name: string): string | undefined =>
  spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || undefined;

/** What a process of uid gets connecting to each address (run as that uid, through setpriv). */
function connectAs(uid: number, targets: [string, number][]): string[] {
  const code = `const net=require('net');(async()=>{const out=[];for(const [h,p] of ${JSON.stringify(targets)}){out.push(await new Promise(r=>{const s=net.connect({host:h,port:p});s.on('connect',()=>{s.destroy();r('connected')});s.on('error',e=>r(e.code))}))}console.log(JSON.stringify(out))})()`;
  const run = spawnSync(
    'setpriv',
    // The staged Node: this one may lie in a checkout uid cannot enter.
    [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', stagedForOthers().node, '-e', code],
    { encoding: 'utf8' }
  );
  return JSON.parse(run.stdout) as string[];
}

async function listener(host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer(socket => socket.destroy());
  await new Promise<void>(resolve => server.listen(0, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>(resolve => server.close(() => resolve()))
  };
}

(root ? describe : describe.skip)('the fence in the kernel', () => {
  const user = `hermes-fencetest-${randomBytes(3).toString('hex')}`;
  let uid: number;
  let open: { port: number; close(): Promise<void> };
  let closed: { port: number; close(): Promise<void> };
  let closed6: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    admin('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
    uid = Number(admin('id', ['-u', user]).trim());
    open = await listener('127.0.0.1');
    closed = await listener('127.0.0.1');
    closed6 = await listener('::1');
  });
  afterAll(async () => {
    spawnSync('userdel', [user]);
    for (const l of [open, closed, closed6]) await l?.close();
  });

  const raise = (options: Partial<Parameters<typeof EgressFence.raise>[0]> = {}) =>
    EgressFence.raise({ uid, user, gatewayPort: open.port, hosts: [], admin, tool, ...options });

  test('nftables: the open port only; what was refused is read back; then the table is gone', async () => {
    const before = admin('nft', ['list', 'ruleset']);
    const fence = await raise();
    const table = `table inet hermes_fence_${user.split('-').at(-1)}`;
    expect(admin('nft', ['list', 'tables'])).toContain(table);
    // Another uid is not fenced: the test's own connects go through.
    expect(
      await new Promise(resolve => {
        const s = net.connect({ host: '127.0.0.1', port: closed.port });
        s.on('connect', () => (s.destroy(), resolve('connected')));
        s.on('error', e => resolve(e.message));
      })
    ).toBe('connected');
    expect(
      connectAs(uid, [
        ['127.0.0.1', open.port],
        ['127.0.0.1', closed.port],
        ['::1', closed6.port],
        ['127.0.0.1', closed.port]
      ])
    ).toEqual(['connected', 'ECONNREFUSED', 'ECONNREFUSED', 'ECONNREFUSED']);
    const fact = await fence.lower();
    expect(fact).toMatchObject({ state: 'fenced', via: 'nftables', gateway: true, hosts: '' });
    expect(fact.refused).toEqual([
      { address: '127.0.0.1', port: closed.port, protocol: 'tcp', count: 2 },
      { address: '::1', port: closed6.port, protocol: 'tcp', count: 1 }
    ]);
    expect(fact.blocked).toBe(3);
    expect(admin('nft', ['list', 'tables'])).not.toContain(table);
    expect(stripFences(admin('nft', ['list', 'ruleset']))).toBe(stripFences(before));
    // Once: a second lower() is the same fact, and runs nothing.
    expect(await fence.lower()).toBe(fact);
  });

  test('nftables: a ruleset the kernel refuses loads nothing, and says why', async () => {
    const before = stripFences(admin('nft', ['list', 'ruleset']));
    await expect(raise({ uid: -1 })).rejects.toThrow(FenceError);
    expect(stripFences(admin('nft', ['list', 'ruleset']))).toBe(before);
  });

  (iptables ? describe : describe.skip)('the iptables fallback (no nft)', () => {
    const noNft = (name: string): string | undefined => (name === 'nft' ? undefined : tool(name));
    // The built-in chains exist before (iptables makes the filter table on first use, and leaves it).
    beforeAll(() => {
      admin('iptables', ['-w', '-L', 'OUTPUT', '-n']);
      admin('ip6tables', ['-w', '-L', 'OUTPUT', '-n']);
    });
    const saved = (): string =>
      ['iptables-save', 'ip6tables-save']
        .map(t =>
          admin(t, [])
            .replace(/^#.*\n/gm, '')
            .replace(/\[\d+:\d+\]/g, '')
        )
        .join('');

    test('the open port only, counted; lowered, iptables-save is what it was', async () => {
      const before = saved();
      const fence = await raise({ tool: noNft });
      expect(
        connectAs(uid, [
          ['127.0.0.1', open.port],
          ['127.0.0.1', closed.port],
          ['::1', closed6.port]
        ])
      ).toEqual(['connected', 'ECONNREFUSED', 'ECONNREFUSED']);
      const fact = await fence.lower();
      expect(fact).toMatchObject({ state: 'fenced', via: 'iptables', refused: [], blocked: 2 });
      expect(fact.failed).toBeUndefined();
      expect(saved()).toBe(before);
    });

    test('a raise that fails half-way is undone', async () => {
      const before = saved();
      let n = 0;
      const failing: Admin = (file, args) => {
        if (file.endsWith('ip6tables') && ++n === 2) throw new Error('the lock is held');
        return admin(file, args);
      };
      await expect(raise({ tool: noNft, admin: failing })).rejects.toThrow(/the lock is held/);
      expect(saved()).toBe(before);
    });
  });
});

describe('the rules as text', () => {
  test('the agent chain accepts only the named loopback ports, and rejects every other packet', () => {
    const text = nftRuleset({ uid: 1234, name: 'hermes_fence_abc123', ports: [4000, 4001] });
    expect(text).toContain('table inet hermes_fence_abc123 {');
    expect(text).toContain('meta skuid 1234 jump agent');
    expect(text).toContain('oifname "lo" ip daddr 127.0.0.1 tcp dport { 4000, 4001 } accept');
    expect(text.trim().split('\n').slice(-4, -2)).toEqual([
      '    meta l4proto tcp counter reject with tcp reset',
      '    counter reject with icmpx admin-prohibited'
    ]);
    expect(nftRuleset({ uid: 1, name: 't', ports: [] })).not.toContain('accept\n');
  });

  test("nft's JSON read back: each element with its packets, and the reject rules' total", () => {
    const json = JSON.stringify({
      nftables: [
        { metainfo: { version: '1.0.6' } },
        {
          set: {
            name: 'refused4',
            elem: [
              { elem: { val: { concat: ['10.0.0.1', 'udp', 53] }, counter: { packets: 3 } } },
              { elem: { val: { concat: ['127.0.0.2', 'tcp', 22] }, counter: { packets: 7 } } },
              { elem: { val: 'not a concat' } }
            ]
          }
        },
        { rule: { expr: [{ counter: { packets: 9 } }, { reject: null }] } },
        { rule: { expr: [{ counter: { packets: 2 } }, { reject: null }] } }
      ]
    });
    expect(refusalsOfNftJson(json)).toEqual({
      refused: [
        { address: '127.0.0.2', protocol: 'tcp', port: 22, count: 7 },
        { address: '10.0.0.1', protocol: 'udp', port: 53, count: 3 }
      ],
      total: 11
    });
  });
});

function stripFences(ruleset: string): string {
  return ruleset.replace(/^table inet hermes_fence_\w+ \{[\s\S]*?^\}\n?/gm, '');
}
