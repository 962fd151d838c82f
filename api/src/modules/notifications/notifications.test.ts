import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { seedListing } from '../../test/seed.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { nextEvent, openSocket, type TestSocket } from '../../test/socket-client.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { DIGEST_INTERVAL_MS } from './digest.js';

// Several HTTP calls, a socket and mail per test: more than the default test timeout on a busy machine.
const FLOW_TIMEOUT_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let smtp: SmtpCatcher;
let seller: SignedIn;
let watcher: SignedIn;
let quiet: SignedIn;
let socket: TestSocket;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // The alert timer is off: each test runs the alerts itself, so it knows when they went out.
  t = await startTestApp({ smtp, listen: true, env: { SAVED_SEARCH_ALERT_INTERVAL_MS: '0' } });
  seller = await signUp(t, 'alert-seller@example.com');
  watcher = await signUp(t, 'alert-watcher@example.com');
  quiet = await signUp(t, 'alert-quiet@example.com');
  await t.app.database.db
    .update(users)
    .set({ emailSavedSearches: true })
    .where(eq(users.id, watcher.user._id));
  socket = await openSocket(t.baseUrl, watcher.accessToken);
  // Listings made before these tests (none yet, but the seed may add some) are not theirs to alert.
  await t.app.savedSearchAlerts.run();
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  await smtp?.close();
});

const saveSearch = async (who: SignedIn, name: string, params: Record<string, unknown>) => {
  const saved = await t.request('POST', '/api/search/saved', {
    token: who.accessToken,
    json: { name, params },
  });
  expect(saved.status).toBe(201);
  return saved.body.data._id as string;
};
const notificationsOf = async (who: SignedIn) => {
  const res = await t.request('GET', '/api/notifications', { token: who.accessToken });
  expect(res.status).toBe(200);
  return res.body as JsonBody;
};
/** A caught mail with its quoted-printable parts decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const unreadOf = async (who: SignedIn) =>
  (await t.request('GET', '/api/notifications/unread-count', { token: who.accessToken })).body.data
    .unreadCount;

describe('saved-search alerts', () => {
  it(
    'tell the owner of a matching saved search live, once per listing, and nobody else',
    async () => {
      const savedSearchId = await saveSearch(watcher, 'Cheap Mazdas', {
        make: 'Mazda',
        maxPrice: 6000,
        sort: 'newest',
      });
      await saveSearch(watcher, 'Any Mazda', { make: 'Mazda', sort: 'newest' });
      await saveSearch(quiet, 'Pickups', { bodyType: ['truck'], sort: 'newest' });

      const match = await seedListing(t.app.database.db, seller.user._id, {
        make: 'Mazda',
        model: 'Mazda3',
        title: '2012 Mazda3 hatchback',
        priceAmount: 5500,
      });
      await seedListing(t.app.database.db, seller.user._id, {
        make: 'Mazda',
        model: 'CX-5',
        priceAmount: 9000,
      });
      await seedListing(t.app.database.db, seller.user._id, {
        make: 'Honda',
        model: 'Fit',
        priceAmount: 4000,
      });
      const live = nextEvent(
        socket,
        'notification',
        (event) => event.notification.payload.listingId === match.id,
      );
      // Two searches match the first car, one the second: one alert per listing, naming the first search.
      expect(await t.app.savedSearchAlerts.run()).toBe(2);

      const event = await live;
      expect(event).toEqual({
        notification: {
          _id: expect.any(String),
          kind: 'saved-search-match',
          payload: {
            savedSearchId,
            savedSearchName: 'Cheap Mazdas',
            listingId: match.id,
            title: '2012 Mazda3 hatchback',
            priceAmount: 5500,
          },
          read: false,
          createdAt: expect.any(String),
        },
        unreadCount: expect.any(Number),
      });
      const list = await notificationsOf(watcher);
      expect(list.data.map((n: JsonBody) => n.payload.savedSearchName).sort()).toEqual([
        'Any Mazda',
        'Cheap Mazdas',
      ]);
      expect(list.pagination.total).toBe(2);
      expect(await unreadOf(watcher)).toBe(2);
      expect((await notificationsOf(quiet)).data).toEqual([]);

      // Each listing is checked once.
      expect(await t.app.savedSearchAlerts.run()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'skip drafts until they go live, the user’s own listings and sellers they blocked',
    async () => {
      await saveSearch(watcher, 'Subarus', { make: 'Subaru', sort: 'newest' });
      const before = (await notificationsOf(watcher)).pagination.total;
      const draft = await seedListing(t.app.database.db, seller.user._id, {
        make: 'Subaru',
        status: 'draft',
      });
      await seedListing(t.app.database.db, watcher.user._id, { make: 'Subaru', model: 'Outback' });
      expect(await t.app.savedSearchAlerts.run()).toBe(0);

      expect(
        (await t.request('POST', `/api/messages/block/${seller.user._id}`, { token: watcher.accessToken }))
          .status,
      ).toBe(200);
      await seedListing(t.app.database.db, seller.user._id, { make: 'Subaru', model: 'Forester' });
      expect(await t.app.savedSearchAlerts.run()).toBe(0);
      await t.request('POST', `/api/messages/unblock/${seller.user._id}`, { token: watcher.accessToken });

      const { listings } = await import('../../db/schema.js');
      await t.app.database.db.update(listings).set({ status: 'active' }).where(eq(listings.id, draft.id));
      expect(await t.app.savedSearchAlerts.run()).toBe(1);
      const list = await notificationsOf(watcher);
      expect(list.pagination.total).toBe(before + 1);
      expect(list.data[0].payload.listingId).toBe(draft.id);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'are read one by one or all at once, by their owner only',
    async () => {
      const [first] = (await notificationsOf(watcher)).data;
      const other = await t.request('POST', `/api/notifications/${first._id}/read`, {
        token: quiet.accessToken,
      });
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ success: false, error: 'Not your notification' });

      const unread = await unreadOf(watcher);
      const read = await t.request('POST', `/api/notifications/${first._id}/read`, {
        token: watcher.accessToken,
      });
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ _id: first._id, read: true });
      expect(await unreadOf(watcher)).toBe(unread - 1);

      const all = await t.request('POST', '/api/notifications/read-all', { token: watcher.accessToken });
      expect(all.body.data).toEqual({ markedRead: unread - 1 });
      expect(await unreadOf(watcher)).toBe(0);

      expect((await t.request('GET', '/api/notifications')).status).toBe(401);
      expect(
        (await t.request('POST', '/api/notifications/not-a-uuid/read', { token: watcher.accessToken }))
          .status,
      ).toBe(400);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('the daily digest', () => {
  it(
    'mails the pending alerts at most once a day, only to users who asked, with a working unsubscribe link',
    async () => {
      // Everything so far was read in the menu: nothing to mail.
      const now = new Date(Date.now() + 60_000);
      expect(await t.app.notificationDigest.run(now)).toBe(0);

      await saveSearch(watcher, 'Volvos', { make: 'Volvo', sort: 'newest' });
      await seedListing(t.app.database.db, seller.user._id, {
        make: 'Volvo',
        model: 'V70',
        title: 'Volvo V70 wagon',
        priceAmount: 4500,
      });
      await seedListing(t.app.database.db, seller.user._id, {
        make: 'Volvo',
        model: 'S60',
        title: 'Volvo S60 sedan',
      });
      expect(await t.app.savedSearchAlerts.run()).toBe(2);
      const later = new Date(now.getTime() + 60_000);
      expect(await t.app.notificationDigest.run(later)).toBe(1);
      const mail = await smtp.waitForMail(watcher.user.email);
      expect(mail.subject).toBe('2 new cars for your saved searches');
      expect(decoded(mail.raw)).toContain('“Volvos”: Volvo V70 wagon, $4,500');
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      // quiet ticked neither box and has no alerts; nobody else gets mail.
      expect(smtp.messagesTo(quiet.user.email)).toEqual([]);

      // A new alert within the day waits for the next day's digest.
      await seedListing(t.app.database.db, seller.user._id, {
        make: 'Volvo',
        model: 'XC90',
        title: 'Volvo XC90 SUV',
      });
      expect(await t.app.savedSearchAlerts.run()).toBe(1);
      expect(await t.app.notificationDigest.run(new Date(later.getTime() + HOUR_MS))).toBe(0);
      expect(await t.app.notificationDigest.run(new Date(later.getTime() + DIGEST_INTERVAL_MS))).toBe(1);
      const next = await smtp.waitForMail(watcher.user.email, 2);
      expect(next.subject).toBe('A new car for your saved search');
      expect(decoded(next.raw)).toContain('Volvo XC90 SUV');
      expect(decoded(next.raw)).not.toContain('V70');

      // The link works without signing in: a confirmation page, then one click.
      const link =
        /^List-Unsubscribe:\s+<http:\/\/localhost:\d+(\/api\/notifications\/unsubscribe\?token=[^>]+)>/m.exec(
          next.raw,
        )![1]!;
      expect(decoded(next.raw)).toContain(`Stop these emails: http://localhost:3000${link}`);
      const page = await t.request('GET', link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('alert-watcher@example.com');
      expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
      const token = decodeURIComponent(link.split('token=')[1]!);
      const done = await t.request('POST', '/api/notifications/unsubscribe', {
        body: new URLSearchParams({ token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.status).toBe(200);
      expect(done.text).toContain('You are unsubscribed');
      const me = await t.request('GET', '/api/auth/me', { token: watcher.accessToken });
      expect(me.body.data.user).toMatchObject({ emailSavedSearches: false, emailNewListings: false });

      // Alerts still come in the menu, but no more mail.
      await seedListing(t.app.database.db, seller.user._id, { make: 'Volvo', model: 'XC70' });
      expect(await t.app.savedSearchAlerts.run()).toBe(1);
      expect(await t.app.notificationDigest.run(new Date(later.getTime() + 3 * DIGEST_INTERVAL_MS))).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it('refuses a forged or foreign token on the unsubscribe page, as a page to browsers and in the envelope to others', async () => {
    for (const token of ['nonsense', watcher.accessToken]) {
      const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      const page = await t.request('GET', url, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(400);
      expect(page.text).toContain('This unsubscribe link is not valid');
      // A mail program's one-click POST, or any client that does not ask for HTML, gets the envelope.
      const post = await t.request('POST', url, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.status).toBe(400);
      expect(post.body).toMatchObject({ success: false, code: 'INVALID_UNSUBSCRIBE_LINK' });
      expect(post.body.error).toContain('This unsubscribe link is not valid');
    }
  });
});
