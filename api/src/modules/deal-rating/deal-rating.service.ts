import type { Condition, TitleStatus } from '@carmarket/shared/constants';
import type { DealRating } from '@carmarket/shared/contracts';
import type { DealRatingPreviewQuery } from '@carmarket/shared/schemas';
import { BadRequestError, NotFoundError } from '../../http/errors.js';
import { zipCoordinates } from '../geocoding/zip-coordinates.js';
import type { ListingsService } from '../listings/listings.service.js';
import type { DealRatingRepository } from './deal-rating.repository.js';
import { rateDeal } from './estimator.js';

/**
 * Rates a listing when asked: one indexed read of its make and model's nearby years and mileages,
 * so a change to any listing counts at once and nothing is recomputed for the rest.
 */
export class DealRatingService {
  constructor(
    private readonly ratings: DealRatingRepository,
    private readonly listings: Pick<ListingsService, 'findWithSeller'>,
  ) {}

  /** For any listing a viewer may open (drafts only for their owner). */
  async rateListing(id: string, viewerId: string | null): Promise<DealRating> {
    const found = await this.listings.findWithSeller(id);
    if (!found || (found.listing.status === 'draft' && found.listing.sellerId !== viewerId)) {
      throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
    }
    const { listing } = found;
    const car = {
      ...listing,
      condition: listing.condition as Condition,
      titleStatus: listing.titleStatus as TitleStatus,
    };
    return rateDeal(car, await this.ratings.candidatesFor(car));
  }

  /** Where a price would land for a car not listed yet (the seller's preview before publishing). */
  async preview(query: DealRatingPreviewQuery): Promise<DealRating> {
    const place = zipCoordinates(query.zipCode);
    if (!place) {
      throw new BadRequestError('Unknown ZIP code', 'VALIDATION_ERROR', { zipCode: 'Unknown ZIP code' });
    }
    const car = { ...query, id: '', priceAmount: query.price, ...place };
    return rateDeal(car, await this.ratings.candidatesFor(car));
  }
}
