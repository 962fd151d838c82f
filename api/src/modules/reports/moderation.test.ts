import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedListing } from '../../test/seed.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import {
  signIn,
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { BLOCKED_ACCOUNT_MESSAGE } from '../users/blocked-account.js';
import { UsersRepository } from '../users/users.repository.js';

// Sign-ins through real mail, messages and searches: more than the default test timeout on a busy machine.
const FLOW_TIMEOUT_MS = 30_000;

let t: TestApp;
let smtp: SmtpCatcher;
let moderator: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // One address signs in three times within a second.
  t = await startTestApp({
    smtp,
    env: { SAVED_SEARCH_ALERT_INTERVAL_MS: '0', AUTH_CODE_RESEND_INTERVAL_MS: '1' },
  });
  moderator = await signUp(t, 'queue-moderator@example.com');
  await new UsersRepository(t.app.database.db).setAdmin('queue-moderator@example.com', true);
  buyer = await signUp(t, 'queue-buyer@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const admin = (method: string, path: string) =>
  t.request(method, `/api/admin${path}`, { token: moderator.accessToken });
const searchIds = async (token?: string): Promise<string[]> => {
  const res = await t.request('GET', '/api/search?limit=100', { token });
  expect(res.status).toBe(200);
  return res.body.data.map((listing: JsonBody) => listing._id);
};

describe('the moderation queue', () => {
  it(
    'lists every report, open ones first and newest first, naming the reporter and whom it is about',
    async () => {
      const seller = await signUp(t, 'queue-seller@example.com');
      const first = await seedListing(t.app.database.db, seller.user._id, { title: 'First reported car' });
      const second = await seedListing(t.app.database.db, seller.user._id, { title: 'Second reported car' });
      for (const listing of [first, second]) {
        const res = await t.request('POST', `/api/reports/listings/${listing.id}`, {
          token: buyer.accessToken,
          json: { reason: 'misleading' },
        });
        expect(res.status).toBe(200);
      }
      // The older report is decided: it moves below the open one.
      expect((await admin('POST', `/listings/${first.id}/hide`)).status).toBe(200);
      const question = await t.request('POST', '/api/messages', {
        token: buyer.accessToken,
        json: { listingId: second.id, recipientId: seller.user._id, content: 'Is it still there?' },
      });
      const answer = await t.request('POST', '/api/messages', {
        token: seller.accessToken,
        json: {
          listingId: second.id,
          recipientId: buyer.user._id,
          content: 'Send a deposit by gift card first',
        },
      });
      expect([question.status, answer.status]).toEqual([200, 200]);
      expect(
        (
          await t.request('POST', `/api/reports/messages/${answer.body.data._id}`, {
            token: buyer.accessToken,
            json: { reason: 'scam', details: 'Gift cards' },
          })
        ).status,
      ).toBe(200);

      const queue = await admin('GET', '/reports?limit=2');
      expect(queue.status).toBe(200);
      expect(queue.body.pagination).toMatchObject({ total: 3, pages: 2, hasNextPage: true });
      expect(queue.body.data).toEqual([
        expect.objectContaining({
          target: {
            type: 'message',
            messageId: answer.body.data._id,
            excerpt: 'Send a deposit by gift card first',
          },
          status: 'open',
          reporter: { _id: buyer.user._id, name: 'queue-buyer' },
          reportedUser: { _id: seller.user._id, name: 'queue-seller', blocked: false },
        }),
        expect.objectContaining({
          target: { type: 'listing', listingId: second.id, title: 'Second reported car' },
          status: 'open',
          listingHidden: false,
        }),
      ]);
      const rest = await admin('GET', '/reports?limit=2&page=2');
      expect(rest.body.data).toEqual([
        expect.objectContaining({
          target: expect.objectContaining({ listingId: first.id }),
          status: 'upheld',
          listingHidden: true,
        }),
      ]);
      const upheld = await admin('GET', '/reports?status=upheld');
      expect(upheld.body.data.map((report: JsonBody) => report.target.listingId)).toEqual([first.id]);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('the moderation queue by what was reported', () => {
  it(
    'gathers the reports about one listing into one case, open cases first, each report closable as needing no action',
    async () => {
      const seller = await signUp(t, 'case-seller@example.com');
      const listing = await seedListing(t.app.database.db, seller.user._id, { title: 'Too good to be true' });
      const reasons = ['scam', 'misleading', 'already-sold'] as const;
      const reporters = await Promise.all(reasons.map((_, i) => signUp(t, `case-reporter-${i}@example.com`)));
      for (const [i, reason] of reasons.entries()) {
        const res = await t.request('POST', `/api/reports/listings/${listing.id}`, {
          token: reporters[i]!.accessToken,
          json: { reason, details: reason === 'scam' ? 'Asked for a deposit' : undefined },
        });
        expect(res.status).toBe(200);
      }
      const caseOf = async () => {
        const res = await admin('GET', '/reports/by-target?limit=100');
        expect(res.status).toBe(200);
        return res.body.data.find((found: JsonBody) => found.target.listingId === listing.id);
      };

      const first = await admin('GET', '/reports/by-target?limit=1');
      expect(first.body.pagination).toMatchObject({ page: 1, hasNextPage: true });
      expect(first.body.data).toEqual([
        {
          target: { type: 'listing', listingId: listing.id, title: 'Too good to be true' },
          status: 'open',
          listingHidden: true,
          reportedUser: { _id: seller.user._id, name: 'case-seller', blocked: false },
          lastReportedAt: expect.any(String),
          reports: reasons
            .map((reason, i) =>
              expect.objectContaining({
                reason,
                status: 'open',
                reporter: { _id: reporters[i]!.user._id, name: `case-reporter-${i}` },
              }),
            )
            .reverse(),
        },
      ]);
      expect(first.body.data[0].reports[2].details).toBe('Asked for a deposit');

      const alreadySold = first.body.data[0].reports[0]._id;
      expect((await admin('POST', `/reports/${alreadySold}/dismiss`)).body).toEqual({
        success: true,
        data: { reportId: alreadySold, status: 'dismissed' },
      });
      const again = await admin('POST', `/reports/${alreadySold}/dismiss`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('REPORT_NOT_FOUND');
      expect((await caseOf()).status).toBe('open');

      expect((await admin('POST', `/listings/${listing.id}/restore`)).status).toBe(200);
      const restored = await caseOf();
      expect(restored).toMatchObject({ status: 'dismissed', listingHidden: false });
      expect(restored.reports.map((report: JsonBody) => report.status)).toEqual([
        'dismissed',
        'dismissed',
        'dismissed',
      ]);
      expect(await searchIds()).toContain(listing.id);
    },
    FLOW_TIMEOUT_MS,
  );

  it('is for administrators only', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/reports/by-target'],
      ['POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss'],
    ] as const) {
      const res = await t.request(method, path, { token: buyer.accessToken });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'ADMIN_ONLY' });
    }
  });
});

describe('blocking an account', () => {
  it(
    'stops its sign-in and its messages and takes its listings out of search until it is unblocked',
    async () => {
      const scammer = await signIn(t, smtp, 'blocked-scammer@example.com');
      const listing = await seedListing(t.app.database.db, scammer.user._id, {
        title: 'Cheap car, deposit first',
      });
      expect(await searchIds()).toContain(listing.id);
      await t.request('POST', `/api/reports/listings/${listing.id}`, {
        token: buyer.accessToken,
        json: { reason: 'scam' },
      });

      const blocked = await admin('POST', `/users/${scammer.user._id}/block`);
      expect(blocked.body).toEqual({ success: true, data: { userId: scammer.user._id, blocked: true } });
      expect(await searchIds()).not.toContain(listing.id);
      const mine = await t.request('GET', '/api/reports/mine', { token: buyer.accessToken });
      expect(mine.body.data.find((report: JsonBody) => report.target.listingId === listing.id)).toMatchObject(
        {
          status: 'upheld',
        },
      );

      // Signed out everywhere, and refused at the next sign-in.
      const refreshed = await t.request('POST', '/api/auth/refresh', {
        json: { refreshToken: scammer.refreshToken },
      });
      expect(refreshed.status).toBe(401);
      await expect(signIn(t, smtp, 'blocked-scammer@example.com')).rejects.toThrow(
        `verify blocked-scammer@example.com: 403 {"success":false,"error":"${BLOCKED_ACCOUNT_MESSAGE}","code":"ACCOUNT_BLOCKED",`,
      );
      // The access token it still holds cannot send.
      const other = await signUp(t, 'blocked-other-seller@example.com');
      const otherListing = await seedListing(t.app.database.db, other.user._id);
      const send = await t.request('POST', '/api/messages', {
        token: scammer.accessToken,
        json: { listingId: otherListing.id, recipientId: other.user._id, content: 'Wire me the deposit' },
      });
      expect(send.status).toBe(403);
      expect(send.body).toMatchObject({
        success: false,
        error: BLOCKED_ACCOUNT_MESSAGE,
        code: 'ACCOUNT_BLOCKED',
      });

      expect((await admin('POST', `/users/${scammer.user._id}/unblock`)).status).toBe(200);
      expect(await searchIds()).toContain(listing.id);
      expect((await signIn(t, smtp, 'blocked-scammer@example.com')).accessToken).toEqual(expect.any(String));
    },
    FLOW_TIMEOUT_MS,
  );

  it('is for administrators only, never of oneself, and of an account that exists', async () => {
    const member = await t.request('POST', `/api/admin/users/${moderator.user._id}/block`, {
      token: buyer.accessToken,
    });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('ADMIN_ONLY');
    expect((await t.request('POST', `/api/admin/users/${buyer.user._id}/block`)).status).toBe(401);
    const self = await admin('POST', `/users/${moderator.user._id}/block`);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot block yourself');
    expect((await admin('POST', '/users/00000000-0000-4000-8000-000000000000/block')).status).toBe(404);
    expect((await admin('POST', '/users/not-an-id/block')).status).toBe(400);
  });
});

describe('a user blocking a seller', () => {
  it(
    "hides the seller's listings from that user's searches and saved-search counts, not from others'",
    async () => {
      const seller = await signUp(t, 'blocked-by-buyer@example.com');
      const listing = await seedListing(t.app.database.db, seller.user._id, { make: 'Saab', model: '9-3' });
      const saved = await t.request('POST', '/api/search/saved', {
        token: buyer.accessToken,
        json: { name: 'Saabs', params: { make: 'Saab', sort: 'newest' } },
      });
      expect(saved.status).toBe(201);
      expect(await searchIds(buyer.accessToken)).toContain(listing.id);

      expect(
        (await t.request('POST', `/api/messages/block/${seller.user._id}`, { token: buyer.accessToken }))
          .status,
      ).toBe(200);
      expect(await searchIds(buyer.accessToken)).not.toContain(listing.id);
      expect(await searchIds()).toContain(listing.id);
      expect(await searchIds(moderator.accessToken)).toContain(listing.id);
      const counts = await t.request('GET', '/api/search/saved', { token: buyer.accessToken });
      expect(counts.body.data.find((search: JsonBody) => search.name === 'Saabs').newCount).toBe(0);

      await t.request('POST', `/api/messages/unblock/${seller.user._id}`, { token: buyer.accessToken });
      expect(await searchIds(buyer.accessToken)).toContain(listing.id);
    },
    FLOW_TIMEOUT_MS,
  );
});
