/** Jest's projects: every package's but the API's, which runs on Vitest (api/vitest.config.js). */
/** @type {import('jest').Config} */
export default {
  // A global option (a project's own testTimeout is ignored when run from here): the scripts' backup
  // test starts servers, and every test shares two cores with the other runs of `npm test`.
  testTimeout: 20_000,
  projects: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/mfe-search',
    '<rootDir>/mfe-listings',
    '<rootDir>/mfe-seller',
    '<rootDir>/mfe-messaging',
    '<rootDir>/mfe-account',
    {
      displayName: 'lint-walls',
      rootDir: '.',
      testMatch: ['<rootDir>/eslint.config.test.js'],
      testEnvironment: 'node',
      transform: {},
    },
    {
      displayName: 'scripts',
      rootDir: '.',
      testMatch: ['<rootDir>/scripts/**/*.test.mjs'],
      testEnvironment: 'node',
      transform: {},
    },
  ],
};
