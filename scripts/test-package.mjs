// `npm test -w @carmarket/shell` or `-w @carmarket/mfe-<name>`: one front end's tests alone, for its
// team. Builds what is stale (so it works on a fresh clone), runs the package's unit tests, then the
// e2e specs it owns (scripts/lib/spec-owners.mjs) against a production site: for a remote, the site
// with its freshly built dist published through the deploy registry over the site's own, so only that
// remote is swapped; for the shell, the site as built.
// Usage (from the package's directory, as its npm script): node ../scripts/test-package.mjs
// [playwright options], e.g. `npm test -w @carmarket/mfe-search -- --grep favorites --output /tmp/x`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildStale, repoRoot } from './lib/build.mjs';
import { frontEndOf } from './lib/server.mjs';
import { specsOf } from './lib/spec-owners.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

function run(label, [file, ...args], options) {
  console.log(`\n━━━ ${label}`);
  const result = spawnSync(file, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`${label} failed (${file} exited with ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

const packageDir = process.cwd();
const { name } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const short = frontEndOf(packageDir);
if (!short) {
  console.error(`${name} is neither the shell nor a remote`);
  process.exit(2);
}

buildStale();
run(`${name}: unit tests`, ['npm', 'run', 'test:unit']);

const specs = specsOf(short);
run(
  `${name}: e2e ${specs.join(', ')}${short === 'shell' ? '' : ` (only ${short} swapped)`}`,
  ['npx', 'playwright', 'test', ...specs.map((spec) => `tests/${spec}`), ...process.argv.slice(2)],
  {
    cwd: path.join(repoRoot, 'e2e'),
    env: {
      ...process.env,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      CHROMIUM_PATH: ensureChromium(),
      ...(short === 'shell' ? {} : { E2E_REMOTE_UNDER_TEST: short }),
    },
  },
);
