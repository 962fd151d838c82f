import { tsImport } from 'tsx/esm/api';

export default async function globalTeardown() {
  const { dropMigratedTemplate } = await tsImport('./test-database.ts', import.meta.url);
  await dropMigratedTemplate();
}
