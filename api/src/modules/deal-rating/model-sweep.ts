import {
  MILEAGE_WINDOW,
  MIN_COMPARABLES,
  REGION_LATITUDE_DEGREES,
  YEAR_WINDOW,
  isWithinRegion,
  priceDistance,
  roundTo50,
  valueFactor,
  type ComparableCar,
  type RatedCar,
} from './estimator.js';

/** A car as the sweep reads it: the book's cars, with their value factor worked out once. */
export interface SweptCar extends ComparableCar {
  factor: number;
}

/** What the sweep says of one active car. */
export type SweepResult =
  | { kind: 'distance'; distance: number }
  | { kind: 'none' }
  /** Two comparables' normalised prices too close to be sure of their order: rate this car directly. */
  | { kind: 'unsure' };

/**
 * Two normalised prices (price ÷ value factor) further apart than this share keep their order once
 * multiplied by the rated car's factor (a few units of rounding in the last place at most).
 */
const ORDER_MARGIN = 1e-12;

/**
 * Counts of the cars in a window by model year and rank of normalised price (a Fenwick tree a year):
 * adding and removing a car take log(cars) steps, finding the k-th cheapest of a span of years
 * log(cars) steps a year of the span.
 */
class RankCounts {
  private readonly trees: Int32Array;
  private readonly perYear: Int32Array;
  private readonly stride: number;
  private readonly top: number;

  constructor(
    private readonly size: number,
    private readonly firstYear: number,
    lastYear: number,
  ) {
    this.stride = size + 1;
    this.trees = new Int32Array((lastYear - firstYear + 1) * this.stride);
    this.perYear = new Int32Array(lastYear - firstYear + 1);
    let top = 1;
    while (top * 2 <= size) top *= 2;
    this.top = top;
  }

  add(year: number, rank: number, by: 1 | -1): void {
    const base = (year - this.firstYear) * this.stride;
    this.perYear[year - this.firstYear]! += by;
    for (let at = rank + 1; at <= this.size; at += at & -at) this.trees[base + at]! += by;
  }

  /** The cars of the years within YEAR_WINDOW of `year`. */
  count(year: number): number {
    const [from, to] = this.span(year);
    let total = 0;
    for (let at = from; at <= to; at++) total += this.perYear[at]!;
    return total;
  }

  /** The rank of the k-th (from 0) car of the years within YEAR_WINDOW of `year`. */
  kth(year: number, k: number): number {
    const [from, to] = this.span(year);
    let position = 0;
    let remaining = k + 1;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = position + step;
      if (next > this.size) continue;
      let below = 0;
      for (let at = from; at <= to; at++) below += this.trees[at * this.stride + next]!;
      if (below < remaining) {
        position = next;
        remaining -= below;
      }
    }
    return position;
  }

  private span(year: number): [number, number] {
    return [
      Math.max(0, year - YEAR_WINDOW - this.firstYear),
      Math.min(this.perYear.length - 1, year + YEAR_WINDOW - this.firstYear),
    ];
  }
}

/**
 * Rates every active car of one make and model at once, with the same result as `marketValue` on
 * each car's comparables (`isComparable`, within the sold window), without a scan and a sort of the
 * comparables for each car.
 *
 * The comparables of a car are a window: years within YEAR_WINDOW, mileage within MILEAGE_WINDOW,
 * and for the regional estimate the places within REGION_RADIUS_MILES. Active cars are grouped by
 * region (see Regions); for each region the cars at its places are swept once in mileage order while
 * a Fenwick tree a model year counts the window by normalised price (price ÷ value factor). The median adjusted price of a car's comparables is its factor × the window's median
 * normalised price, so the two middle cars are found by rank (log n steps) and their adjusted prices
 * worked out as `marketValue` does. The cost is the groups' windows: it grows with the listings, not
 * with their square, while the places repeat (ZIP code centres). With `only`, just those cars are
 * rated (against all of `cars`).
 */
export function sweepModel<Car extends SweptCar>(
  cars: readonly Car[],
  regions: Regions,
  rated: (car: Car, result: SweepResult) => void,
  only?: ReadonlySet<Car>,
): void {
  const count = cars.length;
  const normalised = new Float64Array(count);
  for (let at = 0; at < count; at++) normalised[at] = cars[at]!.priceAmount / cars[at]!.factor;
  const byPrice = order(count, (a, b) => normalised[a]! - normalised[b]!);
  const priceRank = ranksOf(byPrice);
  const byMileage = order(count, (a, b) => cars[a]!.mileage - cars[b]!.mileage);
  const mileageRank = ranksOf(byMileage);

  // The cars by place, and the active ones by region; mileage order.
  const atPlace = new Map<number, number[]>();
  const targetGroups = new Map<number, number[]>();
  const push = (into: Map<number, number[]>, key: number, at: number) => {
    const list = into.get(key);
    if (list) list.push(at);
    else into.set(key, [at]);
  };
  // Every place first: a place seen for the first time changes its neighbours' regions.
  const placeOf = Int32Array.from(cars, (car) => regions.placeOf(car));
  let firstYear = Infinity;
  let lastYear = -Infinity;
  for (const at of byMileage) {
    const car = cars[at]!;
    firstYear = Math.min(firstYear, car.year);
    lastYear = Math.max(lastYear, car.year);
    push(atPlace, placeOf[at]!, at);
    if (!car.sold && (!only || only.has(car))) push(targetGroups, regions.regionOf(placeOf[at]!), at);
  }
  if (count === 0) return;

  const counts = new RankCounts(count, firstYear, lastYear);
  const rateFrom = (targets: readonly number[], sources: Int32Array, onFew: (target: number) => void) => {
    let low = 0;
    let high = 0;
    const add = (at: number, by: 1 | -1) => counts.add(cars[at]!.year, priceRank[at]!, by);
    for (const target of targets) {
      const car = cars[target]!;
      while (high < sources.length && cars[sources[high]!]!.mileage <= car.mileage + MILEAGE_WINDOW)
        add(sources[high++]!, 1);
      while (cars[sources[low]!]!.mileage < car.mileage - MILEAGE_WINDOW) add(sources[low++]!, -1);
      // The car is in its own window (its place, year and mileage): it is not its own comparable.
      const comparables = counts.count(car.year) - 1;
      if (comparables < MIN_COMPARABLES) {
        onFew(target);
        continue;
      }
      add(target, -1);
      rated(car, median(car, comparables));
      add(target, 1);
    }
    while (low < high) add(sources[low++]!, -1);
  };

  /** The estimate from the window's two middle cars by normalised price, as `marketValue` has it. */
  const median = (car: SweptCar, comparables: number): SweepResult => {
    const position = (comparables - 1) * 0.5;
    const below = Math.floor(position);
    const above = Math.ceil(position);
    const lowRank = counts.kth(car.year, below);
    const highRank = counts.kth(car.year, above);
    const beforeRank = below > 0 ? counts.kth(car.year, below - 1) : -1;
    const afterRank = above + 1 < comparables ? counts.kth(car.year, above + 1) : -1;
    if (
      (beforeRank >= 0 && tooClose(normalised[byPrice[beforeRank]!]!, normalised[byPrice[lowRank]!]!)) ||
      (afterRank >= 0 && tooClose(normalised[byPrice[highRank]!]!, normalised[byPrice[afterRank]!]!))
    )
      return { kind: 'unsure' };
    const factor = valueFactor(car);
    const adjustedPrice = (other: SweptCar) => (other.priceAmount * factor) / other.factor;
    const first = adjustedPrice(cars[byPrice[lowRank]!]!);
    const second = adjustedPrice(cars[byPrice[highRank]!]!);
    const lower = Math.min(first, second);
    const estimate = roundTo50(lower + (Math.max(first, second) - lower) * (position - below));
    return { kind: 'distance', distance: priceDistance(car.priceAmount, estimate) };
  };

  // Regional first; a car with too few comparables nearby is rated against all of them.
  const everywhere: number[] = [];
  for (const [region, targets] of targetGroups) {
    const sources: number[] = [];
    for (const place of regions.placesNear(region)) {
      const here = atPlace.get(place);
      if (here) for (const at of here) sources.push(mileageRank[at]!);
    }
    rateFrom(targets, inMileageOrder(sources, byMileage), (target) => everywhere.push(target));
  }
  if (everywhere.length > 0) {
    everywhere.sort((a, b) => mileageRank[a]! - mileageRank[b]!);
    rateFrom(everywhere, byMileage, (target) => rated(cars[target]!, { kind: 'none' }));
  }
}

/**
 * The places listings are at (listings are placed at their ZIP code's centre, so places repeat) and
 * which are within the region of which, by the estimator's own test. Places whose sets of places in
 * region are the same form one region: their cars have the same regional comparables but for year
 * and mileage. Worked out once for all makes and models; a place first seen later is added.
 */
export class Regions {
  private readonly places = new Map<string, number>();
  private readonly spots: Place[] = [];
  private readonly regionOfPlace: number[] = [];
  /** Each region's places: the places in region of each of its places (itself included), ascending. */
  private readonly regionPlaces: (readonly number[])[] = [];

  constructor(cars: Iterable<Place>) {
    // Each place's places in region.
    const near: number[][] = [];
    for (const car of cars) {
      const spot = spotOf(car);
      if (this.places.has(spot)) continue;
      this.places.set(spot, this.spots.length);
      near.push([this.spots.length]);
      this.spots.push(car);
    }
    const { spots } = this;
    const byLatitude = order(spots.length, (a, b) => spots[a]!.latitude - spots[b]!.latitude);
    for (let first = 0; first < byLatitude.length; first++) {
      const place = byLatitude[first]!;
      for (let second = first + 1; second < byLatitude.length; second++) {
        const other = byLatitude[second]!;
        // Sorted by latitude: every place after one too far north is too far north too.
        if (spots[other]!.latitude - spots[place]!.latitude > REGION_LATITUDE_DEGREES) break;
        if (isWithinRegion(spots[place]!, spots[other]!)) {
          near[place]!.push(other);
          near[other]!.push(place);
        }
      }
    }
    const regionBySignature = new Map<string, number>();
    for (let place = 0; place < spots.length; place++) {
      const places = near[place]!.sort((a, b) => a - b);
      const signature = places.join(',');
      let region = regionBySignature.get(signature);
      if (region === undefined) regionBySignature.set(signature, (region = this.newRegion(places)));
      this.regionOfPlace.push(region);
    }
  }

  placeOf(car: Place): number {
    return this.places.get(spotOf(car)) ?? this.addPlace(car);
  }

  regionOf(place: number): number {
    return this.regionOfPlace[place]!;
  }

  placesNear(region: number): readonly number[] {
    return this.regionPlaces[region]!;
  }

  /**
   * A new place joins the places in region of its neighbours, which therefore change region. No
   * region held the new place, so the grown sets are all new: one for each region the neighbours were
   * in (the places of a region had the same places, and each gains the same one). The new place's own
   * set is one of those when its neighbours are exactly the places of that region, else a new one
   * too. So no set is compared with every other: joining each neighbour's places into a signature
   * to look up took seconds where many distinct places were near each other.
   */
  private addPlace(spot: Place): number {
    const added = this.spots.length;
    this.places.set(spotOf(spot), added);
    this.spots.push(spot);
    const near: number[] = [];
    for (let place = 0; place < added; place++)
      if (isWithinRegion(spot, this.spots[place]!)) near.push(place);
    const grown = new Map<number, number>();
    for (const place of near) {
      const before = this.regionOfPlace[place]!;
      let region = grown.get(before);
      if (region === undefined) {
        grown.set(before, (region = this.newRegion([...this.regionPlaces[before]!, added])));
      }
      this.regionOfPlace[place] = region;
    }
    let own: number | undefined;
    for (const [before, region] of grown) if (samePlaces(this.regionPlaces[before]!, near)) own = region;
    this.regionOfPlace.push(own ?? this.newRegion([...near, added]));
    return added;
  }

  private newRegion(places: readonly number[]): number {
    this.regionPlaces.push(places);
    return this.regionPlaces.length - 1;
  }
}

type Place = Pick<RatedCar, 'latitude' | 'longitude'>;

const spotOf = (car: Place) => `${car.latitude},${car.longitude}`;

/** Whether two ascending lists of places are the same. */
const samePlaces = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((place, at) => place === b[at]);

const tooClose = (lower: number, higher: number) => higher - lower <= Math.abs(higher) * ORDER_MARGIN;

/** The indexes 0..count-1 in the order `compare` gives (ties by index, so the order is stable). */
function order(count: number, compare: (a: number, b: number) => number): Int32Array {
  const indexes = new Int32Array(count);
  for (let at = 0; at < count; at++) indexes[at] = at;
  return indexes.sort((a, b) => compare(a, b) || a - b);
}

function ranksOf(ordered: Int32Array): Int32Array {
  const ranks = new Int32Array(ordered.length);
  for (let rank = 0; rank < ordered.length; rank++) ranks[ordered[rank]!] = rank;
  return ranks;
}

/** Cars given by mileage rank, as car indexes in mileage order (a typed array sorts without a comparator). */
function inMileageOrder(mileageRanks: number[], byMileage: Int32Array): Int32Array {
  const sorted = Int32Array.from(mileageRanks).sort();
  for (let at = 0; at < sorted.length; at++) sorted[at] = byMileage[sorted[at]!]!;
  return sorted;
}
