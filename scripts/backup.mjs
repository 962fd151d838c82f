// `npm run backup [-- --out DIR]`: backs up the database and photos of the site the environment
// describes (as `npm start` reads it) into a new directory under DIR (default ./backups). The
// server may be running. Restore with `npm run restore`; docs/reliability.md, "Backups".
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/dist/config/env.js';
import { backup, BackupError } from './lib/backup.mjs';

try {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  const { dir, manifest } = await backup({ config: loadConfig(), outDir: values.out });
  const { kind, migrations } = manifest.database;
  const photos =
    manifest.photos.kind === 'local'
      ? `${manifest.photos.files} photo files (${manifest.photos.bytes} bytes)`
      : `no photos: they stay in the S3 bucket ${manifest.photos.bucket} (docs/reliability.md, "Backups")`;
  console.log(
    `Backed up the ${kind} database (migration ${migrations.latest ?? 'none'}) and ${photos} to ${dir}`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
