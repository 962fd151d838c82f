import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningPort } from '../../../scripts/lib/listening-port.mjs';
import { TEST_JWT_SECRET, TEST_REDIS_KEY_PREFIX } from './test-app.js';
import { loadMigratedPgliteDir } from './test-database.js';

/** A server process starts tsx and opens its database: generous on a busy machine. */
export const PROCESS_START_TIMEOUT_MS = 120_000;
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (its log). */
  output(): string;
}

/**
 * The real server (`src/server.ts`, as `npm start` runs it once built) in a process of its own, on
 * a free port with its own data directory (without DATABASE_URL, holding a copy of the migrated
 * embedded database); resolves once /api/health answers. `env` adds to or overrides the test
 * configuration (e.g. DATABASE_URL, REDIS_URL).
 */
export async function startApiProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const databaseUrl = 'DATABASE_URL' in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  // The server keeps its embedded database in DATA_DIR/db (config/env.ts).
  if (!databaseUrl) await loadMigratedPgliteDir(path.join(dataDir, 'db'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      STATIC_ROOT: path.join(dataDir, 'no-site'),
      SEED_ON_START: 'false',
      GEOCODER_URL: '',
      PHOTO_ENCODER_PRIORITY: 'normal',
      // As the in-process test apps: a guest's search and pages see every change made before them.
      SEARCH_GUEST_STALENESS_MS: '0',
      PAGE_GUEST_STALENESS_MS: '0',
      REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
      LOG_LEVEL: 'warn',
      ...env,
    },
    // The channel on which it reports its port (server.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Passed on as it comes, as if inherited, and kept for the tests that read the log.
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const deadline = Date.now() + PROCESS_START_TIMEOUT_MS;
  const port = await listeningPort(child, PROCESS_START_TIMEOUT_MS).catch((error: Error) => {
    child.kill('SIGTERM');
    throw new Error(`API process did not start: ${error.message}`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { baseUrl, port, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`API process on port ${port} did not start`);
}

/**
 * Resolves with the exit code once the process has ended (at once if it already has), or with the
 * signal that ended it: a test expecting 0 then says which signal it got.
 */
export function exited({ child }: ApiProcess): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** SIGTERM, as a process manager stops the server, and waits for it to exit. */
export function stopApiProcess(api: ApiProcess): Promise<number | NodeJS.Signals | null> {
  const done = exited(api);
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGTERM');
  return done;
}
