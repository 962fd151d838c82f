// The incremental build's staleness rule, on a throwaway workspace: sources and dependencies rebuild,
// metadata-only edits of the package manifests do not.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordBuild, stalePackages } from './build.mjs';

let root;
// Modification times in whole seconds from a fixed start, so "later" never depends on the clock.
let clock = 1_700_000_000;

function write(file, content, { json = typeof content !== 'string' } = {}) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, json ? JSON.stringify(content, null, 2) : content);
  clock += 10;
  utimesSync(target, clock, clock);
}

function edit(file, change) {
  const manifest = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  change(manifest);
  write(file, manifest);
}

const staleNames = () => stalePackages(root).map(({ name, reason }) => `${name}: ${reason}`);

/** Builds `dir` as far as the rule can tell: a newer dist, and the build's record. */
function build(dir) {
  write(`${dir}/dist/index.js`, 'built');
  recordBuild(dir, root);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-rule-'));
  write('package.json', { workspaces: ['lib', 'app'] });
  write('tsconfig.base.json', {});
  write('lib/package.json', { name: 'lib', version: '1.0.0', scripts: { build: 'tsc' } });
  write('lib/src/index.ts', 'export {};');
  write('app/package.json', {
    name: 'app',
    version: '1.0.0',
    scripts: { build: 'webpack' },
    dependencies: { lib: '1.0.0', react: '19.0.0' },
  });
  write('app/src/index.ts', 'export {};');
  write('package-lock.json', {
    packages: {
      '': { name: 'repo', version: '0.1.0' },
      app: { name: 'app', version: '1.0.0', dependencies: { lib: '1.0.0', react: '19.0.0' } },
      'node_modules/react': { version: '19.0.0', integrity: 'sha512-a' },
    },
  });
  build('lib');
  build('app');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('what makes a package stale', () => {
  it('finds nothing to build right after a build', () => {
    expect(staleNames()).toEqual([]);
  });

  it('rebuilds a package whose source changed, and what depends on it', () => {
    write('lib/src/index.ts', 'export const changed = 1;');
    expect(staleNames()).toEqual(['lib: sources changed', 'app: lib changed']);
  });

  it('counts a rebuild that left its files untouched (identical output) as built then', () => {
    write('lib/src/index.ts', 'export const changed = 1;');
    build('lib');
    expect(staleNames()).toEqual(['app: lib changed']);
    clock += 10;
    recordBuild('app', root, { startedAt: clock * 1000, finishedAt: (clock + 20) * 1000 });
    expect(staleNames()).toEqual([]);
    // An edit made while that build ran may have been missed.
    write('app/src/index.ts', 'export const during = 1;');
    expect(staleNames()).toEqual(['app: sources changed']);
  });

  it('ignores a new script or description in package.json', () => {
    edit('lib/package.json', (manifest) => {
      manifest.scripts.test = 'node ../scripts/test-package.mjs';
      manifest.description = 'the library';
    });
    expect(staleNames()).toEqual([]);
  });

  it('rebuilds for a changed dependency, version or build script in package.json', () => {
    edit('app/package.json', (manifest) => (manifest.dependencies.react = '19.1.0'));
    expect(staleNames()).toEqual(['app: sources changed']);
    build('app');
    edit('lib/package.json', (manifest) => (manifest.version = '1.1.0'));
    expect(staleNames()).toEqual(['lib: sources changed', 'app: lib changed']);
    build('lib');
    build('app');
    edit('app/package.json', (manifest) => (manifest.scripts.build = 'webpack --mode production'));
    expect(staleNames()).toEqual(['app: sources changed']);
  });

  it('ignores a rewritten lockfile with the same dependencies, not a changed one', () => {
    edit('package-lock.json', (lock) => (lock.packages[''].version = '0.2.0'));
    expect(staleNames()).toEqual([]);
    edit('package-lock.json', (lock) => (lock.packages['node_modules/react'].version = '19.1.0'));
    expect(staleNames()).toEqual(['lib: sources changed', 'app: sources changed']);
  });

  it('goes by modification time when a build left no record (built by other means)', () => {
    write('lib/dist/index.js', 'built by npm run build');
    edit('lib/package.json', (manifest) => (manifest.description = 'the library'));
    expect(staleNames()).toEqual(['lib: sources changed', 'app: lib changed']);
  });
});
