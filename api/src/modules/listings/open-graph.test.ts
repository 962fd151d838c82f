import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerErrorHandler } from '../../http/error-handler.js';
import { listingDetailsPayload } from '../../test/listing-payload.js';
import { seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { crawlerRoutes } from './crawler.routes.js';
import { ListingFreshness } from './listing-freshness.js';
import { ListingsRepository } from './listings.repository.js';

// The shape of the shell's built index.html: the parts the preview replaces or extends.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="description" content="CarMarket: buy and sell affordable used cars under $10k." />
    <title>CarMarket</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let staticRoot: string;
let listingId: string;
let draftId: string;
let soldId: string;
let seller: SignedIn;

beforeAll(async () => {
  staticRoot = await mkdtemp(path.join(tmpdir(), 'carmarket-og-'));
  await mkdir(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(staticRoot, 'shell', 'dist', 'index.html'), INDEX_HTML);
  t = await startTestApp({ listen: true, env: { STATIC_ROOT: staticRoot } });
  seller = await signUp(t, 'og-seller@example.com');
  const { db } = t.app.database;
  const listing = await seedListing(db, seller.user._id, {
    make: 'Honda',
    model: 'Civic',
    trim: 'LX',
    year: 2012,
    priceAmount: 7400,
    mileage: 98_500,
    description: 'One owner, "garage kept" <never> smoked in & serviced at the dealer every 5,000 miles.',
  });
  listingId = listing.id;
  await seedImages(db, listingId, 'og', 4, 2);
  draftId = (await seedListing(db, seller.user._id, { status: 'draft' })).id;
  soldId = (await seedListing(db, seller.user._id, { status: 'sold', make: 'Ford', model: 'Focus' })).id;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('GET /listing/:id (the shell page)', () => {
  it('carries the listing’s title, price, description and first photo for link previews', async () => {
    const res = await t.request('GET', `/listing/${listingId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = res.text;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>2012 Honda Civic — $7,400</title>');
    expect(meta(html, 'og:title')).toBe('2012 Honda Civic — $7,400');
    expect(meta(html, 'twitter:title')).toBe('2012 Honda Civic — $7,400');
    expect(meta(html, 'og:description')).toBe(
      '98,500 mi · Austin, TX. One owner, &quot;garage kept&quot; &lt;never&gt; smoked in &amp; serviced at the dealer every 5,000 miles.',
    );
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'og:image')).toBe(`${t.baseUrl}/uploads/og-2.webp`);
    expect(meta(html, 'og:url')).toBe(`${t.baseUrl}/listing/${listingId}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('counts each visitor of the page as a view, once, whatever their browser reads after', async () => {
    const before = (await t.request('GET', `/api/listings/${listingId}`)).body.data.views as number;
    const visitors = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    for (const remoteAddress of visitors) {
      const page = await t.app.inject({ method: 'GET', url: `/listing/${listingId}`, remoteAddress });
      expect(page.statusCode).toBe(200);
    }
    // The first visitor's browser reads the listing too: the same viewer, the same view.
    await t.app.inject({ method: 'GET', url: `/api/listings/${listingId}`, remoteAddress: visitors[0] });
    await t.app.listingViews.flush();
    const after = (await t.request('GET', `/api/listings/${listingId}`)).body.data.views as number;
    expect(after - before).toBe(visitors.length);
  });

  it('names the car and its offer in schema.org JSON-LD, with its canonical address', async () => {
    const html = (await t.request('GET', `/listing/${listingId}`)).text;
    expect(html).toContain(`<link rel="canonical" href="${t.baseUrl}/listing/${listingId}" />`);
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '2012 Honda Civic LX',
      brand: { name: 'Honda' },
      model: 'Civic',
      vehicleModelDate: '2012',
      mileageFromOdometer: { value: 98_500, unitCode: 'SMI' },
      offers: {
        '@type': 'Offer',
        price: 7400,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    // '<' in the description cannot close the script element.
    expect(json).not.toContain('<never>');
    expect(data.description).toContain('<never>');
  });

  it('shows the car, its price and description to clients without JavaScript', async () => {
    const html = (await t.request('GET', `/listing/${listingId}`)).text;
    const noscript = /<noscript>(.*)<\/noscript>/s.exec(html)?.[1];
    expect(noscript).toContain('<h1>2012 Honda Civic LX</h1>');
    expect(noscript).toContain('$7,400');
    expect(noscript).toContain('&lt;never&gt; smoked in');
  });

  // The preview reads the guests' kept copy of the listing (ListingPageCache), which the seller's
  // change must drop: a link shared right after a price cut shows the new price.
  it('shows the seller’s new price and description at once after they change them, and 404 once deleted', async () => {
    const { id } = await seedListing(t.app.database.db, seller.user._id, {
      make: 'Mazda',
      model: 'Mazda3',
      year: 2014,
    });
    await seedImages(t.app.database.db, id, 'og-edit', 4);
    const pageOf = async () => {
      const html = (await t.request('GET', `/listing/${id}`)).text;
      return {
        title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
        noscript: /<noscript>(.*)<\/noscript>/s.exec(html)?.[1],
      };
    };
    expect((await pageOf()).title).toMatch(/^2014 Mazda Mazda3 — \$/);
    const changed = await t.request('PUT', `/api/listings/${id}`, {
      token: seller.accessToken,
      json: listingDetailsPayload({ price: { amount: 3100 } }),
    });
    expect(changed.status).toBe(200);
    const after = await pageOf();
    expect(after.title).toBe('2014 Mazda Mazda3 — $3,100');
    expect(after.noscript).toContain('$3,100');
    expect(after.noscript).toContain('timing belt done, new brakes');
    // Deleted, its link answers 404 at once (and it leaves the sitemap the tests below read).
    const deleted = await t.request('DELETE', `/api/listings/${id}`, { token: seller.accessToken });
    expect(deleted.status).toBe(200);
    expect((await t.request('GET', `/listing/${id}`)).status).toBe(404);
  });

  it('answers 410 for a sold listing, still with its page and an offer that is sold out', async () => {
    const res = await t.request('GET', `/listing/${soldId}`);
    expect(res.status).toBe(410);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('"availability":"https://schema.org/SoldOut"');
  });

  it.each([
    ['an unknown listing', '/listing/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/listing/not-a-uuid'],
  ])('answers 404 with the page for %s', async (_case, url) => {
    const res = await t.request('GET', url);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<title>Listing not found — CarMarket</title>');
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('answers 404 for a draft, telling nothing about it', async () => {
    const res = await t.request('GET', `/listing/${draftId}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<title>Listing not found — CarMarket</title>');
  });

  it('serves the plain page for other pages: no preview, only the hints every page carries', async () => {
    const res = await t.request('GET', '/dashboard');
    expect(res.status).toBe(200);
    const withoutHints = res.text.replace(
      /\s*<(script id="carmarket-remotes"|link rel="preload")[^\n]*/g,
      '',
    );
    expect(withoutHints).toBe(INDEX_HTML);
  });
});

describe('GET /search (the shell page)', () => {
  it('lists the results of the query for clients without JavaScript, titled by what is searched', async () => {
    const res = await t.request('GET', '/search?make=Honda');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Honda for sale — CarMarket</title>');
    const noscript = /<noscript>(.*)<\/noscript>/s.exec(res.text)?.[1];
    expect(noscript).toContain(`<a href="/listing/${listingId}">2012 Honda Civic LX</a> $7,400`);
    expect(noscript).not.toContain('Ford');
    expect(noscript).not.toContain(draftId);
  });
});

describe('what crawlers read', () => {
  it('robots.txt allows the public pages, keeps private ones out and names the sitemap', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toContain('User-agent: *\nAllow: /\n');
    expect(res.text).toContain('Disallow: /api/\n');
    expect(res.text).toContain('Disallow: /dashboard\n');
    expect(res.text).toContain(`Sitemap: ${t.baseUrl}/sitemap.xml`);
  });

  it('the sitemap lists the home, search and every active listing, not drafts or sold ones', async () => {
    const res = await t.request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([`${t.baseUrl}/`, `${t.baseUrl}/search`, `${t.baseUrl}/listing/${listingId}`]);
  });

  it('past the page size, the sitemap is an index of pages that together list every listing', async () => {
    const { db } = t.app.database;
    const seller = await signUp(t, 'sitemap-seller@example.com');
    const more = [];
    for (let i = 0; i < 2; i++) more.push((await seedListing(db, seller.user._id)).id);
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(crawlerRoutes, {
      repository: new ListingsRepository(db),
      freshness: new ListingFreshness(),
      pageSize: 2,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const index = await (await fetch(`${base}/sitemap.xml`)).text();
      expect(index).toContain('<sitemapindex');
      const pages = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
      expect(pages).toEqual([`${base}/sitemap-1.xml`, `${base}/sitemap-2.xml`]);
      const listed: string[] = [];
      for (const page of pages) {
        const text = await (await fetch(page)).text();
        listed.push(...[...text.matchAll(/\/listing\/([0-9a-f-]{36})</g)].map((match) => match[1]!));
      }
      expect(listed.sort()).toEqual([listingId, ...more].sort());
      expect((await fetch(`${base}/sitemap-3.xml`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
