import { createMigratedTemplate, dropMigratedTemplate } from './test-database.js';

/** Vitest's globalSetup: one migrated database per run, which every test app copies. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await createMigratedTemplate();
  return dropMigratedTemplate;
}
