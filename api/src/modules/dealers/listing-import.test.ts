import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_IMPORT_MAX_BYTES } from '@carmarket/shared/constants';
import { eq } from 'drizzle-orm';
import { listings } from '../../db/schema.js';
import {
  LISTING_IMPORT_COLUMNS,
  LISTING_IMPORT_EXAMPLE,
  listingImportCsv as listingCsv,
  type ListingImportValues,
} from '@carmarket/shared/schemas';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

const csvRow = (overrides: ListingImportValues = {}) => ({ ...LISTING_IMPORT_EXAMPLE, ...overrides });

let t: TestApp;
let dealer: SignedIn;
let privateSeller: SignedIn;

/** POST the CSV as a browser's file input sends it. */
async function importCsv(csv: string, token: string = dealer.accessToken, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([csv], { type: 'text/csv' }), 'inventory.csv');
  const response = await fetch(`${t.baseUrl}/api/dealers/me/listings/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as JsonBody };
}

const countListings = async () =>
  (
    await t.app.database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.sellerId, dealer.user._id))
  ).length;

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  dealer = await signUp(t, 'importer@example.com');
  privateSeller = await signUp(t, 'not-a-dealer@example.com');
  const res = await t.request('PUT', '/api/dealers/me', {
    json: {
      businessName: 'Import Motors',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      phone: '512-555-0101',
    },
    token: dealer.accessToken,
  });
  if (res.status !== 200) throw new Error(`dealer: ${res.status} ${res.text}`);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/dealers/me/listings/import', () => {
  it('creates every row of a valid file as a draft listing of the dealer, with a report', async () => {
    const before = await countListings();
    const res = await importCsv(
      listingCsv([
        csvRow(),
        csvRow({ year: 1972, make: 'VOLKSWAGEN', model: 'beetle', trim: '', price: 4500 }),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 2,
      created: 2,
      invalid: 0,
      rows: [
        {
          line: 2,
          status: 'created',
          listingId: expect.any(String),
          title: '2011 Toyota Corolla LE, dealer serviced',
        },
        {
          line: 3,
          status: 'created',
          listingId: expect.any(String),
          title: '2011 Toyota Corolla LE, dealer serviced',
        },
      ],
    });
    expect(await countListings()).toBe(before + 2);

    const [first, second] = res.body.data.rows.map((row: JsonBody) => row.listingId);
    const own = (await t.request('GET', `/api/listings/${first}`, { token: dealer.accessToken })).body.data;
    expect(own).toMatchObject({
      dealerBadge: true,
      price: { amount: 6900, negotiable: true },
      acceptsTradeIn: true,
      hasWarranty: false,
      vehicle: {
        year: 2011,
        make: 'Toyota',
        model: 'Corolla',
        trim: 'LE',
        mpg: { city: 26, highway: 34, combined: 29 },
        // One column per feature group of the wizard, in the shared list's spelling and order.
        features: {
          safety: ['ABS', 'Backup Camera'],
          interior: [],
          technology: ['Bluetooth', 'Keyless Entry'],
          exterior: ['Alloy Wheels'],
          other: ['Service Records'],
        },
      },
      contactPreferences: { phone: '512-555-0188', preferredMethod: 'both' },
    });
    const beetle = (await t.request('GET', `/api/listings/${second}`, { token: dealer.accessToken })).body
      .data;
    expect(beetle.vehicle).toMatchObject({ year: 1972, make: 'Volkswagen', model: 'Beetle', trim: null });
    // Without 4 photos they are drafts: nobody else sees them yet.
    expect((await t.request('GET', `/api/listings/${first}`)).status).toBe(404);
  });

  it('reports each invalid row with the wizard messages and creates nothing for it', async () => {
    const before = await countListings();
    const res = await importCsv(
      listingCsv([
        csvRow({ year: 1899, make: '', price: 50 }),
        csvRow({ bodyType: 'spaceship', zipCode: '787', negotiable: 'maybe' }),
        csvRow({ combinedMpg: 40, safetyFeatures: 'ABS; Ejector Seat' }),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 3,
      created: 0,
      invalid: 3,
      rows: [
        {
          line: 2,
          status: 'invalid',
          errors: {
            year: 'Year must be 1900 or later',
            make: 'Make is required',
            price: 'Price must be at least $100',
          },
        },
        {
          line: 3,
          status: 'invalid',
          errors: {
            bodyType: 'Body type is required',
            zipCode: 'ZIP code must be 5 digits',
            negotiable: 'negotiable must be yes or no',
          },
        },
        {
          line: 4,
          status: 'invalid',
          errors: {
            safetyFeatures: 'Unknown safety feature',
            combinedMpg: 'Combined MPG must be between city and highway MPG',
          },
        },
      ],
    });
    expect(await countListings()).toBe(before);
  });

  it('creates the valid rows of a mixed file and reports the others by line', async () => {
    const before = await countListings();
    const res = await importCsv(
      listingCsv([
        csvRow(),
        csvRow({ title: 'Too short' }),
        csvRow({
          description:
            'Quoted, "with" commas,\nand a line break, long enough to pass the fifty character rule.',
        }),
      ]),
    );
    expect(res.body.data).toMatchObject({
      total: 3,
      created: 2,
      invalid: 1,
      rows: [
        { line: 2, status: 'created' },
        { line: 3, status: 'invalid', errors: { title: 'Title must be at least 10 characters' } },
        // The quoted description spans two lines of the file.
        { line: 5, status: 'created' },
      ],
    });
    expect(await countListings()).toBe(before + 2);
  });

  it.each([
    [
      'a missing required column',
      listingCsv([csvRow()], ['year', 'make']),
      /^Missing column: model, mileage/,
    ],
    ['an unknown column', listingCsv([csvRow()], ['colour', 'year']), /^Unknown column: colour$/],
    [
      'a photo column',
      listingCsv([csvRow()], [...LISTING_IMPORT_COLUMNS, 'photoUrls']),
      /^Photo columns are not imported: add the photos to each imported draft in its editor$/,
    ],
    ['an unclosed quote', `${listingCsv([csvRow()])}2011,"Toyota`, /^The file is not valid CSV/],
    [
      'more than 1000 rows',
      listingCsv(Array.from({ length: 1001 }, () => csvRow())),
      /^A file can have at most 1000 rows$/,
    ],
  ])('answers 400 for %s and creates nothing', async (_, csv, message) => {
    const before = await countListings();
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INVALID_CSV',
      error: expect.stringMatching(message),
    });
    expect(await countListings()).toBe(before);
  });

  it('answers 413 for a file over the size limit and creates nothing', async () => {
    const before = await countListings();
    // One row with a description longer than the file may be: the limit stops the stream mid-row.
    const csv = listingCsv([csvRow({ description: 'x'.repeat(LISTING_IMPORT_MAX_BYTES) })]);
    const res = await importCsv(csv);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      success: false,
      error: 'The CSV file must be at most 2 MB',
      code: 'CSV_TOO_LARGE',
    });
    expect(await countListings()).toBe(before);
  });

  it('is for dealers only, signed in, with the file in the field file', async () => {
    const csv = listingCsv([csvRow()]);
    expect((await importCsv(csv, privateSeller.accessToken)).body).toMatchObject({ code: 'NOT_A_DEALER' });
    expect((await importCsv(csv, 'not-a-token')).status).toBe(401);
    expect((await importCsv(csv, dealer.accessToken, 'csv')).body).toMatchObject({
      code: 'UNEXPECTED_FIELD',
    });
  });
});
