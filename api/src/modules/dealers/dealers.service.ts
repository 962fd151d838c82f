import type { Dealer } from '@carmarket/shared/contracts';
import type { DealerProfile } from '@carmarket/shared/schemas';
import { isUuid } from '../../db/uuid.js';
import { NotFoundError } from '../../http/errors.js';
import type { GeocodingService } from '../geocoding/geocoding.service.js';
import type { DealerRow, DealersRepository } from './dealers.repository.js';

function toDealerDto(dealer: DealerRow, activeListings: number): Dealer {
  return {
    _id: dealer.userId,
    businessName: dealer.businessName,
    address: { street: dealer.street, city: dealer.city, state: dealer.state, zipCode: dealer.zipCode },
    location: { latitude: dealer.latitude, longitude: dealer.longitude },
    phone: dealer.phone,
    website: dealer.website,
    since: dealer.createdAt.toISOString(),
    activeListings,
  };
}

/** Dealer accounts: any signed-in user can become one from the profile; the dealer page is public. */
export class DealersService {
  constructor(
    private readonly dealers: DealersRepository,
    private readonly geocoding: GeocodingService,
  ) {}

  /** The dealer's business; 404 for an unknown id or a user who is not a dealer. */
  async get(userId: string): Promise<Dealer> {
    const found = isUuid(userId) ? await this.dealers.find(userId) : undefined;
    if (!found) throw new NotFoundError('Dealer not found', 'DEALER_NOT_FOUND');
    return toDealerDto(found.dealer, found.activeListings);
  }

  /** Makes the user a dealer, or updates the business; the address is geocoded like a listing's. */
  async save(userId: string, profile: DealerProfile): Promise<Dealer> {
    const { latitude, longitude } = await this.geocoding.geocode({
      city: profile.city,
      state: profile.state,
      zip: profile.zipCode,
    });
    await this.dealers.save(userId, { ...profile, latitude, longitude });
    return this.get(userId);
  }
}
