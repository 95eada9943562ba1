/**
 * Red-team attacks, round 3 (f958398..89dca6a): the owner check on the connection to a local upstream
 * or proxy (src/gateway/loopback-owner.ts: who counts as "this machine"), the files of Hermes' home
 * holding a fronted key left out of the agent's copy (src/confine/agent-home.ts dropHolding), the
 * variables holding one left out of Hermes' environment (src/steps/gateway.ts agentEnvironment), and
 * config.yaml read as PyYAML reads it (src/config/hermes-config.ts). A test that passes is the
 * product holding; the eight holes it found are closed (each comment says "Was a hole").
 *
 * The agent is a process of another user's (uid 65534, started as root) on the same machine, as in
 * gateway-round2-redteam.test.ts; those tests need root on Linux and are skipped elsewhere.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { modelSectionOf } from '../src/config/hermes-config.js';
import type { Gateway } from '../src/gateway/types.js';
import type { TurnGateway } from '../src/steps/gateway.js';
import { callOpenrouter as call } from './helpers/gateway-calls.js';
import { foreignListener } from './helpers/foreign-listener.js';
import { agentHomeOf, startTurn, type StartedTurn } from './helpers/turn-gateway.js';

const KEY = 'sk-ant-api03-real-key-round3-0123456789';
const OR_KEY = 'sk-or-v1-real-key-round3-0123456789abcdef';

const root = process.getuid?.() === 0 && process.platform === 'linux';
if (!root)
  process.stderr.write(
    '!!! SKIPPED: the round-3 attacks as another user need root on Linux (a process of an agent’s user).\n'
  );
const rootTest = root ? test : test.skip;

/** Runs `ip` (root, CAP_NET_ADMIN); false when it may not. */
const ip = (...args: string[]): boolean => spawnSync('ip', args).status === 0;

const children: ChildProcess[] = [];
// The veth made below (a describe's afterAll is skipped when -t filters its tests out: this one is not).
afterAll(() => {
  if (root) ip('link', 'del', 'rt3v0');
});
let turn: TurnGateway | undefined;
afterEach(async () => {
  await turn?.gateway?.close();
  turn = undefined;
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const tmp = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** The agent's listener (helpers/foreign-listener.ts), a process of an agent’s user. */
const agentListener = (host: string, port = 0) => foreignListener(host, children, port);

/** The turn's gateway as the action starts it, isolated, with ANTHROPIC_API_KEY (helpers/turn-gateway.ts). */
async function start(
  config: string | undefined,
  env: NodeJS.ProcessEnv = {},
  files: { dotenv?: string; skill?: string; home?: string } = {}
): Promise<StartedTurn> {
  const got = await startTurn(
    { ...files, ...(config !== undefined && { config }) },
    { ANTHROPIC_API_KEY: KEY, ...env }
  );
  turn = got.turn;
  return got;
}

/** Every path and every file's text of a tree, concatenated: what the agent can read in it. */
function everything(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map(f => {
      const full = path.join(f.parentPath, f.name);
      return f.isFile() ? `${full}\n${fs.readFileSync(full, 'utf8')}` : full;
    })
    .join('\n');
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

/** One model call through the gateway (helpers/gateway-calls.ts): its status. */
const callOpenrouter = async (g: Gateway): Promise<number> => (await call(g)).status;

/** process.env with the proxy variables given (and every other proxy variable out) during fn. */
async function withProxyEnv<T>(set: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  for (const name of [
    'NO_PROXY',
    'no_proxy',
    'http_proxy',
    'https_proxy',
    'HTTP_PROXY',
    'HTTPS_PROXY'
  ])
    delete process.env[name];
  Object.assign(process.env, set);
  try {
    return await fn();
  } finally {
    process.env = saved;
  }
}

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
  const veth = root && ip('link', 'add', 'rt3v0', 'type', 'veth', 'peer', 'name', 'rt3v1');
  if (veth) {
    ip('addr', 'add', '10.231.79.1/24', 'dev', 'rt3v0');
    ip('link', 'set', 'rt3v0', 'up');
  }
  (veth ? test : test.skip)(
    'OPENROUTER_BASE_URL at an address of an interface without carrier (docker0 on a hosted runner): the agent on 0.0.0.0 is refused the real key',
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
    'HTTPS_PROXY at an address of an interface without carrier: the agent’s proxy is refused',
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

describe('the owner check on the runner’s proxy: what holds', () => {
  rootTest(
    'HTTPS_PROXY as a name resolving to loopback (localhost): refused, nothing sent',
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
    'HTTPS_PROXY with credentials on the agent’s port: not even the CONNECT (and its password) is sent',
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
    `HTTPS_PROXY at this machine’s interface address (${own}), the agent on 0.0.0.0, https upstream: refused before CONNECT`,
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
    'NO_PROXY naming the upstream, the agent on the upstream’s loopback port: the direct connection is checked too',
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
  test('HTTPS_PROXY=proxy.corp:3128: the gateway still starts', async () => {
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
  // hostname or interface address, as round 2's LiteLLM-at-0.0.0.0 case, is proxied), the trusted
  // proxy carries the real key to whoever holds the upstream's port: the agent, bound on 0.0.0.0
  // first. Shown with a CONNECT proxy of this (root) process and the upstream at the machine's own
  // interface address. Fix: when a proxy applies, resolve the upstream's host first and, if any of its
  // addresses is this machine's, connect directly (owner-checked) instead of through the proxy; or
  // refuse an upstream on this machine behind a proxy.
  const own = Object.values(os.networkInterfaces())
    .flat()
    .find(i => i?.family === 'IPv4' && !i.internal)?.address;
  (root && own ? test : test.skip)(
    `HTTP_PROXY a trusted (root) proxy on loopback, upstream at ${own} where the agent listens: the agent is not sent the key`,
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

describe('a fronted key in the files of Hermes’ home', () => {
  // Was a hole, now closed (medium: the agent read the real key while the action listed it as not
  // held). dropHolding takes a skill's file holding the key out of the agent's COPY only; the original
  // under the runner's ~/.hermes/skills/ stayed readable (0644 in a 0755 tree), on the agent's way in a
  // real run (the runner's home opened for entering as an ancestor of the workspace, ~/.hermes as one
  // of the executable). Now Isolation.prepare closes the original skills/ for the run like .env and
  // config.yaml: proven through the isolation itself in confine-run.test.ts ("skills/ … closed").

  // Was a hole, now closed (low: needs a key in a file's name): dropHolding looks at what a regular file holds, never
  // at names. A skill's file or directory named after the key (a cache, `notes-<key>.md`) is copied
  // as named, and the agent lists it. Fix: in the same walk, drop an entry (a directory with all it
  // holds) whose name holds a fronted key's value, or whose link target does; say it without the name.
  test('the key in a skill’s file name: not in the agent’s copy', async () => {
    const home = tmp('hermes-home-');
    fs.mkdirSync(path.join(home, 'skills', 'deploy'), { recursive: true });
    fs.writeFileSync(path.join(home, 'skills', 'deploy', `token-${KEY}.txt`), 'see the name\n');
    const got = await start('model:\n  provider: anthropic\n', {}, { home });
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['anthropic']);
    expect(everything(agentHomeOf(got).dir)).not.toContain(KEY);
  });

  test('a hard link in skills/ to a file holding the key: copied as a file, dropped', async () => {
    const home = tmp('hermes-home-');
    const outside = path.join(tmp('elsewhere-'), 'notes.txt');
    fs.writeFileSync(outside, `key ${KEY}\n`);
    fs.mkdirSync(path.join(home, 'skills', 'deploy'), { recursive: true });
    fs.linkSync(outside, path.join(home, 'skills', 'deploy', 'notes.md'));
    const got = await start('model:\n  provider: anthropic\n', {}, { home });
    const copy = agentHomeOf(got);
    expect(everything(copy.dir)).not.toContain(KEY);
    expect(copy.warnings.join('\n')).not.toContain(KEY);
  });

  test('the step’s key given with spaces around it: a skill holding it bare is still dropped, the env copy too', async () => {
    const got = await start(
      'model:\n  provider: anthropic\n',
      { ANTHROPIC_API_KEY: `  ${KEY}\n`, LLM_KEY: KEY },
      { skill: `key: ${KEY}\n` }
    );
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['anthropic']);
    expect(everything(agentHomeOf(got).dir)).not.toContain(KEY);
    expect(JSON.stringify(got.agentEnv)).not.toContain(KEY);
    expect(got.warnings.join('\n')).not.toContain(KEY);
  });

  test('.env holding the key in a second, differently quoted assignment: no copy holds it', async () => {
    const got = await start(
      'model:\n  provider: anthropic\n',
      { ANTHROPIC_API_KEY: 'sk-ant-step-value-not-used' },
      { dotenv: `ANTHROPIC_API_KEY='${KEY}'\nBACKUP="${KEY}"\n` }
    );
    expect(everything(agentHomeOf(got).dir)).not.toContain(KEY);
    expect(JSON.stringify(got.agentEnv)).not.toContain(KEY);
  });
});

describe('config.yaml read as PyYAML reads it', () => {
  // Was a hole, now closed (low: a routing mismatch, not a leak of the key to the agent; the property test's generator
  // never writes a directive). parsed_ passes `version: '1.1'`, but a `%YAML 1.2` directive in the
  // file switches the yaml package to the 1.2 core schema for that document, where `<<` is a plain
  // key: the merged provider/base_url are not seen. PyYAML accepts the directive (any 1.x) and still
  // merges. Here PyYAML (Hermes) reads model.base_url http://10.0.0.9:4000 and provider custom; the
  // action reads neither, fronts Anthropic at api.anthropic.com and overrides the user's endpoint in
  // the agent's copy (the same class as round 2's two `<<` keys). Checked with python3 yaml.safe_load.
  // Fix: refuse (unusable) a document with a %YAML directive, or with any directive at all.
  test('a %YAML 1.2 directive and a merge: the action reads what PyYAML reads', () => {
    const config =
      '%YAML 1.2\n---\nbase: &b\n  provider: custom\n  base_url: http://10.0.0.9:4000\nmodel:\n  <<: *b\n';
    const pyyaml = spawnSync(
      'python3',
      ['-c', 'import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin)["model"]))'],
      { input: config, encoding: 'utf8' }
    );
    const section = modelSectionOf(config, 'c.yaml');
    if (pyyaml.status === 0) {
      expect(JSON.parse(pyyaml.stdout)).toEqual({
        provider: 'custom',
        base_url: 'http://10.0.0.9:4000'
      });
    }
    expect(
      section.kind === 'unusable' || (section.kind === 'read' && section.baseUrl)
    ).toBeTruthy();
  });

  // Was a hole, now closed (low-medium: the agent holds the key while the action says it is fronted; needs an odd file).
  // configHolds parses with the yaml package, where NEL (\x85) is no line break, but parsed_'s NEL
  // refusal is not applied to it: after `# comment\x85` PyYAML (Hermes, and the agent reading its
  // copy) reads a new key, the action reads a comment. A double-quoted escaped key there
  // (`spare: "\x73k-or-…"`) is neither in the raw text (includes() misses it, so does dropHolding's
  // byte search) nor in any scalar the yaml package sees. The model section is `unusable`, which stops
  // Anthropic only: OpenRouter is fronted, the agent's copy of config.yaml decodes to the real key,
  // and OPENROUTER_API_KEY is not listed as held. Fix: in configHolds, when the text is one parsed_
  // refuses (NEL/LS/PS, errors), replace \x85 \u2028 \u2029 by \n before parsing as PyYAML's reader
  // does, or treat any text the action cannot read for certain as holding every fronted key (front
  // no provider whose key could be in it; or give the agent no copy of it).
  test('an escaped OpenRouter key after a NEL in a comment: not fronted, or not in the agent’s copy', async () => {
    const escaped = `\\x73${OR_KEY.slice(1)}`;
    const config = `model:\n  provider: openrouter\n# old settings\x85spare: "${escaped}"\n`;
    expect(config).not.toContain(OR_KEY);
    const got = await start(config, { ANTHROPIC_API_KEY: '', OPENROUTER_API_KEY: OR_KEY });
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'openrouter') ?? false;
    const copy = path.join(agentHomeOf(got).dir, 'config.yaml');
    const decoded = fs.existsSync(copy)
      ? spawnSync(
          'python3',
          [
            '-c',
            'import sys, yaml, json; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))',
            copy
          ],
          { encoding: 'utf8' }
        ).stdout
      : '';
    if (fronted) expect(got.held).not.toContain('OPENROUTER_API_KEY');
    expect(fronted && decoded.includes(OR_KEY)).toBe(false);
  });
});
