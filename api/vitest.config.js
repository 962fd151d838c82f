import { defineConfig } from 'vitest/config';

/**
 * The API's tests: integration tests run the real app over a copy of a database migrated once per
 * run (src/test/global-setup.ts, src/test/test-app.ts).
 *
 * Vitest rather than Jest (which the front ends use): Jest evaluates the whole module graph again in
 * a fresh VM context for every test file, and the app's graph is most of a small file's time. Here
 * each worker loads it once for all its files (`isolate: false`) with Node's own ESM loader, so a
 * module's state is shared by the files of a worker: keep such state in the app, not in modules.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    // Integration tests and their hooks (closing an app drops its database) share two cores with
    // the other test runs of `npm test`.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
