import { describe, expect, it } from 'vitest';
import { viewerKey } from './view-counter.js';

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
