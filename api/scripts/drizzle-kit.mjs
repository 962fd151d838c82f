// Runs the drizzle-kit CLI so that it finds this package's drizzle-orm: `node scripts/drizzle-kit.mjs generate`.
// npm installs drizzle-orm under api/node_modules (it is not hoisted) while drizzle-kit sits in the root
// node_modules and loads drizzle-orm from its own location, with `require` (redirected by NODE_PATH)
// and with one dynamic `import` (redirected by the resolve hook below).
import { spawnSync } from 'node:child_process';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const thisFile = fileURLToPath(import.meta.url);
const apiRoot = path.resolve(path.dirname(thisFile), '..');
const apiPackageUrl = pathToFileURL(path.join(apiRoot, 'package.json')).href;

if (isMainThread && !process.env.DRIZZLE_KIT_WITH_API_ORM) {
  const drizzleKitBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')),
    'bin.cjs',
  );
  const result = spawnSync(
    process.execPath,
    ['--import', thisFile, drizzleKitBin, ...process.argv.slice(2)],
    {
      cwd: apiRoot,
      stdio: 'inherit',
      env: { ...process.env, DRIZZLE_KIT_WITH_API_ORM: '1', NODE_PATH: path.join(apiRoot, 'node_modules') },
    },
  );
  process.exit(result.status ?? 1);
} else if (isMainThread) {
  register(import.meta.url);
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: apiPackageUrl });
  }
  return nextResolve(specifier, context);
}
