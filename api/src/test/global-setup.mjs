// Jest loads global setup outside its ESM test runtime; tsx runs the TypeScript it shares with the tests.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { createMigratedTemplate } = await tsImport('./test-database.ts', import.meta.url);
  await createMigratedTemplate();
}
