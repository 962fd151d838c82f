import { PHOTOS_MIN } from '@carmarket/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { createListingPayload } from '../test/listing-payload.js';
import { readyPhotosOf } from '../test/photos.js';
import { openSocket, type TestSocket } from '../test/socket-client.js';
import { signUp, STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';

const METRICS_TOKEN = 'metrics-token-for-the-scraper';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** One sample's value from the Prometheus text, e.g. sample(text, 'up{job="x"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    [t, off] = await Promise.all([startTestApp({ listen: true, env: { METRICS_TOKEN } }), startTestApp()]);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
  });

  const scrape = async () => {
    const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it('is off without METRICS_TOKEN', async () => {
    const res = await off.request('GET', '/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 401 in the envelope without the right token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`]) {
      const res = await t.request('GET', '/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_METRICS_TOKEN' });
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('times requests by route pattern, never by raw URL', async () => {
    for (let i = 0; i < 3; i++) await t.request('GET', `/api/listings/${UNKNOWN_ID}`);
    await t.request('GET', '/api/no-such-route');
    const text = await scrape();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/listings/:id",status_code="404"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(UNKNOWN_ID);
    expect(text).not.toContain('no-such-route');
  });

  it('reports the event-loop delay, sockets connected, the search index and photos processed', async () => {
    const seller = await signUp(t, 'metrics-seller@example.com');
    const created = await t.request('POST', '/api/listings', {
      token: seller.accessToken,
      json: createListingPayload(),
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    // Enough photos for the listing to go live, and so into the search index.
    for (let i = 0; i < PHOTOS_MIN; i++) {
      form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    }
    const uploaded = await fetch(`${t.baseUrl}/api/upload/listing/${created.body.data._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    await readyPhotosOf(t, created.body.data._id, seller.accessToken);
    expect((await t.request('GET', '/api/search')).status).toBe(200);

    let socket: TestSocket | undefined;
    try {
      socket = await openSocket(t.baseUrl, seller.accessToken);
      // A photo is counted just after it is marked ready, which the listing may show first.
      const text = await waitFor(
        scrape,
        (scraped) => (sample(scraped, 'carmarket_photos_processed_total') ?? 0) >= PHOTOS_MIN,
      );
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
      expect(sample(text, 'carmarket_sockets_connected')).toBe(1);
      expect(sample(text, 'carmarket_photos_processed_total')).toBe(PHOTOS_MIN);
      expect(sample(text, 'carmarket_search_index_listings')).toBe(1);
      expect(sample(text, 'carmarket_search_index_lag_seconds')).toBeGreaterThanOrEqual(0);
      if (t.app.database.driver === 'postgres') {
        expect(sample(text, 'carmarket_db_pool_connections')).toBeGreaterThan(0);
      }
    } finally {
      socket?.disconnect();
    }
  });

  it('reports the JS heap still in use after the latest full collection', async () => {
    // A full collection now, from the test (the server exposes no way to ask for one).
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    // The collection's performance entry reaches the observer after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const retained = sample(await scrape(), 'carmarket_heap_used_after_full_gc_bytes');
    expect(retained).toBeGreaterThan(0);
    expect(retained).toBeLessThanOrEqual(getHeapStatistics().total_heap_size);
  });
});
