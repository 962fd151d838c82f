import { describe, expect, it } from '@jest/globals';
import { AxiosError, AxiosHeaders } from 'axios';
import { catalogueQueryOptions, createQueryClient, searchQueryOptions, shouldRetry } from './query-client.js';

const httpError = (status: number) =>
  new AxiosError('failed', 'ERR_BAD_RESPONSE', undefined, undefined, {
    status,
    statusText: '',
    data: {},
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

describe('createQueryClient', () => {
  it('applies the spec defaults: fresh 5 min, kept 10 min, no refetch on focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ staleTime: 300_000, gcTime: 600_000, refetchOnWindowFocus: false });
  });

  it('creates a new client per call (the shell owns the one of the page)', () => {
    expect(createQueryClient()).not.toBe(createQueryClient());
  });

  it('retries a failed query once, then gives up', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          calls += 1;
          throw httpError(503);
        },
        retryDelay: 0,
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow('failed');
    expect(calls).toBe(2);
    // Drops the query and its 10-minute garbage-collection timer, which would keep jest alive.
    client.clear();
  });
});

describe('shouldRetry', () => {
  it.each([
    [0, 500, true],
    [0, undefined, true],
    [1, 500, false],
    [0, 404, false],
    [0, 401, false],
  ])('after %i failures with status %p → %p', (failures, status, retry) => {
    const error = status === undefined ? new Error('network') : httpError(status);
    expect(shouldRetry(failures, error)).toBe(retry);
  });
});

describe('presets', () => {
  it('keep search fresh 30 s with refetch on focus and mount, and the catalogue a day', () => {
    expect(searchQueryOptions).toEqual({
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      refetchOnMount: true,
    });
    expect(catalogueQueryOptions.staleTime).toBe(24 * 60 * 60 * 1000);
  });
});
