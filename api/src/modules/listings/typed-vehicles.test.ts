import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingViaApi } from '../../test/listing-payload.js';
import { seedImages } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// Cars older than the catalogue (1992 on) or missing from it: the seller types make and model.

let t: TestApp;
let seller: SignedIn;

/** Creates the listing through the API and gives it its 4 photos, so buyers can find it. */
async function list(vehicle: JsonBody, title: string) {
  const created = await createListingViaApi(t, seller.accessToken, {
    title,
    vehicle: { vin: null, trim: null, ...vehicle },
  });
  const id: string = created._id;
  await seedImages(t.app.database.db, id, `typed-${id}`, 4);
  await t.request('PATCH', `/api/listings/${id}/status`, {
    json: { status: 'active' },
    token: seller.accessToken,
  });
  return created;
}

const search = async (query: string) => (await t.request('GET', `/api/search?${query}`)).body;
const idsOf = (body: JsonBody) => body.data.map((listing: JsonBody) => listing._id).sort();

let mustang: JsonBody;
let champion: JsonBody;
let championAgain: JsonBody;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'classic-cars@example.com');
  mustang = await list(
    { year: 1965, make: 'FORD', model: 'mustang', trim: 'fastback' },
    '1965 Ford Mustang fastback',
  );
  champion = await list(
    { year: 1950, make: 'STUDEBAKER', model: 'champion' },
    '1950 Studebaker Champion coupe',
  );
  championAgain = await list(
    { year: 1951, make: 'studebaker', model: 'CHAMPION' },
    '1951 Studebaker Champion, rust-free',
  );
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('a listing with a typed make and model', () => {
  it('is created for a 1965 car, with the names in the catalogue spelling where it has them', () => {
    expect(mustang.vehicle).toMatchObject({ year: 1965, make: 'Ford', model: 'Mustang', trim: 'Fastback' });
  });

  it('keeps one spelling for a make the catalogue lacks, whatever case the next seller types', () => {
    expect(champion.vehicle).toMatchObject({ make: 'Studebaker', model: 'Champion' });
    expect(championAgain.vehicle).toMatchObject({ make: 'Studebaker', model: 'Champion' });
  });

  it('is found by make and model search, in any case', async () => {
    expect(idsOf(await search('make=Ford&model=Mustang'))).toEqual([mustang._id]);
    expect(idsOf(await search('make=studebaker&model=champion'))).toEqual(
      [champion._id, championAgain._id].sort(),
    );
    expect(idsOf(await search('yearMax=1960'))).toEqual([champion._id, championAgain._id].sort());
  });

  it('is found by text search and suggested like a catalogue make', async () => {
    expect(idsOf(await search('q=studebaker'))).toEqual([champion._id, championAgain._id].sort());
    const res = await t.request('GET', '/api/search/suggestions?q=stude');
    expect(res.body.suggestions).toEqual([
      { type: 'make', value: 'Studebaker', label: 'Studebaker' },
      { type: 'model', value: 'Champion', label: 'Studebaker Champion', make: 'Studebaker' },
    ]);
  });

  it('is edited to another typed model, keeping the spelling rules', async () => {
    const res = await t.request('PUT', `/api/listings/${mustang._id}/vehicle`, {
      json: {
        make: 'ford',
        model: 'MODEL A',
        year: 1931,
        mileage: 64000,
        bodyType: 'coupe',
        fuelType: 'gasoline',
        transmission: 'manual',
        drivetrain: 'rwd',
        color: { exterior: 'Black', interior: 'Brown' },
        doors: 2,
        condition: 'good',
        titleStatus: 'clean',
      },
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.vehicle).toMatchObject({ year: 1931, make: 'Ford', model: 'Model A' });
  });
});
