import { jestBase } from '../jest.base.js';

/** Integration tests start the real server on a random port; see src/test/test-app.ts. */
/** @type {import('jest').Config} */
export default {
  ...jestBase,
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  moduleNameMapper: {
    ...jestBase.moduleNameMapper,
    '^content-disposition$': '<rootDir>/src/test/content-disposition.cjs',
  },
};
