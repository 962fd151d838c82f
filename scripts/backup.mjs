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
  const { files, bytes, bucket, missing = [], elsewhere = [] } = manifest.photos;
  const photos = `${files} photo files (${bytes} bytes${bucket ? ` from the S3 bucket ${bucket}` : ''})`;
  if (missing.length > 0)
    console.warn(`${missing.length} photos the database names were not in the bucket (deleted since?)`);
  if (elsewhere.length > 0)
    console.warn(`${elsewhere.length} photo links are not under S3_PUBLIC_URL and were not copied`);
  console.log(
    `Backed up the ${kind} database (migration ${migrations.latest ?? 'none'}) and ${photos} to ${dir}`,
  );
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
