import type { DealRatingBand } from '../constants/enums.js';
import type { SearchParams } from './entities.js';

/** GET /listings/{id}/deal-rating: where a price sits against comparable listings, with why. */
export interface DealRating {
  /** Null with `notEnoughData` when there are too few comparables: never a made-up number. */
  band: DealRatingBand | null;
  notEnoughData: string | null;
  price: number;
  /** Estimated market value and its likely range (middle half of the adjusted comparables). */
  estimate: number | null;
  range: { low: number; high: number } | null;
  comparableCount: number;
  /** The comparables' prices adjusted to this car (year, mileage, condition, title), ascending. */
  adjustedPrices: number[];
  /** Sentences that explain the estimate, in reading order. */
  reasons: string[];
  /** The search that lists the comparables. */
  comparablesSearch: SearchParams;
}
