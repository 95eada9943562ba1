import { describe, expect, test } from '@jest/globals';
import { unsupportedRunner } from '../../src/config/platform.js';

describe('the runners the action works on', () => {
  test.each(['linux', 'darwin'] as const)('%s: runs', platform => {
    expect(unsupportedRunner(platform)).toBeUndefined();
  });

  test('Windows: one sentence that says what to do', () => {
    expect(unsupportedRunner('win32')).toMatch(
      /^hermes-action runs on Linux and macOS.*runs-on\)\.$/
    );
  });
});
