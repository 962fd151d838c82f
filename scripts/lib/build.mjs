// Incremental build shared by `npm start` and `npm test`: a package is rebuilt when its dist is
// missing, when any of its inputs is newer than its last build, or when a workspace package it
// depends on is rebuilt or was built after it. Lerna then builds the stale set in dependency order.
// A build's time is its newest dist file, or, when buildStale ran it, the build run itself (its
// record, buildRecord): webpack leaves identical output files untouched, so a front end rebuilt
// after a change of @carmarket/shared that does not affect it would otherwise look stale forever.
// The package manifests count by content, not time: `npm install` rewrites package-lock.json and a
// new script touches package.json without changing any build, and either would rebuild every front
// end. So the record also keeps what the build read of them, and a manifest whose build-relevant
// content still matches it does not count, whatever its modification time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Files that influence every build (compiler base options); package-lock.json too, by content.
const globalInputs = ['tsconfig.base.json'];
// Tests never end up in a dist, so editing one must not trigger a rebuild.
const testFile = /\.test\.[cm]?[jt]sx?$/;
// Top-level files of a package that do not affect its build output (package.json counts by content).
const nonBuildFile = /(\.md|\.tsbuildinfo|^(jest|vitest)\.config\.[cm]?js|^package\.json)$/;
// package.json fields no build reads. Everything else counts: dependencies, exports, and the version,
// which webpack writes into mf-manifest.json (a release's build version, a shared singleton's version).
const metadataFields = ['description', 'keywords', 'author', 'license', 'repository', 'homepage', 'bugs'];

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Workspace packages that have a build script, with their workspace dependencies. */
export function buildablePackages(root = repoRoot) {
  const workspaces = readJson(path.join(root, 'package.json')).workspaces;
  const packages = workspaces
    .map((dir) => ({ dir, manifest: readJson(path.join(root, dir, 'package.json')) }))
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

const digest = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * What a build of the package in `dir` reads from the manifests, as digests: its package.json without
 * the fields no build reads and without the scripts other than `build`, and the lockfile's resolved
 * dependencies (every package's version and integrity and every workspace's dependency lists, not
 * the workspaces' own metadata).
 */
export function manifestDigests(dir, root = repoRoot) {
  const manifest = readJson(path.join(root, dir, 'package.json'));
  for (const field of metadataFields) delete manifest[field];
  manifest.scripts = { build: manifest.scripts?.build };
  const lockFile = path.join(root, 'package-lock.json');
  const lock = existsSync(lockFile) ? readJson(lockFile).packages : {};
  const resolved = Object.fromEntries(
    Object.entries(lock).map(([key, entry]) => {
      const { dependencies, devDependencies, optionalDependencies, peerDependencies } = entry;
      return [
        key,
        key.includes('node_modules/')
          ? entry
          : { dependencies, devDependencies, optionalDependencies, peerDependencies },
      ];
    }),
  );
  return { packageJson: digest(manifest), lockfile: digest(resolved) };
}

const recordFile = (dir, root) =>
  path.join(root, 'node_modules/.cache/carmarket-build', `${dir.replaceAll('/', '_')}.json`);

/**
 * Notes, after a build of `dir`, the dist it produced, when the build run started and finished (the
 * dist's time when not given), and its manifests' digests.
 */
export function recordBuild(dir, root = repoRoot, run = {}) {
  const file = recordFile(dir, root);
  mkdirSync(path.dirname(file), { recursive: true });
  const dist = newestMtime(path.join(root, dir, 'dist'));
  const { startedAt = dist, finishedAt = dist } = run;
  writeFileSync(file, JSON.stringify({ dist, startedAt, finishedAt, ...manifestDigests(dir, root) }));
}

/**
 * The last build's record of `dir`, if it still describes the dist (a build by other means that
 * changes it, such as `npm run build`, leaves none, and modification times decide again).
 */
function buildRecord(dir, root) {
  const file = recordFile(dir, root);
  if (!existsSync(file)) return null;
  const record = readJson(file);
  return record.dist === newestMtime(path.join(root, dir, 'dist')) ? record : null;
}

/**
 * When `dir` was last built: `since`, the time its inputs must not be newer than (the build run's
 * start: an edit during the build may have been missed), and `done`, the time a package depending on
 * it must have been built after. 0 when it has no dist.
 */
function builtTimes(dir, root) {
  const dist = newestMtime(path.join(root, dir, 'dist'));
  const record = dist ? buildRecord(dir, root) : null;
  return {
    since: Math.max(dist, record?.startedAt ?? 0),
    done: Math.max(dist, record?.finishedAt ?? 0),
    record,
  };
}

function inputsMtime(dir, root, record) {
  const pkgDir = path.join(root, dir);
  const notTest = (file) => !testFile.test(file);
  const topLevel = readdirSync(pkgDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !nonBuildFile.test(entry.name))
    .map((entry) => statSync(path.join(pkgDir, entry.name)).mtimeMs);
  const digests = record && manifestDigests(dir, root);
  const manifestMtime = (file, key) => (record && record[key] === digests[key] ? 0 : newestMtime(file));
  return Math.max(
    0,
    ...topLevel,
    manifestMtime(path.join(pkgDir, 'package.json'), 'packageJson'),
    manifestMtime(path.join(root, 'package-lock.json'), 'lockfile'),
    newestMtime(path.join(pkgDir, 'src'), notTest),
    newestMtime(path.join(pkgDir, 'public')),
    ...globalInputs.map((file) => newestMtime(path.join(root, file))),
  );
}

/**
 * Packages whose dist is missing or stale, each with the reason, in workspace order; of the
 * workspaces under `root` (the repository unless a test says otherwise).
 */
export function stalePackages(root = repoRoot) {
  const packages = buildablePackages(root);
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const verdicts = new Map();
  const verdict = (pkg) => {
    if (verdicts.has(pkg.name)) return verdicts.get(pkg.name);
    const built = builtTimes(pkg.dir, root);
    let reason = null;
    if (!built.done) reason = 'no dist';
    else if (inputsMtime(pkg.dir, root, built.record) > built.since) reason = 'sources changed';
    else {
      for (const dep of pkg.deps.map((name) => byName.get(name))) {
        if (verdict(dep) || builtTimes(dep.dir, root).done > built.done) {
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
  // A fresh dist without a record was built from the manifests as they are now (they are older):
  // recorded, the next edit of their metadata alone is recognised as such.
  for (const pkg of buildablePackages()) {
    if (!stale.some(({ name }) => name === pkg.name) && !buildRecord(pkg.dir, repoRoot)) recordBuild(pkg.dir);
  }
  if (stale.length === 0) {
    log('build: everything is up to date');
    return [];
  }
  for (const pkg of stale) log(`build: ${pkg.name} (${pkg.reason})`);
  const scopes = stale.flatMap((pkg) => ['--scope', pkg.name]);
  const startedAt = Date.now();
  const result = spawnSync('npx', ['lerna', 'run', 'build', ...scopes], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`build failed (lerna exited with ${result.status ?? result.signal})`);
  const finishedAt = Date.now();
  for (const pkg of stale) recordBuild(pkg.dir, repoRoot, { startedAt, finishedAt });
  return stale.map((pkg) => pkg.name);
}
