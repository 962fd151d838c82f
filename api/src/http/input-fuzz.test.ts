// Property-based fuzzing of every documented route: bodies, queries and path parameters generated
// from the routes' own schemas (the OpenAPI document states them), mixed with hostile values. No
// input may answer 5xx, every error must be the envelope, and a refused request changes no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { NOT_TEXT_MESSAGE } from '@carmarket/shared/schemas';
import { seedListing } from '../test/seed.js';
import { createListingPayload, listingDetailsPayload, vehiclePayload } from '../test/listing-payload.js';
import { arbitraryFor, hostileStrings, mutationOf, type JsonSchema } from '../test/schema-arbitrary.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
  type TestResponse,
} from '../test/test-app.js';

/** At least this many requests per run, shared out evenly over the routes. */
const TOTAL_REQUESTS = 10_000;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let knownIds: string[];

/**
 * Valid bodies of the routes with the most rules: half of their requests are one of these with one
 * part made hostile, so generated requests reach the services, not only the validator.
 */
const validBodies: Record<string, () => unknown> = {
  'POST /api/listings': () => createListingPayload(),
  'PUT /api/listings/{id}': () => listingDetailsPayload(),
  'PUT /api/listings/{id}/vehicle': () => vehiclePayload(),
  'POST /api/messages/': () => ({
    recipientId: owner.user._id,
    listingId: knownIds[0],
    content: 'Is it still available?',
    clientMessageId: 'fuzz-1',
  }),
  'POST /api/search/saved': () => ({
    name: 'Cheap Hondas',
    params: { make: 'Honda', maxPrice: 8000, q: 'civic' },
  }),
  'PUT /api/auth/profile': () => ({ name: 'Pat Buyer', phone: '512-555-0100', city: 'Austin', state: 'TX' }),
  'PUT /api/dealers/me': () => ({
    businessName: 'Fuzz Motors',
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    phone: '512-555-0100',
    website: 'https://fuzz.example.com',
  }),
  'POST /api/reports/listings/{id}': () => ({ reason: 'scam', details: 'Asked for a deposit by gift card' }),
};

/** Requests that cannot change rows skip the before/after count. */
const READS = new Set(['GET']);

/** Every insert, update and delete on any table bumps one counter (read before and after a request). */
async function countWrites() {
  const db = t.app.database.db;
  await db.execute(sql`create table fuzz_writes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_writes values (0)`);
  await db.execute(
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as
      $$ begin update fuzz_writes set n = n + 1; return null; end $$`),
  );
  const tables = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes'`,
  )) as unknown as { rows: { tablename: string }[] };
  for (const { tablename } of tables.rows) {
    await db.execute(
      sql.raw(
        `create trigger fuzz_count_write after insert or update or delete on "${tablename}" for each row execute function fuzz_count_write()`,
      ),
    );
  }
}

/**
 * The write count as last read, while nothing can have written since: kept from a refused request's
 * after-count for the next request's before-count, dropped by any answer below 400 (it may have
 * written) and by any read (it may have noted a view, stored on a timer).
 */
let writesKnown: number | undefined;

/** The write count before a request that may write: views noted by earlier reads stored first. */
async function writesBefore(): Promise<number> {
  if (writesKnown === undefined) {
    // Views noted by earlier reads are stored on a timer: stored now, they cannot land inside the request.
    await t.app.listingViews.flush();
    writesKnown = await writesSoFar();
  }
  return writesKnown;
}

async function writesSoFar(): Promise<number> {
  const result = (await t.app.database.db.execute(sql`select n from fuzz_writes`)) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(result.rows[0]!.n);
}

function operations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** Percent-encodes any value; a lone surrogate (which encodeURIComponent refuses) as invalid UTF-8. */
function encodeComponent(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return Array.from(text, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function requestFor(operation: Operation) {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  return fc.record({
    path: fc.record(
      Object.fromEntries(
        pathParameters.map((parameter) => [
          parameter.name,
          parameter.name === 'remote'
            ? arbitraryFor(parameter.schema, parameter.name)
            : fc.oneof(fc.constantFrom(...knownIds), fc.uuid(), arbitraryFor(parameter.schema)),
        ]),
      ),
    ),
    query: fc.record(
      Object.fromEntries(
        queryParameters.map((parameter) => [parameter.name, arbitraryFor(parameter.schema, parameter.name)]),
      ),
      { requiredKeys: [] },
    ),
    body: operation.body
      ? fc.oneof(
          arbitraryFor(operation.body),
          ...(validBodies[`${operation.method} ${operation.path}`]
            ? [mutationOf(validBodies[`${operation.method} ${operation.path}`]!())]
            : []),
        )
      : fc.constant(undefined),
    who: fc.constantFrom('owner', 'stranger', 'guest'),
  });
}

/**
 * The uploads read multipart bodies, which their OpenAPI entries do not describe (only their path
 * parameters, fuzzed with every route): the form field each reads its files from.
 */
const multipartUploads = [
  { path: '/api/upload/listing/{id}', field: 'images' },
  { path: '/api/dealers/me/listings/import', field: 'file' },
];

/** A multipart body aimed at `field`, with hostile names, types and bytes, a wrong or cut boundary. */
function multipartRequestFor(field: string, listingIds: string[]) {
  const text = fc.oneof(fc.constantFrom(...hostileStrings), fc.string());
  return fc.record({
    // Mostly the owner on one of their listings, so most bodies get past sign-in and ownership.
    id: fc.oneof({ arbitrary: fc.constantFrom(...listingIds), weight: 4 }, fc.uuid(), fc.string()),
    boundary: fc.stringMatching(/^[A-Za-z0-9]{1,40}$/),
    declaresAnotherBoundary: fc.boolean(),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constant(field), text),
        filename: fc.option(fc.oneof(fc.constantFrom('car.jpg', 'cars.csv'), text)),
        type: fc.oneof(
          fc.constantFrom('image/jpeg', 'image/png', 'text/csv', 'application/octet-stream'),
          text,
        ),
        content: fc.oneof(
          fc.uint8Array({ maxLength: 2048 }),
          fc
            .constantFrom('make,model,year\nHonda,Civic,2012\n', 'make\n\u0000\n')
            .map((csv) => Buffer.from(csv)),
        ),
      }),
      { maxLength: 3 },
    ),
    cutAt: fc.option(fc.nat()),
    who: fc.constantFrom('owner', 'owner', 'owner', 'stranger', 'guest'),
  });
}

function multipartBody({
  boundary,
  parts,
  cutAt,
}: {
  boundary: string;
  parts: { name: string; filename: string | null; type: string; content: Uint8Array }[];
  cutAt: number | null;
}): Buffer {
  const body = Buffer.concat([
    ...parts.flatMap(({ name, filename, type, content }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
          `${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return cutAt === null ? body : body.subarray(0, cutAt % (body.length + 1));
}

function describeRequest(method: string, url: string, body: unknown, response: TestResponse) {
  const sent =
    body === undefined
      ? ''
      : ` ${(Buffer.isBuffer(body) ? JSON.stringify(body.toString('latin1')) : JSON.stringify(body)).slice(0, 500)}`;
  return `${method} ${url}${sent} → ${response.status} ${response.text.slice(0, 300)}`;
}

/** Why an answer breaks the rules (a 5xx, an error outside the envelope, rows changed by a refusal), or undefined. */
async function problemWith(response: TestResponse, countBefore: number | undefined) {
  if (response.status >= 500) return 'a 5xx answer';
  if (response.status < 400) return undefined;
  const inEnvelope =
    response.body?.success === false &&
    typeof response.body.error === 'string' &&
    typeof response.body.code === 'string';
  if (!inEnvelope) return 'an error outside the envelope';
  if (countBefore !== undefined) {
    writesKnown = await writesSoFar();
    if (writesKnown !== countBefore) return 'a refused request that changed rows';
  }
  return undefined;
}

const tokenOf = (who: 'owner' | 'stranger' | 'guest') =>
  ({ owner: owner.accessToken, stranger: stranger.accessToken, guest: undefined })[who];

beforeAll(async () => {
  // Rate limits would answer most of the run with 429 before anything is read.
  const unlimited = String(1_000_000_000);
  t = await startTestApp({
    env: {
      RATE_LIMIT_MAX: unlimited,
      AUTH_RATE_LIMIT_IP_MAX: unlimited,
      AUTH_RATE_LIMIT_EMAIL_MAX: unlimited,
      // The alerts job writes notifications on its own clock, which would count as a refused request's write.
      SAVED_SEARCH_ALERT_INTERVAL_MS: '0',
    },
  });
  owner = await signUp(t, 'fuzz-owner@example.com');
  stranger = await signUp(t, 'fuzz-stranger@example.com');
  // Several listings: the fuzzer's owner may delete or sell some of them along the way.
  const listings = await Promise.all(
    Array.from({ length: 4 }, () => seedListing(t.app.database.db, owner.user._id)),
  );
  knownIds = [...listings.map((listing) => listing.id), owner.user._id, stranger.user._id];
  await countWrites();
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('every route, fuzzed from its schema', () => {
  it(
    `answers ${TOTAL_REQUESTS}+ generated requests without a 5xx, in the envelope, changing nothing when refusing`,
    async () => {
      const document = t.app.swagger() as unknown as OpenApiDocument;
      const routes = operations(document);
      expect(routes.length).toBeGreaterThan(40);
      const runsPerRoute = Math.ceil(TOTAL_REQUESTS / routes.length);
      let sent = 0;
      writesKnown = undefined;
      // The first problem of each route, so one run shows every route that fails.
      const problems: string[] = [];

      for (const operation of routes) {
        const failure = await fc.check(
          fc.asyncProperty(requestFor(operation), async ({ path, query, body, who }) => {
            const url =
              operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeComponent(path[name])) +
              (Object.keys(query).length > 0
                ? `?${Object.entries(query)
                    .map(([name, value]) => `${name}=${encodeComponent(value)}`)
                    .join('&')}`
                : '');
            const reads = READS.has(operation.method);
            const before = reads ? undefined : await writesBefore();
            const response = await t.request(operation.method, url, {
              ...(body === undefined ? {} : { json: body }),
              token: tokenOf(who),
            });
            sent += 1;
            if (reads || response.status < 400) writesKnown = undefined;
            const problem = await problemWith(response, before);
            if (problem) {
              writesKnown = undefined;
              throw new Error(`${problem}: ${describeRequest(operation.method, url, body, response)}`);
            }
          }),
          { numRuns: runsPerRoute, endOnFailure: true },
        );
        if (failure.failed) problems.push(String((failure.errorInstance as Error).message));
      }
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    },
    15 * 60_000,
  );
});

describe('every upload, fuzzed with hostile multipart bodies', () => {
  // Listings of the owner's own: the JSON fuzz above may have deleted or sold the first ones.
  let listingIds: string[];

  beforeAll(async () => {
    const listings = await Promise.all(
      Array.from({ length: 2 }, () => seedListing(t.app.database.db, owner.user._id)),
    );
    listingIds = listings.map((listing) => listing.id);
    // A dealer, so the CSV import reads the body instead of refusing the caller.
    const dealer = await t.request('PUT', '/api/dealers/me', {
      json: validBodies['PUT /api/dealers/me']!(),
      token: owner.accessToken,
    });
    expect(dealer.status).toBeLessThan(300);
  });

  it.each(multipartUploads)(
    '$path answers without a 5xx, in the envelope, changing nothing when refusing',
    async ({ path, field }) => {
      let bodiesRead = 0;
      const routes = operations(t.app.swagger() as unknown as OpenApiDocument);
      expect(routes.some((operation) => operation.method === 'POST' && operation.path === path)).toBe(true);
      await fc.assert(
        fc.asyncProperty(multipartRequestFor(field, listingIds), async (request) => {
          const url = path.replace('{id}', encodeComponent(request.id));
          const body = multipartBody(request);
          const boundary = request.declaresAnotherBoundary ? `${request.boundary}x` : request.boundary;
          await t.app.listingViews.flush();
          const before = await writesSoFar();
          const response = await t.request('POST', url, {
            body,
            token: tokenOf(request.who),
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          });
          const problem = await problemWith(response, before);
          if (problem) throw new Error(`${problem}: ${describeRequest('POST', url, body, response)}`);
          if (![401, 403, 404].includes(response.status)) bodiesRead += 1;
        }),
        { numRuns: 500 },
      );
      // A good share got past sign-in and ownership to the multipart reader.
      expect(bodiesRead).toBeGreaterThan(100);
    },
    5 * 60_000,
  );
});

describe('inputs that never reach a schema', () => {
  it.each(hostileStrings.filter((text) => text.length > 0 && text.length < 100))(
    'search text %j answers without a 5xx',
    async (text) => {
      const response = await t.request('GET', `/api/search?q=${encodeComponent(text)}`);
      expect(response.status).toBeLessThan(500);
    },
  );
});

describe('the text fields where NUL once reached the database', () => {
  // Each was probed from outside and answered 500 from a failed query (issue 14); now each, and every
  // other text, is refused at the schema with the field named, before anything is stored.
  const notText: [what: string, text: string][] = [
    ['NUL', 'abc\u0000def'],
    ['a lone surrogate', 'abc\ud800def'],
    ['a C1 control', 'abc\u009bdef'],
    ['a right-to-left override', 'Ford\u202eevil'],
  ];
  let listingId: string;

  beforeAll(async () => {
    listingId = (await seedListing(t.app.database.db, owner.user._id)).id;
  });

  /** Field → the request that sends `text` in it: method, URL, body, and the field's name in `details`. */
  const requests: Record<string, (text: string) => [string, string, unknown, string]> = {
    'saved-search name': (text) => ['POST', '/api/search/saved', { name: text, params: {} }, 'name'],
    'saved-search params.q': (text) => [
      'POST',
      '/api/search/saved',
      { name: 'Q', params: { q: text } },
      'params.q',
    ],
    'saved-search params.make': (text) => [
      'POST',
      '/api/search/saved',
      { name: 'Make', params: { make: text } },
      'params.make',
    ],
    'profile name': (text) => ['PUT', '/api/auth/profile', { name: text }, 'name'],
    'profile city': (text) => ['PUT', '/api/auth/profile', { name: 'Pat', city: text }, 'city'],
    'listing title': (text) => ['POST', '/api/listings', createListingPayload({ title: text }), 'title'],
    'listing description': (text) => [
      'POST',
      '/api/listings',
      createListingPayload({ description: text }),
      'description',
    ],
    'message clientMessageId': (text) => [
      'POST',
      '/api/messages/',
      { recipientId: owner.user._id, listingId, content: 'Still for sale?', clientMessageId: text },
      'clientMessageId',
    ],
  };

  it.each(
    Object.keys(requests).flatMap((field) =>
      notText.map(([what, text]): [string, string, string] => [field, what, text]),
    ),
  )('%s with %s: 400 naming the field, nothing stored', async (field, _what, text) => {
    const [method, url, json, detail] = requests[field]!(text);
    await t.app.listingViews.flush();
    const before = await writesSoFar();
    const response = await t.request(method, url, { json, token: stranger.accessToken });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: { [detail]: NOT_TEXT_MESSAGE },
    });
    expect(await writesSoFar()).toBe(before);
  });

  // A lone surrogate cannot travel in a URL (percent-encoded UTF-8 has no form for it; the broken
  // bytes that stand for one decode to U+FFFD, which is text): the others can.
  it.each(notText.filter(([what]) => what !== 'a lone surrogate'))(
    'search text with %s: 400 naming q',
    async (_, text) => {
      const response = await t.request('GET', `/api/search?q=${encodeURIComponent(text)}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { q: NOT_TEXT_MESSAGE } });
    },
  );
});
