/**
 * Behind a proxy, the action's own requests go through it, as the artifact and cache clients' do:
 * the trigger gate's permission call and API server mode, end to end through dist/. The stand-in
 * servers are addressed by names only the proxy resolves (loopback itself is never proxied, as
 * @actions/http-client decides), so a request that ignored HTTPS_PROXY could not arrive at all.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction } from '../../scripts/local-runner.mjs';
import { GithubApi } from '../helpers/github-api.js';
import {
  responsesStream,
  SERVER_KEY,
  startApiServer,
  type ApiServer
} from '../helpers/api-server.js';
import { Proxy } from '../helpers/proxy.js';
import { NONE_WHERE_UNISOLATED, OPEN_WHERE_UNFENCED } from '../helpers/machine-tools.js';

const portOf = (url: string): string => new URL(url).port;

describe('the runner proxy settings', () => {
  let api: GithubApi;
  let server: ApiServer;
  let proxy: Proxy;
  beforeAll(async () => {
    api = await GithubApi.start();
    api.plan('writer', { permission: 'write' });
    server = await startApiServer({
      responses: [responsesStream({ parts: [{ text: ['Through the proxy.'] }] })]
    });
    proxy = await Proxy.start();
  });
  afterAll(async () => {
    await Promise.all([api.stop(), server.close(), proxy.stop()]);
  });

  const gated = (env: { [name: string]: string }) =>
    runAction({
      inputs: {
        query: 'Fix the issue',
        'github-token': 'gate-token',
        'upload-artifact': 'false',
        ...OPEN_WHERE_UNFENCED,
        ...NONE_WHERE_UNISOLATED
      },
      env: {
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_ACTOR: 'writer',
        GITHUB_TRIGGERING_ACTOR: 'writer',
        GITHUB_API_URL: `http://api.github.test:${portOf(api.url)}`,
        ...env
      }
    });

  test('the permission call goes through HTTP_PROXY', async () => {
    const before = proxy.targets.length;
    const r = await gated({ HTTP_PROXY: proxy.url });
    expect(r.outputs.outcome).toBe('success');
    expect(proxy.targets.slice(before)).toEqual([`api.github.test:${portOf(api.url)}`]);
    expect(api.requests.at(-1)?.authorization).toBe('Bearer gate-token');
  });

  test('NO_PROXY is honoured: the host it names is asked directly, and cannot be found', async () => {
    const before = proxy.targets.length;
    const r = await gated({ HTTP_PROXY: proxy.url, NO_PROXY: 'example.org,.github.test' });
    expect(proxy.targets.length).toBe(before);
    expect(r.outputs.outcome).toBe('not_allowed');
    expect(r.outputs.error).toContain('could not be reached');
  });

  test('API server mode sends its requests through the proxy', async () => {
    const before = proxy.targets.length;
    const r = await runAction({
      inputs: {
        'api-url': `http://hermes.test:${portOf(server.url)}/v1`,
        'api-key': SERVER_KEY,
        query: 'Say something',
        'upload-artifact': 'false'
      },
      env: { HTTP_PROXY: proxy.url }
    });
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.text).toBe('Through the proxy.');
    const seen = proxy.targets.slice(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(t => t === `hermes.test:${portOf(server.url)}`)).toBe(true);
  });
});
