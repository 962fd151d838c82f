#!/usr/bin/env node
// npm run bench:import — a dealer's CSV import of 1,000 rows (target: under 30 s on the project's
// 2-core machine).
//
// Builds the API in-process from api/dist over a throwaway PGlite on disk, makes one dealer (a user
// row and a signed access token, no mail round trip), then uploads the same kind of file a dealer
// would, several rounds: catalogue makes and makes typed outside the catalogue, in mixed case.
// Options: --rows N (default 1000), --rounds R (default 3).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LISTING_IMPORT_EXAMPLE, listingImportCsv } from '@carmarket/shared/schemas';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: { rows: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' } },
});
const ROWS = Number(options.rows);
const ROUNDS = Number(options.rounds);
const apiModule = (file) => import(pathToFileURL(path.join(root, 'api/dist', file)).href);

const { loadConfig } = await apiModule('config/env.js');
const { buildApp } = await apiModule('app.js');
const { createAccessTokens } = await apiModule('modules/auth/tokens.js');
const { users } = await apiModule('db/schema.js');

const VEHICLES = [
  { year: 2012, make: 'Honda', model: 'Civic' },
  { year: 2009, make: 'FORD', model: 'f-150' },
  { year: 1968, make: 'chevrolet', model: 'Camaro' },
  { year: 1978, make: 'AMC', model: 'Pacer' },
  { year: 1955, make: 'STUDEBAKER', model: 'champion' },
];

function inventory(round) {
  const rows = [];
  for (let index = 0; index < ROWS; index += 1) {
    const vehicle = VEHICLES[index % VEHICLES.length];
    rows.push({
      ...LISTING_IMPORT_EXAMPLE,
      ...vehicle,
      trim: '',
      mileage: 40_000 + index * 37,
      price: 2_000 + ((index * 53) % 8_000),
      title: `${vehicle.year} ${vehicle.make} ${vehicle.model}, stock ${round}-${index}`,
    });
  }
  return listingImportCsv(rows);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-bench-import-'));
const jwtSecret = 'bench-import-secret-that-is-long-enough-for-hs256';
const config = loadConfig(
  {
    NODE_ENV: 'test',
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    STATIC_ROOT: path.join(dataDir, 'no-site'),
    GEOCODER_URL: '',
    SEED_ON_START: 'false',
  },
  dataDir,
);
const app = await buildApp(config);
try {
  await app.database.migrate();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${app.server.address().port}`;
  const [user] = await app.database.db
    .insert(users)
    .values({ email: 'bench-dealer@example.com', verifiedAt: new Date() })
    .returning();
  const headers = { authorization: `Bearer ${await createAccessTokens(jwtSecret).sign(user.id)}` };
  const dealer = await fetch(`${baseUrl}/api/dealers/me`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      businessName: 'Bench Motors',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      phone: '512-555-0100',
    }),
  });
  if (!dealer.ok) throw new Error(`becoming a dealer failed: ${dealer.status} ${await dealer.text()}`);

  const seconds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const csv = inventory(round);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'inventory.csv');
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/dealers/me/listings/import`, {
      method: 'POST',
      headers,
      body: form,
    });
    const body = await response.json();
    const elapsed = (performance.now() - started) / 1000;
    if (!response.ok || body.data.created !== ROWS) {
      throw new Error(`round ${round}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
    }
    seconds.push(elapsed);
    console.log(
      `round ${round}: ${ROWS} rows (${(csv.length / 1024).toFixed(0)} KB) imported in ${elapsed.toFixed(2)} s`,
    );
  }
  const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)];
  console.log(
    `median: ${median.toFixed(2)} s for ${ROWS} rows (${((median / ROWS) * 1000).toFixed(1)} ms per row)`,
  );
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
