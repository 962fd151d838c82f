import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListingPayload } from '../../test/listing-payload.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { GEOCODER_USER_AGENT, GeocodingService } from './geocoding.service.js';

// A local stand-in for the street-map search: tests never call the public service.
let geocoder: Server;
let geocoderUrl: string;
let requests: { url: URL; headers: IncomingMessage['headers'] }[];
let respond: (res: ServerResponse) => void;

let t: TestApp;
let seller: SignedIn;

// 00000 is a well-formed ZIP that no place has, so the offline dataset cannot answer it.
const UNKNOWN_ZIP = { city: 'Round Rock', state: 'TX', zip: '00000' };
const FALLBACK = { latitude: 30.2672, longitude: -97.7431, source: 'fallback' };

const geocode = (query: Record<string, string>, token = seller.accessToken) =>
  t.request('GET', `/api/geocode?${new URLSearchParams(query).toString()}`, { token });

beforeAll(async () => {
  geocoder = createServer((req, res) => {
    requests.push({ url: new URL(req.url!, 'http://stand-in'), headers: req.headers });
    respond(res);
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search`;

  t = await startTestApp({ env: { GEOCODER_URL: geocoderUrl } });
  seller = await signUp(t, 'geocoding-seller@example.com');
}, STARTUP_TIMEOUT_MS);

beforeEach(() => {
  requests = [];
  respond = (res) => res.end('[]');
});

afterAll(async () => {
  await t?.close();
  geocoder?.closeAllConnections();
  await new Promise<void>((resolve) => geocoder.close(() => resolve()));
});

const json =
  (body: unknown, status = 200) =>
  (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

describe('GET /api/geocode', () => {
  it('answers a known ZIP from the offline dataset without calling the geocoder', async () => {
    const res = await geocode({ city: 'Austin', state: 'TX', zip: '78701' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { latitude: 30.2713, longitude: -97.7426, source: 'zip' },
    });
    expect(requests).toEqual([]);
  });

  it("asks the geocoder for 'city, state zip, USA', one US result, identifying itself", async () => {
    respond = json([{ lat: '30.5083', lon: '-97.6789', display_name: 'Round Rock, Texas' }]);
    const res = await geocode(UNKNOWN_ZIP);
    expect(res.body.data).toEqual({ latitude: 30.5083, longitude: -97.6789, source: 'geocoder' });

    expect(requests).toHaveLength(1);
    const [{ url, headers }] = requests as [(typeof requests)[number]];
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Round Rock, TX 00000, USA',
      format: 'json',
      limit: '1',
      countrycodes: 'us',
    });
    expect(headers['user-agent']).toBe(GEOCODER_USER_AGENT);
  });

  it.each([
    ['no result', json([])],
    ['a server error', json({ error: 'overloaded' }, 503)],
    ['a malformed answer', (res: ServerResponse) => res.end('<html>not json</html>')],
    ['coordinates off the globe', json([{ lat: '123', lon: '-97' }])],
  ])('falls back to the fixed coordinates on %s', async (_case, handler) => {
    respond = handler;
    const res = await geocode(UNKNOWN_ZIP);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(FALLBACK);
    expect(requests).toHaveLength(1);
  });

  it('falls back when the geocoder does not answer within 3 seconds', async () => {
    respond = () => undefined;
    const started = Date.now();
    const res = await geocode(UNKNOWN_ZIP);
    expect(res.body.data).toEqual(FALLBACK);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(Date.now() - started).toBeLessThan(6000);
  }, 10_000);

  it('falls back when the geocoder cannot be reached', async () => {
    const service = new GeocodingService({ geocoderUrl: 'http://127.0.0.1:1/search', log: t.app.log });
    expect(await service.geocode(UNKNOWN_ZIP)).toEqual(FALLBACK);
  });

  it('falls back straight away when no geocoder is configured', async () => {
    const service = new GeocodingService({ geocoderUrl: undefined, log: t.app.log });
    expect(await service.geocode(UNKNOWN_ZIP)).toEqual(FALLBACK);
    expect(requests).toEqual([]);
  });

  it.each([
    [{ state: 'TX', zip: '78701' }, 'city', 'City is required'],
    [{ city: 'Austin', state: 'Texas', zip: '78701' }, 'state', 'Use 2-letter state code'],
    [{ city: 'Austin', state: 'TX', zip: '787' }, 'zip', 'ZIP code must be 5 digits'],
  ])('rejects %p: %s → %s', async (query, field, message) => {
    const res = await geocode(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { [field]: message } });
  });

  it('requires a signed-in user', async () => {
    const res = await t.request('GET', '/api/geocode?city=Austin&state=TX&zip=78701');
    expect(res.status).toBe(401);
  });
});

// OWASP ASVS 12.6.1: the server calls out only to the hosts its operator configured. Every field a
// member can fill with a URL is filled with one pointing at a listener that records connections.
describe('outbound requests', () => {
  let trap: TcpServer;
  let trapUrl: string;
  let connections = 0;

  beforeAll(async () => {
    trap = createTcpServer((socket) => {
      connections += 1;
      // Answered, so that a server that did call it would not hang on it.
      socket.on('error', () => undefined);
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => trap?.close(resolve));
  });

  it('fetches no URL a member gives (dealer website, listing and profile text, search, a release), and geocodes only at GEOCODER_URL', async () => {
    const member = await signUp(t, 'url-giver@example.com');
    const as = (method: string, path: string, json?: unknown) =>
      t.request(method, path, { json, token: member.accessToken });
    respond = json([{ lat: '30.5083', lon: '-97.6789' }]);

    const dealer = await as('PUT', '/api/dealers/me', {
      businessName: 'Link Motors',
      street: `1 Main St ${trapUrl}/street`,
      city: UNKNOWN_ZIP.city,
      state: UNKNOWN_ZIP.state,
      zipCode: UNKNOWN_ZIP.zip,
      phone: '512-555-0101',
      website: `${trapUrl}/dealer-site`,
    });
    expect(dealer.status).toBe(200);
    expect(dealer.body.data.website).toBe(`${trapUrl}/dealer-site`);
    expect(dealer.body.data.location).toEqual({ latitude: 30.5083, longitude: -97.6789 });

    const listing = await as(
      'POST',
      '/api/listings',
      createListingPayload({
        title: `2012 Honda Civic, see ${trapUrl}/title`,
        description: `Photos and history at ${trapUrl}/description and <img src="${trapUrl}/img">.`,
      }),
    );
    expect(listing.status).toBe(201);
    const withPhotoUrl = await as(
      'POST',
      '/api/listings',
      createListingPayload({ vehicle: { images: [{ url: `${trapUrl}/photo.jpg` }] } }),
    );
    expect(withPhotoUrl.status).toBe(400);
    expect(
      (await as('PUT', '/api/auth/profile', { name: `Jane ${trapUrl}/name`, city: 'Austin' })).status,
    ).toBe(200);
    expect((await geocode({ city: `${trapUrl}/city`, state: 'TX', zip: '00000' })).status).toBe(200);
    expect((await as('GET', `/api/search?q=${encodeURIComponent(`${trapUrl}/search`)}`)).status).toBe(200);
    // Only an administrator registers a release's URL, which the server then reads.
    expect(
      (await as('POST', '/api/admin/remotes/search/publish', { url: `${trapUrl}/search/` })).status,
    ).toBe(403);
    // And the pages that show those fields (the listing is a draft without photos: its owner's view).
    expect((await as('GET', `/api/listings/${listing.body.data._id}`)).status).toBe(200);
    expect((await t.request('GET', `/api/dealers/${member.user._id}`)).status).toBe(200);

    // Anything done in the background has had its chance.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(connections).toBe(0);
    // The geocoder got the two searches, as queries to its configured address.
    const geocoderHost = new URL(geocoderUrl).host;
    expect(requests.map(({ url, headers }) => [headers.host, url.pathname])).toEqual([
      [geocoderHost, '/search'],
      [geocoderHost, '/search'],
    ]);
    expect(requests[1]!.url.searchParams.get('q')).toBe(`${trapUrl}/city, TX 00000, USA`);
  });
});
