import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { routePatterns } from '@carmarket/shared/contracts';
import { loadConfig } from '../config/env.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { registerSecurity } from '../http/security.js';
import { RemoteRegistry } from '../modules/remotes/remote-registry.js';
import { waitFor } from '../test/wait-for.js';
import { InlineScripts } from './inline-scripts.js';
import { cacheControlFor, registerSite, withRenderedPage } from './site.js';

/** A page's text, as the browser reads it: pages go gzipped to a client that takes gzip. */
const pageText = (res: LightMyRequestResponse) =>
  res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";
const START_SCRIPT = "document.currentScript.getAttribute('data-src');";
const INDEX_HTML =
  '<!doctype html><html><head><title>CarMarket</title><script src="/theme-init.js"></script></head><body><div id="root"></div><script src="/start-shell.js" data-src="/main.89abcdef.js"></script></body></html>';

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['main.js', 'no-cache'],
    ['favicon.ico', 'no-cache'],
    ['vendors.3f9a1c2b7d.js', 'public, max-age=31536000, immutable'],
    ['static/css/app.0123456789abcdef0123.css', 'public, max-age=31536000, immutable'],
    ['logo-deadbeef12.svg', 'public, max-age=31536000, immutable'],
    ['main.8f965ed0.js.br', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js.gz', 'no-cache'],
    ['index.html.br', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/srv/shell/dist/${file}`)).toBe(expected);
  });
});

describe('a page rendered on the server', () => {
  const indexHtml =
    '<!doctype html><html><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';
  const rendered = (html: string) => ({
    html,
    styles: '<style>a{}</style>',
    state: '<script id="s"></script>',
  });

  // As React writes them: srcSet, fetchPriority.
  it('goes into #root with its styles and state, and its first image is preloaded before the scripts', () => {
    const page = withRenderedPage(
      indexHtml,
      rendered(
        '<main><img src="/a-thumb.webp" loading="lazy"/><img src="/b.webp?w=400&amp;q=80" srcSet="/b-400.webp 400w, /b-800.webp 800w" sizes="(max-width: 600px) 100vw, 400px" fetchPriority="high"/></main>',
      ),
    );
    expect(page).toContain('<style>a{}</style><div id="root"><main>');
    expect(page).toContain('</main></div><script id="s"></script>');
    const preload =
      '<link rel="preload" as="image" href="/b.webp?w=400&amp;q=80" imagesrcset="/b-400.webp 400w, /b-800.webp 800w" imagesizes="(max-width: 600px) 100vw, 400px" fetchpriority="high" />';
    // After the viewport's tag (its srcset is picked for the viewport), before the scripts.
    expect(page.indexOf(preload)).toBeGreaterThan(page.indexOf('<meta name="viewport"'));
    expect(page.indexOf(preload)).toBeLessThan(page.indexOf('<script defer src="/main.js">'));
  });

  it('preloads nothing when no image is asked for first, and leaves a page it did not render alone', () => {
    const page = withRenderedPage(indexHtml, rendered('<main><img src="/a.webp" loading="lazy"/></main>'));
    expect(page).not.toContain('rel="preload"');
    expect(withRenderedPage(indexHtml, null)).toBe(indexHtml);
  });
});

describe('a server without front-end builds', () => {
  let app: FastifyInstance;
  let emptyRoot: string;
  const logged: string[] = [];

  beforeAll(async () => {
    emptyRoot = await mkdtemp(path.join(tmpdir(), 'carmarket-no-site-'));
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line).msg) } },
    });
    registerErrorHandler(app);
    await registerSite(
      app,
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), STATIC_ROOT: emptyRoot }),
      new RemoteRegistry(path.join(emptyRoot, 'registry.json')),
      new InlineScripts(path.join(emptyRoot, 'shell', 'dist')),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app.close();
    await rm(emptyRoot, { recursive: true, force: true });
  });

  it('still starts, says it serves the API only, and answers 404 for pages', async () => {
    expect(logged.some((line) => /serving the API only/.test(line))).toBe(true);
    const address = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${address.port}/search`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await fetch(`http://127.0.0.1:${address.port}/remotes.json`)).status).toBe(200);
  });
});

describe('a server with a shell build', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'carmarket-site-'));
    await mkdir(path.join(root, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(root, 'shell', 'dist', 'index.html'), INDEX_HTML);
    await writeFile(path.join(root, 'shell', 'dist', 'theme-init.js'), THEME_SCRIPT);
    await writeFile(path.join(root, 'shell', 'dist', 'start-shell.js'), START_SCRIPT);
    // Folders with files in them, for the requests that name a folder rather than a file.
    for (const file of [
      'shell/dist/static/js/main.0123abcd.js',
      'mfe-search/dist/mf-manifest.json',
      'mfe-search/dist/static/js/search-page.0123abcd.js',
      'registry/releases/search/1.4.0/mf-manifest.json',
    ]) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), '{}');
    }
    app = Fastify();
    registerErrorHandler(app);
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      STATIC_ROOT: root,
      REMOTE_REGISTRY_DIR: path.join(root, 'registry'),
    });
    const registry = new RemoteRegistry(path.join(root, 'registry.json'));
    const inlineScripts = new InlineScripts(path.join(root, 'shell', 'dist'));
    await registerSecurity(app, config, registry, inlineScripts);
    await registerSite(app, config, registry, inlineScripts);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each([
    ['no compression', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['brotli', { 'accept-encoding': 'br' }],
  ])('serves the home page to a client that accepts %s', async (_, headers) => {
    const res = await app.inject({ method: 'GET', url: '/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(pageText(res)).toContain('<title>CarMarket</title>');
  });

  // Every route of the shell's router, routed to the page (not looked up as a file first), and a
  // route's variant and an unknown path, which the static files hand on to it.
  it.each([
    ...new Set(Object.values(routePatterns).map((pattern) => pattern.replace(/:\w+/g, 'abc123'))),
    '/search/',
    '/no-such-page',
  ])('answers %s with the page', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('puts the theme and start scripts into the page, which the CSP allows by their hashes and no other inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/search' });
    expect(res.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    // The start script keeps the attribute it reads the shell's script from.
    expect(res.body).toContain(`<script data-src="/main.89abcdef.js">${START_SCRIPT}</script>`);
    expect(res.body).not.toMatch(/src="\/(theme-init|start-shell)\.js"/);
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const scriptSrc = String(res.headers['content-security-policy']).match(/script-src ([^;]*)/)?.[1];
    expect(scriptSrc).toBe(`'self' ${hash(THEME_SCRIPT)} ${hash(START_SCRIPT)}`);
  });

  // OWASP ASVS 4.3.2: a folder's URL never lists what is in it. Remote builds and releases are not
  // pages, so their folders answer 404 in the envelope; a folder of the shell's build is a path its
  // router owns and gets the page, never the folder's files.
  it.each([
    ['/remotes/search/'],
    ['/remotes/search'],
    ['/remotes/search/static/'],
    ['/remotes/search/static/js/'],
    ['/remotes/releases/'],
    ['/remotes/releases/search/'],
    ['/remotes/releases/search/1.4.0/'],
  ])('lists no folder of a remote build or release: %s answers 404 in the envelope', async (url) => {
    // The files in those folders are served.
    for (const file of [
      '/remotes/search/mf-manifest.json',
      '/remotes/releases/search/1.4.0/mf-manifest.json',
    ])
      expect((await app.inject({ method: 'GET', url: file })).statusCode).toBe(200);
    for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it.each([['/static/'], ['/static/js/'], ['/shell/dist/'], ['/mfe-search/dist/']])(
    'lists no folder of the shell build: %s is the page, never the files in it',
    async (url) => {
      for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        expect(pageText(res)).toContain('<title>CarMarket</title>');
        expect(pageText(res)).not.toMatch(/main\.0123abcd|search-page/);
      }
    },
  );
  // index.html is read again when it changes (looked at no more than once a second), not per page.
  it('sends a page of 1 KB or more gzipped to a client that takes gzip, the same each time, and plain to one that does not', async () => {
    const indexFile = path.join(root, 'shell', 'dist', 'index.html');
    const description = `<meta name="description" content="${'Used cars under $10k near you. '.repeat(60)}">`;
    await writeFile(indexFile, INDEX_HTML.replace('</title>', `</title>${description}`));
    try {
      const plain = await waitFor(
        () => app.inject({ method: 'GET', url: '/search' }),
        (res) => res.body.includes('Used cars under $10k near you.'),
      );
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (let time = 0; time < 2; time += 1) {
        const gzip = await app.inject({
          method: 'GET',
          url: '/search',
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(String(gzip.headers.vary)).toContain('accept-encoding');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      }
    } finally {
      await writeFile(indexFile, INDEX_HTML);
    }
  });

  it('serves a new shell build’s index.html without a restart', async () => {
    const indexFile = path.join(root, 'shell', 'dist', 'index.html');
    const rebuilt = INDEX_HTML.replace('<title>CarMarket</title>', '<title>CarMarket, rebuilt</title>');
    await writeFile(indexFile, rebuilt);
    try {
      const page = await waitFor(
        async () => (await app.inject({ method: 'GET', url: '/search' })).body,
        (body) => body.includes('<title>CarMarket, rebuilt</title>'),
      );
      expect(page).toContain('<title>CarMarket, rebuilt</title>');
    } finally {
      await writeFile(indexFile, INDEX_HTML);
    }
  });
});
