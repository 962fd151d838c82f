// Starting the production server the way `npm start` does, for the e2e suite and the budget check:
// `node api/dist/server.js` with its configuration in the environment, on a free port, with its own
// data directory and its own copy of the built front ends.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './build.mjs';
import { listeningPort } from './listening-port.mjs';

export const serverEntry = path.join(repoRoot, 'api/dist/server.js');
/**
 * Node's options for the server, wherever it is started (`npm start`, the e2e site, the benchmarks,
 * `npm run chaos`). With gigabytes of memory V8 lets its old generation grow to up to four times
 * what its last full collection kept before collecting again, and keeps the pages: under a steady
 * load the server's resident memory climbed for over ten minutes while the heap it kept stayed
 * flat. Growing by half at most keeps the pages near what is in use (docs/reliability.md, "Memory
 * under load"). A V8 flag, so on the command line: NODE_OPTIONS refuses it. Under search load the
 * young generation grew to its default ceiling, two semi-spaces of 16 MB that stayed resident; at
 * 8 MB the server at 100,000 listings kept 16 MB less and spent the same CPU a search
 * (docs/benchmarks.md, "Memory of the index").
 */
export const serverNodeOptions = ['--heap-growing-percent=50', '--max-semi-space-size=8'];
/**
 * The server's environment, under the caller's. glibc's malloc serves blocks up to a threshold from
 * its heap, and raises that threshold to the largest block returned to the system so far (up to
 * 32 MB); what it frees inside its heap it keeps. After reading the search index of 100,000
 * listings the heap held 40–60 MB (10 MB on an empty database); with a fixed threshold of 128 KB
 * every larger block is mapped on its own and unmapped when freed, and it held 21–25 MB
 * (docs/benchmarks.md, "Memory of the index").
 */
export const serverEnvironment = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };
export const remoteShorts = ['search', 'listings', 'seller', 'messaging', 'account'];

/** 'shell' or a remote's short name for a front end's directory (`mfe-search` → 'search'); else undefined. */
export function frontEndOf(dir) {
  const short = path.basename(dir).replace(/^mfe-/, '');
  return short === 'shell' || remoteShorts.includes(short) ? short : undefined;
}
/**
 * The test sites mail an address a new sign-in code one second after the last (the product's
 * default is a minute), so tests that need a second code do not wait a minute for it.
 */
export const siteCodeResendIntervalMs = 1000;

/** Copies the built shell and remotes into `staticRoot` with the repository's layout. */
export async function prepareStaticRoot(staticRoot) {
  for (const dir of ['shell', ...remoteShorts.map((short) => `mfe-${short}`)]) {
    if (!existsSync(path.join(repoRoot, dir, 'dist')))
      throw new Error(`${dir} is not built: run npm run build`);
    await cp(path.join(repoRoot, dir, 'dist'), path.join(staticRoot, dir, 'dist'), { recursive: true });
  }
}

async function startFailure(state, logFile) {
  const log = await readFile(logFile, 'utf8').catch(() => '');
  return new Error(`${state}; server log (${logFile}):\n${log.split('\n').slice(-40).join('\n')}`);
}

async function waitForHealth(url, server, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) break;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const state = server.exitCode === null ? `no healthy answer within ${timeoutMs} ms` : 'server exited';
  throw await startFailure(state, logFile);
}

/**
 * Starts the server and resolves once /api/health answers. `env` is added to the parent's
 * environment; `logFile` receives stdout and stderr. Returns the base URL and `stop()`.
 */
export async function startServer({ dataDir, staticRoot, logFile, env = {}, timeoutMs = 90_000 }) {
  await mkdir(dataDir, { recursive: true });
  const log = await open(logFile, 'a');
  const server = spawn(process.execPath, [...serverNodeOptions, serverEntry], {
    cwd: repoRoot,
    env: {
      ...serverEnvironment,
      ...process.env,
      // The system's choice, which the server reports once it listens (api/src/server.ts).
      PORT: '0',
      DATA_DIR: dataDir,
      STATIC_ROOT: staticRoot,
      ...env,
    },
    stdio: ['ignore', log.fd, log.fd, 'ipc'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await log.close();
  };
  try {
    const port = await listeningPort(server, timeoutMs).catch(async (error) => {
      throw await startFailure(`the server did not start: ${error.message}`, logFile);
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, server, logFile, timeoutMs);
    return { url, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * An empty embedded database, migrated by the built API, in the data directory `dir`: a site started
 * from it (startSite's `databaseTemplate`) finds it as a server that ran before finds its own and
 * skips initdb, most of a first start (over ten seconds on a busy machine).
 */
export async function createDatabaseTemplate(dir) {
  // Loaded here, not at the top: the e2e setup imports this file before it builds the API.
  const { openDatabase } = await import(path.join(repoRoot, 'api/dist/db/client.js'));
  const database = await openDatabase({ driver: 'pglite', dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/**
 * A complete site for automated checks in `workDir`: a private copy of the built front ends (tests
 * may break or redeploy a remote in it), an empty embedded database, and mail sent to `smtpUrl`.
 * `env` overrides the test settings below (e.g. the product's resend interval for a test of it).
 * `databaseTemplate` (from createDatabaseTemplate) is copied in as the site's database.
 * @param {{ workDir: string, smtpUrl: string, env?: Record<string, string>, databaseTemplate?: string }} site
 */
export async function startSite({ workDir, smtpUrl, env = {}, databaseTemplate }) {
  const staticRoot = path.join(workDir, 'static');
  await prepareStaticRoot(staticRoot);
  // The API keeps its embedded database in DATA_DIR/db.
  if (databaseTemplate) await cp(databaseTemplate, path.join(workDir, 'data', 'db'), { recursive: true });
  const settings = {
    dataDir: path.join(workDir, 'data'),
    staticRoot,
    logFile: path.join(workDir, 'server.log'),
    env: {
      SMTP_URL: smtpUrl,
      // Its own embedded database, never a shared server (tests must not see each other's data).
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      // Tests create the listings they look for; demo listings would show up in their searches.
      SEED_ON_START: 'false',
      HOST: '127.0.0.1',
      // Every browser in the suite comes from 127.0.0.1; per-IP limits would throttle the suite
      // itself. The per-email limits stay as shipped: each test uses its own addresses.
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_IP_MAX: '1000000',
      AUTH_CODE_RESEND_INTERVAL_MS: String(siteCodeResendIntervalMs),
      // At the lowest priority, a test waiting for its photos starves behind the browsers and test
      // runs beside it.
      PHOTO_ENCODER_PRIORITY: 'normal',
      // A guest's search and pages read every change made before them: specs look right after a write.
      SEARCH_GUEST_STALENESS_MS: '0',
      PAGE_GUEST_STALENESS_MS: '0',
      ...env,
    },
  };
  const site = (server) => ({
    ...server,
    staticRoot,
    workDir,
    /**
     * Stops the server, runs `whileStopped(env)` with the server's environment (for a command line
     * such as `npm run admin`, which needs the embedded database to itself), then starts the server
     * again on the same data. Answers the restarted site (on another port).
     */
    restartWith: async (whileStopped) => {
      await server.stop();
      await whileStopped({
        ...process.env,
        DATA_DIR: settings.dataDir,
        STATIC_ROOT: staticRoot,
        ...settings.env,
      });
      return site(await startServer(settings));
    },
  });
  return site(await startServer(settings));
}
