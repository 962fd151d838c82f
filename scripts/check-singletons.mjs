// Fails when a package that must exist once per page (Module Federation singletons, the session's
// HTTP and socket clients) is installed more than once anywhere: webpack would then bundle two copies.
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/build.mjs';

const singletons = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'styled-components',
  'socket.io-client',
  'axios',
];

const found = new Map(singletons.map((name) => [name, []]));

function packageDirs(nodeModules) {
  const dirs = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      for (const scoped of readdirSync(full, { withFileTypes: true })) {
        dirs.push({ name: `${entry.name}/${scoped.name}`, dir: path.join(full, scoped.name), entry: scoped });
      }
    } else {
      dirs.push({ name: entry.name, dir: full, entry });
    }
  }
  return dirs;
}

// Symlinks are workspace packages (walked from their own folder) or links into the store; following
// them would count one installation twice.
function walk(nodeModules) {
  for (const { name, dir, entry } of packageDirs(nodeModules)) {
    if (entry.isSymbolicLink() || !entry.isDirectory()) continue;
    if (found.has(name) && existsSync(path.join(dir, 'package.json'))) {
      const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      found.get(name).push({ version, dir: path.relative(repoRoot, dir) });
    }
    const nested = path.join(dir, 'node_modules');
    if (existsSync(nested) && lstatSync(nested).isDirectory()) walk(nested);
  }
}

const { workspaces } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
for (const dir of ['.', ...workspaces]) {
  const nodeModules = path.join(repoRoot, dir, 'node_modules');
  if (existsSync(nodeModules)) walk(nodeModules);
}

const duplicated = [...found].filter(([, copies]) => copies.length > 1);
const missing = [...found].filter(([, copies]) => copies.length === 0).map(([name]) => name);
for (const [name, copies] of duplicated) {
  console.error(`${name} is installed ${copies.length} times:`);
  for (const { version, dir } of copies) console.error(`  ${version}  ${dir}`);
}
if (duplicated.length > 0) {
  console.error('Align the versions so npm installs each of these once (one pinned version at the root).');
  process.exit(1);
}
const summary = singletons.filter((name) => !missing.includes(name));
console.log(`singletons: one copy each of ${summary.join(', ')}`);
if (missing.length > 0) console.log(`singletons: not installed: ${missing.join(', ')}`);
