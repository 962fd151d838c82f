import { describe, expect, it } from '@jest/globals';
import type { ModerationCase } from '@carmarket/shared';
import { moderationActionPath } from '../../features/moderation/api/moderate';
import { caseActions } from './case-actions';

const listingCase: ModerationCase = {
  target: { type: 'listing', listingId: 'listing-1', title: 'Cheap Civic' },
  status: 'open',
  listingHidden: true,
  reportedUser: { _id: 'seller-1', name: 'Sam', blocked: false },
  lastReportedAt: '2025-01-02T00:00:00.000Z',
  reports: [],
};

const labelsAndPaths = (found: ModerationCase) =>
  caseActions(found).map(({ label, action }) => [label, moderationActionPath(action)]);

describe('caseActions', () => {
  it('offers to restore a hidden listing and to block its seller', () => {
    expect(labelsAndPaths(listingCase)).toEqual([
      ['Restore listing', '/admin/listings/listing-1/restore'],
      ['Block user', '/admin/users/seller-1/block'],
    ]);
  });

  it('offers to hide a listing in search and to unblock a blocked seller', () => {
    expect(
      labelsAndPaths({
        ...listingCase,
        listingHidden: false,
        reportedUser: { ...listingCase.reportedUser!, blocked: true },
      }),
    ).toEqual([
      ['Hide listing', '/admin/listings/listing-1/hide'],
      ['Unblock user', '/admin/users/seller-1/unblock'],
    ]);
  });

  it('offers only the account for a message, and nothing once listing and account are deleted', () => {
    expect(
      labelsAndPaths({
        ...listingCase,
        target: { type: 'message', messageId: 'message-1', excerpt: 'Pay by gift card' },
        listingHidden: false,
      }),
    ).toEqual([['Block user', '/admin/users/seller-1/block']]);
    expect(
      caseActions({
        ...listingCase,
        target: { type: 'listing', listingId: null, title: 'Gone' },
        reportedUser: null,
      }),
    ).toEqual([]);
  });

  it('says what was done in words a moderator reads', () => {
    expect(caseActions(listingCase).map(({ done }) => done)).toEqual([
      '“Cheap Civic” is back in search',
      'Sam is blocked',
    ]);
  });
});

describe('moderationActionPath', () => {
  it('closes one report as needing no action, with the id made safe for a path', () => {
    expect(moderationActionPath({ kind: 'dismiss-report', reportId: 'a/b' })).toBe(
      '/admin/reports/a%2Fb/dismiss',
    );
  });
});
