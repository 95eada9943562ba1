/**
 * Where no egress fence can be raised, run() in-process: on an event people without write access
 * cause the agent does not start (not_allowed, saying why and what to set); elsewhere one warning and
 * the summary's Isolation row says the network was open. The stand-in root host records root's
 * commands (helpers/root-host.ts); the real kernel's rules are fence/kernel.test.ts's.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { IsolationHost } from '../../src/confine/host.js';
import { run } from '../../src/main.js';
import { tableRows, textOf, render } from '../helpers/gfm.js';
import { GithubApi } from '../helpers/github-api.js';
import { world, type Options, type World } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';
import { rootHost } from '../helpers/root-host.js';

let api: GithubApi;
beforeAll(async () => {
  api = await GithubApi.start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.requests.length = 0;
  api.plan('octocat', { permission: 'write' });
});

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'fence-run-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));

/** A run on `event` with `allowed-hosts` at its default; `host` as the machine when given. */
async function step(event: string, options: Options, host?: IsolationHost): Promise<World> {
  const w = world({
    ...options,
    inputs: {
      'upload-artifact': 'false',
      'allowed-hosts': '',
      isolation: 'auto',
      // A file that is there: the agent must be able to reach it.
      'hermes-path': process.execPath,
      'github-token': 'gh-token-for-the-gate',
      ...options.inputs
    },
    env: {
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_API_URL: api.url,
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: event,
      RUNNER_TEMP: fs.mkdtempSync(path.join(ROOT, 'temp-')),
      ...options.env
    }
  });
  if (host) w.ports = { ...w.ports, platform: 'linux', isolationHost: host };
  await run(w.ports);
  return w;
}

const isolationRow = (w: World): string => {
  const row = tableRows(render(w.summary ?? '')).find(c => textOf(must(c[0])) === 'Isolation');
  return row ? textOf(must(row[1])) : '(no Isolation row)';
};

/** A root host where nft and iptables are missing. */
function withoutFenceTools(): IsolationHost {
  const { host } = rootHost(ROOT);
  return {
    ...host,
    tool: name => (['nft', 'iptables', 'ip6tables'].includes(name) ? undefined : host.tool(name))
  };
}

/** A root host whose nft refuses to load the rules (a container without CAP_NET_ADMIN, say). */
function nftRefuses(): ReturnType<typeof rootHost> {
  return rootHost(ROOT, (file, args) => {
    if (file.endsWith('/nft') && args[0] === '-f')
      throw new Error('`nft -f` failed (exit 1): Operation not permitted');
  });
}

describe('on an event people without write access cause, no fence: no agent', () => {
  test('isolation: none on issue_comment: not_allowed, naming allowed-hosts', async () => {
    const w = await step('issue_comment', { inputs: { isolation: 'none' } });
    expect(w.argvs).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toBe(
      'No egress fence can be raised for the agent here: Hermes runs as the runner\'s user (isolation is none), whose traffic a fence cannot tell from the action\'s; and content from people without write access can reach the prompt on issue_comment events, so the agent does not start. Run it as its own user with nftables (or iptables) installed, or set "allowed-hosts: *" to say an open network is intended.'
    );
  });

  test('isolated, but neither nft nor iptables is installed: not_allowed before anything is made', async () => {
    const w = await step('pull_request_target', {}, withoutFenceTools());
    expect(w.argvs).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toContain(
      'No egress fence can be raised for the agent here: neither nft (nftables) nor iptables is installed'
    );
  });

  test('isolated, and the kernel refuses the rules: not_allowed, the user removed again', async () => {
    const { host, asked } = nftRefuses();
    const w = await step('issue_comment', {}, host);
    expect(w.argvs).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('error')).toMatch(
      /^The agent's egress fence could not be raised \(`nft -f` failed \(exit 1\): Operation not permitted\), and content from people without write access can reach the prompt on this event, so the agent does not start; .*"allowed-hosts: \*"/
    );
    const name = must(asked.find(([file]) => file === 'useradd')?.at(-1));
    expect(asked.at(-1)).toEqual(['userdel', name]);
  });

  test('allowed-hosts: * says an open network is intended: the agent starts, and the row says open', async () => {
    const w = await step('issue_comment', { inputs: { isolation: 'none', 'allowed-hosts': '*' } });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(isolationRow(w)).toContain('network: open (allowed-hosts: *)');
  });
});

describe('elsewhere, no fence: one warning, and the network said open', () => {
  test('the kernel refuses the rules on workflow_dispatch: the turn runs, warned once', async () => {
    const { host } = nftRefuses();
    const w = await step('workflow_dispatch', {}, host);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.warnings.filter(m => m.startsWith("The agent's network is open"))).toEqual([
      expect.stringContaining('no egress fence could be raised (`nft -f` failed')
    ]);
    expect(isolationRow(w)).toMatch(
      /network: open, no fence: `nft -f` failed \(exit 1\): Operation not permitted/
    );
    expect(w.outputs.get('egress_blocked')).toBe('');
  });

  test('isolation: none on workflow_dispatch: no warning of the fence, the row says why it is open', async () => {
    const w = await step('workflow_dispatch', { inputs: { isolation: 'none' } });
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.warnings).toEqual([]);
    expect(isolationRow(w)).toContain(
      "network: open, no fence: Hermes runs as the runner's user, whose traffic a fence cannot tell from the action's"
    );
  });

  test('raised on the stand-in host: the rules are loaded as one file before Hermes runs', async () => {
    const { host, asked } = rootHost(ROOT);
    const w = await step('workflow_dispatch', {}, host);
    expect(w.outputs.get('outcome')).toBe('success');
    const load = asked.findIndex(([file, flag]) => file?.endsWith('/nft') && flag === '-f');
    expect(load).toBeGreaterThan(asked.findIndex(([file]) => file === 'useradd'));
    expect(isolationRow(w)).toContain(
      'network: nothing (no model gateway fronted the turn) (nftables rules by uid)'
    );
    expect(w.outputs.get('egress_blocked')).toBe('0');
    // No gateway fronts a key here: the log says where Hermes' own calls would have to be let go.
    expect(w.log.join('\n')).toContain(
      'fronts no provider key here: if Hermes calls its provider itself, list the provider\'s host in "allowed-hosts"'
    );
  });
});
