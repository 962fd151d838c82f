// Visual baselines: each key page at phone, tablet and desktop width in both themes, compared with
// the committed screenshots (tests/visual.spec.ts-snapshots/) so a layout regression fails the suite.
// The pages run on a site of their own with fixed data (names, prices, photos), and everything that
// depends on the clock or on live state (dates, times, presence, the footer year) is masked.
// After an intended UI change, update the baselines and commit them with the change:
//   cd e2e && npx playwright test visual --update-snapshots
import type { Locator, Page } from '@playwright/test';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi } from '../../scripts/lib/session.mjs';
import { expect, storeSession, visualSiteTest as test, type Session } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

const WIDTHS = [360, 768, 1280] as const;
const THEMES = ['dark', 'light'] as const;
const HEIGHT = 900;

// One worker, one site, the data made once: the tests share it and run in order.
test.describe.configure({ mode: 'default' });

interface Fixed {
  seller: Session;
  buyer: Session;
  civic: ApiListing;
  conversationId: string;
}
let fixed: Fixed;

async function api<T>(url: string, path: string, session: Session, method: string, body: unknown) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A user with a fixed name, so the header shows the same words on every run. */
async function namedUser(url: string, mailbox: Mailbox, email: string, name: string): Promise<Session> {
  const session = (await signUpViaApi({ baseURL: url, mailbox, email })) as Session;
  const profile = { name, city: 'Austin', state: 'TX' };
  await api(url, '/auth/profile', session, 'PUT', profile);
  return { ...session, user: { ...session.user, ...profile } };
}

test.beforeAll(async ({ site, playwright }) => {
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const request = await playwright.request.newContext({ baseURL: site.url });
  const seller = await namedUser(site.url, mailbox, 'dana.visual@example.com', 'Dana Seller');
  const buyer = await namedUser(site.url, mailbox, 'sam.visual@example.com', 'Sam Buyer');
  const photos = await createTestImages(4);
  const civic = await createListingViaApi(request, seller, photos);
  await createListingViaApi(request, seller, photos, {
    vehicle: { make: 'Toyota', model: 'Corolla', year: 2011, mileage: 112_000 },
    price: 6900,
  });
  await createListingViaApi(request, seller, photos, {
    vehicle: { make: 'Ford', model: 'Focus', year: 2014, mileage: 87_300, bodyType: 'hatchback' },
    price: 5800,
  });
  const message = await api<{ conversationId: string }>(site.url, '/messages', buyer, 'POST', {
    recipientId: seller.user._id,
    listingId: civic._id,
    content: 'Hi Dana, is the Civic still available? Could I see it on Saturday?',
    attachments: [],
  });
  await request.dispose();
  fixed = { seller, buyer, civic, conversationId: message.conversationId };
});

/** What changes by itself between runs: dates, times, presence, the footer's year. */
function volatile(page: Page): Locator[] {
  const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
  return [
    page.locator('time'),
    page.getByText(new RegExp(`\\b(${months}) \\d{1,2}, \\d{4}\\b`)),
    page.getByText(/\b(ago|just now|yesterday)\b|^Last seen|^Online$|^Offline$/i),
    page.getByTestId('presence-status'),
    page.getByText(/©/),
  ];
}

/** Shoots `path` at every width in both themes; `ready` says the page's data is on screen. */
async function shoot(page: Page, name: string, path: string, ready: (page: Page) => Locator) {
  for (const theme of THEMES) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      // Whether a lazy image below the fold has loaded depends on the browser's distance heuristics:
      // load them all, as a person scrolling down would see the page.
      await page.evaluate(async () => {
        const images = [...document.images];
        for (const image of images) image.loading = 'eager';
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      });
      await expect(page).toHaveScreenshot(`${name}-${width}-${theme}.png`, {
        fullPage: true,
        mask: volatile(page),
        maxDiffPixelRatio: 0.01,
      });
    }
  }
}

test('home', async ({ page }) => {
  await shoot(page, 'home', '/', (p) =>
    p.getByRole('region', { name: 'Newest Cars' }).getByRole('article').first(),
  );
});

test('search', async ({ page }) => {
  await shoot(page, 'search', '/search', (p) => p.getByRole('heading', { name: '3 Cars Found' }));
});

test('listing', async ({ page }) => {
  await shoot(page, 'listing', `/listing/${fixed.civic._id}`, (p) =>
    p.getByRole('region', { name: 'Similar Cars' }).getByRole('link').first(),
  );
});

test('wizard step 1', async ({ page }) => {
  await storeSession(page, fixed.seller);
  await shoot(page, 'wizard', '/create-listing', (p) =>
    p.getByRole('heading', { level: 2, name: /^Step 1 of 6/ }),
  );
});

test('dashboard', async ({ page }) => {
  await storeSession(page, fixed.seller);
  await shoot(page, 'dashboard', '/dashboard', (p) => p.getByRole('link', { name: '2012 Honda Civic LX' }));
});

test('conversation', async ({ page }) => {
  await storeSession(page, fixed.buyer);
  await shoot(page, 'conversation', `/messages/${fixed.conversationId}`, (p) =>
    p.getByText('Hi Dana, is the Civic still available? Could I see it on Saturday?').last(),
  );
});
