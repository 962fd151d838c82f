import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { freePort } from '../../scripts/lib/listening-port.mjs';
import { testFilesDir } from './temp-dir';

const execFileAsync = promisify(execFile);

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
 * chunk map, manifests) updated, the precompressed copies (.br, .gz) written anew from the changed
 * files; then the folder is swapped in one rename.
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

  for (const file of await readdir(next)) {
    if (/\.(br|gz)$/.test(file)) await rm(path.join(next, file));
  }
  for (const file of await readdir(next)) {
    if (!/\.(js|json)$/.test(file)) continue;
    const content = await readFile(path.join(next, file));
    await writeFile(path.join(next, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(next, `${file}.gz`), gzipSync(content));
  }

  await rename(dist, `${dist}.previous`);
  await rename(next, dist);
  await rm(`${dist}.previous`, { recursive: true });
}

/** A release of `short` built elsewhere: a copy of the repository's build where `from` reads `to`. */
export async function changedReleaseOf(short: string, from: string, to: string) {
  const dir = path.join(await testFilesDir(`${short}-release`), 'dist');
  await cp(path.join(repoRoot, `mfe-${short}`, 'dist'), dir, { recursive: true });
  await deployChangedRemote(dir, from, to);
  return dir;
}

const contentTypes: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };

/** A static host on another origin (a CDN stand-in): serves `dir` with CORS, as a CDN would. */
export async function startStaticHost(dir: string) {
  const server = createServer((request, response) => {
    const file = path.join(
      dir,
      path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)),
    );
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, {
            'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
            'access-control-allow-origin': '*',
          })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A browser keeps connections open, and may open one it never sends a request on (a preconnect):
  // close() alone would wait for them, past the test's end.
  const stop = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  return { url, stop };
}

/** `npm run remote -- <args>` against the site's deploy registry, as an operator would type it. */
export async function remoteCommand(site: { workDir: string }, ...args: string[]) {
  const { stdout } = await execFileAsync(
    process.execPath,
    [path.join(repoRoot, 'api/dist/modules/remotes/cli.js'), ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: path.join(site.workDir, 'data'), REMOTE_REGISTRY_DIR: undefined },
    },
  );
  return stdout.trim();
}

/**
 * Resolves once the site's remotes.json names a remote that `matches`: the server re-reads the
 * registry within a second of a command, so a page loaded right after one may still get the old release.
 */
export async function untilServed(
  siteUrl: string,
  matches: (remote: { name: string; entry: string; version: string }) => boolean,
) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { remotes } = (await (await fetch(`${siteUrl}/remotes.json`)).json()) as {
      remotes: { name: string; entry: string; version: string }[];
    };
    if (remotes.some(matches)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${siteUrl}/remotes.json did not switch within 10 s of the registry command`);
}

const webpackCli = path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js');

/**
 * Runs a front end's long-running command (`node <args>` in `cwd`) until `readyUrl` answers; stop()
 * ends it. `output()` is what it printed so far (its last few KB).
 */
async function startServing(
  what: string,
  cwd: string,
  args: string[],
  readyUrl: string,
  timeoutMs = 180_000,
) {
  const server = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const collect = (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-8000));
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && server.exitCode === null) {
    const ready = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { stop, output: () => printed };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`${what} did not answer at ${readyUrl}:\n${printed}`);
}

/**
 * A working copy of a remote for a test that edits its sources: its files (not its builds) in a
 * temporary folder, with the repository's packages reachable as from the real one. Editing the real
 * sources would race the other worker (the standalone page builds them) and leave them newer than
 * their dist. `remove()` deletes the copy.
 */
export async function copyRemoteSources(short: string) {
  const root = await mkdtemp(path.join(tmpdir(), `carmarket-${short}-sources-`));
  const source = path.join(repoRoot, `mfe-${short}`);
  const dir = path.join(root, `mfe-${short}`);
  await cp(source, dir, {
    recursive: true,
    filter: (file) => !/^(node_modules|dist|dist-standalone)$/.test(path.relative(source, file)),
  });
  // Node and webpack look for packages in every node_modules above: the remote's own installs first
  // (not its build caches), then the repository's.
  await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  await mkdir(path.join(dir, 'node_modules'));
  for (const entry of await readdir(path.join(source, 'node_modules')).catch(() => [])) {
    if (!entry.startsWith('.'))
      await symlink(path.join(source, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A remote's dev server as its team runs it (`npm run dev -w @carmarket/mfe-<short>`, live reload
 * included), on a free port, from the remote's folder or from `dir` (a copyRemoteSources copy); ready
 * once its mf-manifest.json answers.
 */
export async function startRemoteDevServer(short: string, dir = path.join(repoRoot, `mfe-${short}`)) {
  const url = `http://127.0.0.1:${await freePort()}`;
  const args = ['serve', '--mode', 'development', '--port', new URL(url).port, '--host', '127.0.0.1'];
  const server = await startServing(
    `the ${short} dev server`,
    dir,
    [webpackCli, ...args],
    `${url}/mf-manifest.json`,
  );
  return { url, ...server };
}

/**
 * `npm run standalone -w @carmarket/mfe-<short>`: the remote's production build opened alone, served
 * on a free port and talking to the API of `site`.
 */
export async function startStandaloneRemote(short: string, site: string) {
  const url = `http://127.0.0.1:${await freePort()}`;
  const args = [
    path.join(repoRoot, 'scripts/standalone-remote.mjs'),
    '--port',
    new URL(url).port,
    '--site',
    site,
  ];
  const dir = path.join(repoRoot, `mfe-${short}`);
  const server = await startServing(`the ${short} standalone page`, dir, args, `${url}/`);
  return { url, ...server };
}

/** Where the site serves the remote under test (`under-test`) and its own build of that remote. */
export function remoteUnderTestPaths(short: string) {
  return { release: `/remotes/releases/${short}/under-test/`, builtIn: `/remotes/${short}/` };
}

/** Each test of a per-remote run appends a line here: which of the remote's copies its pages loaded. */
export const remoteLoadsFile = (workDir: string) => path.join(workDir, 'remote-loads.jsonl');

export interface RemoteLoads {
  test: string;
  /** Paths of the remote's files the test's pages loaded, by copy. */
  release: string[];
  builtIn: string[];
}

/**
 * `npm test -w @carmarket/mfe-<short>` (scripts/test-package.mjs) names the remote under test: its
 * freshly built dist is published to `site` through the deploy registry, as its team would release
 * it, so the specs see the production site with only that remote swapped. Nothing happens otherwise.
 * Resolves once the site's remotes.json points at the release and the release's manifest and
 * remoteEntry.js are byte for byte the fresh build's; returns a line saying so.
 */
export async function publishRemoteUnderTest(site: { url: string; workDir: string }) {
  const short = process.env.E2E_REMOTE_UNDER_TEST;
  if (!short) return undefined;
  const dist = path.join(repoRoot, `mfe-${short}`, 'dist');
  await remoteCommand(site, 'publish', short, dist, '--version', 'under-test');
  // The suite starts only once the site serves the release.
  const { release } = remoteUnderTestPaths(short);
  const entry = `${release}mf-manifest.json`;
  await untilServed(site.url, (remote) => remote.entry === entry);
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    const served = Buffer.from(await (await fetch(`${site.url}${release}${file}`)).arrayBuffer());
    if (!served.equals(await readFile(path.join(dist, file))))
      throw new Error(`${site.url}${release}${file} is not mfe-${short}/dist/${file}`);
  }
  return `${short} under test: remotes.json points at ${entry}, whose mf-manifest.json and remoteEntry.js are mfe-${short}/dist's`;
}
