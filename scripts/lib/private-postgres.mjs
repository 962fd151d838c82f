// A PostgreSQL server of the caller's own, from the Debian server packages (initdb and pg_ctl under
// /usr/lib/postgresql/<version>/bin), in a temporary directory on a free port: `npm run chaos`
// restarts it, which a machine's shared server must never be.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './listening-port.mjs';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin directory, or undefined when there is none. */
export function postgresBinDir() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((version) =>
      ['initdb', 'pg_ctl'].every((tool) => existsSync(path.join(DEBIAN_ROOT, version, 'bin', tool))),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(DEBIAN_ROOT, versions[0], 'bin') : undefined;
}

/** PostgreSQL refuses to run as root: then its tools run as the `postgres` account. */
function serverAccount() {
  if (process.getuid?.() !== 0) return {};
  const entry = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).stdout.split(':');
  if (entry.length < 4)
    throw new Error('running as root and there is no postgres account to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/**
 * initdb and start a server in a new temporary directory; answers its `url` (database `postgres`,
 * user `postgres`, no password), `restart({ downMs })` (a fast shutdown, `downMs` down, started
 * again: every connection dropped and new ones refused meanwhile) and `stop()` (which removes it).
 */
export async function startPrivatePostgres(binDir) {
  const account = serverAccount();
  const dir = await mkdtemp(path.join(tmpdir(), 'carmarket-postgres-'));
  if (account.uid !== undefined) await chown(dir, account.uid, account.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const tool = (name, args) => run(path.join(binDir, name), args, { ...account, cwd: dir });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    tool('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
  const stopNow = (mode) => tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  try {
    await tool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart({ downMs }) {
      await stopNow('fast');
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async stop() {
      await stopNow('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
