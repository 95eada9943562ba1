/**
 * `allowed-hosts` read as settings: the names the proxy lets through, `*` for no fence, and every
 * malformed entry an InputError naming it before anything runs (through the whole input parse).
 */
import { describe, expect, test } from '@jest/globals';
import { allows, parseAllowedHosts, pinnedOf } from '../../src/config/allowed-hosts.js';
import { InputError } from '../../src/config/inputs.js';
import { parseSettings } from '../../src/config/settings.js';

const settingsWith = (hosts: string, env: NodeJS.ProcessEnv = {}) =>
  parseSettings({
    getInput: name => (name === 'query' ? 'hi' : name === 'allowed-hosts' ? hosts : ''),
    env: { GITHUB_WORKSPACE: process.cwd(), RUNNER_TEMP: '/tmp', ...env }
  });

describe('allowed-hosts', () => {
  test('empty is the fence with no names: the gateway alone', () => {
    const s = settingsWith('');
    expect(s.mode === 'cli' && s.egress).toEqual({ kind: 'fenced', hosts: [], pinned: new Map() });
  });

  test('`*` alone is no fence', () => {
    const s = settingsWith(' * ');
    expect(s.mode === 'cli' && s.egress).toEqual({ kind: 'open' });
  });

  test('names, wildcards and ports, comma- or line-separated, lower-cased, once each', () => {
    expect(
      parseAllowedHosts(
        'Registry.npmjs.org, *.github.com\nproxy.internal.example:8080\nregistry.npmjs.org'
      )
    ).toEqual({
      kind: 'fenced',
      hosts: [
        { pattern: 'registry.npmjs.org', port: 443 },
        { pattern: '*.github.com', port: 443 },
        { pattern: 'proxy.internal.example', port: 8080 }
      ],
      pinned: new Map()
    });
  });

  test.each([
    ['https://github.com', 'a URL'],
    ['github.com/path', 'not a host name'],
    ['user@github.com', 'not a host name'],
    ['1.2.3.4', 'an IP address'],
    ['169.254.169.254:80', 'an IP address'],
    ['[::1]:443', 'an IP address'],
    ['fd00::1', 'an IP address'],
    ['github.com:0', 'the port "0" is not 1-65535'],
    ['github.com:65536', 'the port "65536" is not 1-65535'],
    ['github.com:https', 'the port "https" is not 1-65535'],
    ['bad_name.com', 'not a DNS name'],
    ['-lead.example', 'not a DNS name'],
    ['*.com', 'a wildcard over a top-level domain'],
    ['a.*.com', 'not a DNS name'],
    ['github.com, *', '`*` stands alone'],
    ['host name', 'not a host name']
  ])('%j is refused: %s', (entry, why) => {
    let error: unknown;
    try {
      settingsWith(entry);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Input "allowed-hosts" has "/);
    expect(message).toContain(`: ${why}`);
    expect(message).toContain('allowed: a host name');
  });

  test('a wildcard matches subdomains at any depth, never the apex or a lookalike', () => {
    const hosts = [{ pattern: '*.github.com', port: 443 }];
    expect(allows(hosts, 'api.github.com', 443)).toBe(true);
    expect(allows(hosts, 'A.B.GitHub.com.', 443)).toBe(true);
    expect(allows(hosts, 'github.com', 443)).toBe(false);
    expect(allows(hosts, 'evilgithub.com', 443)).toBe(false);
    expect(allows(hosts, 'api.github.com', 80)).toBe(false);
  });

  test('HERMES_ACTION_RESOLVE pins names; a malformed entry is an InputError', () => {
    expect(pinnedOf('allowed.test=127.0.0.1,::1  other.test.=10.0.0.1')).toEqual(
      new Map([
        ['allowed.test', ['127.0.0.1', '::1']],
        ['other.test', ['10.0.0.1']]
      ])
    );
    expect(() => settingsWith('', { HERMES_ACTION_RESOLVE: 'allowed.test=not-an-ip' })).toThrow(
      /^HERMES_ACTION_RESOLVE has "allowed.test=not-an-ip"/
    );
  });

  test('API server mode refuses it: the agent there is not the action’s to fence', () => {
    const inputs: Record<string, string> = {
      query: 'hi',
      'api-url': 'http://127.0.0.1:8642/v1',
      'api-key': 'server-key-123456',
      'allowed-hosts': 'github.com'
    };
    expect(() =>
      parseSettings({
        getInput: name => inputs[name] ?? '',
        env: { GITHUB_WORKSPACE: process.cwd() }
      })
    ).toThrow(/Input "allowed-hosts" only applies to the Hermes CLI/);
  });
});
