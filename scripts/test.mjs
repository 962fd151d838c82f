// `npm test`: every check the project has, in order, stopping at the first failure.
// Usage: node scripts/test.mjs [phase ...]   (no phase: all of them; e.g. `node scripts/test.mjs e2e`)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildStale, repoRoot } from './lib/build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const jest = [process.execPath, '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
// Without DATABASE_URL the API suite runs on embedded PGlite; with it, once more on that server.
const { DATABASE_URL: databaseUrl, ...envWithoutDatabase } = process.env;
let chromiumPath;

function run(command, { cwd = repoRoot, env = process.env } = {}) {
  const [file, ...args] = command;
  const result = spawnSync(file, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command.join(' ')} exited with ${result.status ?? result.signal}`);
}

const phases = [
  { name: 'singletons', run: () => run([process.execPath, 'scripts/check-singletons.mjs']) },
  { name: 'lint', run: () => run(['npx', 'eslint', '.']) },
  { name: 'format', run: () => run(['npx', 'prettier', '--check', '.']) },
  { name: 'typecheck', run: () => run(['npx', 'lerna', 'run', 'typecheck']) },
  { name: 'build', run: () => buildStale() },
  {
    name: 'jest',
    title: 'unit + API integration (PGlite)',
    run: () => run(jest, { env: envWithoutDatabase }),
  },
  {
    name: 'jest-postgres',
    title: 'API integration (PostgreSQL at DATABASE_URL)',
    skip: !databaseUrl && 'DATABASE_URL is not set',
    run: () => run([...jest, '--selectProjects', 'api']),
  },
  {
    name: 'chromium',
    run: () => {
      chromiumPath = ensureChromium();
      console.log(chromiumPath);
    },
  },
  {
    name: 'e2e',
    title: 'Playwright e2e',
    run: () =>
      run(['npx', 'playwright', 'test'], {
        cwd: path.join(repoRoot, 'e2e'),
        env: {
          ...process.env,
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
          CHROMIUM_PATH: chromiumPath ?? ensureChromium(),
        },
      }),
  },
  {
    name: 'budgets',
    title: 'bundle budgets',
    run: () => run([process.execPath, 'scripts/check-budgets.mjs']),
  },
];

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !phases.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown phase(s): ${unknown.join(', ')}; phases: ${phases.map((phase) => phase.name).join(', ')}`,
  );
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const started = Date.now();
const done = [];
const chosen = phases.filter((phase) => selected.length === 0 || selected.includes(phase.name));
for (const [index, phase] of chosen.entries()) {
  const header = `[${index + 1}/${chosen.length}] ${phase.title ?? phase.name}`;
  console.log(`\n━━━ ${header} ${'━'.repeat(Math.max(3, 72 - header.length))}`);
  if (phase.skip) {
    console.log(`skipped: ${phase.skip}`);
    done.push(`${phase.name} skipped`);
    continue;
  }
  const phaseStarted = Date.now();
  try {
    await phase.run();
  } catch (error) {
    console.error(`\n✗ ${phase.name} failed after ${seconds(Date.now() - phaseStarted)}: ${error.message}`);
    console.error(
      `npm test: FAILED at ${phase.name} (${done.join(', ') || 'nothing passed'}) in ${seconds(Date.now() - started)}`,
    );
    process.exit(1);
  }
  done.push(`${phase.name} ${seconds(Date.now() - phaseStarted)}`);
}
console.log(`\nnpm test: passed in ${seconds(Date.now() - started)} (${done.join(', ')})`);
