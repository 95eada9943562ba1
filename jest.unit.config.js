import base from './jest.config.js';

/**
 * `npm run test:unit`, the quick inner loop: every test that starts no bundle (`__tests__/e2e/`),
 * no Azurite (the report read through the real artifact client) and makes no user or fence
 * (HERMES_TEST_UNIT: rootWith() answers false, so root-only tests skip as on a laptop).
 * `npm test` runs all of them.
 */
process.env.HERMES_TEST_UNIT = '1';

export default {
  ...base,
  testPathIgnorePatterns: [
    ...base.testPathIgnorePatterns,
    '/__tests__/e2e/',
    String.raw`/__tests__/report-action/report\.test\.ts$`
  ]
};
