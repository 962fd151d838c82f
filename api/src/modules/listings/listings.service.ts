import { createHash } from 'node:crypto';
import type { Listing, Pagination } from '@carmarket/shared/contracts';
import { isUuid } from '../../db/uuid.js';
import { NotFoundError } from '../../http/errors.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toListingDto } from './listing-dto.js';
import type { ListingPage, ListingsRepository, ListingWithSeller } from './listings.repository.js';

export interface ListingList {
  data: Listing[];
  pagination: Pagination;
}

/** Who is looking: the signed-in user, or a guest known only by network address. */
export interface Viewer {
  userId: string | null;
  ip: string;
}

export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Shapes rows for the API, loading images and the viewer's favorites for all of them at once. */
  async present(rows: ListingWithSeller[], viewerId: string | null): Promise<Listing[]> {
    const ids = rows.map((row) => row.listing.id);
    const [images, favorites] = await Promise.all([
      this.listings.imagesFor(ids),
      viewerId ? this.listings.favoritedAmong(viewerId, ids) : new Set<string>(),
    ]);
    return rows.map((row) =>
      toListingDto(row, images.get(row.listing.id) ?? [], favorites.has(row.listing.id)),
    );
  }

  async presentPage(page: ListingPage, request: PageRequest, viewerId: string | null): Promise<ListingList> {
    return { data: await this.present(page.rows, viewerId), pagination: paginate(page.total, request) };
  }

  /** The listing page; opening someone else's listing counts one view per viewer per day. */
  async getListing(id: string, viewer: Viewer): Promise<Listing> {
    const row = isUuid(id) ? await this.listings.findById(id) : undefined;
    if (!row) throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
    if (row.listing.sellerId !== viewer.userId) {
      const counted = await this.listings.recordView(
        id,
        viewerKey(viewer),
        new Date().toISOString().slice(0, 10),
      );
      if (counted) row.listing.views += 1;
    }
    const [listing] = await this.present([row], viewer.userId);
    return listing!;
  }

  /** A seller's listings: active ones for everyone, sold ones too for the seller. */
  async listBySeller(sellerId: string, viewerId: string | null, page: PageRequest): Promise<ListingList> {
    if (!isUuid(sellerId) || !(await this.users.findById(sellerId))) {
      throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    }
    const rows = await this.listings.findBySeller(sellerId, sellerId === viewerId, page);
    return this.presentPage(rows, page, viewerId);
  }

  async listFavorites(userId: string, page: PageRequest): Promise<ListingList> {
    return this.presentPage(await this.listings.findFavorites(userId, page), page, userId);
  }
}

// Guests are told apart by a hash of their address, so raw IPs are never stored.
function viewerKey({ userId, ip }: Viewer): string {
  return userId ? `user:${userId}` : `ip:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
}
