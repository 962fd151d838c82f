import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewCounter, viewerKey, type ListingView } from './view-counter.js';

const silentLog = { error: () => undefined } as unknown as FastifyBaseLogger;

describe('viewerKey', () => {
  it('keys a user by id and a guest by a hash of the address, never the address itself', () => {
    expect(viewerKey({ userId: 'u-1', ip: '203.0.113.9' })).toBe('user:u-1');
    const guest = viewerKey({ userId: null, ip: '203.0.113.9' });
    expect(guest).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(guest).not.toContain('203.0.113.9');
    expect(viewerKey({ userId: null, ip: '203.0.113.9' })).toBe(guest);
    expect(viewerKey({ userId: null, ip: '198.51.100.4' })).not.toBe(guest);
  });

  it('keys a guest whose client hung up (no address left) instead of throwing', () => {
    expect(viewerKey({ userId: null, ip: undefined })).toBe('ip:unknown');
  });
});

describe('ViewCounter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores a viewer’s look at a listing once a day (UTC), and again the next day', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T23:59:58Z'), toFake: ['Date'] });
    const stored: ListingView[] = [];
    const counter = new ViewCounter(async (views) => void stored.push(...views), silentLog);
    counter.record('listing-1', 'ip:guest');
    counter.record('listing-1', 'ip:guest');
    counter.record('listing-2', 'ip:guest');
    vi.setSystemTime(new Date('2026-11-30T00:00:01Z'));
    counter.record('listing-1', 'ip:guest');
    counter.record('listing-1', 'ip:guest');
    expect(counter.pendingFor('listing-1')).toBe(2);
    await counter.flush();
    expect(stored).toEqual([
      { listingId: 'listing-1', viewerKey: 'ip:guest', day: '2026-11-29' },
      { listingId: 'listing-2', viewerKey: 'ip:guest', day: '2026-11-29' },
      { listingId: 'listing-1', viewerKey: 'ip:guest', day: '2026-11-30' },
    ]);
    expect(counter.pendingFor('listing-1')).toBe(0);
  });
});
