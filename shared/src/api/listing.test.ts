// The one listing query the listing page and the editor share, against a real HTTP server.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryStorage } from '../test-support/memory-storage.js';

// The http client reads the session store, which persists to localStorage.
globalThis.localStorage = new MemoryStorage();

const { httpClient } = await import('./http.js');
const { listingQuery } = await import('./listing.js');
const { createQueryClient } = await import('./query-client.js');
const { queryKeys } = await import('../contracts/query-keys.js');
const { LISTING_STALE_TIME_MS } = await import('../constants/limits.js');

let server: Server;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const found = req.url === '/api/listings/a%2Fb';
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify(
        found
          ? { success: true, data: { _id: 'a/b', title: 'A listing' } }
          : { success: false, error: 'Listing not found', code: 'LISTING_NOT_FOUND' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (await httpClient()).defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

describe('listingQuery', () => {
  it('fetches GET /listings/{id} once into the detail key, fresh for the listing cache time', async () => {
    const queryClient = createQueryClient();
    const query = listingQuery('a/b');
    expect(query.queryKey).toEqual(queryKeys.listings.detail('a/b'));
    expect(query.staleTime).toBe(LISTING_STALE_TIME_MS);

    const listing = await queryClient.fetchQuery(query);
    expect(listing).toEqual({ _id: 'a/b', title: 'A listing' });
    await queryClient.fetchQuery(listingQuery('a/b'));
    expect(paths).toEqual(['/api/listings/a%2Fb']);
    expect(queryClient.getQueryData(queryKeys.listings.detail('a/b'))).toBe(listing);
    queryClient.clear();
  });

  it('fails with the 404 of a missing listing, without a retry', async () => {
    const queryClient = createQueryClient();
    paths.length = 0;
    await expect(queryClient.fetchQuery(listingQuery('gone'))).rejects.toMatchObject({
      response: { status: 404 },
    });
    expect(paths).toEqual(['/api/listings/gone']);
    queryClient.clear();
  });
});
