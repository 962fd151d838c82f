// `npm test`: every check the project has, in order, stopping at the first failure. Consecutive
// phases of one `group` run at the same time (two cores: the static checks together, then the test
// runs); each one's output is printed whole when it ends, so nothing interleaves.
// Usage: node scripts/test.mjs [phase ...]   (no phase: all of them; e.g. `node scripts/test.mjs e2e`)
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildStale, repoRoot } from './lib/build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const jest = [process.execPath, '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
const vitest = [process.execPath, path.join(repoRoot, 'node_modules/vitest/vitest.mjs')];
// Without DATABASE_URL the API suite runs on embedded PGlite; with it, once more on that server.
const { DATABASE_URL: databaseUrl, ...envWithoutDatabase } = process.env;
let chromiumPath;

function run(command, { cwd = repoRoot, env = process.env } = {}) {
  const [file, ...args] = command;
  const result = spawnSync(file, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** As run(), in the background: resolves with the command's whole output (stdout and stderr in order). */
function runCollected(command, { cwd = repoRoot, env = process.env } = {}) {
  const [file, ...args] = command;
  const child = spawn(file, args, {
    cwd,
    env: { FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status, signal) => {
      const output = Buffer.concat(chunks).toString();
      if (status === 0) resolve(output);
      else {
        const error = new Error(`${command.join(' ')} exited with ${status ?? signal}`);
        error.output = output;
        reject(error);
      }
    });
  });
}

const phases = [
  { name: 'singletons', run: () => run([process.execPath, 'scripts/check-singletons.mjs']) },
  // Results kept per file (node_modules/.cache/eslint): 15.5 s on a clean clone, 2.1 s when nothing
  // changed. A cycle an edit makes is still found: the edited file is in it.
  {
    name: 'lint',
    group: 'static',
    command: ['npx', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.'],
  },
  // Prettier's newer CLI: the same rules and files, checked in parallel and remembered by content
  // (node_modules/.cache/prettier): 12.9 s on a clean clone where the classic CLI took 23.9 s,
  // 0.7 s when nothing changed (docs/benchmarks.md).
  { name: 'format', group: 'static', command: ['npx', 'prettier', '--check', '--experimental-cli', '.'] },
  { name: 'typecheck', group: 'static', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'build', run: () => buildStale() },
  {
    name: 'jest',
    title: 'unit tests: shared, the shell and the remotes, the lint walls, the scripts',
    group: 'tests',
    command: [...jest, '--maxWorkers=2'],
    env: envWithoutDatabase,
  },
  {
    name: 'api',
    title: 'API integration (PGlite)',
    group: 'tests',
    // Two workers, as every run beside it: whichever run ends first, the others keep both cores busy.
    command: [...vitest, 'run', '--maxWorkers=2'],
    cwd: path.join(repoRoot, 'api'),
    env: envWithoutDatabase,
  },
  {
    name: 'api-postgres',
    title: 'API integration (PostgreSQL at DATABASE_URL)',
    group: 'tests',
    skip: !databaseUrl && 'DATABASE_URL is not set',
    // Only the test files whose imports reach the database client: the others cannot behave
    // differently here, and the PGlite run has them.
    command: [...vitest, 'related', '--run', '--maxWorkers=2', 'src/db/client.ts'],
    cwd: path.join(repoRoot, 'api'),
  },
  {
    name: 'scripts-postgres',
    title: 'backup and restore (PostgreSQL at DATABASE_URL)',
    group: 'tests',
    skip: !databaseUrl && 'DATABASE_URL is not set',
    // The scripts' test files that use a database (scripts/lib/backup.test.mjs).
    command: [...jest, '--selectProjects', 'scripts', '--findRelatedTests', 'scripts/lib/bench-setup.mjs'],
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
    // Includes the bundle budgets (tests/budgets.spec.ts), measured on the suite's own site.
    title: 'Playwright e2e and bundle budgets',
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

function printHeader(phase) {
  const header = `[${chosen.indexOf(phase) + 1}/${chosen.length}] ${phase.title ?? phase.name}`;
  console.log(`\n━━━ ${header} ${'━'.repeat(Math.max(3, 72 - header.length))}`);
}

function fail(phase, elapsedMs, error) {
  console.error(`\n✗ ${phase.name} failed after ${seconds(elapsedMs)}: ${error.message}`);
  console.error(
    `npm test: FAILED at ${phase.name} (${done.join(', ') || 'nothing passed'}) in ${seconds(Date.now() - started)}`,
  );
  process.exit(1);
}

/** Runs phases at once; prints each one's output under its header as it ends. */
async function runGroup(group) {
  const runs = group.map(async (phase) => {
    const phaseStarted = Date.now();
    const outcome = await runCollected(phase.command, { cwd: phase.cwd, env: phase.env }).then(
      (output) => ({ output }),
      (error) => ({ output: error.output ?? '', error }),
    );
    printHeader(phase);
    process.stdout.write(outcome.output);
    return { phase, elapsedMs: Date.now() - phaseStarted, error: outcome.error };
  });
  const results = await Promise.all(runs);
  for (const { phase, elapsedMs } of results.filter((result) => !result.error)) {
    done.push(`${phase.name} ${seconds(elapsedMs)}`);
  }
  const failed = results.find((result) => result.error);
  if (failed) fail(failed.phase, failed.elapsedMs, failed.error);
}

for (let index = 0; index < chosen.length;) {
  const phase = chosen[index];
  if (phase.skip) {
    printHeader(phase);
    console.log(`skipped: ${phase.skip}`);
    done.push(`${phase.name} skipped`);
    index += 1;
    continue;
  }
  if (phase.group) {
    const group = [];
    while (chosen[index]?.group === phase.group) {
      if (chosen[index].skip) {
        done.push(`${chosen[index].name} skipped`);
        console.log(`\n${chosen[index].name} skipped: ${chosen[index].skip}`);
      } else group.push(chosen[index]);
      index += 1;
    }
    await runGroup(group);
    continue;
  }
  printHeader(phase);
  const phaseStarted = Date.now();
  try {
    await phase.run();
  } catch (error) {
    fail(phase, Date.now() - phaseStarted, error);
  }
  done.push(`${phase.name} ${seconds(Date.now() - phaseStarted)}`);
  index += 1;
}
console.log(`\nnpm test: passed in ${seconds(Date.now() - started)} (${done.join(', ')})`);
