import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Database } from './client.js';

/**
 * Only one process may open an embedded database's files, so `npm run backup` cannot read them while
 * the server runs. The server answers it on a Unix socket in DATA_DIR instead: `GET /snapshot` is
 * the database's tar (Database.snapshot). Whoever can reach the socket can read DATA_DIR anyway
 * (mode 0600, beside the database files), so it needs no other credential.
 */
export const SNAPSHOT_PATH = '/snapshot';

// A Unix socket's path is at most 103 bytes on macOS (107 on Linux).
const SOCKET_PATH_MAX_BYTES = 103;

/** The data directory's socket, or undefined when DATA_DIR's path is too long for one. */
export function backupSocketPath(dataDir: string): string | undefined {
  const socketPath = path.join(dataDir, 'backup.sock');
  return Buffer.byteLength(socketPath) <= SOCKET_PATH_MAX_BYTES ? socketPath : undefined;
}

/** Listens on `socketPath` until the returned function closes it. */
export async function serveSnapshots(
  database: Database,
  socketPath: string,
  log: { error(details: object, message: string): void },
): Promise<() => Promise<void>> {
  const snapshot = database.snapshot;
  if (!snapshot) throw new Error('only the embedded database is backed up through the server');
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== SNAPSHOT_PATH) {
      response.writeHead(404).end();
      return;
    }
    snapshot()
      .then(async (tar) => {
        response.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': tar.size });
        response.end(Buffer.from(await tar.arrayBuffer()));
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup: the database snapshot failed');
        response.writeHead(500).end();
      });
  });
  // A socket file left by a process that was killed would make listen fail with EADDRINUSE.
  await rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
