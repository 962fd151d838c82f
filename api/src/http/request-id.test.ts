import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../test/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startTestApp(), startTestApp({ env: { TRUST_PROXY: 'true' } })]);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
  });

  it('names every response with a fresh id', async () => {
    const [first, second] = await Promise.all([
      direct.request('GET', '/api/health'),
      direct.request('GET', '/api/health'),
    ]);
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).toMatch(UUID);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('puts the id into error envelopes, for the alert details support asks for', async () => {
    const missing = await direct.request('GET', '/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(missing.body.requestId).toMatch(UUID);
    expect(missing.body.requestId).toBe(missing.headers.get('x-request-id'));

    const invalid = await direct.request('POST', '/api/auth/register', { json: { email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.requestId).toBe(invalid.headers.get('x-request-id'));
  });

  it('names requests refused before routing too', async () => {
    const undecodable = await direct.request('GET', '/api/listings/%E0%A4%A');
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(undecodable.body.requestId).toBe(undecodable.headers.get('x-request-id'));
  });

  it("ignores a client's own id unless a trusted proxy sets it", async () => {
    const headers = { 'x-request-id': 'edge-7f3a9c' };
    const fromClient = await direct.request('GET', '/api/health', { headers });
    expect(fromClient.headers.get('x-request-id')).toMatch(UUID);

    const fromProxy = await proxied.request('GET', '/api/health', { headers });
    expect(fromProxy.headers.get('x-request-id')).toBe('edge-7f3a9c');
  });

  it("replaces a proxy's id that could forge a log line or is too long", async () => {
    for (const id of ['a'.repeat(129), 'id"with"quotes', 'two words']) {
      const res = await proxied.request('GET', '/api/health', { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
  });
});
