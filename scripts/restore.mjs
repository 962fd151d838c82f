// `npm run restore -- <backup directory> [--force]`: restores a backup made by `npm run backup` into
// the site the environment describes. Refuses a database or photo directory that is not empty
// unless --force (which replaces them), and an embedded database whose server is running.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/dist/config/env.js';
import { BackupError, restore } from './lib/backup.mjs';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1)
    throw new BackupError('Usage: npm run restore -- <backup directory> [--force]');
  const manifest = await restore({ config: loadConfig(), from: positionals[0], force: values.force });
  console.log(
    `Restored the ${manifest.database.kind} database of ${manifest.createdAt} (migration ${manifest.database.migrations.latest ?? 'none'})${
      manifest.photos.dir ? ` and ${manifest.photos.files} photo files` : ''
    }; the server applies newer migrations when it starts`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
