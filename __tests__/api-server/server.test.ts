/** API server mode's decisions that need no server: failures to exit codes, loopback, the clear-text warning. */
import { describe, expect, test } from '@jest/globals';
import {
  cleartextWarning,
  exitCodeOfNetworkError,
  exitCodeOfStatus
} from '../../src/api-server/server.js';
import { isLoopback } from '../../src/text/url.js';
import { ExitCode } from '../../src/turn/verdict.js';

describe('exitCodeOfStatus', () => {
  test.each([
    [401, ExitCode.Config],
    [403, ExitCode.Config],
    [301, ExitCode.Config],
    [307, ExitCode.Config],
    [408, ExitCode.TempFail],
    [429, ExitCode.TempFail],
    [500, ExitCode.TempFail],
    [502, ExitCode.TempFail],
    [503, ExitCode.TempFail],
    [504, ExitCode.TempFail],
    [400, ExitCode.Failure],
    [413, ExitCode.Failure],
    [422, ExitCode.Failure]
  ])('HTTP %d → exit %d', (status, code) => {
    expect(exitCodeOfStatus(status)).toBe(code);
  });
});

describe('exitCodeOfNetworkError', () => {
  test.each([
    ['ECONNREFUSED', ExitCode.TempFail],
    ['ECONNRESET', ExitCode.TempFail],
    ['ETIMEDOUT', ExitCode.TempFail],
    ['EAI_AGAIN', ExitCode.TempFail],
    ['UND_ERR_CONNECT_TIMEOUT', ExitCode.TempFail],
    ['UND_ERR_SOCKET', ExitCode.TempFail],
    [undefined, ExitCode.TempFail],
    ['ENOTFOUND', ExitCode.Config],
    ['CERT_HAS_EXPIRED', ExitCode.Config],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', ExitCode.Config],
    ['SELF_SIGNED_CERT_IN_CHAIN', ExitCode.Config],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', ExitCode.Config],
    ['ERR_TLS_CERT_ALTNAME_INVALID', ExitCode.Config]
  ])('%s → exit %d', (code, exit) => {
    expect(exitCodeOfNetworkError(code)).toBe(exit);
  });
});

describe('isLoopback', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.10.20.30', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['hermes.localhost', true],
    ['[::1]', true],
    ['[::ffff:7f00:1]', true],
    ['10.0.0.5', false],
    ['128.0.0.1', false],
    ['127.0.0.1.example.com', false],
    ['localhost.example.com', false],
    ['[::2]', false],
    ['hermes.internal', false]
  ])('%s → %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe('cleartextWarning', () => {
  test('http:// to another host: a warning naming the origin, never the path', () => {
    expect(cleartextWarning('http://10.0.0.5:8642/v1')).toBe(
      'api-url http://10.0.0.5:8642 is plain http:// to a host other than this machine: the api-key travels in clear text. ' +
        'Use https://, an SSH tunnel or a private network (e.g. Tailscale) to reach the server.'
    );
  });

  test.each([
    'http://127.0.0.1:8642/v1',
    'http://localhost:8642/v1',
    'http://[::1]:8642/v1',
    'https://hermes.example.org/v1'
  ])('%s: none', url => {
    expect(cleartextWarning(url)).toBeUndefined();
  });
});
