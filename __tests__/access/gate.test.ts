/**
 * The trigger gate in-process: admit() against an injected request on jest's fake clock. The
 * permission call's answers are planned per login; a hanging call ends only when its signal aborts.
 * security.test.ts runs the same gate's table through run() and a loopback API; security.e2e.test.ts
 * one allowed and one refused run through dist/.
 */
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { Response, type RequestInit } from 'undici';
import {
  admit,
  GATE_LIMITS,
  type Admission,
  type GatePorts,
  type GateSettings,
  type Trigger
} from '../../src/access/gate.js';
import { must } from '../helpers/must.js';

type Answer = { permission: string; role_name?: string } | { status: number } | 'hang' | 'refused';

/** A REST API that answers each login from its plan (the last answer repeats), and what was asked. */
function api(plans: { [login: string]: Answer[] }) {
  const asked: { login: string; at: number; authorization?: string }[] = [];
  const request: NonNullable<GatePorts['request']> = (url, init: RequestInit = {}) => {
    const login = decodeURIComponent(
      must(/\/collaborators\/([^/]+)\/permission$/.exec(String(url))![1])
    );
    const headers = init.headers as Record<string, string>;
    asked.push({ login, at: Date.now(), authorization: headers.Authorization });
    const plan = plans[login] ?? [{ status: 404 }];
    const answer = must(plan.length > 1 ? plan.shift() : plan[0], 'a planned answer');
    if (answer === 'refused')
      return Promise.reject(
        Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED') })
      );
    if (answer === 'hang')
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted')))
      );
    if ('status' in answer) return Promise.resolve(new Response('{}', { status: answer.status }));
    return Promise.resolve(Response.json(answer));
  };
  return { request, asked };
}

const SETTINGS: GateSettings = { token: 'gate-token', allowedUsers: [], allowedBots: [] };

function trigger(event: string | undefined, actor: string, more: Partial<Trigger> = {}): Trigger {
  return {
    event,
    actor,
    repository: 'octo/repo',
    apiUrl: 'https://api.example.test',
    onRunner: true,
    facts: {},
    ...more
  };
}

/** The promise's value, the fake clock run on until it has one. */
async function settled<T>(pending: Promise<T>): Promise<T> {
  let done = false;
  void pending.finally(() => (done = true));
  while (!done) await jest.advanceTimersByTimeAsync(100);
  return pending;
}

/** Why it passed, or the refusal. */
const said = (a: Admission): string => (a.allowed ? a.why : a.message);

beforeEach(() => {
  // The clock only: undici reads a response body on the event loop's own queues.
  jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => {
  expect(jest.getTimerCount()).toBe(0); // the check's timeout is cleared once it has an answer
  jest.useRealTimers();
});

describe('the event table', () => {
  test.each(['push', 'schedule', 'workflow_dispatch', 'repository_dispatch', 'merge_group'])(
    '%s: only writers cause it, so nobody is asked',
    async event => {
      const { request, asked } = api({});
      const a = await settled(admit(trigger(event, 'stranger'), SETTINGS, { request }));
      expect([a.allowed, asked]).toEqual([true, []]);
      expect(said(a)).toBe(
        `${event} events need no check: only people with write access cause them`
      );
    }
  );

  // event, the actor's answer → admitted, what it says
  test.each<[string, Answer, boolean, string]>([
    ['issue_comment', { permission: 'write' }, true, 'write permission on octo/repo'],
    ['issue_comment', { permission: 'admin' }, true, 'admin permission on octo/repo'],
    [
      'pull_request_target',
      { permission: 'write', role_name: 'maintain' },
      true,
      'maintain permission'
    ],
    ['issues', { permission: 'read', role_name: 'triage' }, false, 'has triage permission'],
    ['discussion_comment', { permission: 'read' }, false, 'has read permission on octo/repo'],
    ['pull_request_review_comment', { status: 404 }, false, 'is not a collaborator on octo/repo'],
    ['issue_comment', { status: 401 }, false, '"github-token" needs to read'],
    ['issue_comment', { status: 403 }, false, 'the GitHub API answered HTTP 403'],
    ['issue_comment', { status: 500 }, false, 'the GitHub API answered HTTP 500, twice']
  ])('%s, answered %j: admitted %s', async (event, answer, allowed, says) => {
    const { request, asked } = api({ someone: [answer] });
    const a = await settled(admit(trigger(event, 'someone'), SETTINGS, { request }));
    expect(a.allowed).toBe(allowed);
    expect(said(a)).toContain(says);
    expect(asked[0]).toMatchObject({ login: 'someone', authorization: 'Bearer gate-token' });
  });

  test('no event name off a runner: no check; on a runner: checked', async () => {
    const { request, asked } = api({ someone: [{ permission: 'read' }] });
    const off = await settled(
      admit(trigger(undefined, 'someone', { onRunner: false }), SETTINGS, { request })
    );
    expect([off.allowed, asked.length]).toEqual([true, 0]);
    const on = await settled(admit(trigger(undefined, 'someone'), SETTINGS, { request }));
    expect([on.allowed, asked.length]).toEqual([false, 1]);
    expect(said(on)).toContain('an event the runner did not name');
  });

  test('allowed-users lets a listed login in without asking; "*" anyone', async () => {
    const { request, asked } = api({});
    const listed = await admit(
      trigger('issue_comment', 'Friend'),
      { ...SETTINGS, allowedUsers: ['friend'] },
      { request }
    );
    const anyone = await admit(
      trigger('issue_comment', 'stranger'),
      { ...SETTINGS, allowedUsers: ['*'] },
      { request }
    );
    expect([listed.allowed, anyone.allowed, asked]).toEqual([true, true, []]);
  });
});

describe('the permission call on the clock', () => {
  test('defaults: 10 s for the check, retry included; 1 s before the second try', () => {
    expect(GATE_LIMITS).toEqual({ timeoutMs: 10_000, retryDelayMs: 1000 });
  });

  test('an API that never answers: not_allowed at the timeout, not a millisecond sooner', async () => {
    const { request, asked } = api({ slow: ['hang'] });
    let settled: Admission | undefined;
    void admit(trigger('issue_comment', 'slow'), SETTINGS, { request }).then(a => (settled = a));
    await jest.advanceTimersByTimeAsync(GATE_LIMITS.timeoutMs - 1);
    expect(settled).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(settled?.allowed).toBe(false);
    expect(said(settled!)).toBe(
      'slow triggered the issue_comment event, and their permission on octo/repo could not be read (the GitHub API did not answer within 10 s), so the agent does not start; fix that, or add "slow" to "allowed-users" to let them start it.'
    );
    expect(asked).toHaveLength(1); // a timeout is not retried
  });

  test('a short injected timeout says its own length', async () => {
    const { request } = api({ slow: ['hang'] });
    const pending = admit(trigger('issue_comment', 'slow'), SETTINGS, {
      request,
      limits: { timeoutMs: 250, retryDelayMs: 1000 }
    });
    await jest.advanceTimersByTimeAsync(250);
    expect(said(await pending)).toContain('did not answer within 0.25 s');
  });

  test('a 5xx is retried once, after the retry delay (and its jitter-free doubling)', async () => {
    const { request, asked } = api({ flaky: [{ status: 502 }, { permission: 'write' }] });
    const pending = admit(trigger('issue_comment', 'flaky'), SETTINGS, { request });
    await jest.advanceTimersByTimeAsync(GATE_LIMITS.retryDelayMs - 1);
    expect(asked.map(a => a.at)).toEqual([0]);
    await jest.advanceTimersByTimeAsync(1);
    const a = await pending;
    expect(asked.map(a => a.at)).toEqual([0, GATE_LIMITS.retryDelayMs]);
    expect([a.allowed, said(a)]).toEqual([true, 'write permission on octo/repo']);
  });

  test('a network failure twice: not_allowed, naming the cause', async () => {
    const { request, asked } = api({ cut: ['refused'] });
    const pending = admit(trigger('issue_comment', 'cut'), SETTINGS, { request });
    await jest.advanceTimersByTimeAsync(GATE_LIMITS.retryDelayMs);
    const a = await pending;
    expect(asked).toHaveLength(2);
    expect(said(a)).toContain('the GitHub API could not be reached: connect ECONNREFUSED, twice');
  });

  test('a retry that would outlast the timeout is cut short by it', async () => {
    const { request, asked } = api({ late: [{ status: 503 }, 'hang'] });
    const pending = admit(trigger('issue_comment', 'late'), SETTINGS, {
      request,
      limits: { timeoutMs: 1500, retryDelayMs: 1000 }
    });
    await jest.advanceTimersByTimeAsync(1500);
    const a = await pending;
    expect(asked.map(q => q.at)).toEqual([0, 1000]);
    expect(said(a)).toContain('did not answer within 1.5 s');
  });
});
