import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { createStorage } from '../storage/storage.js';
import { seedDemoData, START_UP_LISTINGS } from './seed.js';

// `npm run seed -- --listings N [--seed S]`: adds N demo listings to the database and photo
// storage the server is configured with (the same environment as `npm start`). With the embedded
// database, stop the server first: only one process can open its data directory.

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      listings: { type: 'string', default: String(START_UP_LISTINGS) },
      seed: { type: 'string' },
    },
  });
  const listings = Number(values.listings);
  if (!Number.isInteger(listings) || listings < 1)
    throw new ConfigError('--listings must be a whole number, 1 or more');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new ConfigError('--seed must be a whole number');

  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const storage = createStorage(config);
    console.log(`seed: ${listings} listings into ${database.driver}, photos on ${storage.description}`);
    const report = await seedDemoData(database.db, storage, { listings, seed, log: console.log });
    console.log(
      `seed: done — ${report.listings} listings, ${report.images} photos, ${report.sellers} sellers, ` +
        `${report.renderedPhotos} demo photos rendered, in ${report.seconds.toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
