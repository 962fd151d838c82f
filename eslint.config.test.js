// The lint walls in eslint.config.js, proven on snippets linted as if they were files in the repo:
// a cycle, a zone breach or an e2e setup repeated per worker must fail `npm run lint`, and the allowed
// way round must pass.
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: import.meta.dirname });

async function ruleErrors(filePath, code, plugin = 'import-x/') {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId?.startsWith(plugin)).map((m) => m.ruleId);
}

describe('lint walls', () => {
  it('fails an import cycle', async () => {
    // listings.repository.ts already imports listing-photos.repository.ts; importing it back closes a cycle.
    const code =
      "import { ListingsRepository } from './listings.repository.js';\nexport { ListingsRepository };\n";
    expect(await ruleErrors('api/src/modules/listings/listing-photos.repository.ts', code)).toEqual([
      'import-x/no-cycle',
    ]);
  });

  it('fails a repository that imports from http/', async () => {
    const code =
      "import { NotFoundError } from '../../http/errors.js';\nexport const missing = new NotFoundError('x');\n";
    expect(await ruleErrors('api/src/modules/listings/listings.repository.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets services import from http/', async () => {
    const code =
      "import { NotFoundError } from '../../http/errors.js';\nexport const missing = new NotFoundError('x');\n";
    expect(await ruleErrors('api/src/modules/listings/listings.service.ts', code)).toEqual([]);
  });

  it('fails http/ reaching into a domain module or the composition root', async () => {
    const intoModule =
      "import { UsersRepository } from '../modules/users/users.repository.js';\nexport { UsersRepository };\n";
    const intoRoot = "import { buildApp } from '../app.js';\nexport { buildApp };\n";
    expect(await ruleErrors('api/src/http/errors.ts', intoModule)).toContain('import-x/no-restricted-paths');
    expect(await ruleErrors('api/src/http/errors.ts', intoRoot)).toContain('import-x/no-restricted-paths');
  });

  it('fails storage importing from the static-site module', async () => {
    const code = "import { cacheControlFor } from '../site/site.js';\nexport { cacheControlFor };\n";
    expect(await ruleErrors('api/src/storage/local-storage.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("fails a feature reaching into another feature's internals, not its index", async () => {
    const file = 'mfe-search/src/features/filters/components/filters-panel.tsx';
    const internal =
      "import { useAllMakes } from '../../catalogue/api/get-makes';\nexport { useAllMakes };\n";
    const publicSurface = "import { useAllMakes } from '../../catalogue';\nexport { useAllMakes };\n";
    expect(await ruleErrors(file, internal)).toContain('import-x/no-restricted-paths');
    expect(await ruleErrors(file, publicSurface)).toEqual([]);
  });

  describe("an e2e spec's shared setup", () => {
    const spec = 'e2e/tests/new-feature.spec.ts';
    const setup = "test.beforeAll(async () => {\n  await listCars();\n});\ntest('a', async () => {});\n";
    const errors = (code) => ruleErrors(spec, `import { test } from '../support/fixtures';\n${code}`, 'e2e/');

    it('fails a beforeAll whose tests may spread over the workers', async () => {
      expect(await errors(setup)).toEqual(['e2e/shared-setup-in-one-worker']);
      const inDescribe = `test.describe('group', () => {\n${setup}});\n`;
      expect(await errors(inDescribe)).toEqual(['e2e/shared-setup-in-one-worker']);
      const parallel = `test.describe.configure({ mode: 'parallel' });\n${setup}`;
      expect(await errors(parallel)).toEqual(['e2e/shared-setup-in-one-worker']);
    });

    it('passes one that keeps its tests in one worker, in the file or around it', async () => {
      expect(await errors(`test.describe.configure({ mode: 'default' });\n${setup}`)).toEqual([]);
      const inDescribe = `test.describe('group', () => {\n  test.describe.configure({ mode: 'serial' });\n${setup}});\n`;
      expect(await errors(inDescribe)).toEqual([]);
    });
  });
});
