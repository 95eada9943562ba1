/**
 * Red-team attacks, round 6: the fifth round's fixes. The owner check's NAT fallback (rows whose
 * remote end is the gateway's own local end), heldBy by realpath (dangling links, loops), the
 * config.yaml credential paths (aliases, `${…}`-looking text, HTML in a key), and the widened
 * credential names. A test that passes is the product holding; the four holes it found are closed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { runsAsOwnUser } from '../src/confine/confine.js';
import { configCredentials } from '../src/config/hermes-config.js';
import { peerOwner } from '../src/gateway/loopback-owner.js';
import { heldCredentials } from '../src/gateway/providers.js';
import { heldFact } from '../src/publish/model-calls.js';

const made: string[] = [];
const tmp = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
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

  test('a remote provider, no row connected to our end: another host (sent)', () => {
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
  test("a remote provider whose ephemeral port another user's local server sees as a client: not refused", () => {
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
  test("an agent's listener on a local upstream, a trusted row on our end read first: still the agent's", () => {
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

  test('a TIME_WAIT row (uid 0) on our end from another address is no trusted redirect', () => {
    const socket = { ...remoteProvider, remoteAddress: '127.0.0.1', remotePort: 0x1f90 };
    const tw = row('0100007F:0016', '0500010A:9C40', '06', 0);
    expect(peerOwner(socket, [HEAD + tw])).toBeUndefined();
  });
});

describe("Hermes' files through links (heldBy by realpath)", () => {
  const USER_PLAN = { kind: 'user', via: 'root', setpriv: '/usr/bin/setpriv' } as const;
  const ownUser = (workspace: string, env: NodeJS.ProcessEnv): boolean =>
    runsAsOwnUser({
      plan: USER_PLAN,
      executable: '/usr/bin/hermes',
      workspace,
      workingDirectory: workspace,
      env: { HOME: tmp('rt6-runner-home-'), RUNNER_TEMP: tmp('rt6-temp-'), ...env }
    });

  // Was a hole, now closed (medium, promise a on a self-hosted runner or a later step): `real` falls back to the
  // link's own path when realpath fails, so a dangling link (`~/.hermes/.env -> $GITHUB_WORKSPACE/
  // .env`, the workspace's file not there, e.g. git-ignored and written by a setup step that has not
  // run, or removed by the PR) is read as Hermes' home, not the workspace. The agent is lent the
  // workspace, creates `.env` there, and from then on the runner's Hermes `.env` is the agent's
  // file: a later step or job (this action again) reads OPENROUTER_BASE_URL from it and the gateway
  // sends the real key to the agent's server. Suggested fix: resolve a dangling link's target
  // (readlink, then realpath of the deepest existing parent plus the rest) and compare that; or
  // refuse any link in Hermes' home whose target cannot be resolved.
  test("Hermes' .env a dangling link into the workspace: the agent is not lent it", () => {
    const workspace = tmp('rt6-ws-');
    const home = tmp('rt6-runner-hermes-');
    fs.symlinkSync(path.join(workspace, '.env'), path.join(home, '.env'));
    expect(ownUser(workspace, { HERMES_HOME: home })).toBe(false);
  });

  test('HERMES_HOME that does not exist, a link loop in it: isolation not refused wrongly', () => {
    const workspace = tmp('rt6-ws-');
    expect(ownUser(workspace, { HERMES_HOME: path.join(tmp('rt6-none-'), 'absent') })).toBe(true);
    const home = tmp('rt6-runner-hermes-');
    fs.symlinkSync(path.join(home, 'config.yaml'), path.join(home, 'config.yaml'));
    expect(ownUser(workspace, { HERMES_HOME: home })).toBe(true);
  });

  // The same hole for HERMES_HOME itself a dangling link (`~/.hermes -> $GITHUB_WORKSPACE/.hermes`,
  // not checked out yet): the agent is lent the workspace, makes `.hermes/` there, and a later run's
  // Hermes home (its .env routing the key, its config.yaml) is the agent's. Same fix.
  test('HERMES_HOME itself a dangling link into the workspace: not lent', () => {
    const workspace = tmp('rt6-ws-');
    const link = path.join(tmp('rt6-runner-'), '.hermes');
    fs.symlinkSync(path.join(workspace, '.hermes'), link);
    expect(ownUser(workspace, { HERMES_HOME: link })).toBe(false);
  });
});

describe("config.yaml's credential paths", () => {
  const KEY = 'sk-or-v1-real-key-round6-0123456789abcdef';

  test('text around a `${VAR}` (a key after it, `$${X}`, two references): still said', () => {
    expect(configCredentials(`api_key: \${X}${KEY}\n`)).toEqual(['api_key']);
    expect(configCredentials(`api_key: ${KEY}\${X}\n`)).toEqual(['api_key']);
    expect(configCredentials('api_key: $${X}\n')).toEqual(['api_key']);
    expect(configCredentials('api_key: ${A}${B}\n')).toEqual(['api_key']);
    expect(configCredentials('api_key: "${OPENROUTER_API_KEY}"\n')).toEqual([]);
  });

  // Was a hole, now closed (low, promise b): an alias is not followed ("the anchored original is found where it is
  // written"), but the original may be written under a key not named like a credential: `shared:
  // &k sk-…` with `api_key: *k` gives Hermes the key as api_key (PyYAML resolves the alias), the
  // agent reads it in its copy, and neither the warning nor the held row says so. Suggested fix:
  // for an alias value under a credential-named key, resolve it (alias.resolve(doc)) and test the
  // resolved scalar; name the path of the use (`auxiliary.vision.api_key`).
  test('api_key an alias of a key anchored under another name: said', () => {
    const text = `shared: &k ${KEY}\nauxiliary:\n  vision:\n    api_key: *k\n`;
    expect(configCredentials(text)).toEqual(['auxiliary.vision.api_key']);
  });

  test('a key with HTML, markdown or a workflow command in its name: escaped in the held row', () => {
    const text = `"<img src=x onerror=alert(1)>|**x** ::warning::y_token": ${KEY}\n`;
    const found = configCredentials(text);
    expect(found).toHaveLength(1);
    const fact = heldFact(found.map(at => `config.yaml: ${at}`)) ?? '';
    // Every markup character backslash-escaped: no raw tag, no table pipe, no bold.
    expect(fact).not.toMatch(/(^|[^\\])[<|]/);
    expect(fact).not.toContain('|**x**');
  });

  test('several documents: a key in the second is said', () => {
    expect(configCredentials(`model: {}\n---\ntoken: ${KEY}\n`)).toEqual(['token']);
  });
});

describe('the widened credential names', () => {
  test('BYPASS, OAUTH, ASKPASS, COMPAT, GOPATH, SSH_AUTH_SOCK: not named', () => {
    const env = {
      NO_PROXY_BYPASS: 'internal.example',
      GOOGLE_OAUTH: 'enabled-by-policy',
      GIT_ASKPASS: '/usr/bin/askpass',
      PYTHON_COMPAT: 'py38-compat',
      GOPATH: '/home/runner/go',
      SSH_AUTH_SOCK: '/tmp/ssh-agent.sock'
    };
    expect(heldCredentials(env, [])).toEqual([]);
  });

  // Was a hole, now closed (low, promise b: noise): `_AUTH` and `_PASS` at the end are as often switches as secrets.
  // `NPM_CONFIG_ALWAYS_AUTH=true` (npm's own setting, set by setup-node set-ups), `DISABLE_AUTH=1`,
  // `SKIP_AUTH=false`, a build's `FIRST_PASS=1` are now said held ("the agent held:
  // NPM_CONFIG_ALWAYS_AUTH"), which is untrue and trains readers to ignore the row. Suggested fix:
  // for the new suffixes (AUTH, PASS, PAT) skip a value that is a boolean or number
  // (`true|false|yes|no|on|off|\d+`) or under MIN_ENV_SECRET_CHARS characters.
  test('a switch named like a credential (NPM_CONFIG_ALWAYS_AUTH=true): not said held', () => {
    const env = {
      NPM_CONFIG_ALWAYS_AUTH: 'true',
      DISABLE_AUTH: '1',
      SKIP_AUTH: 'false',
      FIRST_PASS: '1'
    };
    expect(heldCredentials(env, [])).toEqual([]);
  });
});
