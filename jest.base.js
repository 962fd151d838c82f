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
