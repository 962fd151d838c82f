import type { FastifyBaseLogger } from 'fastify';
import type { SearchService } from '../search/search.service.js';
import type { NewNotification, NotificationsRepository } from './notifications.repository.js';
import type { NotificationsService } from './notifications.service.js';

/** Listings checked per claim; a run keeps claiming until none is left. */
const CLAIM_BATCH = 100;

/**
 * Saved-search alerts: each listing that went live (created active, or a draft that got its
 * photos) is checked once against every saved search, and each user whose search it matches gets
 * one notification about it (naming their first matching search), live and later in the digest.
 */
export class SavedSearchAlerts {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly search: SearchService,
    private readonly notifications: NotificationsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Checks every listing that went live since the last run; answers how many alerts went out. */
  async run(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.repository.claimNewListings(CLAIM_BATCH);
      if (claimed.length === 0) return sent;
      const searches = await this.repository.savedSearchesForAlerts();
      const matches = await this.search.savedSearchMatches(
        claimed.map((listing) => listing.id),
        searches,
      );
      const alerts: NewNotification<'saved-search-match'>[] = [];
      for (const listing of claimed) {
        const alerted = new Set<string>();
        for (const search of matches.get(listing.id) ?? []) {
          if (alerted.has(search.userId)) continue;
          alerted.add(search.userId);
          alerts.push({
            userId: search.userId,
            kind: 'saved-search-match',
            payload: {
              savedSearchId: search.id,
              savedSearchName: search.name,
              listingId: listing.id,
              title: listing.title,
              priceAmount: listing.priceAmount,
            },
          });
        }
      }
      await this.notifications.notify(alerts);
      sent += alerts.length;
      if (alerts.length > 0) this.log.info({ alerts: alerts.length }, 'saved-search alerts sent');
    }
  }
}
