/**
 * The state the isolation leaves for the post step (confine/left-behind.ts), read as the post step
 * reads it: it runs as root what the state says, so only the shape the isolation writes is taken.
 */
import { describe, expect, test } from '@jest/globals';
import { readLeftBehind } from '../../src/confine/left-behind.js';

const good = {
  user: { name: 'hermes-agent-0a1b2c', uid: 2_000_000_001, gid: 2_000_000_001 },
  home: '/tmp/hermes-agent-0a1b2c-home-Ab12Cd',
  lent: '/home/runner/work/repo/repo',
  fence: 'nft'
};

describe('readLeftBehind', () => {
  test('what the isolation writes is read back as written', () => {
    expect(readLeftBehind(JSON.stringify(good), 1001)).toEqual(good);
    expect(readLeftBehind(JSON.stringify({ user: good.user }), 1001)).toEqual({ user: good.user });
  });

  test.each<[string, unknown]>([
    ['no state', undefined],
    ['not JSON', '{'],
    ['another name', { ...good, user: { ...good.user, name: 'runner' } }],
    ['root’s uid', { ...good, user: { ...good.user, uid: 0 } }],
    ['the runner’s own uid', { ...good, user: { ...good.user, uid: 1001 } }],
    ['a HOME that is not its own', { ...good, home: '/etc' }],
    ['a HOME with .. in it', { ...good, home: '/tmp/../etc/hermes-agent-0a1b2c-home-Ab12Cd' }],
    ['the root as the lent tree', { ...good, lent: '/' }],
    ['a relative lent tree', { ...good, lent: 'work' }],
    ['a fence tool it never uses', { ...good, fence: 'sh -c' }]
  ])('attack held: %s is not acted on', (_, state) => {
    const text = state === undefined || typeof state === 'string' ? state : JSON.stringify(state);
    expect(readLeftBehind(text, 1001)).toBeUndefined();
  });
});
