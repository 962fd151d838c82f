import { LISTING_RENEWAL_DAYS } from '@carmarket/shared/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a listing leaves search, the home page, similar cars and the sitemap: `periodMs` after it was
 * listed or last renewed (spec: 60 days), by `now` — tests move that clock, and the e2e site shortens
 * the period to see a listing expire.
 */
export class ListingFreshness {
  constructor(
    readonly periodMs: number = LISTING_RENEWAL_DAYS * DAY_MS,
    readonly now: () => Date = () => new Date(),
  ) {}

  expiresAt(renewedAt: Date): Date {
    return new Date(renewedAt.getTime() + this.periodMs);
  }

  /** Listings renewed (or listed) at or before this have expired. */
  renewedAfter(): Date {
    return new Date(this.now().getTime() - this.periodMs);
  }
}
