/**
 * A loopback upstream must be served by root or the runner's user before the gateway sends it the
 * real key (src/gateway/loopback-owner.ts): the agent, as its own user, could bind the port first.
 * The listener of another user is a real process under uid 65534 when the suite runs as root (CI
 * does); elsewhere that part is skipped with a loud line, and the refusal is still shown by
 * declaring this process's own user untrusted.
 *
 * It also holds the red team's attacks on this check, each a named case ("was a hole: …" where one
 * was found and closed, "attack held: …" where the check held): other spellings of this machine (0.0.0.0, [::], its hostname,
 * its interface addresses, one without carrier, 127/8, IPv4-mapped, a ULA), a NAT rule redirecting
 * to the agent's port, kept-alive and TIME_WAIT connections, the runner's proxy on this machine,
 * and the trust predicate (notAgentOwned) itself. Most need root on Linux, as above.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import * as os from 'node:os';
import type { Duplex } from 'node:stream';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { AGENT_USER_PREFIX, notAgentOwned, removeAgentUser } from '../../src/confine/agent-user.js';
import { lookUpPeerOwner, peerOwner } from '../../src/gateway/loopback-owner.js';
import type { Gateway } from '../../src/gateway/types.js';
import { anthropicRoute } from '../../src/fronting/anthropic-route.js';
import { foreignListener, foreignUser } from '../helpers/foreign-listener.js';
import {
  callAnthropic as anthropicCall,
  callOpenrouter as openrouterCall,
  testGateway
} from '../helpers/test-gateway.js';
import { withProcessEnv } from '../helpers/process-env.js';
import { runnerService } from '../helpers/runner-service.js';
import { type StartedTurn, turnsClosedAfterEach } from '../helpers/turn-gateway.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';

const KEY = 'sk-ant-api03-real-key-loopback-0123456789';
const OR_KEY = 'sk-or-v1-real-key-loopback-0123456789abcdef';
const root = runsHere(
  rootWith(),
  'a loopback upstream served by another user needs root on Linux (this is ' +
    `${process.platform}, uid ${process.getuid?.()}): only the refusal of an untrusted owner is shown here; ` +
    'the red team’s attacks as another user (and on interfaces, NAT rules, agent users) are NOT tested.'
);
const rootTest = root ? test : test.skip;

/** Runs `ip` (root, CAP_NET_ADMIN); false when it may not. */
const ip = (...args: string[]): boolean => spawnSync('ip', args).status === 0;

let gateway: Gateway | undefined;
const startTurn = turnsClosedAfterEach();
const servers: Server[] = [];
const children: ChildProcess[] = [];
// The veths made below (a describe's afterAll is skipped when -t filters its tests out: this one is not).
afterAll(() => {
  if (root) {
    ip('link', 'del', 'rt3v0');
    ip('link', 'del', 'rt4d0');
  }
});
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

/** One Anthropic call through g with the capability (helpers/test-gateway.ts): status and body. */
async function call(g: Gateway): Promise<{ status: number; body: string }> {
  const { status, body } = await anthropicCall(g, {
    'x-api-key': g.capability,
    'content-type': 'application/json'
  });
  return { status, body };
}

/** The agent's listener (helpers/foreign-listener.ts), a process of an agent’s user. */
const agentListener = (host: string, port = 0) => foreignListener(host, children, port);

/** The turn's gateway as the action starts it, isolated, with ANTHROPIC_API_KEY (helpers/turn-gateway.ts). */
async function start(
  config: string | undefined,
  env: NodeJS.ProcessEnv = {}
): Promise<StartedTurn> {
  return startTurn({ ...(config !== undefined && { config }) }, { ANTHROPIC_API_KEY: KEY, ...env });
}

/** OpenRouter fronted at upstream (its key only), as the action starts it for an isolated agent. */
async function openrouterAt(upstream: string): Promise<Gateway> {
  const got = await start(undefined, {
    ANTHROPIC_API_KEY: '',
    OPENROUTER_API_KEY: OR_KEY,
    OPENROUTER_BASE_URL: upstream
  });
  const g = got.turn.gateway;
  expect(g?.fronted.map(f => [f.provider, f.upstream])).toEqual([['openrouter', upstream]]);
  return g!;
}

/**
 * OpenRouter the only provider fronted (no ANTHROPIC_API_KEY at all), its upstream as the gateway
 * writes it back (an IPv6 literal may come back spelled otherwise).
 */
async function openrouterOnlyAt(upstream: string): Promise<Gateway> {
  const got = await startTurn({}, { OPENROUTER_API_KEY: OR_KEY, OPENROUTER_BASE_URL: upstream });
  const g = got.turn.gateway;
  expect(g?.fronted.map(f => f.provider)).toEqual(['openrouter']);
  return g!;
}

/** One model call through the gateway (helpers/test-gateway.ts): its status. */
const callOpenrouter = async (g: Gateway): Promise<number> => (await openrouterCall(g)).status;

/** process.env with the proxy variables given (and every other proxy variable out) during fn. */
function withProxyEnv<T>(set: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const out = ['NO_PROXY', 'no_proxy', 'http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY'];
  return withProcessEnv({ ...Object.fromEntries(out.map(name => [name, undefined])), ...set }, fn);
}

describe('the owner of a connection’s other end, from the kernel’s table', () => {
  test('a connection to a server of this process: owned by this process’s user', async () => {
    const { port } = await runnerService('127.0.0.1', servers);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    try {
      expect(await lookUpPeerOwner(socket)).toBe(process.getuid?.());
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
    Object.values(os.networkInterfaces())
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
describe('the loopback-owner check: a name that is this machine but not literally loopback', () => {
  // Was a hole, now closed (high when the config has it): the owner check is chosen by the upstream's *name*
  // (isLoopback(hostname) in upstreamDispatcher), not by where the connection goes. An OpenRouter or
  // OpenAI base URL of http://0.0.0.0:4000 (what LiteLLM and uvicorn print on start, so what users
  // paste), the machine's own hostname (/etc/hosts maps it to 127.0.0.1 or 127.0.1.1 on Debian and
  // Ubuntu), ip6-localhost, or any address of the machine's own interfaces, reaches the same sockets
  // as 127.0.0.1 but is connected to with no check: the agent binds the port first (the proxy is not
  // up yet, is down, or listens on 127.0.0.1 only while the agent takes 0.0.0.0 or the interface
  // address) and receives the REAL key. frontable() accepts plain http to any host, so these are
  // fronted. Fix: check every connection the gateway makes when isolated, by where it went: after
  // connect, if the peer's row is in this namespace's /proc/net/tcp{,6} (the peer is a socket of
  // this machine, whatever its address), its owner must be trusted; no row is a remote host. Or
  // refuse to front plain http unless the host is literally loopback, and resolve names up front.
  rootTest(
    'was a hole: OPENROUTER_BASE_URL http://0.0.0.0:<port>: the agent’s listener is refused the real key',
    async () => {
      const agent = await foreignListener('0.0.0.0', children);
      const g = await openrouterAt(`http://0.0.0.0:${agent.port}/api/v1`);
      const status = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );

  rootTest(
    'attack held: OPENROUTER_BASE_URL at the machine’s hostname (resolving to loopback): refused the real key',
    async () => {
      const name = os.hostname();
      const { address } = await lookup(name, { family: 4 });
      expect(address).toMatch(/^127\./); // /etc/hosts, as on Debian and Ubuntu (127.0.1.1)
      const agent = await foreignListener(address, children);
      const g = await openrouterAt(`http://${name}:${agent.port}/api/v1`);
      const status = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );

  const own = Object.values(os.networkInterfaces())
    .flat()
    .find(i => i?.family === 'IPv4' && !i.internal)?.address;
  (root && own ? test : test.skip)(
    `attack held: OPENROUTER_BASE_URL at this machine’s own interface address (${own}): refused the real key`,
    async () => {
      const agent = await foreignListener('0.0.0.0', children);
      const g = await openrouterAt(`http://${own}:${agent.port}/api/v1`);
      const status = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );

  test('attack held: Anthropic is not exposed the same way: only 127.0.0.1, localhost, [::1] are fronted', () => {
    for (const url of ['http://0.0.0.0:4000', `http://${os.hostname()}:4000`, 'http://[::]:4000'])
      expect(
        anthropicRoute({
          seen: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url },
          model: { kind: 'absent', path: 'c.yaml' },
          isolated: true,
          ignoreUserConfig: false
        }).routed
      ).toBe(false);
  });
});

describe('the owner check: which addresses are "this machine"', () => {
  // Was a hole, now closed (medium-high where it applies: the REAL key to a listener of the agent's). onThisMachine()
  // decides whether a peer is looked up by os.networkInterfaces(), and libuv leaves out of that list
  // every interface that is not both UP and RUNNING. An address on an interface without carrier is
  // still a local address of the kernel's (table local), reachable from this machine, and the agent
  // may bind it (or 0.0.0.0). The everyday case is GitHub's hosted runners: docker0 (172.17.0.1) is
  // there with no container attached, NO-CARRIER, so not in networkInterfaces(); a base URL (or a
  // proxy) of http://172.17.0.1:<port> — the usual way to reach a model server "on the host" that a
  // later docker step or a service container publishes, not up yet or down — is connected to with no
  // owner check, and the agent, listening on 0.0.0.0:<port> first, reads the real key. Shown here
  // with a veth whose peer is down (NO-CARRIER, as docker0). Fix: do not guess "this machine" from
  // the interface list: after connect, look the peer's reversed 4-tuple up in /proc/net/tcp{,6}
  // whatever its address (a row exists exactly when the peer is a socket of this network namespace;
  // none: another host), or ask the kernel (`ip route get <addr>` type local; or RTM_GETROUTE).
  // A leftover of an earlier run cut short goes first (afterAll does not run for a filtered-out block).
  if (root) ip('link', 'del', 'rt3v0');
  const veth =
    root &&
    runsHere(
      ip('link', 'add', 'rt3v0', 'type', 'veth', 'peer', 'name', 'rt3v1'),
      '`ip link add rt3v0 type veth` failed (no CAP_NET_ADMIN?): an interface of this machine is NOT tested here.'
    );
  if (veth) {
    ip('addr', 'add', '10.231.79.1/24', 'dev', 'rt3v0');
    ip('link', 'set', 'rt3v0', 'up');
  }
  (veth ? test : test.skip)(
    'attack held: OPENROUTER_BASE_URL at an address of an interface without carrier (docker0 on a hosted runner): the agent on 0.0.0.0 is refused the real key',
    async () => {
      const own = Object.values(os.networkInterfaces())
        .flat()
        .map(i => i?.address);
      expect(own).not.toContain('10.231.79.1'); // as docker0's 172.17.0.1 on a hosted runner
      const agent = await agentListener('0.0.0.0');
      const g = await openrouterAt(`http://10.231.79.1:${agent.port}/api/v1`);
      const status = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );
  (veth ? test : test.skip)(
    'attack held: HTTPS_PROXY at an address of an interface without carrier: the agent’s proxy is refused',
    async () => {
      const agent = await agentListener('0.0.0.0');
      await withProxyEnv({ HTTPS_PROXY: `http://10.231.79.1:${agent.port}` }, async () => {
        const g = await openrouterAt('https://llm-proxy.internal.example/api/v1');
        const status = await callOpenrouter(g);
        expect(agent.seen()).not.toMatch(/connect|tunnel/);
        expect(status).toBe(502);
      });
    }
  );
});

describe('the owner check: more spellings of this machine', () => {
  const cases: [string, string, (port: number) => string][] = [
    ['the unspecified IPv6 address [::]', '::', p => `http://[::]:${p}/api/v1`],
    ['the unspecified IPv4 address 0.0.0.0', '0.0.0.0', p => `http://0.0.0.0:${p}/api/v1`],
    [
      'an IPv4-mapped literal [::ffff:127.0.0.1]',
      '127.0.0.1',
      p => `http://[::ffff:127.0.0.1]:${p}/api/v1`
    ],
    [
      'an IPv4-mapped 0.0.0.0 [::ffff:0.0.0.0]',
      '0.0.0.0',
      p => `http://[::ffff:0.0.0.0]:${p}/api/v1`
    ],
    [
      '127.0.0.1, the agent dual-stack on [::] (the row in tcp6, IPv4-mapped)',
      '::',
      p => `http://127.0.0.1:${p}/api/v1`
    ],
    [
      '127.1.2.3 (all of 127/8), the agent on 0.0.0.0',
      '0.0.0.0',
      p => `http://127.1.2.3:${p}/api/v1`
    ]
  ];
  for (const [what, host, url] of cases)
    rootTest(
      `attack held: OPENROUTER_BASE_URL at ${what}: the agent is refused the real key`,
      async () => {
        const agent = await agentListener(host);
        const g = await openrouterOnlyAt(url(agent.port));
        const { status, body } = await openrouterCall(g);
        expect(agent.seen()).not.toContain(OR_KEY);
        expect(agent.seen()).not.toMatch(/seen|connect/);
        expect(status).toBe(502);
        // The 502 the agent reads says who served it, never the key or the capability.
        expect(body).toContain(String(foreignUser().uid));
        expect(body).not.toContain(OR_KEY);
        expect(body).not.toContain(g.capability);
      }
    );

  // A ULA address on an interface of this machine (a veth whose peer is down, no DAD), the agent on [::].
  if (root) ip('link', 'del', 'rt4d0');
  const veth =
    root &&
    runsHere(
      ip('link', 'add', 'rt4d0', 'type', 'veth', 'peer', 'name', 'rt4d1'),
      '`ip link add rt4d0 type veth` failed (no CAP_NET_ADMIN?): an interface of this machine is NOT tested here.'
    );
  if (veth) {
    ip('link', 'set', 'rt4d0', 'up');
    ip('-6', 'addr', 'add', 'fd04:4::1/64', 'dev', 'rt4d0', 'nodad');
  }
  (veth ? test : test.skip)(
    'attack held: OPENROUTER_BASE_URL at a ULA address of this machine (fd04:4::1), the agent on [::]: refused',
    async () => {
      const agent = await agentListener('::');
      const g = await openrouterOnlyAt(`http://[fd04:4::1]:${agent.port}/api/v1`);
      const { status } = await openrouterCall(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );
});

describe('the owner check behind a NAT rule of the machine’s (a transparent proxy’s REDIRECT)', () => {
  const iptables = (...args: string[]): boolean => spawnSync('iptables', args).status === 0;
  const nat = runsHere(
    root && iptables('-t', 'nat', '-L', 'OUTPUT', '-n'),
    'no root with iptables here (Debian: iptables): the owner check behind a NAT rule is NOT tested.'
  );
  // Was a hole, now closed (medium where it applies: the REAL key to the agent, plain-http upstream only). peerOwner()
  // looks the peer up by its reversed 4-tuple: a row whose local end is the address the gateway
  // connected to. A REDIRECT/DNAT rule in the nat table's OUTPUT chain (a transparent egress proxy,
  // an egress filter's, a self-hosted runner's "all port-80 traffic through the local squid on
  // :3129") rewrites the destination to a port of this machine's, and the socket still reads the
  // original address as its remote end: no row has it, and it is not an address of this machine's,
  // so the peer is taken for another host's and trusted. The agent, listening on the redirect's
  // target port first (the proxy not up yet, or down), reads the key for a base URL such as
  // http://llm.internal:8000. (An https upstream is kept by TLS.) Shown with a REDIRECT of
  // 198.51.100.7:8000 to the agent's port (the agent's row, 127.0.0.1:<port> -> 192.0.2.2:<ours>,
  // uid 65534, is in /proc/net/tcp: only its local end is not the address connected to). Fix: when
  // the reversed 4-tuple has no row, look for rows whose REMOTE end is the gateway's own local
  // address:port (destination NAT leaves that alone) other than the gateway's own socket, and refuse
  // unless every such row is trusted (Linux reuses an ephemeral port towards different destinations,
  // so more than one row can match); or read the conntrack entry's reply tuple; failing both, refuse
  // a plain-http upstream the table cannot place while isolated. The same lets a REDIRECTed plain
  // http proxy of the agent's read the CONNECT and its Proxy-Authorization (not the key: TLS).
  (nat ? test : test.skip)(
    'was a hole: a plain-http remote upstream REDIRECTed to a local port the agent listens on: refused the real key',
    async () => {
      const agent = await agentListener('0.0.0.0');
      const rule = [
        'OUTPUT',
        '-p',
        'tcp',
        '-d',
        '198.51.100.7',
        '--dport',
        '8000',
        '-j',
        'REDIRECT',
        '--to-ports',
        String(agent.port)
      ];
      expect(iptables('-t', 'nat', '-A', ...rule)).toBe(true);
      try {
        const g = await openrouterOnlyAt('http://198.51.100.7:8000/api/v1');
        const { status } = await openrouterCall(g);
        expect(agent.seen()).not.toContain(OR_KEY);
        expect(status).toBe(502);
      } finally {
        iptables('-t', 'nat', '-D', ...rule);
      }
    }
  );

  // The same hole for the runner's proxy (low: the CONNECT line and the proxy's password, not the
  // key, which TLS keeps): HTTPS_PROXY at a remote-looking address REDIRECTed to the agent's port.
  (nat ? test : test.skip)(
    'was a hole: HTTPS_PROXY REDIRECTed to a local port the agent listens on: refused before the CONNECT',
    async () => {
      const agent = await agentListener('0.0.0.0');
      const rule = [
        'OUTPUT',
        '-p',
        'tcp',
        '-d',
        '198.51.100.8',
        '--dport',
        '3128',
        '-j',
        'REDIRECT',
        '--to-ports',
        String(agent.port)
      ];
      expect(iptables('-t', 'nat', '-A', ...rule)).toBe(true);
      const saved = { ...process.env };
      for (const name of ['NO_PROXY', 'no_proxy', 'http_proxy', 'https_proxy', 'HTTP_PROXY'])
        delete process.env[name];
      process.env.HTTPS_PROXY = 'http://proxyuser:proxy-pass-r4@198.51.100.8:3128';
      try {
        const g = await openrouterOnlyAt('https://openrouter.ai/api/v1');
        await openrouterCall(g);
        expect(agent.seen()).not.toMatch(/connect/);
      } finally {
        process.env = saved;
        iptables('-t', 'nat', '-D', ...rule);
      }
    }
  );
});

const HEAD =
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
/** One row of /proc/net/tcp(6): local and remote as the kernel writes them, a state, a uid. */
const row = (local: string, remote: string, state: string, uid: number): string =>
  `   0: ${local} ${remote} ${state} 00000000:00000000 00:00000000 00000000 ${uid}        0 77 1\n`;
const AGENT = 1001;
const RUNNER = process.getuid?.() ?? 0;

describe("the owner check's NAT fallback (rows connected to the gateway's own end)", () => {
  // The gateway's connection to a remote provider: 10.1.0.5:40000 -> 104.18.0.1:443.
  const remoteProvider = {
    localAddress: '10.1.0.5',
    localPort: 0x9c40,
    remoteAddress: '104.18.0.1',
    remotePort: 443
  };
  const ours = row('0500010A:9C40', '01001268:01BB', '01', RUNNER);

  test('attack held: a remote provider, no row connected to our end: another host (sent)', () => {
    expect(peerOwner(remoteProvider, [HEAD + ours])).toBeUndefined();
  });

  // Was a hole, now closed (low, promise d; availability only, no key leaves): Linux shares a connect()-bound
  // ephemeral port among sockets whose 4-tuples differ, so the gateway's 10.1.0.5:40000 may also be
  // the local end of another client's connection to a server on this machine. That server's row
  // (local 10.1.0.5:3000, remote 10.1.0.5:40000) is "connected to our end from another address",
  // and the fallback reads it as a NAT redirect: its owner (the agent's dev server, a `postgres`
  // service, anything not root or the runner) refuses the remote provider, 502, not retried. It
  // happens by chance (a CLOSE_WAIT row a server never closed lingers for the whole run, and the
  // port is reused), and a hostile agent can force it for every call: open connect()-bound sockets
  // from every ephemeral port to a listener of its own, and each new upstream connection shares a
  // port with one of them. Suggested fix: take a fallback row only in ESTABLISHED state, and only
  // when no row of ours shows the connection reaching another host (our own row's remote end not on
  // this machine and no conntrack NAT entry), or read /proc/net/nf_conntrack where readable; at the
  // least, a refused connection to a non-local address should be retried on a new socket.
  test("was a hole: a remote provider whose ephemeral port another user's local server sees as a client: not refused", () => {
    const stale = row('0500010A:0BB8', '0500010A:9C40', '08', AGENT); // CLOSE_WAIT
    expect(peerOwner(remoteProvider, [HEAD + ours + stale])).toBeUndefined();
    const live = row('0500010A:0BB8', '0500010A:9C40', '01', AGENT);
    // The client sharing our port has its own row (our end to that server): that explains it.
    const client = row('0500010A:9C40', '0500010A:0BB8', '01', AGENT);
    expect(peerOwner(remoteProvider, [HEAD + ours + client + live])).toBeUndefined();
    expect(peerOwner(remoteProvider, [HEAD + live + ours, HEAD + client])).toBeUndefined();
    // Without such a row, a socket on our end is a redirected connection: its owner counts.
    expect(peerOwner(remoteProvider, [HEAD + ours + live])).toBe(AGENT);
  });

  // Holds: the agent cannot launder its listener through a trusted row connected to our end. A
  // root or runner row with our local end as its remote (its client sharing our port, connected to
  // sshd or the gateway itself) is only the fallback: the exact row of the agent's accepted socket
  // is found wherever it is, in tcp6 after tcp too.
  test("attack held: an agent's listener on a local upstream, a trusted row on our end read first: still the agent's", () => {
    const socket = {
      localAddress: '127.0.0.1',
      localPort: 0x9c40,
      remoteAddress: '127.0.0.1',
      remotePort: 0x1f90
    };
    const trusted = row('0100007F:0016', '0100007F:9C40', '01', 0);
    const agentV6 = row(
      '0000000000000000FFFF00000100007F:1F90',
      '0000000000000000FFFF00000100007F:9C40',
      '01',
      AGENT
    );
    expect(peerOwner(socket, [HEAD + trusted, HEAD + agentV6])).toBe(AGENT);
    const agentV4 = row('0100007F:1F90', '0100007F:9C40', '01', AGENT);
    expect(peerOwner(socket, [HEAD + trusted + agentV4])).toBe(AGENT);
    // A self-connect (simultaneous open onto our own end) is not a redirect either.
    const self = row('0100007F:9C40', '0100007F:9C40', '01', 0);
    expect(peerOwner(socket, [HEAD + self + agentV4])).toBe(AGENT);
  });

  test('attack held: a TIME_WAIT row (uid 0) on our end from another address is no trusted redirect', () => {
    const socket = { ...remoteProvider, remoteAddress: '127.0.0.1', remotePort: 0x1f90 };
    const tw = row('0100007F:0016', '0500010A:9C40', '06', 0);
    expect(peerOwner(socket, [HEAD + tw])).toBeUndefined();
  });
});

describe('the loopback-owner check: what holds', () => {
  async function anthropicAt(upstream: string): Promise<Gateway> {
    gateway = await testGateway(
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: upstream },
      { trusted: notAgentOwned }
    );
    return gateway;
  }

  const callAnthropic = async (g: Gateway, headers: Record<string, string>): Promise<number> =>
    (await anthropicCall(g, headers)).status;

  rootTest(
    'attack held: the runner’s service on 127.0.0.1 only, the agent on [::1] at the same port, `localhost`: the agent never gets the key',
    async () => {
      const service = await runnerService('127.0.0.1', servers);
      let agent: { port: number; seen: () => string } | undefined;
      try {
        agent = await foreignListener('::1', children, service.port);
      } catch {
        return; // no IPv6 loopback here
      }
      const g = await anthropicAt(`http://localhost:${service.port}`);
      for (let n = 0; n < 5; n++) await callAnthropic(g, { 'x-api-key': g.capability });
      expect(agent.seen()).not.toContain(KEY);
    }
  );

  rootTest(
    'attack held: an IPv4-mapped upstream ([::ffff:127.0.0.1]) and 127.0.0.2: checked, refused',
    async () => {
      for (const [bind, host] of [
        ['0.0.0.0', '[::ffff:127.0.0.1]'],
        ['127.0.0.2', '127.0.0.2']
      ] as const) {
        const agent = await foreignListener(bind, children);
        const g = await anthropicAt(`http://${host}:${agent.port}`);
        expect(await callAnthropic(g, { 'x-api-key': g.capability })).toBe(502);
        expect(agent.seen()).not.toContain('seen');
        await g.close();
        gateway = undefined;
      }
    }
  );

  rootTest(
    'attack held: a trusted service, a kept-alive connection, the service gone and the agent on its port: refused',
    async () => {
      const service = await runnerService('127.0.0.1', servers);
      const g = await anthropicAt(`http://127.0.0.1:${service.port}`);
      expect(await callAnthropic(g, { 'x-api-key': g.capability })).toBe(200);
      const s = servers.pop()!;
      s.closeAllConnections();
      await new Promise<void>(resolve => s.close(() => resolve()));
      const agent = await foreignListener('127.0.0.1', children, service.port);
      expect(await callAnthropic(g, { 'x-api-key': g.capability })).toBe(502);
      expect(agent.seen()).not.toContain('seen');
    }
  );

  rootTest(
    'attack held: the agent’s port crowded with TIME_WAIT rows (uid 0 in the table): still refused',
    async () => {
      const agent = await foreignListener('127.0.0.1', children);
      // Connections the agent's server closes first: its side stays in TIME_WAIT, shown as uid 0.
      for (let n = 0; n < 200; n++) {
        const socket = connect(agent.port, '127.0.0.1');
        await once(socket, 'connect');
        socket.end('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
        socket.resume();
        await once(socket, 'close');
      }
      const g = await anthropicAt(`http://127.0.0.1:${agent.port}`);
      for (let n = 0; n < 20; n++)
        expect(await callAnthropic(g, { 'x-api-key': g.capability })).toBe(502);
      expect(agent.seen()).not.toContain(KEY);
    }
  );

  // Not reachable on Linux (a SYN to a TIME_WAIT 4-tuple ends the TIME_WAIT before the connection is
  // made), but peerOwner took the first row of the 4-tuple in any state, and a TIME_WAIT row is
  // always uid 0, which is trusted. Hardened: a TIME_WAIT row is no owner ('unknown': refused);
  // any other state is (a half-closed socket of the agent's still reads).
  test('attack held: peerOwner reads no owner from a TIME_WAIT row (uid 0) of the 4-tuple', () => {
    const head =
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
    const tw =
      '   0: 0100007F:1F90 0100007F:D186 06 00000000:00000000 03:00001752 00000000     0        0 0 3 0\n';
    const est =
      '   1: 0100007F:1F90 0100007F:D186 01 00000000:00000000 00:00000000 00000000 65534        0 77 1\n';
    const socket = {
      remoteAddress: '127.0.0.1',
      remotePort: 0x1f90,
      localAddress: '127.0.0.1',
      localPort: 0xd186
    };
    expect(peerOwner(socket, [head + est + tw])).toBe(65534);
    expect(peerOwner(socket, [head + tw + est])).toBe(65534);
    expect(peerOwner(socket, [head + tw])).toBe('unknown');
    const halfClosed = est.replace(' 01 ', ' 05 ');
    expect(peerOwner(socket, [head + tw + halfClosed])).toBe(65534);
  });
});

describe('the loopback-owner check: a proxy on loopback', () => {
  // Was a hole, now closed (medium-low, needs a loopback proxy in the runner's env): a non-loopback upstream goes
  // through the runner's HTTP(S)_PROXY (upstreamDispatcher → @actions/http-client), and the proxy's
  // own connection is never owner-checked. With HTTP_PROXY=http://127.0.0.1:3128 (cntlm, px, a
  // local squid on self-hosted runners) not up yet or down, the agent binds 3128 and, for a plain
  // http upstream (which frontable accepts for any host), reads the real key in the tunnel; for an
  // https upstream it sees only the CONNECT host. Fix: owner-check the connection to a proxy on
  // this machine too (the same check as above on the proxy dispatcher's connector), or refuse a
  // plain-http non-loopback upstream when isolated.
  rootTest(
    'was a hole: HTTP_PROXY on a loopback port the agent holds, http upstream: not fronted, the key said held',
    async () => {
      const agent = await foreignListener('127.0.0.1', children);
      const saved = { ...process.env };
      for (const name of ['NO_PROXY', 'no_proxy', 'http_proxy']) delete process.env[name];
      process.env.HTTP_PROXY = `http://127.0.0.1:${agent.port}`;
      try {
        // Plain http behind a proxy is not fronted while the agent is its own user (see 'the owner check and a trusted proxy on this machine').
        const got = await start(undefined, {
          ANTHROPIC_API_KEY: '',
          OPENROUTER_API_KEY: OR_KEY,
          OPENROUTER_BASE_URL: 'http://llm-proxy.internal.example:4000/api/v1'
        });
        expect(got.turn.gateway).toBeUndefined();
        expect(got.held).toContain('OPENROUTER_API_KEY');
        expect(agent.seen()).not.toContain(OR_KEY);
      } finally {
        process.env = saved;
      }
    }
  );
  rootTest(
    'attack held: HTTPS_PROXY on a loopback port the agent holds, https upstream: the agent sees only CONNECT',
    async () => {
      const agent = await foreignListener('127.0.0.1', children);
      const saved = { ...process.env };
      for (const name of ['NO_PROXY', 'no_proxy', 'https_proxy']) delete process.env[name];
      process.env.HTTPS_PROXY = `http://127.0.0.1:${agent.port}`;
      try {
        const g = await openrouterAt('https://openrouter.ai/api/v1');
        expect(await callOpenrouter(g)).toBe(502);
        // Not even the CONNECT: the proxy's connection is checked before it.
        expect(agent.seen()).not.toMatch(/connect openrouter\.ai:443/i);
        expect(agent.seen()).not.toContain(OR_KEY);
      } finally {
        process.env = saved;
      }
    }
  );
});

describe('the owner check on the runner’s proxy: what holds', () => {
  rootTest(
    'attack held: HTTPS_PROXY as a name resolving to loopback (localhost): refused, nothing sent',
    async () => {
      const agent = await agentListener('127.0.0.1');
      await withProxyEnv({ HTTPS_PROXY: `http://localhost:${agent.port}` }, async () => {
        const g = await openrouterAt('https://llm-proxy.internal.example/api/v1');
        expect(await callOpenrouter(g)).toBe(502);
        expect(agent.seen()).not.toMatch(/seen|connect|tunnel/);
      });
    }
  );

  rootTest(
    'attack held: HTTPS_PROXY with credentials on the agent’s port: not even the CONNECT (and its password) is sent',
    async () => {
      const agent = await agentListener('0.0.0.0');
      await withProxyEnv(
        { HTTPS_PROXY: `http://proxyuser:proxy-pass-xyz@127.0.0.1:${agent.port}` },
        async () => {
          const g = await openrouterAt('https://llm-proxy.internal.example/api/v1');
          expect(await callOpenrouter(g)).toBe(502);
          expect(agent.seen()).not.toMatch(/connect|tunnel/);
        }
      );
    }
  );

  const own = Object.values(os.networkInterfaces())
    .flat()
    .find(i => i?.family === 'IPv4' && !i.internal)?.address;
  (root && own ? test : test.skip)(
    `attack held: HTTPS_PROXY at this machine’s interface address (${own}), the agent on 0.0.0.0, https upstream: refused before CONNECT`,
    async () => {
      const agent = await agentListener('0.0.0.0');
      await withProxyEnv({ HTTPS_PROXY: `http://${own}:${agent.port}` }, async () => {
        const g = await openrouterAt('https://openrouter.ai/api/v1');
        expect(await callOpenrouter(g)).toBe(502);
        expect(agent.seen()).not.toMatch(/connect/);
      });
    }
  );

  rootTest(
    'attack held: NO_PROXY naming the upstream, the agent on the upstream’s loopback port: the direct connection is checked too',
    async () => {
      const agent = await agentListener('0.0.0.0');
      await withProxyEnv(
        { HTTP_PROXY: 'http://proxy.example:3128', NO_PROXY: '127.0.0.9,llm.internal' },
        async () => {
          const g = await openrouterAt(`http://127.0.0.9:${agent.port}/api/v1`);
          expect(await callOpenrouter(g)).toBe(502);
          expect(agent.seen()).not.toContain(OR_KEY);
        }
      );
    }
  );
});

describe('the runner’s proxy written without a scheme', () => {
  // Was a hole, now closed (low: availability, not the key; isolated runs only). getProxyUrl returns
  // `new URL(HTTP_PROXY)` when that parses, and `proxy.corp:3128` (or `localhost:3128`, a common way
  // to write it on self-hosted runners) parses as a URL of scheme `proxy.corp:`. The owner-checked
  // ProxyAgent's clientFactory builds its Pool at once, which throws "Invalid URL protocol" from
  // upstreamDispatcher inside startGateway: the turn fails before Hermes starts. (The unisolated path,
  // http-client's own ProxyAgent, builds without throwing.) Fix: in upstreamDispatcher, a proxy whose
  // scheme is not http: or https: is read as `http://<value>` (what http-client means to do), or the
  // gateway is refused with a warning naming the variable.
  test('was a hole: HTTPS_PROXY=proxy.corp:3128: the gateway still starts', async () => {
    await withProxyEnv({ HTTPS_PROXY: 'proxy.corp:3128' }, async () => {
      const g = await openrouterAt('https://llm-proxy.internal.example/api/v1');
      expect(g.capability).toBeTruthy();
    });
  });
});

describe('the owner check and a trusted proxy on this machine', () => {
  // Was a hole, now closed (medium where it applies: the REAL key to a listener of the agent's). The check is on the
  // connection the gateway makes, which with a proxy is the one to the proxy; what the proxy then
  // connects to is not checked. With the runner's own proxy on loopback (cntlm, px, a local squid:
  // root's or the runner's, so trusted) and an upstream on this machine that the proxy is not
  // bypassed for (@actions/http-client bypasses only literal loopback and NO_PROXY: the machine's
  // hostname or interface address, as the LiteLLM-at-0.0.0.0 case above, is proxied), the trusted
  // proxy carries the real key to whoever holds the upstream's port: the agent, bound on 0.0.0.0
  // first. Shown with a CONNECT proxy of this (root) process and the upstream at the machine's own
  // interface address. Fix: when a proxy applies, resolve the upstream's host first and, if any of its
  // addresses is this machine's, connect directly (owner-checked) instead of through the proxy; or
  // refuse an upstream on this machine behind a proxy.
  const own = Object.values(os.networkInterfaces())
    .flat()
    .find(i => i?.family === 'IPv4' && !i.internal)?.address;
  (root && own ? test : test.skip)(
    `attack held: HTTP_PROXY a trusted (root) proxy on loopback, upstream at ${own} where the agent listens: the agent is not sent the key`,
    async () => {
      const proxy = createServer();
      proxy.on('connect', (req, client: Duplex) => {
        const [host, port] = String(req.url).split(':');
        const upstream = connect(Number(port), host, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          upstream.pipe(client).pipe(upstream);
        });
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
      });
      await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', () => resolve()));
      try {
        const agent = await agentListener('0.0.0.0');
        const proxyPort = (proxy.address() as AddressInfo).port;
        // Closed: a plain-http upstream behind the runner's proxy is not fronted while the agent is
        // its own user (the gateway cannot see where the proxy connects); the key is said held.
        await withProxyEnv({ HTTP_PROXY: `http://127.0.0.1:${proxyPort}` }, async () => {
          const got = await start(undefined, {
            ANTHROPIC_API_KEY: '',
            OPENROUTER_API_KEY: OR_KEY,
            OPENROUTER_BASE_URL: `http://${own}:${agent.port}/api/v1`
          });
          expect(got.turn.gateway).toBeUndefined();
          expect(got.warnings.join('\n')).toMatch(/plain http and goes through the runner's proxy/);
          expect(got.held).toContain('OPENROUTER_API_KEY');
          expect(agent.seen()).not.toContain(OR_KEY);
        });
      } finally {
        proxy.closeAllConnections();
        await new Promise<void>(resolve => proxy.close(() => resolve()));
      }
    }
  );
});

describe('the trust predicate (notAgentOwned): any uid but an agent’s', () => {
  // Red team of the loosened owner check (confine/agent-user.ts notAgentOwned). Asked: can the agent
  // get a socket of a uid the predicate trusts listening where the gateway connects, or make the
  // predicate say yes for its own listener? No route confirmed; what was checked and holds is kept
  // here. Needs root (users are made and removed).
  //
  // Residual (not a confirmed hole): a uid with no /etc/passwd entry is trusted. The one way the
  // agent could own such a uid is a process of its outliving its user's removal; userdel refuses a
  // user who still runs a process (held below), so the user then stays and stays refused. A fix that
  // closes it for good: trust a uid only when /etc/passwd names it (and by a name not hermes-agent-*).
  runsHere(root, 'the trust red team needs root on Linux (useradd): NOT tested here.');

  const made: string[] = [];
  afterAll(() => {
    for (const name of made)
      try {
        execFileSync('userdel', ['-f', name], { stdio: 'ignore' });
      } catch {
        // Already gone.
      }
  });

  const admin = (file: string, args: string[]): string =>
    execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  function agentUser(): { name: string; uid: number } {
    const name = `${AGENT_USER_PREFIX}r${randomBytes(2).toString('hex')}`;
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      name
    ]);
    made.push(name);
    return { name, uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim()) };
  }

  rootTest(
    'attack held: an agent user made after the gateway started is refused: /etc/passwd is read per check',
    () => {
      const probe = 61000 + (process.pid % 1000);
      // Before: nothing names it (the residual above: trusted).
      expect(notAgentOwned(probe)).toBe(true);
      const { uid } = agentUser();
      expect(notAgentOwned(uid)).toBe(false);
    }
  );

  rootTest('attack held: root and this process are trusted; a live agent uid is not', () => {
    expect(notAgentOwned(0)).toBe(true);
    expect(notAgentOwned(process.getuid?.() ?? -1)).toBe(true);
    const { uid } = agentUser();
    expect(notAgentOwned(uid)).toBe(false);
  });

  rootTest(
    'attack held: an agent process that outlives the sweep keeps its user: userdel refuses, the uid stays refused',
    async () => {
      const { name, uid } = agentUser();
      const child = spawn('/bin/sleep', ['60'], { uid, gid: uid, stdio: 'ignore' });
      children.push(child);
      await once(child, 'spawn');
      // As release() removes it after endAll gave up on a survivor: userdel exits 8 (user busy).
      removeAgentUser(name, admin);
      expect(execFileSync('getent', ['passwd', name], { encoding: 'utf8' })).toContain(name);
      expect(notAgentOwned(uid)).toBe(false);
      child.kill('SIGKILL');
      await once(child, 'exit');
      removeAgentUser(name, admin);
      expect(() => execFileSync('getent', ['passwd', name], { stdio: 'ignore' })).toThrow();
    }
  );

  rootTest(
    'attack held: an agent user is in no group but its own (no docker, no sudo, no adm)',
    () => {
      const { name } = agentUser();
      expect(execFileSync('id', ['-nG', name], { encoding: 'utf8' }).trim()).toBe(name);
    }
  );
});
