import type { FavoriteState } from '@carmarket/shared/contracts';
import { isUuid } from '../../db/uuid.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import type { FavoritesRepository } from './favorites.repository.js';

const listingNotFound = () => new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');

export class FavoritesService {
  constructor(private readonly favorites: FavoritesRepository) {}

  /**
   * POST /listings/{id}/favorite: one call both saves and removes (spec §7). A draft exists only
   * for its owner (404 for anyone else); a sold listing can be removed from favorites but not
   * added (409), so the favorites page keeps showing what the user saved before the sale.
   */
  async toggle(userId: string, listingId: string): Promise<FavoriteState> {
    if (!isUuid(listingId)) throw listingNotFound();
    const outcome = await this.favorites.toggle(userId, listingId);
    if (!outcome) throw listingNotFound();
    if (!outcome.changed) {
      if (outcome.status === 'draft' && outcome.sellerId !== userId) throw listingNotFound();
      throw new ConflictError('This listing is no longer available', 'LISTING_NOT_ACTIVE');
    }
    return { isFavorite: outcome.isFavorite, favoriteCount: outcome.favoriteCount };
  }
}
