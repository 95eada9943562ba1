/**
 * Red-team attacks, round 2 (70919e7..adb4e2a): the loopback-owner check on a loopback upstream
 * (src/gateway/loopback-owner.ts, forward.ts upstreamDispatcher), config.yaml read as PyYAML reads it
 * (src/config/hermes-config.ts), a fronted key's value in config.yaml (src/steps/gateway.ts), userinfo
 * in a base URL, and the capability in either header (src/gateway/server.ts). A test that passes is
 * the product holding; the five holes it found are closed (each comment says "Was a hole"), their
 * tests now plain tests.
 *
 * The agent is a process of another user's (uid 65534, started as root) on the same loopback, as in
 * gateway-loopback-owner.test.ts; those tests need root on Linux and are skipped elsewhere.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import { lookup } from 'node:dns/promises';
import { request, type Server } from 'node:http';
import { connect } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { modelSectionOf, withAnthropicBase } from '../src/config/hermes-config.js';
import { notAgentOwned } from '../src/confine/agent-user.js';
import { peerOwner } from '../src/gateway/loopback-owner.js';
import type { Gateway } from '../src/gateway/types.js';
import { anthropicRoute } from '../src/steps/anthropic-route.js';
import type { TurnGateway } from '../src/steps/gateway.js';
import { shownUrl } from '../src/text/url.js';
import { callOpenrouter as call, testGateway } from './helpers/gateway-calls.js';
import { foreignListener } from './helpers/foreign-listener.js';
import { runnerService } from './helpers/runner-service.js';
import { agentHomeOf, startTurn, type StartedTurn } from './helpers/turn-gateway.js';

const KEY = 'sk-ant-api03-real-key-round2-0123456789';
const OR_KEY = 'sk-or-v1-real-key-round2-0123456789abcdef';
const GATEWAY = 'http://127.0.0.1:40123/anthropic';

const root = process.getuid?.() === 0 && process.platform === 'linux';
if (!root)
  process.stderr.write(
    '!!! SKIPPED: the round-2 loopback attacks need root on Linux (a listener of another user).\n'
  );
const rootTest = root ? test : test.skip;

const children: ChildProcess[] = [];
const servers: Server[] = [];
let turn: TurnGateway | undefined;
let gateway: Gateway | undefined;
afterEach(async () => {
  await turn?.gateway?.close();
  turn = undefined;
  await gateway?.close();
  gateway = undefined;
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>(resolve => s.close(() => resolve()));
  }
});

/** The turn's gateway as the action starts it, isolated, with ANTHROPIC_API_KEY (helpers/turn-gateway.ts). */
async function start(
  config: string | undefined,
  env: NodeJS.ProcessEnv = {},
  files: { dotenv?: string; skill?: string } = {}
): Promise<StartedTurn> {
  const got = await startTurn(
    { ...files, ...(config !== undefined && { config }) },
    { ANTHROPIC_API_KEY: KEY, ...env }
  );
  turn = got.turn;
  return got;
}

/** Every file of the agent's Hermes home as fillAgentHome makes it from that turn, concatenated. */
function agentHomeText(got: StartedTurn): string {
  const { dir } = agentHomeOf(got);
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(f => f.isFile())
    .map(f => fs.readFileSync(path.join(f.parentPath, f.name), 'utf8'))
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
    'OPENROUTER_BASE_URL http://0.0.0.0:<port>: the agent’s listener is refused the real key',
    async () => {
      const agent = await foreignListener('0.0.0.0', children);
      const g = await openrouterAt(`http://0.0.0.0:${agent.port}/api/v1`);
      const status = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );

  rootTest(
    'OPENROUTER_BASE_URL at the machine’s hostname (resolving to loopback): refused the real key',
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
    `OPENROUTER_BASE_URL at this machine’s own interface address (${own}): refused the real key`,
    async () => {
      const agent = await foreignListener('0.0.0.0', children);
      const g = await openrouterAt(`http://${own}:${agent.port}/api/v1`);
      const status = await callOpenrouter(g);
      expect(agent.seen()).not.toContain(OR_KEY);
      expect(status).toBe(502);
    }
  );

  test('Anthropic is not exposed the same way: only 127.0.0.1, localhost, [::1] are fronted', () => {
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
    'HTTP_PROXY on a loopback port the agent holds, http upstream: not fronted, the key said held',
    async () => {
      const agent = await foreignListener('127.0.0.1', children);
      const saved = { ...process.env };
      for (const name of ['NO_PROXY', 'no_proxy', 'http_proxy']) delete process.env[name];
      process.env.HTTP_PROXY = `http://127.0.0.1:${agent.port}`;
      try {
        // Plain http behind a proxy is not fronted while the agent is its own user (round 3).
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
    'HTTPS_PROXY on a loopback port the agent holds, https upstream: the agent sees only CONNECT',
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

describe('the loopback-owner check: what holds', () => {
  async function anthropicAt(upstream: string): Promise<Gateway> {
    gateway = await testGateway(
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: upstream },
      { trusted: notAgentOwned }
    );
    return gateway;
  }

  function callAnthropic(g: Gateway, headers: Record<string, string>): Promise<number> {
    const port = Number(new URL(g.env.ANTHROPIC_BASE_URL ?? '').port);
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/anthropic/v1/messages', headers },
        res => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        }
      );
      req.on('error', reject);
      req.end('{"model":"claude-x","max_tokens":1,"messages":[]}');
    });
  }

  rootTest(
    'the runner’s service on 127.0.0.1 only, the agent on [::1] at the same port, `localhost`: the agent never gets the key',
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
    'an IPv4-mapped upstream ([::ffff:127.0.0.1]) and 127.0.0.2: checked, refused',
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
    'a trusted service, a kept-alive connection, the service gone and the agent on its port: refused',
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
    'the agent’s port crowded with TIME_WAIT rows (uid 0 in the table): still refused',
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
  test('peerOwner reads no owner from a TIME_WAIT row (uid 0) of the 4-tuple', () => {
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

describe('the capability in either header', () => {
  rootTest('a wrong capability in both, or the capability split across them: 401', async () => {
    gateway = await testGateway(
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'https://api.anthropic.com' },
      { trusted: notAgentOwned, tries: 1 }
    );
    const cap = gateway.capability;
    const port = Number(new URL(gateway.env.ANTHROPIC_BASE_URL ?? '').port);
    const status = (headers: Record<string, string>): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method: 'POST', path: '/anthropic/v1/messages', headers },
          res => {
            res.resume();
            resolve(res.statusCode ?? 0);
          }
        );
        req.on('error', reject);
        req.end('{}');
      });
    const half = Math.floor(cap.length / 2);
    for (const headers of <Record<string, string>[]>[
      { authorization: `Bearer ${cap.slice(0, half)}`, 'x-api-key': cap.slice(half) },
      { authorization: `Bearer ${cap}x`, 'x-api-key': `x${cap}` },
      { authorization: `Basic ${cap}` },
      { authorization: `Bearer ${cap} extra` },
      { 'x-api-key': `${cap}, ${cap}` },
      { 'proxy-authorization': `Bearer ${cap}` },
      { 'api-key': cap }
    ])
      expect([headers, await status(headers)]).toEqual([headers, 401]);
  });
});

describe('config.yaml read as PyYAML reads it', () => {
  const routeOf = (config: string) =>
    anthropicRoute({
      seen: { ANTHROPIC_API_KEY: KEY },
      model: modelSectionOf(config, 'c.yaml'),
      isolated: true,
      ignoreUserConfig: false
    });

  // Was a hole, now closed (low: the real key still goes only to api.anthropic.com or a checked loopback, but not
  // where the user's config sends Hermes): two merge keys in one mapping. PyYAML's flatten_mapping
  // puts every merge's pairs in order before the explicit ones, so the LAST `<<` wins; the `yaml`
  // package sets a merged key only when absent, so the FIRST wins, and uniqueKeys lets a second `<<`
  // pass. Here PyYAML gives base_url https://llm-proxy.example (never fronted, docs/gateway.md);
  // the action reads api.anthropic.com and fronts it, and the copy overrides the user's endpoint.
  // Fix: a mapping in the model section with more than one merge key is unusable.
  test('two `<<` keys in model: read as PyYAML does (the last wins), not fronted', () => {
    const config =
      'a: &a {provider: anthropic, base_url: https://api.anthropic.com}\n' +
      'b: &b {provider: anthropic, base_url: https://llm-proxy.example}\n' +
      'model:\n  <<: *a\n  <<: *b\n';
    expect(routeOf(config).routed).toBe(false);
  });

  // Was a hole, now closed (low, same class): PyYAML reads YAML 1.1, where NEL (\x85), LINE SEPARATOR (\u2028) and
  // PARAGRAPH SEPARATOR (\u2029) are line breaks; the `yaml` package's lexer does not (1.2). A
  // comment then hides from the action what PyYAML reads as keys: a base_url after `# …\u2028`, or a
  // second top-level `model:` (PyYAML keeps the last of a duplicate key). The action then fronts
  // Anthropic at api.anthropic.com where the user's file sends Hermes elsewhere (the agent's copy
  // comes out safe, see the next test). Conversely `\x85base_url:` is a key to the action and not to
  // PyYAML. Fix: a config.yaml with \x85, \u2028 or \u2029 in it is unusable (as a tab indent is),
  // or replace them by \n before parsing, as PyYAML's reader does.
  test.each([
    [
      'a base_url behind \\u2028 in a comment',
      'model:\n  provider: anthropic # x\u2028  base_url: https://llm-proxy.example\n'
    ],
    [
      'a second model behind \\u2028 in a comment',
      'model:\n  provider: anthropic\n# end\u2028model: {provider: nous}\n'
    ],
    [
      'a second model behind \\x85 in a comment',
      'model:\n  provider: anthropic\n# end\x85model: {provider: nous}\n'
    ]
  ])('%s: not read for certain, not fronted', (_what, config) => {
    expect(routeOf(config).routed).toBe(false);
  });

  // What Hermes itself reads from the agent's copy: PyYAML, when this machine has it.
  const pyyaml = spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }).status === 0;
  if (!pyyaml)
    process.stderr.write(
      '!!! SKIPPED: no python3 with PyYAML here: what Hermes itself reads from a \\u2028 config is NOT checked.\n'
    );
  // Was a hold by luck (the `yaml` stringifier writes a `#` after a \u2028 in a comment); now a file
  // with a YAML 1.1 line break is not read at all, so no copy is made from it and Anthropic is not
  // fronted. PyYAML, when this machine has it, confirms what Hermes would have read.
  (pyyaml ? test : test.skip)(
    'a config with a \u2028 comment: PyYAML reads a second model; the action reads none, makes no copy',
    () => {
      const config = 'model:\n  provider: anthropic\n# end\u2028model: {provider: nous}\n';
      const read = spawnSync(
        'python3',
        ['-c', 'import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin.read())))'],
        { input: config, encoding: 'utf8' }
      );
      expect(read.stdout).toMatch(/nous/);
      const section = modelSectionOf(config, 'c.yaml');
      expect(section.kind).toBe('unusable');
      expect(() => withAnthropicBase(section, GATEWAY)).toThrow();
    }
  );

  test.each([
    ['an explicit !!merge tag', 'a: &a {provider: nous}\nmodel:\n  !!merge x: *a\n'],
    ['a merge key as `? !!merge`', 'a: &a {provider: nous}\nmodel:\n  ? !!merge\n  : *a\n'],
    ['a !!merge at the top', 'a: &a {model: {provider: nous}}\n!!merge x: *a\n'],
    ['an alias before its anchor', 'model: *m\nm: &m {provider: anthropic}\n'],
    ['model as `? model`', '? model\n: {provider: anthropic}\n"model": {provider: nous}\n'],
    ['a !!null provider', 'model:\n  provider: !!null anthropic\n'],
    ['a sexagesimal base_url', 'model:\n  provider: anthropic\n  base_url: 190:20:30\n']
  ])('%s: not read as anthropic to front', (_what, config) => {
    expect(routeOf(config).routed).toBe(false);
  });
});

describe('a fronted key’s value where the agent reads it, written so the check misses it', () => {
  // Was a hole, now closed (medium-low: the agent holds the key while the action says it is fronted): the check is
  // config.text.includes(key), but PyYAML (Hermes) and the agent's own reading decode escapes. A key
  // written "\x73k-ant-…", "\u0073k-ant-…", split by a double-quoted escaped line break, or as
  // !!binary base64, is in the agent's copy, yet Anthropic is fronted, the warning is not given and
  // the key is not listed as held. Fix: besides the text, look for the key in every string scalar
  // of the parsed document (YAML 1.1, aliases resolved; !!binary decoded), and treat a document the
  // action cannot parse by the text alone, as now.
  const escaped = `\\x73${KEY.slice(1)}`;
  const unicode = `\\u0073${KEY.slice(1)}`;
  const split = `${KEY.slice(0, 12)}\\\n      ${KEY.slice(12)}`;
  const binary = Buffer.from(KEY).toString('base64');
  test.each([
    ['a \\x escape', `model:\n  provider: anthropic\nspare:\n  key: "${escaped}"\n`],
    ['a \\u escape', `model:\n  provider: anthropic\nspare:\n  key: "${unicode}"\n`],
    ['an escaped line break', `model:\n  provider: anthropic\nspare:\n  key: "${split}"\n`],
    ['!!binary', `model:\n  provider: anthropic\nspare:\n  key: !!binary ${binary}\n`]
  ])('the key as %s: not fronted, said, held', async (_what, config) => {
    expect(config).not.toContain(KEY);
    const got = await start(config);
    expect(got.turn.gateway).toBeUndefined();
    expect(got.held).toContain('ANTHROPIC_API_KEY');
  });

  // Was a hole, now closed (medium-low, same class, other files): the value check covers config.yaml only. The agent
  // also gets copies of .env and skills/ (agent-home.ts CONFIG_ENTRIES): the step's key written in
  // .env under another name (SPARE=sk-ant-…: withoutNames looks for the values .env itself gives the
  // fronted names, not the step's), or in a skill's files, is in the agent's home while Anthropic is
  // fronted and the key is not listed as held. Fix: look for each fronted key's value (the step's and
  // .env's) in every file copied into the agent's home (.env copy, config copy, skills/), and leave
  // that provider held (or drop the file) when found.
  test.each([
    ['.env under another name', { dotenv: `SPARE=${KEY}\n` }],
    ['a skill’s file', { skill: `# deploy\nuse ${KEY} for the release notes\n` }]
  ])('the step’s key in %s: not in the agent’s home while fronted', async (_what, files) => {
    const got = await start('model:\n  provider: anthropic\n', {}, files);
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'anthropic') ?? false;
    expect(fronted && agentHomeText(got).includes(KEY)).toBe(false);
  });

  // Found after round 2 (same class): the step's key given twice by the workflow, once under the
  // provider's name and once under another (`LLM_KEY: ${{ secrets.… }}`), reached Hermes' environment
  // under the other name while the provider's was fronted.
  test.each([
    ['a name of no credential shape', 'MY_COPY'],
    ['a credential-shaped name', 'LLM_API_KEY'],
    ['a value that holds it', 'LLM_CONFIG']
  ])(
    'the step’s key under %s: left out of Hermes’ environment, said by name',
    async (_what, name) => {
      const value = name === 'LLM_CONFIG' ? `{"key":"${KEY}"}` : KEY;
      const got = await start('model:\n  provider: anthropic\n', { [name]: value });
      expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['anthropic']);
      expect(got.agentEnv).not.toHaveProperty(name);
      expect(JSON.stringify(got.agentEnv)).not.toContain(KEY);
      expect(got.warnings.join('\n')).toContain(name);
      expect(got.warnings.join('\n')).not.toContain(KEY);
      expect(got.held).not.toContain('ANTHROPIC_API_KEY');
    }
  );

  test('a key shorter than 8 characters is not looked for elsewhere (it would match ordinary text)', async () => {
    const got = await start(undefined, {
      ANTHROPIC_API_KEY: '',
      OPENROUTER_API_KEY: 'k',
      SIM_FILE: '/tmp/work/argv.json'
    });
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['openrouter']);
    expect(got.agentEnv.SIM_FILE).toBe('/tmp/work/argv.json');
    expect(got.warnings.join('\n')).not.toMatch(/holds the value/);
  });

  test('the warning for a key in config.yaml does not echo it', async () => {
    const got = await start(`model:\n  provider: anthropic\n# old: ${KEY}\n`);
    expect(got.warnings.join('\n')).toMatch(/holds the value of ANTHROPIC_API_KEY/);
    expect(got.warnings.join('\n')).not.toContain(KEY);
  });
});

describe('userinfo in a base URL', () => {
  test('backslashes for slashes (https:\\\\u:p@host): not fronted, the password not shown', async () => {
    const url = 'https:\\\\ci:s3cret-pass@api.anthropic.com';
    const got = await start('model:\n  provider: anthropic\n', { ANTHROPIC_BASE_URL: url });
    expect(got.turn.gateway?.fronted.some(f => f.provider === 'anthropic')).not.toBe(true);
    expect(got.warnings.join('\n')).not.toContain('s3cret-pass');
  });

  // Was a hole, now closed (low, logs): shownUrl's fallback for text the URL parser refuses masks only a userinfo with
  // no `/` in it; a password with a raw `/` (or a host the parser refuses after it) is echoed in the
  // Anthropic "not fronted" warning (the log's redaction does not know it). Fix: in the fallback,
  // mask everything between `//` and the last `@` of the authority-looking part (`^[^/]*//.*@`), or
  // show only the host part of a URL that does not parse.
  test('a password with a raw / in ANTHROPIC_BASE_URL is not echoed in the warning', async () => {
    const url = 'https://ci:s3cret/pass@llm-proxy.example';
    expect(shownUrl(url)).not.toContain('s3cret');
    const got = await start('model:\n  provider: anthropic\n', { ANTHROPIC_BASE_URL: url });
    expect(got.turn.gateway).toBeUndefined();
    expect(got.warnings.join('\n')).not.toContain('s3cret');
  });
});
