import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from './test/test-app.js';
import { createListingViaApi } from './test/listing-payload.js';

let t: TestApp;
let staticRoot: string;

const SHELL_ENTRY = `console.log(${JSON.stringify('shell '.repeat(400))})`;

const SITE_FILES: Record<string, string | Buffer> = {
  'shell/dist/index.html':
    '<!doctype html><html><head><title>CarMarket</title></head><body><div id="root"></div></body></html>',
  // A built file with the brotli and gzip copies the build writes beside it.
  'shell/dist/main.8f965ed0.js': SHELL_ENTRY,
  'shell/dist/main.8f965ed0.js.br': brotliCompressSync(SHELL_ENTRY),
  'shell/dist/main.8f965ed0.js.gz': gzipSync(SHELL_ENTRY),
  'shell/dist/main.js': 'console.log("shell")',
  'shell/dist/vendors.3f9a1c2b7d.js': 'console.log("vendors")',
  'mfe-search/dist/mf-manifest.json': '{"name":"mfe_search"}',
  'mfe-search/dist/remoteEntry.js': 'var mfe_search;',
  'mfe-search/dist/__federation_expose_SearchPage.0a1b2c3d4e5f6a7b.js': 'export {}',
};

beforeAll(async () => {
  staticRoot = await mkdtemp(path.join(tmpdir(), 'carmarket-site-'));
  for (const [file, content] of Object.entries(SITE_FILES)) {
    await mkdir(path.dirname(path.join(staticRoot, file)), { recursive: true });
    await writeFile(path.join(staticRoot, file), content);
  }
  t = await startTestApp({
    listen: true,
    env: { STATIC_ROOT: staticRoot, REMOTE_SEARCH_URL: 'http://localhost:3001/mf-manifest.json' },
  });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

describe('bad input gets a 4xx envelope, never a 500', () => {
  const register = (options: { body?: string; headers?: Record<string, string> }) =>
    t.request('POST', '/api/auth/register', options);

  it('rejects malformed JSON', async () => {
    const res = await register({ body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('rejects an empty JSON body', async () => {
    const res = await register({ body: '', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('rejects a JSON value that is not an object', async () => {
    const res = await register({
      body: '"someone@example.com"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: { body: expect.any(String) },
    });
  });

  it('rejects a body over 1 MB with 413', async () => {
    const huge = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(2 * 1024 * 1024) });
    const res = await register({ body: huge, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('rejects an unsupported content type with 415', async () => {
    const res = await register({ body: 'email=a@example.com', headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('rejects a query parameter of the wrong type', async () => {
    const res = await t.request('GET', '/api/search?page=abc&limit=1000');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: { page: 'Page must be a whole number', limit: 'Limit must be at most 100' },
    });
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/auth/nothing-here'],
    ['DELETE', '/api/health'],
    ['GET', '/api'],
  ])('answers %s %s with a 404 envelope', async (method, url) => {
    const res = await t.request(method, url);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Route not found', code: 'ROUTE_NOT_FOUND' });
  });

  it.each([
    ['POST', '/api/auth/login', '[]'],
    ['POST', '/api/auth/login/verify', '{"email":"a@example.com","otp":123456}'],
    ['POST', '/api/auth/refresh', '{"refreshToken":{"$gt":""}}'],
    ['POST', '/api/auth/register', '{"__proto__":{"isAdmin":true},"email":"a@example.com"}'],
    ['POST', '/api/auth/register', '{"constructor":{"prototype":{"isAdmin":true}},"email":"a@example.com"}'],
    ['PUT', '/api/auth/profile', 'null'],
    ['GET', '/api/listings/%E0%A4%A', undefined],
    ['GET', '/api/listings/user/1%27%20or%201=1', undefined],
    ['GET', '/api/search?sort=cheapest', undefined],
  ])('answers %s %s %s with a 4xx', async (method, url, body) => {
    const res = await t.request(method, url, {
      body,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
  });

  it.each([
    ['a URL over the header limit', `/api/search?q=${'a'.repeat(20_000)}`, {}],
    ['a header over the limit', '/api/health', { 'x-padding': 'b'.repeat(20_000) }],
  ])('answers %s with 431 in the envelope', async (_, url, headers) => {
    const res = await t.request('GET', url, { headers });
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({
      success: false,
      error: 'The request URL or headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('answers a request line that is not HTTP with 400 in the envelope', async () => {
    const { port } = new URL(t.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      error: 'Bad request',
      code: 'BAD_REQUEST',
    });
  });

  it('answers a multipart body that does not match its boundary with a 4xx envelope', async () => {
    const { accessToken } = await signUp(t, 'multipart-boundary@example.com');
    const res = await t.request('POST', '/api/dealers/me/listings/import', {
      token: accessToken,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--OTHER\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nmake\r\n--OTHER--\r\n',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
  });
  it("answers more form fields than an upload takes with 413 in the envelope, in the status's words", async () => {
    const { accessToken } = await signUp(t, 'multipart-fields@example.com');
    const listing = await createListingViaApi(t, accessToken);
    const fields = Array.from(
      { length: 50 },
      (_, index) => `--XYZ\r\nContent-Disposition: form-data; name="note${index}"\r\n\r\nhello\r\n`,
    ).join('');
    const res = await t.request('POST', `/api/upload/listing/${listing._id}`, {
      token: accessToken,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: `${fields}--XYZ--\r\n`,
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Payload too large',
      code: 'PAYLOAD_TOO_LARGE',
      requestId: res.headers.get('x-request-id'),
    });
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const register = res.body.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(res.body.paths).toHaveProperty('/api/search');
    expect(Object.keys(res.body.paths).every((p: string) => p.startsWith('/api/'))).toBe(true);
  });

  it('serves the UI and its assets from this server', async () => {
    const page = await fetch(`${t.baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\/(unpkg|cdn)/);
    expect((await fetch(`${t.baseUrl}/api/docs/static/swagger-ui.css`)).status).toBe(200);
  });
});

/** The response as sent on the wire (fetch would decode it), asking for `encoding`. */
const fetchAs = (url: string, encoding: string) =>
  new Promise<{ headers: IncomingHttpHeaders; rawPayload: Buffer }>((resolve, reject) => {
    httpGet(t.baseUrl + url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, rawPayload: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
const text = (response: { rawPayload: Buffer }) => response.rawPayload.toString();

describe('compressed API answers', () => {
  it('compresses JSON over 1 KB in the encoding the client accepts', async () => {
    // gzip when the client takes both: as small on JSON, for less CPU (see app.ts).
    const gzip = await fetchAs('/api/docs/json', 'gzip, br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi).toMatch(/^3\./);
    const brotli = await fetchAs('/api/docs/json', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('sends small answers and clients that accept no encoding as they are', async () => {
    const small = await fetchAs('/api/health', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(text(small))).toMatchObject({ success: true });
    const identity = await fetchAs('/api/docs/json', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(text(identity)).openapi).toMatch(/^3\./);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows the site, inline styles, its images and WebSocket, and overridden remotes', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' http://localhost:3001");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws: wss: http://localhost:3001");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['an answer', 'GET', '/api/health', 200],
    ['an error envelope', 'GET', '/api/nothing-here', 404],
    ['a refused body', 'POST', '/api/auth/register', 400],
  ])('sends the OWASP ASVS 14.4 headers on %s', async (_, method, url, status) => {
    const res = await fetch(t.baseUrl + url, {
      method,
      headers: { origin: 'https://elsewhere.example', 'content-type': 'text/plain' },
      body: method === 'POST' ? 'x' : undefined,
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    // No CORS for another origin unless CORS_ORIGINS lists it (14.5.3).
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from another origin without allowing it', async () => {
    const res = await fetch(`${t.baseUrl}/api/auth/register`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });
});

describe('serving the site', () => {
  const get = (url: string) => fetch(t.baseUrl + url);

  /** The remotes map a page carries in its head, as the shell reads it. */
  const inlinedRemotes = (html: string) =>
    JSON.parse(/<script id="carmarket-remotes" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!);
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((match) => match[1]);

  it('serves the shell at / without caching index.html, carrying the remotes map /remotes.json gives', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>CarMarket</title>');
    // Private: with a canary the inlined map depends on the browser's bucket cookie.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toContain('cookie');
    expect(inlinedRemotes(html)).toEqual(await (await get('/remotes.json')).json());
    // The home page is the shell's own: no remote to preload.
    expect(preloads(html)).toEqual([]);
  });

  it("preloads the page's remote manifest and the shell's, when they are served from this site", async () => {
    const dashboard = await (await get('/dashboard')).text();
    expect(preloads(dashboard)).toEqual(['/remotes/account/mf-manifest.json', '/mf-manifest.json']);
    const conversation = await (await get('/messages/abc')).text();
    expect(preloads(conversation)).toEqual(['/remotes/messaging/mf-manifest.json', '/mf-manifest.json']);
    // Search comes from another origin here (REMOTE_SEARCH_URL): the shell revalidates it itself.
    const search = await (await get('/search?make=Honda')).text();
    expect(preloads(search)).toEqual([]);
    expect(inlinedRemotes(search).remotes[0].entry).toBe('http://localhost:3001/mf-manifest.json');
  });

  it.each(['/search', '/favorites', '/messages/abc/def', '/dashboard?tab=favorites'])(
    'answers the client route %s with index.html',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    },
  );

  it.each([
    '/missing.png',
    '/remotes/search/missing.js',
    '/remotes/search/some/route',
    '/remotes/unknown/x.js',
  ])('answers %s with 404 instead of index.html', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('caches hashed files for a year and revalidates the rest', async () => {
    const cacheControl = async (url: string) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      return res.headers.get('cache-control');
    };
    expect(await cacheControl('/vendors.3f9a1c2b7d.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('/remotes/search/__federation_expose_SearchPage.0a1b2c3d4e5f6a7b.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await cacheControl('/main.js')).toBe('no-cache');
    expect(await cacheControl('/remotes/search/mf-manifest.json')).toBe('no-cache');
    expect(await cacheControl('/remotes/search/remoteEntry.js')).toBe('no-cache');
  });

  it('serves the remotes manifest with REMOTE_<SHORT>_URL overrides', async () => {
    const res = await get('/remotes.json');
    // Private: the answer can depend on the browser's canary bucket cookie.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.json()).toEqual({
      remotes: [
        { name: 'mfe_search', entry: 'http://localhost:3001/mf-manifest.json', version: 'built-in' },
        { name: 'mfe_listings', entry: '/remotes/listings/mf-manifest.json', version: 'built-in' },
        { name: 'mfe_seller', entry: '/remotes/seller/mf-manifest.json', version: 'built-in' },
        { name: 'mfe_messaging', entry: '/remotes/messaging/mf-manifest.json', version: 'built-in' },
        { name: 'mfe_account', entry: '/remotes/account/mf-manifest.json', version: 'built-in' },
      ],
    });
  });

  it('sends a built file from its precompressed copy in the encoding the browser accepts', async () => {
    const brotli = await fetchAs('/main.8f965ed0.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SHELL_ENTRY);
    const gzip = await fetchAs('/main.8f965ed0.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SHELL_ENTRY);
    const plain = await fetchAs('/main.8f965ed0.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(text(plain)).toBe(SHELL_ENTRY);
  });

  it('picks up a redeployed remote without a restart', async () => {
    const dir = path.join(staticRoot, 'mfe-account', 'dist');
    expect((await get('/remotes/account/mf-manifest.json')).status).toBe(404);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'mf-manifest.json'), '{"name":"mfe_account"}');
    expect((await get('/remotes/account/mf-manifest.json')).status).toBe(200);
  });
});
