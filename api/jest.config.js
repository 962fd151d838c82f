import { jestBase } from '../jest.base.js';

/**
 * Integration tests run the real app over a copy of a database migrated once per run
 * (src/test/global-setup.mjs); see src/test/test-app.ts.
 */
/** @type {import('jest').Config} */
export default {
  ...jestBase,
  displayName: 'api',
  testEnvironment: 'node',
  // Integration tests (and their hooks: closing an app drops its database) share two cores with the
  // other Jest run in `npm test`; 5 s is too tight for a hook on a busy machine.
  testTimeout: 20_000,
  roots: ['<rootDir>/src'],
  globalSetup: '<rootDir>/src/test/global-setup.mjs',
  globalTeardown: '<rootDir>/src/test/global-teardown.mjs',
  moduleNameMapper: {
    ...jestBase.moduleNameMapper,
    '^content-disposition$': '<rootDir>/src/test/content-disposition.cjs',
    '^cookie$': '<rootDir>/src/test/cookie.cjs',
  },
};
