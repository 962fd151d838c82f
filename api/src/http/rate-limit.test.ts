import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressKey } from './rate-limit.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../test/test-app.js';

describe('the global rate limit key', () => {
  it('is the client address, an IPv6 one by its subnet, as the plugin keys it', () => {
    expect(clientAddressKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientAddressKey({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(
      clientAddressKey({ ip: '2001:db8:1:2:9:9:9:9' }),
    );
  });

  it('still has a key for a request whose client hung up and left no address', () => {
    expect(clientAddressKey({ ip: undefined })).toBe('no-address');
  });
});

describe('the global rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_MAX: '3' } });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  it('counts each address on its own and answers 429 in the envelope past the limit', async () => {
    const from = (address: string) =>
      t.app.inject({ method: 'GET', url: '/api/search', remoteAddress: address });
    for (let request = 0; request < 3; request += 1)
      expect((await from('198.51.100.1')).statusCode).toBe(200);
    const refused = await from('198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: expect.any(String) });
    expect((await from('198.51.100.2')).statusCode).toBe(200);
  });
});
