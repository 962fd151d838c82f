// Incremental build shared by `npm start` and `npm test`: a package is rebuilt when its dist is
// missing, when any of its inputs is newer than its newest dist file, or when a workspace package it
// depends on is rebuilt or was built after it. Lerna then builds the stale set in dependency order.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Files that influence every build (compiler base options, resolved dependency versions).
const globalInputs = ['tsconfig.base.json', 'package-lock.json'];
// Tests never end up in a dist, so editing one must not trigger a rebuild.
const testFile = /\.test\.[cm]?[jt]sx?$/;
// Top-level files of a package that do not affect its build output.
const nonBuildFile = /(\.md|\.tsbuildinfo|^jest\.config\.[cm]?js)$/;

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Workspace packages that have a build script, with their workspace dependencies. */
export function buildablePackages() {
  const workspaces = readJson(path.join(repoRoot, 'package.json')).workspaces;
  const packages = workspaces
    .map((dir) => ({ dir, manifest: readJson(path.join(repoRoot, dir, 'package.json')) }))
    .filter(({ manifest }) => manifest.scripts?.build);
  const names = new Set(packages.map(({ manifest }) => manifest.name));
  return packages.map(({ dir, manifest }) => ({
    dir,
    name: manifest.name,
    deps: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((dep) =>
      names.has(dep),
    ),
  }));
}

/** Newest modification time (ms) among the files under `target`, or 0 when it does not exist. */
function newestMtime(target, include = () => true) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return include(target) ? stats.mtimeMs : 0;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), include));
  }
  return newest;
}

function inputsMtime(dir) {
  const pkgDir = path.join(repoRoot, dir);
  const notTest = (file) => !testFile.test(file);
  const topLevel = readdirSync(pkgDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !nonBuildFile.test(entry.name))
    .map((entry) => statSync(path.join(pkgDir, entry.name)).mtimeMs);
  return Math.max(
    0,
    ...topLevel,
    newestMtime(path.join(pkgDir, 'src'), notTest),
    newestMtime(path.join(pkgDir, 'public')),
    ...globalInputs.map((file) => newestMtime(path.join(repoRoot, file))),
  );
}

/** Packages whose dist is missing or stale, each with the reason, in workspace order. */
export function stalePackages(packages = buildablePackages()) {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const verdicts = new Map();
  const verdict = (pkg) => {
    if (verdicts.has(pkg.name)) return verdicts.get(pkg.name);
    const built = newestMtime(path.join(repoRoot, pkg.dir, 'dist'));
    let reason = null;
    if (!built) reason = 'no dist';
    else if (inputsMtime(pkg.dir) > built) reason = 'sources changed';
    else {
      for (const dep of pkg.deps.map((name) => byName.get(name))) {
        if (verdict(dep) || newestMtime(path.join(repoRoot, dep.dir, 'dist')) > built) {
          reason = `${dep.name} changed`;
          break;
        }
      }
    }
    verdicts.set(pkg.name, reason);
    return reason;
  };
  return packages.map((pkg) => ({ ...pkg, reason: verdict(pkg) })).filter((pkg) => pkg.reason);
}

/** Builds what is stale; returns the names built. Throws when the build fails. */
export function buildStale({ log = console.log } = {}) {
  const stale = stalePackages();
  if (stale.length === 0) {
    log('build: everything is up to date');
    return [];
  }
  for (const pkg of stale) log(`build: ${pkg.name} (${pkg.reason})`);
  const scopes = stale.flatMap((pkg) => ['--scope', pkg.name]);
  const result = spawnSync('npx', ['lerna', 'run', 'build', ...scopes], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`build failed (lerna exited with ${result.status ?? result.signal})`);
  return stale.map((pkg) => pkg.name);
}
