/** Runs every package's Jest project: `npm run test:unit` (or `npm test` for everything). */
/** @type {import('jest').Config} */
export default {
  // A global option (a project's own testTimeout is ignored when run from here): the API's
  // integration tests and their hooks share two cores with the other phases of `npm test`.
  testTimeout: 20_000,
  projects: [
    '<rootDir>/shared',
    '<rootDir>/api',
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
