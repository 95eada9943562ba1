/**
 * A loopback upstream must be served by root or the runner's user before the gateway sends it the
 * real key (src/gateway/loopback-owner.ts): the agent, as its own user, could bind the port first.
 * The listener of another user is a real process under uid 65534 when the suite runs as root (CI
 * does); elsewhere that part is skipped with a loud line, and the refusal is still shown by
 * declaring this process's own user untrusted.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request, type Server } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, test } from '@jest/globals';
import { notAgentOwned } from '../src/confine/agent-user.js';
import { peerOwner } from '../src/gateway/loopback-owner.js';
import type { Gateway } from '../src/gateway/types.js';
import { foreignListener, foreignUser } from './helpers/foreign-listener.js';
import { testGateway } from './helpers/gateway-calls.js';
import { runnerService } from './helpers/runner-service.js';

const KEY = 'sk-ant-api03-real-key-loopback-0123456789';
const root = process.getuid?.() === 0 && process.platform === 'linux';
if (!root)
  process.stderr.write(
    '!!! SKIPPED: a loopback upstream served by another user needs root on Linux (this is ' +
      `${process.platform}, uid ${process.getuid?.()}): only the refusal of an untrusted owner is shown here.\n`
  );
const rootTest = root ? test : test.skip;

let gateway: Gateway | undefined;
const servers: Server[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>(resolve => s.close(() => resolve()));
  }
});

/** The gateway fronting Anthropic at upstream, with the given owners trusted. */
async function gatewayTo(upstream: string, trusted?: (uid: number) => boolean): Promise<Gateway> {
  gateway = await testGateway(
    { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: upstream },
    trusted ? { trusted } : {}
  );
  return gateway;
}

function call(g: Gateway): Promise<{ status: number; body: string }> {
  const port = Number(new URL(g.env.ANTHROPIC_BASE_URL ?? '').port);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/anthropic/v1/messages',
        headers: { 'x-api-key': g.capability, 'content-type': 'application/json' }
      },
      res => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() })
        );
      }
    );
    req.on('error', reject);
    req.end('{"model":"claude-x","max_tokens":1,"messages":[]}');
  });
}

describe('the owner of a connection’s other end, from the kernel’s table', () => {
  test('a connection to a server of this process: owned by this process’s user', async () => {
    const { port } = await runnerService('127.0.0.1', servers);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    try {
      expect(peerOwner(socket)).toBe(process.getuid?.());
    } finally {
      socket.destroy();
    }
  });

  test('rows of tcp and tcp6 read as the kernel writes them (IPv4, IPv4-mapped, IPv6)', () => {
    const head =
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
    const v4 = `${head}   1: 0100007F:1F90 0100007F:D186 01 00000000:00000000 00:00000000 00000000  1001        0 1\n`;
    const mapped = `${head}   0: 0000000000000000FFFF00000100007F:1F91 0000000000000000FFFF00000100007F:D187 01 00000000:00000000 00:00000000 00000000  1002        0 2\n`;
    const v6 = `${head}   0: 00000000000000000000000001000000:1F92 00000000000000000000000001000000:D188 01 00000000:00000000 00:00000000 00000000  1003        0 3\n`;
    const tables = [v4, mapped + v6.split('\n').slice(1).join('\n')];
    const peer = (remoteAddress: string, remotePort: number, localPort: number) =>
      peerOwner({ remoteAddress, remotePort, localAddress: remoteAddress, localPort }, tables);
    expect(peer('127.0.0.1', 0x1f90, 0xd186)).toBe(1001);
    expect(peer('::ffff:127.0.0.1', 0x1f91, 0xd187)).toBe(1002);
    expect(peer('127.0.0.1', 0x1f91, 0xd187)).toBe(1002);
    expect(peer('::1', 0x1f92, 0xd188)).toBe(1003);
    expect(peer('0:0:0:0:0:0:0:1', 0x1f92, 0xd188)).toBe(1003);
    // No row connected to our end: another host's.
    expect(peer('127.0.0.1', 0x1f90, 0xd189)).toBeUndefined();
    // A row connected to our end from another port than the one asked for: a NAT rule sent the
    // connection there (REDIRECT, DNAT), and that socket's owner is the peer's.
    expect(peer('127.0.0.1', 0x1f90, 0xd187)).toBe(1002);
    // A zoned link-local address neither throws nor matches a loopback row.
    expect(peer('fe80::1%eth0', 0x1f92, 0xd188)).toBeUndefined();
  });
});

describe('the gateway and a loopback upstream', () => {
  test('served by this process’s user, trusted: the call goes through with the key', async () => {
    const up = await runnerService('127.0.0.1', servers);
    const got = await call(await gatewayTo(`http://127.0.0.1:${up.port}`, notAgentOwned));
    expect(got.status).toBe(200);
    expect(up.keys).toEqual([KEY]);
  });

  test('served by a user not trusted: 502, not retried, nothing sent, the reason given', async () => {
    const up = await runnerService('127.0.0.1', servers);
    const untrusted = (uid: number): boolean => uid !== process.getuid?.();
    const got = await call(await gatewayTo(`http://127.0.0.1:${up.port}`, untrusted));
    expect(got.status).toBe(502);
    expect(got.body).toMatch(/served by user \d+, an agent's/);
    expect(up.keys).toEqual([]);
    expect(gateway?.stats().calls).toMatchObject([{ status: 'error', retries: 0 }]);
  });

  test('no check asked for (Hermes as the runner’s user): the call goes through', async () => {
    const up = await runnerService('127.0.0.1', servers);
    const got = await call(await gatewayTo(`http://127.0.0.1:${up.port}`));
    expect(got.status).toBe(200);
  });

  rootTest.each(['127.0.0.1', '::1'])(
    'a listener of an agent’s user on %s (the agent got the port first): refused, the key never sent',
    async host => {
      const agent = await foreignListener(host, children);
      const shown = host.includes(':') ? `[${host}]` : host;
      const got = await call(await gatewayTo(`http://${shown}:${agent.port}`, notAgentOwned));
      expect(got.status).toBe(502);
      expect(got.body).toMatch(new RegExp(`served by user ${foreignUser().uid}, an agent's`));
      expect(agent.seen()).not.toContain('seen');
    }
  );

  rootTest(
    '`localhost`, a listener of an agent’s user: refused on whichever address it answers',
    async () => {
      const agent = await foreignListener('127.0.0.1', children);
      const got = await call(await gatewayTo(`http://localhost:${agent.port}`, notAgentOwned));
      expect(got.status).toBe(502);
      expect(agent.seen()).not.toContain('seen');
    }
  );

  /** The first IPv4 address of this machine that is not loopback (the runner's own, on its LAN). */
  const ownAddress = (): string | undefined =>
    Object.values(networkInterfaces())
      .flat()
      .find(i => i?.family === 'IPv4' && !i.internal)?.address;

  rootTest(
    'this machine’s own address, a listener of an agent’s user on 0.0.0.0: refused',
    async () => {
      const own = ownAddress();
      if (!own)
        return void process.stderr.write('!!! SKIPPED: no non-loopback IPv4 address here.\n');
      const agent = await foreignListener('0.0.0.0', children);
      const got = await call(await gatewayTo(`http://${own}:${agent.port}`, notAgentOwned));
      expect(got.status).toBe(502);
      expect(got.body).toMatch(new RegExp(`served by user ${foreignUser().uid}, an agent's`));
      expect(agent.seen()).not.toContain('seen');
    }
  );

  test('this machine’s own address, served by this process’s user: let through', async () => {
    const own = ownAddress();
    if (!own) return void process.stderr.write('!!! SKIPPED: no non-loopback IPv4 address here.\n');
    const up = await runnerService('0.0.0.0', servers);
    const got = await call(await gatewayTo(`http://${own}:${up.port}`, notAgentOwned));
    expect(got.status).toBe(200);
    expect(up.keys).toEqual([KEY]);
  });
});
