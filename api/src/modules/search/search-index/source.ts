import type { FeatureCategory } from '@carmarket/shared/constants';

/** One listing as the index reads it (status tells an update from a removal). */
export interface IndexRow {
  id: string;
  status: string;
  sellerId: string;
  /** created_at and updated_at in microseconds since the epoch, as PostgreSQL keeps them. */
  createdMicros: number;
  updatedMicros: number;
  /** renewed_at: the listing leaves search a renewal period after it (ListingFreshness). */
  renewedMicros: number;
  priceAmount: number;
  year: number;
  mileage: number;
  cityMpg: number | null;
  highwayMpg: number | null;
  combinedMpg: number | null;
  doors: number;
  make: string;
  model: string;
  trim: string | null;
  bodyType: string;
  fuelType: string;
  transmission: string;
  condition: string;
  titleStatus: string;
  exteriorColor: string;
  interiorColor: string;
  sellerRole: string;
  hasWarranty: boolean;
  acceptsTradeIn: boolean;
  financingAvailable: boolean;
  photoCount: number;
  vin: string | null;
  sellerEmailVerified: boolean;
  latitude: number;
  longitude: number;
  features: Partial<Record<FeatureCategory, string[]>>;
}

/**
 * Where the index reads listings from: the database (SearchRepository) in the API. `readAt` is the
 * database's clock when the read began; the next look goes back from it, so nothing is missed.
 */
export interface SearchIndexSource {
  /**
   * The active listings, and those sold in the deal rating's window (their prices count for it), a
   * page at a time: a full read never holds every row at once.
   */
  currentRows(): Promise<{ readAt: Date; pages: AsyncIterable<IndexRow[]> }>;
  /** Listings of any status updated after `since`, and the ids of listings deleted after it. */
  changesSince(since: Date): Promise<{ readAt: Date; rows: IndexRow[]; deletedIds: string[] }>;
}
