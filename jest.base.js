// Common Jest settings: native ESM (run with --experimental-vm-modules) transformed by SWC, so tests
// exercise the same ESM the packages ship.
/** @type {import('jest').Config} */
export const jestBase = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
          // Keep `with { type: 'json' }` so Node's ESM loader accepts JSON imports.
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
  // Sources import siblings as './x.js' (NodeNext); map them back to the .ts files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// Jest ignores package.json "browser" fields, so jsdom tests would get styled-components' server
// build, whose createGlobalStyle never injects on the client. Point it at the browser build, as
// webpack does.
export const browserModuleNameMapper = {
  ...jestBase.moduleNameMapper,
  '^styled-components$': new URL('./scripts/jest/styled-components.js', import.meta.url).pathname,
};

/**
 * A front end's Jest project (the shell or a remote): tests beside the code as `*.test.ts(x)`, run
 * in jsdom with the browser builds of libraries, HTTP answered at the network boundary by MSW.
 * @returns {import('jest').Config}
 */
export const frontEndJest = (displayName) => ({
  ...jestBase,
  displayName,
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testEnvironment: new URL('./scripts/jest/jsdom-environment.js', import.meta.url).pathname,
  // MSW's Node entry (msw/node) is not exported under the "browser" condition jsdom asks for.
  testEnvironmentOptions: { customExportConditions: [''] },
  moduleNameMapper: browserModuleNameMapper,
  setupFilesAfterEnv: [new URL('./scripts/jest/testing-library.js', import.meta.url).pathname],
});
