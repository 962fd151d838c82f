import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_TO_HIDE_LISTING } from '@carmarket/shared/constants';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { UsersRepository } from '../users/users.repository.js';
import { ALREADY_REPORTED_LISTING } from './reports.service.js';

// Each test makes several HTTP calls and searches: more than the default test timeout on a busy machine.
const FLOW_TIMEOUT_MS = 30_000;

let t: TestApp;
let seller: SignedIn;
let reporters: SignedIn[];
let moderator: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'reported-seller@example.com');
  moderator = await signUp(t, 'moderator@example.com');
  await new UsersRepository(t.app.database.db).setAdmin('moderator@example.com', true);
  reporters = [];
  for (let index = 0; index < REPORTS_TO_HIDE_LISTING; index += 1) {
    reporters.push(await signUp(t, `reporter-${index}@example.com`));
  }
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const reportListing = (from: SignedIn, listingId: string, json: Record<string, unknown>) =>
  t.request('POST', `/api/reports/listings/${listingId}`, { token: from.accessToken, json });

const searchIds = async (): Promise<string[]> => {
  const res = await t.request('GET', '/api/search?limit=100');
  expect(res.status).toBe(200);
  return res.body.data.map((listing: { _id: string }) => listing._id);
};

describe('reporting a listing', () => {
  it(
    `hides it from search once ${REPORTS_TO_HIDE_LISTING} different people report it, until a moderator restores it`,
    async () => {
      const listing = await seedListing(t.app.database.db, seller.user._id, { title: 'Too good to be true' });
      expect(await searchIds()).toContain(listing.id);

      const [first, ...others] = reporters;
      const reported = await reportListing(first!, listing.id, {
        reason: 'scam',
        details: 'Asked me for a deposit by gift card',
      });
      expect(reported.status).toBe(200);
      expect(reported.body.data).toMatchObject({
        target: { type: 'listing', listingId: listing.id, title: 'Too good to be true' },
        reason: 'scam',
        details: 'Asked me for a deposit by gift card',
        status: 'open',
        reviewedAt: null,
      });

      // The same person twice counts once.
      const again = await reportListing(first!, listing.id, { reason: 'spam' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        success: false,
        error: ALREADY_REPORTED_LISTING,
        code: 'ALREADY_REPORTED',
      });

      for (const reporter of others.slice(0, -1)) {
        expect((await reportListing(reporter, listing.id, { reason: 'misleading' })).status).toBe(200);
      }
      expect(await searchIds()).toContain(listing.id);
      expect((await reportListing(others.at(-1)!, listing.id, { reason: 'scam' })).status).toBe(200);
      expect(await searchIds()).not.toContain(listing.id);

      // The reporter follows their report.
      const mine = await t.request('GET', '/api/reports/mine', { token: first!.accessToken });
      expect(mine.body.data).toEqual([expect.objectContaining({ status: 'open', listingHidden: true })]);
      expect(mine.body.pagination.total).toBe(1);

      // A moderator sees the reports, finds nothing wrong and restores the listing.
      const queue = await t.request('GET', '/api/admin/reports', { token: moderator.accessToken });
      expect(queue.status).toBe(200);
      expect(queue.body.data).toHaveLength(REPORTS_TO_HIDE_LISTING);
      const restored = await t.request('POST', `/api/admin/listings/${listing.id}/restore`, {
        token: moderator.accessToken,
      });
      expect(restored.body).toEqual({ success: true, data: { listingId: listing.id, hidden: false } });
      expect(await searchIds()).toContain(listing.id);
      const afterReview = await t.request('GET', '/api/reports/mine', { token: first!.accessToken });
      expect(afterReview.body.data[0]).toMatchObject({ status: 'dismissed', reviewedAt: expect.any(String) });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'lets a moderator hide a listing directly, upholding its reports',
    async () => {
      const listing = await seedListing(t.app.database.db, seller.user._id);
      await reportListing(reporters[0]!, listing.id, { reason: 'offensive' });
      const hidden = await t.request('POST', `/api/admin/listings/${listing.id}/hide`, {
        token: moderator.accessToken,
      });
      expect(hidden.status).toBe(200);
      expect(await searchIds()).not.toContain(listing.id);
      const mine = await t.request('GET', '/api/reports/mine', { token: reporters[0]!.accessToken });
      expect(mine.body.data[0]).toMatchObject({ target: { listingId: listing.id }, status: 'upheld' });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refuses bad input with a clear message and stores nothing',
    async () => {
      const listing = await seedListing(t.app.database.db, seller.user._id);
      const noReason = await reportListing(reporters[1]!, listing.id, { details: 'bad' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.details).toEqual({ reason: 'Please choose a reason' });
      const tooLong = await reportListing(reporters[1]!, listing.id, {
        reason: 'other',
        details: 'x'.repeat(501),
      });
      expect(tooLong.body.details).toEqual({ details: 'Details must be at most 500 characters' });
      const own = await reportListing(seller, listing.id, { reason: 'spam' });
      expect(own.status).toBe(400);
      expect(own.body.code).toBe('OWN_LISTING');
      const missing = await reportListing(reporters[1]!, '00000000-0000-4000-8000-000000000000', {
        reason: 'spam',
      });
      expect(missing.status).toBe(404);
      const mine = await t.request('GET', '/api/reports/mine', { token: reporters[1]!.accessToken });
      expect(
        mine.body.data.some(
          (report: { target: { listingId: string } }) => report.target.listingId === listing.id,
        ),
      ).toBe(false);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps moderation to administrators and reporting to signed-in users',
    async () => {
      const listing = await seedListing(t.app.database.db, seller.user._id);
      const member = await t.request('GET', '/api/admin/reports', { token: reporters[0]!.accessToken });
      expect(member.status).toBe(403);
      expect(member.body.code).toBe('ADMIN_ONLY');
      const hide = await t.request('POST', `/api/admin/listings/${listing.id}/hide`, {
        token: seller.accessToken,
      });
      expect(hide.status).toBe(403);
      expect(await searchIds()).toContain(listing.id);
      const guest = await t.request('POST', `/api/reports/listings/${listing.id}`, {
        json: { reason: 'spam' },
      });
      expect(guest.status).toBe(401);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('reporting a message', () => {
  it(
    'is for its recipient; the report keeps what the message said',
    async () => {
      const buyer = reporters[2]!;
      const listing = await seedListing(t.app.database.db, seller.user._id);
      const sent = await t.request('POST', '/api/messages', {
        token: buyer.accessToken,
        json: { listingId: listing.id, recipientId: seller.user._id, content: 'Pay me with Steam cards' },
      });
      const messageId = sent.body.data._id;

      const bySender = await t.request('POST', `/api/reports/messages/${messageId}`, {
        token: buyer.accessToken,
        json: { reason: 'scam' },
      });
      expect(bySender.status).toBe(403);

      const byRecipient = await t.request('POST', `/api/reports/messages/${messageId}`, {
        token: seller.accessToken,
        json: { reason: 'scam' },
      });
      expect(byRecipient.status).toBe(200);
      expect(byRecipient.body.data).toMatchObject({
        target: { type: 'message', messageId, excerpt: 'Pay me with Steam cards' },
        status: 'open',
      });
    },
    FLOW_TIMEOUT_MS,
  );
});
