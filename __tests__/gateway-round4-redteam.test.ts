/**
 * Red-team attacks, round 4: the owner check on more spellings of "this machine" (the unspecified
 * addresses, an IPv4-mapped IPv6 literal, a dual-stack listener of the agent's, a ULA address on an
 * interface of this machine), the 502 the agent reads when refused, and the key looked for in the
 * agent's environment by name as well as by value. A test that passes is the product holding; the
 * three holes it found are closed (each comment says "Was a hole").
 *
 * The agent is a process of another user's (uid 65534, started as root) on the same machine, as in
 * gateway-round3-redteam.test.ts; those tests need root on Linux and are skipped elsewhere.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import type { Gateway } from '../src/gateway/types.js';
import type { TurnGateway } from '../src/steps/gateway.js';
import { callOpenrouter } from './helpers/gateway-calls.js';
import { foreignListener, foreignUser } from './helpers/foreign-listener.js';
import { startTurn, type StartedTurn } from './helpers/turn-gateway.js';

const OR_KEY = 'sk-or-v1-real-key-round4-0123456789abcdef';

const root = process.getuid?.() === 0 && process.platform === 'linux';
if (!root)
  process.stderr.write(
    '!!! SKIPPED: the round-4 attacks as another user need root on Linux (a process of an agent’s user).\n'
  );
const rootTest = root ? test : test.skip;

/** Runs `ip` (root, CAP_NET_ADMIN); false when it may not. */
const ip = (...args: string[]): boolean => spawnSync('ip', args).status === 0;

const children: ChildProcess[] = [];
afterAll(() => {
  if (root) ip('link', 'del', 'rt4d0');
});
let turn: TurnGateway | undefined;
afterEach(async () => {
  await turn?.gateway?.close();
  turn = undefined;
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** The agent's listener (helpers/foreign-listener.ts), a process of an agent’s user. */
const agentListener = (host: string, port = 0) => foreignListener(host, children, port);

/** The turn's gateway as the action starts it, isolated, with env. */
async function start(env: NodeJS.ProcessEnv): Promise<StartedTurn> {
  const got = await startTurn({}, env);
  turn = got.turn;
  return got;
}

/** OpenRouter fronted at upstream (its key only), as the action starts it for an isolated agent. */
async function openrouterAt(upstream: string): Promise<Gateway> {
  const got = await start({ OPENROUTER_API_KEY: OR_KEY, OPENROUTER_BASE_URL: upstream });
  const g = got.turn.gateway;
  expect(g?.fronted.map(f => f.provider)).toEqual(['openrouter']);
  return g!;
}

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
    rootTest(`OPENROUTER_BASE_URL at ${what}: the agent is refused the real key`, async () => {
      const agent = await agentListener(host);
      const g = await openrouterAt(url(agent.port));
      const { status, body } = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(agent.seen()).not.toMatch(/seen|connect/);
      expect(status).toBe(502);
      // The 502 the agent reads says who served it, never the key or the capability.
      expect(body).toContain(String(foreignUser().uid));
      expect(body).not.toContain(OR_KEY);
      expect(body).not.toContain(g.capability);
    });

  // A ULA address on an interface of this machine (a veth whose peer is down, no DAD), the agent on [::].
  if (root) ip('link', 'del', 'rt4d0');
  const veth = root && ip('link', 'add', 'rt4d0', 'type', 'veth', 'peer', 'name', 'rt4d1');
  if (veth) {
    ip('link', 'set', 'rt4d0', 'up');
    ip('-6', 'addr', 'add', 'fd04:4::1/64', 'dev', 'rt4d0', 'nodad');
  }
  (veth ? test : test.skip)(
    'OPENROUTER_BASE_URL at a ULA address of this machine (fd04:4::1), the agent on [::]: refused',
    async () => {
      const agent = await agentListener('::');
      const g = await openrouterAt(`http://[fd04:4::1]:${agent.port}/api/v1`);
      const { status } = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );
});

describe('the key looked for in the agent’s environment', () => {
  test('a variable holding the key upper-cased or split is not the key (nothing to drop)', async () => {
    const got = await start({
      OPENROUTER_API_KEY: OR_KEY,
      SHOUTED: OR_KEY.toUpperCase(),
      HALF: OR_KEY.slice(0, 20)
    });
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['openrouter']);
    expect(got.agentEnv.OPENROUTER_API_KEY).toBe(got.turn.gateway?.capability);
    expect(got.agentEnv.SHOUTED).toBe(OR_KEY.toUpperCase());
  });

  test('the key inside a longer value (a URL, a header line): dropped, said by name', async () => {
    const got = await start({
      OPENROUTER_API_KEY: OR_KEY,
      LLM_HEADERS: `Authorization: Bearer ${OR_KEY}\nX-Other: 1`
    });
    expect(got.agentEnv.LLM_HEADERS).toBeUndefined();
    expect(JSON.stringify(got.agentEnv)).not.toContain(OR_KEY);
    expect(got.warnings.join('\n')).toContain('LLM_HEADERS');
  });

  // Was a hole, now closed (low: needs a workflow that writes the key into a name, but then the agent holds the key
  // while the summary lists it as fronted, not held). agentEnvironment() drops a variable whose VALUE
  // holds a fronted key's value and keeps every name as it is: a variable named after the key (a
  // `$GITHUB_ENV` line written the wrong way round, `echo "$OPENROUTER_API_KEY=1"`) reaches Hermes'
  // environment, which the agent reads (`env`), and heldByAgent() names nothing. Fix: in
  // agentEnvironment, drop (and name in the warning, redacted) a variable whose name holds a fronted
  // value as well; the same for the .env copy's names (agent-home.ts).
  test('the key in a variable’s NAME (`echo "$KEY=1" >> $GITHUB_ENV` gone wrong): not in the agent’s environment', async () => {
    const got = await start({ OPENROUTER_API_KEY: OR_KEY, [`X_${OR_KEY}`]: '1' });
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['openrouter']);
    expect(Object.keys(got.agentEnv).join('\n')).not.toContain(OR_KEY);
  });
});

describe('the owner check behind a NAT rule of the machine’s (a transparent proxy’s REDIRECT)', () => {
  const iptables = (...args: string[]): boolean => spawnSync('iptables', args).status === 0;
  const nat = root && iptables('-t', 'nat', '-L', 'OUTPUT', '-n');
  if (!nat)
    process.stderr.write(
      '!!! SKIPPED: no root with iptables here (Debian: iptables): the owner check behind a NAT rule is NOT tested.\n'
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
    'a plain-http remote upstream REDIRECTed to a local port the agent listens on: refused the real key',
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
        const g = await openrouterAt('http://198.51.100.7:8000/api/v1');
        const { status } = await callOpenrouter(g);
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
    'HTTPS_PROXY REDIRECTed to a local port the agent listens on: refused before the CONNECT',
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
        const g = await openrouterAt('https://openrouter.ai/api/v1');
        await callOpenrouter(g);
        expect(agent.seen()).not.toMatch(/connect/);
      } finally {
        process.env = saved;
        iptables('-t', 'nat', '-D', ...rule);
      }
    }
  );
});
