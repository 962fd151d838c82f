import type { Condition, TitleStatus } from '@carmarket/shared/constants';
import { and, between, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';
import {
  MILEAGE_WINDOW,
  SOLD_WINDOW_DAYS,
  YEAR_WINDOW,
  type ComparableCar,
  type RatedCar,
} from './estimator.js';

const carColumns = {
  id: listings.id,
  priceAmount: listings.priceAmount,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  mileage: listings.mileage,
  condition: listings.condition,
  titleStatus: listings.titleStatus,
  latitude: listings.latitude,
  longitude: listings.longitude,
};

/** Sold listings updated after this still count as comparables. */
export const soldWindowStart = () => sql`now() - make_interval(days => ${SOLD_WINDOW_DAYS})`;

export class DealRatingRepository {
  /**
   * Built and prepared once: each listing page's first view built it anew (drizzle building queries
   * was 7 % of a first view's CPU, docs/benchmarks.md).
   */
  private readonly candidatesQuery;

  constructor(private readonly db: Db) {
    this.candidatesQuery = this.db
      .select({ ...carColumns, status: listings.status })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.sellerId))
      .where(
        and(
          eq(listings.make, sql.placeholder('make')),
          eq(listings.model, sql.placeholder('model')),
          between(listings.year, sql.placeholder('yearMin'), sql.placeholder('yearMax')),
          between(listings.mileage, sql.placeholder('mileageMin'), sql.placeholder('mileageMax')),
          or(
            eq(listings.status, 'active'),
            and(eq(listings.status, 'sold'), gt(listings.updatedAt, soldWindowStart())),
          ),
          // Search's ratings leave out what search leaves out: hidden listings and blocked sellers.
          isNull(listings.hiddenAt),
          isNull(users.blockedAt),
        ),
      )
      .prepare('deal_rating_candidates');
  }

  /**
   * Active listings and those sold in the last SOLD_WINDOW_DAYS of the same make and model, near
   * in year and mileage (listings_make_model_year_idx).
   */
  async candidatesFor(car: RatedCar): Promise<ComparableCar[]> {
    const rows = await this.candidatesQuery.execute({
      make: car.make,
      model: car.model,
      yearMin: car.year - YEAR_WINDOW,
      yearMax: car.year + YEAR_WINDOW,
      mileageMin: car.mileage - MILEAGE_WINDOW,
      mileageMax: car.mileage + MILEAGE_WINDOW,
    });
    return rows.map(({ status, condition, titleStatus, ...row }) => ({
      ...row,
      // Written through the listing schemas, which allow only these values.
      condition: condition as Condition,
      titleStatus: titleStatus as TitleStatus,
      sold: status === 'sold',
    }));
  }
}
