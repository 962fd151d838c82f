// Market value from comparable listings (issue 16): same make and model, model years and mileage
// close to this car's, active or recently sold. Each comparable's price is adjusted to this car
// (year, mileage, condition, title), the estimate is their median and the range their middle half.
// Too few comparables give "Not enough data" with the reason instead of a number.
import {
  DEAL_RATING_LABELS,
  TITLE_STATUS_LABELS,
  type Condition,
  type DealRatingBand,
  type TitleStatus,
} from '@carmarket/shared/constants';
import type { DealRating } from '@carmarket/shared/contracts';
import { formatMileage, formatPrice } from '@carmarket/shared/format';

export interface RatedCar {
  id: string;
  priceAmount: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  condition: Condition;
  titleStatus: TitleStatus;
  latitude: number;
  longitude: number;
}

export interface ComparableCar extends RatedCar {
  sold: boolean;
}

export const MIN_COMPARABLES = 5;
export const YEAR_WINDOW = 3;
export const MILEAGE_WINDOW = 50_000;
/** Sold listings count as comparables for this long after they sold. */
export const SOLD_WINDOW_DAYS = 180;
/** Prices differ by region: within this radius alone when it has enough comparables. */
export const REGION_RADIUS_MILES = 200;
const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;
/** No two places further apart in latitude than this are within the region (a cheap first test). */
export const REGION_LATITUDE_DEGREES = REGION_RADIUS_MILES / (EARTH_RADIUS_MILES * RADIANS);

type Place = Pick<RatedCar, 'latitude' | 'longitude'>;

function milesBetween(a: Place, b: Place): number {
  const haversine =
    Math.sin(((b.latitude - a.latitude) * RADIANS) / 2) ** 2 +
    Math.cos(a.latitude * RADIANS) *
      Math.cos(b.latitude * RADIANS) *
      Math.sin(((b.longitude - a.longitude) * RADIANS) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(haversine));
}

/** Whether `other` counts as near `car` for a regional estimate (symmetric). */
export const isWithinRegion = (car: Place, other: Place) =>
  Math.abs(other.latitude - car.latitude) <= REGION_LATITUDE_DEGREES &&
  milesBetween(car, other) <= REGION_RADIUS_MILES;

// Used cars lose roughly this share of their value per model year of age and per 10,000 miles.
const VALUE_PER_YEAR = 0.08;
const VALUE_PER_10K_MILES = 0.04;
const CONDITION_FACTOR: Record<Condition, number> = { excellent: 1.08, good: 1, fair: 0.88, poor: 0.72 };
const TITLE_FACTOR: Record<TitleStatus, number> = { clean: 1, rebuilt: 0.75, lemon: 0.7, salvage: 0.55 };

/** The price's distance from the estimate that ends each band (below −15% is a great deal, ...). */
const BAND_LIMITS: [DealRatingBand, number][] = [
  ['great', -0.15],
  ['good', -0.05],
  ['fair', 0.05],
  ['high', 0.15],
];

/** How far a price is from the estimate, as a share of it (−0.2: 20% below); search sorts by it. */
export const priceDistance = (price: number, estimate: number) => (price - estimate) / estimate;

export function bandForDistance(distance: number): DealRatingBand {
  return BAND_LIMITS.find(([, limit]) => distance <= limit)?.[0] ?? 'overpriced';
}

export function bandFor(price: number, estimate: number): DealRatingBand {
  return bandForDistance(priceDistance(price, estimate));
}

/**
 * What a car is worth relative to others, from its year, mileage, condition and title alone. A
 * comparable's price as if it were this car is its price × this car's factor / its own factor, so
 * each car's factor is worked out once (search rates every listing when it reads the table).
 */
export function valueFactor(car: Pick<RatedCar, 'year' | 'mileage' | 'condition' | 'titleStatus'>): number {
  return (
    (1 + VALUE_PER_YEAR) ** (car.year - 2000) *
    (1 - VALUE_PER_10K_MILES) ** (car.mileage / 10_000) *
    CONDITION_FACTOR[car.condition] *
    TITLE_FACTOR[car.titleStatus]
  );
}

/** Linear interpolation between the closest ranks of an ascending list. */
function quantile(sorted: Float64Array, share: number): number {
  const position = (sorted.length - 1) * share;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export const roundTo50 = (value: number) => Math.round(value / 50) * 50;

/** Make and model as comparables are grouped: case-blind. */
export const modelKey = (car: Pick<RatedCar, 'make' | 'model'>) =>
  `${car.make.toLowerCase()}\u0000${car.model.toLowerCase()}`;

/** Another car of the same make and model is comparable when it is near in year and mileage. */
export function isNear(car: RatedCar, other: RatedCar): boolean {
  return (
    Math.abs(other.year - car.year) <= YEAR_WINDOW && Math.abs(other.mileage - car.mileage) <= MILEAGE_WINDOW
  );
}

/** The comparables a car is rated against: same make and model (case-blind), near in year and mileage. */
export function isComparable(car: RatedCar, other: RatedCar): boolean {
  return other.id !== car.id && modelKey(other) === modelKey(car) && isNear(car, other);
}

export interface MarketValue<Car extends ComparableCar> {
  comparables: Car[];
  /** Whether only comparables within REGION_RADIUS_MILES count (there are enough of them). */
  regional: boolean;
  /** The comparables' prices adjusted to this car, ascending; empty without an estimate. */
  adjusted: Float64Array;
  /** Null when there are fewer than MIN_COMPARABLES. */
  estimate: number | null;
}

/**
 * The estimate alone, from cars already known to be comparable (`isComparable`): what search keeps
 * for every listing, and what `rateDeal` explains.
 */
export function marketValue<Car extends ComparableCar>(
  car: RatedCar,
  everywhere: readonly Car[],
  factorOf: (car: Car) => number = valueFactor,
): MarketValue<Car> {
  const nearby = everywhere.filter((other) => isWithinRegion(car, other));
  const regional = nearby.length >= MIN_COMPARABLES;
  const comparables = regional ? nearby : [...everywhere];
  if (comparables.length < MIN_COMPARABLES) {
    return { comparables, regional, adjusted: new Float64Array(0), estimate: null };
  }
  // A typed array filled in a plain loop sorts numbers without a comparator.
  const factor = valueFactor(car);
  const adjusted = new Float64Array(comparables.length);
  for (let at = 0; at < comparables.length; at++) {
    const other = comparables[at]!;
    adjusted[at] = (other.priceAmount * factor) / factorOf(other);
  }
  adjusted.sort();
  return { comparables, regional, adjusted, estimate: roundTo50(quantile(adjusted, 0.5)) };
}

/** Rates `car` against `candidates` (any cars; the comparable ones are picked here). */
export function rateDeal(car: RatedCar, candidates: readonly ComparableCar[]): DealRating {
  const { comparables, regional, adjusted, estimate } = marketValue(
    car,
    candidates.filter((other) => isComparable(car, other)),
  );

  const yearMin = car.year - YEAR_WINDOW;
  const yearMax = car.year + YEAR_WINDOW;
  const models = `${yearMin}–${yearMax} ${car.make} ${car.model}`;
  const within = `within ${formatMileage(MILEAGE_WINDOW)} of this one’s ${formatMileage(car.mileage)}`;
  const comparablesSearch = {
    make: car.make,
    model: car.model,
    yearMin,
    yearMax,
    mileageMin: Math.max(0, car.mileage - MILEAGE_WINDOW),
    mileageMax: car.mileage + MILEAGE_WINDOW,
    ...(regional ? { lat: car.latitude, lon: car.longitude, radius: REGION_RADIUS_MILES } : {}),
  };
  const base = { price: car.priceAmount, comparableCount: comparables.length, comparablesSearch };

  if (estimate === null) {
    const found =
      comparables.length === 1 ? '1 comparable listing' : `${comparables.length} comparable listings`;
    return {
      ...base,
      band: null,
      notEnoughData: `Only ${found} (${models}, ${within}); at least ${MIN_COMPARABLES} are needed for an estimate.`,
      estimate: null,
      range: null,
      adjustedPrices: [],
      reasons: [],
    };
  }

  const range = { low: roundTo50(quantile(adjusted, 0.25)), high: roundTo50(quantile(adjusted, 0.75)) };
  const band = bandFor(car.priceAmount, estimate);
  const difference = car.priceAmount - estimate;
  const percent = Math.round((Math.abs(difference) / estimate) * 100);
  const sold = comparables.filter((other) => other.sold).length;

  const reasons = [
    `Compared with ${comparables.length} ${models} listings ${within}` +
      (sold > 0 ? `, ${sold} of them sold in the last ${SOLD_WINDOW_DAYS} days.` : '.'),
    regional
      ? `All within ${REGION_RADIUS_MILES} miles, where there are enough to compare locally.`
      : `Too few within ${REGION_RADIUS_MILES} miles, so listings from anywhere count.`,
    'Each comparable price is adjusted for model year, mileage, condition and title status.',
  ];
  if (car.titleStatus !== 'clean') {
    const below = Math.round((1 - TITLE_FACTOR[car.titleStatus]) * 100);
    reasons.push(
      `${TITLE_STATUS_LABELS[car.titleStatus]} title: valued about ${below}% below the same car with a clean title.`,
    );
  }
  reasons.push(
    difference === 0
      ? `The price equals the estimated market value of ${formatPrice(estimate)}: ${DEAL_RATING_LABELS[band]}.`
      : `The price is ${formatPrice(Math.abs(difference))} (${percent}%) ${difference < 0 ? 'below' : 'above'} ` +
          `the estimated market value of ${formatPrice(estimate)}: ${DEAL_RATING_LABELS[band]}.`,
  );

  return {
    ...base,
    band,
    notEnoughData: null,
    estimate,
    range,
    adjustedPrices: Array.from(adjusted, Math.round),
    reasons,
  };
}
