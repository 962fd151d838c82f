import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seedImages, seedListing } from '../../test/seed.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { signIn, STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../test/test-app.js';

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

let smtp: SmtpCatcher;
let t: TestApp;
let staticRoot: string;
let listingId: string;
let draftId: string;

beforeAll(async () => {
  staticRoot = await mkdtemp(path.join(tmpdir(), 'carmarket-og-'));
  await mkdir(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(staticRoot, 'shell', 'dist', 'index.html'), INDEX_HTML);
  smtp = await startSmtpCatcher();
  t = await startTestApp({ smtp, env: { STATIC_ROOT: staticRoot } });
  const seller = await signIn(t, smtp, 'og-seller@example.com');
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
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('GET /listing/:id (the shell page)', () => {
  it('carries the listing’s title, price, description and first photo for link previews', async () => {
    const res = await t.request('GET', `/listing/${listingId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
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

  it('does not count a preview as a view', async () => {
    await t.request('GET', `/listing/${listingId}`);
    expect((await t.request('GET', `/api/listings/${listingId}`)).body.data.views).toBe(1);
  });

  it.each([
    ['an unknown listing', '/listing/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/listing/not-a-uuid'],
    ['another page', '/search'],
  ])('serves the plain page for %s', async (_case, url) => {
    const res = await t.request('GET', url);
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
  });

  it('serves the plain page for a draft', async () => {
    expect((await t.request('GET', `/listing/${draftId}`)).text).toBe(INDEX_HTML);
  });
});
