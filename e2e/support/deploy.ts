import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Relative path → sha256 of every file under `dir`. */
export async function hashTree(dir: string) {
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return hashes;
}

/**
 * Deploys a changed build of a remote the way a release would look: a copy of `dist` where `from`
 * reads `to`, the changed chunk renamed to a new content hash and every reference to it (runtime
 * chunk map, manifests) updated; then the folder is swapped in one rename.
 */
export async function deployChangedRemote(dist: string, from: string, to: string) {
  const next = `${dist}.next`;
  await cp(dist, next, { recursive: true });
  const files = (await readdir(next)).filter((name) => name.endsWith('.js'));
  const changed: string[] = [];
  for (const name of files) {
    const source = await readFile(path.join(next, name), 'utf8');
    if (!source.includes(from)) continue;
    await writeFile(path.join(next, name), source.replaceAll(from, to));
    changed.push(name);
  }
  if (changed.length === 0) throw new Error(`"${from}" is in none of the JS files of ${dist}`);

  for (const name of changed) {
    const oldHash = /[.-]([0-9a-f]{8,})\.js$/.exec(name)?.[1];
    // remoteEntry.js keeps its name by design (it is served no-cache); hashed chunks get new names.
    if (!oldHash) continue;
    const newHash = createHash('sha256').update(`${name}:${to}`).digest('hex').slice(0, oldHash.length);
    for (const file of await readdir(next)) {
      if (!/\.(js|json)$/.test(file)) continue;
      const text = await readFile(path.join(next, file), 'utf8');
      if (text.includes(oldHash)) await writeFile(path.join(next, file), text.replaceAll(oldHash, newHash));
    }
    await rename(path.join(next, name), path.join(next, name.replace(oldHash, newHash)));
  }

  await rename(dist, `${dist}.previous`);
  await rename(next, dist);
  await rm(`${dist}.previous`, { recursive: true });
}
