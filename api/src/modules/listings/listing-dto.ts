import type {
  BodyType,
  Condition,
  Drivetrain,
  FuelType,
  TitleStatus,
  Transmission,
} from '@carmarket/shared/constants';
import type { Listing, ListingImage } from '@carmarket/shared/contracts';
import { formatDisplayName } from '@carmarket/shared/format';
import { isVerifiedListing } from '@carmarket/shared/schemas';
import type { ListingFreshness } from './listing-freshness.js';
import type { ListingPhoto, ListingWithSeller, PriceChangeRow } from './listings.repository.js';

export function toImageDto(row: ListingPhoto): ListingImage {
  return {
    url: row.url,
    ...(row.medium ? { medium: row.medium } : {}),
    thumbnail: row.thumbnail,
    alt: row.alt,
    publicId: row.publicId,
    isPrimary: row.isPrimary,
    status: row.status,
  };
}

/**
 * The listing as spec §3 shapes it. Enumerated columns are plain text in the database; the shared
 * schemas validated them on the way in, hence the casts.
 */
export function toListingDto(
  { listing, seller }: ListingWithSeller,
  images: ListingPhoto[],
  isFavorite: boolean,
  latestPriceChange: Pick<PriceChangeRow, 'fromAmount' | 'toAmount' | 'changedAt'> | undefined,
  freshness: ListingFreshness,
  now: Date,
): Listing {
  const imageDtos = images.map(toImageDto);
  const expiresAt = freshness.expiresAt(listing.renewedAt);
  return {
    _id: listing.id,
    title: listing.title,
    description: listing.description,
    createdAt: listing.createdAt.toISOString(),
    views: listing.views,
    favoriteCount: listing.favoriteCount,
    isFavorite,
    // A draft is the owner's active listing still short of photos (see the status column).
    status: listing.status === 'sold' ? 'sold' : 'active',
    dealerBadge: seller.role === 'dealer',
    expiresAt: expiresAt.toISOString(),
    expired: expiresAt <= now,
    verified: isVerifiedListing({
      vin: listing.vin,
      year: listing.year,
      make: listing.make,
      photoCount: images.length,
      sellerEmailVerified: seller.emailVerified,
    }),
    primaryImage: imageDtos.find((image) => image.isPrimary) ?? imageDtos[0] ?? null,
    price: { amount: listing.priceAmount, currency: 'USD', negotiable: listing.negotiable },
    hasWarranty: listing.hasWarranty,
    acceptsTradeIn: listing.acceptsTradeIn,
    financingAvailable: listing.financingAvailable,
    contactPreferences: { phone: listing.contactPhone, preferredMethod: listing.preferredContact },
    seller: {
      _id: seller.id,
      name: formatDisplayName(seller),
      role: seller.role,
      memberSince: seller.createdAt.toISOString(),
    },
    vehicle: {
      make: listing.make,
      model: listing.model,
      year: listing.year,
      trim: listing.trim,
      mileage: listing.mileage,
      vin: listing.vin,
      bodyType: listing.bodyType as BodyType,
      fuelType: listing.fuelType as FuelType,
      transmission: listing.transmission as Transmission,
      drivetrain: listing.drivetrain as Drivetrain,
      engine: listing.engine,
      color: { exterior: listing.exteriorColor, interior: listing.interiorColor },
      doors: listing.doors,
      condition: listing.condition as Condition,
      titleStatus: listing.titleStatus as TitleStatus,
      features: listing.features,
      mpg: { city: listing.cityMpg, highway: listing.highwayMpg, combined: listing.combinedMpg },
      images: imageDtos,
      location: {
        type: 'Point',
        coordinates: [listing.longitude, listing.latitude],
        address: { city: listing.city, state: listing.state, zipCode: listing.zipCode },
      },
    },
    priceDrop:
      latestPriceChange && latestPriceChange.toAmount < latestPriceChange.fromAmount
        ? {
            amount: latestPriceChange.fromAmount - latestPriceChange.toAmount,
            fromAmount: latestPriceChange.fromAmount,
            droppedAt: latestPriceChange.changedAt.toISOString(),
          }
        : null,
  };
}
