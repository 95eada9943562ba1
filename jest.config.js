import { availableParallelism } from 'node:os';
import { POSIX_ONLY } from './scripts/platform.mjs';

/** ts-jest's ESM preset; tests run with node --experimental-vm-modules (see package.json). */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  // Native Windows cannot run the POSIX-only tests; the global setup says so before any test runs.
  testPathIgnorePatterns: ['/node_modules/', ...(process.platform === 'win32' ? POSIX_ONLY : [])],
  // Says what this machine skips, then rebuilds dist/ when src/ changed since it was built.
  globalSetup: '<rootDir>/__tests__/helpers/global-setup.mjs',
  globalTeardown: '<rootDir>/__tests__/helpers/global-teardown.mjs',
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  // An outer limit: a test that hangs fails here. None needs a time window to pass (a busy machine may
  // be several times slower); where "it did not wait forever" is the point, waiting is what fails.
  testTimeout: 120_000,
  // Two files per core: most files spend much of their time waiting on children (the simulator,
  // dist/, Azurite, npm), so a core is rarely busy with one file alone. On 2 cores, quiet, the whole
  // suite took 58 s with 2 workers, 51 s with 3 and 45 s with 4, at the same CPU time.
  maxWorkers: Math.max(2, 2 * availableParallelism())
};
