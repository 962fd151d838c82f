// `npm run standalone -w @carmarket/mfe-<name>`: a production build of one remote opened alone, for
// its team to review without the shell. Builds the remote's standalone page (its own routes inside the
// providers the shell would give, its own federation runtime and shared libraries) with
// `webpack --mode production --env standalone` into dist-standalone/, says whether the release in
// dist/ can be mounted by the site's shell (shared versions and federation runtime), then serves the
// page with /api and /socket.io passed to a running site.
// Usage (from the remote's directory, as its npm script):
//   node ../scripts/standalone-remote.mjs [--port 3001] [--site http://localhost:4000]
//   --port  where to serve the page (default: the remote's dev port)
//   --site  the site whose API the page talks to and whose shell it is compared with (default: the
//           development API on port 4000, compared with the shell built here, shell/dist)
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { remoteIncompatibilities, remotes } from '@carmarket/shared/contracts';
import { apiDevPort, standaloneDistDir } from '@carmarket/shared/mf';
import { buildStale, repoRoot } from './lib/build.mjs';
import { frontEndOf } from './lib/server.mjs';

const remoteDir = process.cwd();
const short = frontEndOf(remoteDir);
if (!short || short === 'shell') {
  console.error(`${remoteDir} is not a remote's directory`);
  process.exit(2);
}
const remote = remotes[short];
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(remote.devPort) },
    site: { type: 'string', default: `http://localhost:${apiDevPort}` },
  },
});
const site = new URL(values.site);

buildStale();
const build = spawnSync(
  process.execPath,
  [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--env', 'standalone'],
  { cwd: remoteDir, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// What the release in dist/ needs, against what the site's shell provides: the site's own manifest
// when it answers (the shell it really runs), else the shell built here.
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const release = readJson(path.join(remoteDir, 'dist', 'mf-manifest.json'));
const siteShell = await fetch(new URL('/mf-manifest.json', site)).then(
  (response) => (response.ok ? response.json() : undefined),
  () => undefined,
);
const shell = siteShell ?? readJson(path.join(repoRoot, 'shell', 'dist', 'mf-manifest.json'));
const problems = remoteIncompatibilities(release, shell);
console.log(
  `${remote.name} was built with the federation runtime ${release.metaData.pluginVersion}; ` +
    `the shell of ${siteShell ? site.origin : 'shell/dist'} runs ${shell.metaData.pluginVersion}: ` +
    (problems.length === 0
      ? 'the site can mount it'
      : `the site cannot mount it: it ${problems.join('; it ')}`),
);

const root = path.join(remoteDir, standaloneDistDir);
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};
const passedToSite = /^\/(api|socket\.io)(\/|$)/;

const server = createServer((req, res) => {
  if (passedToSite.test(req.url ?? '')) {
    const upstream = httpRequest(
      new URL(req.url, site),
      { method: req.method, headers: { ...req.headers, host: site.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end(`${site.origin} does not answer`));
    req.pipe(upstream);
    return;
  }
  // Built files by name; every other path is a client route of the page.
  const file = path.join(
    root,
    path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)),
  );
  const found =
    file.startsWith(root) && existsSync(file) && statSync(file).isFile()
      ? file
      : path.join(root, 'index.html');
  res.writeHead(200, { 'content-type': types[path.extname(found)] ?? 'application/octet-stream' });
  createReadStream(found).pipe(res);
});
server.listen(Number(values.port), '127.0.0.1', () =>
  console.log(`${remote.name} standalone (production build): http://127.0.0.1:${values.port}/`),
);
