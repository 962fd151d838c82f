import type { Condition, DealRatingBand, TitleStatus } from '@carmarket/shared/constants';
import {
  SOLD_WINDOW_DAYS,
  YEAR_WINDOW,
  bandForDistance,
  MILEAGE_WINDOW,
  marketValue,
  modelKey,
  priceDistance,
  valueFactor,
} from './estimator.js';
import { Regions, sweepModel, type SweptCar } from './model-sweep.js';

/** A listing as the book reads it: the search index's rows carry these fields. */
export interface BookRow {
  id: string;
  /** 'active' and 'sold' count; any other status (draft, hidden) takes the listing out. */
  status: string;
  /** updated_at in microseconds: a sold listing stops counting SOLD_WINDOW_DAYS after it. */
  updatedMicros: number;
  priceAmount: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  condition: string;
  titleStatus: string;
  latitude: number;
  longitude: number;
}

/** One make and model's cars of one model year, with their mileages side by side. */
interface YearBucket {
  cars: BookCar[];
  mileages: number[];
}

interface BookCar extends SweptCar {
  key: string;
  updatedMicros: number;
}

const LOAD_BATCH = 2000;
const SOLD_WINDOW_MICROS = SOLD_WINDOW_DAYS * 24 * 60 * 60 * 1_000_000;

/**
 * Every active listing's deal rating, kept in memory for search (badge, filter, "best deals first").
 * A change to one listing re-rates only the listings it is a comparable of (same make and model,
 * near in year and mileage, before or after the change), never the whole table. The ratings are
 * the ones the listing page explains (`rateDeal`), from the same comparables.
 */
export class DealRatingBook {
  private readonly cars = new Map<string, BookCar>();
  /** Make and model (modelKey), then model year: the only cars that can be comparables. */
  private readonly groups = new Map<string, Map<number, YearBucket>>();
  /** Active listings with an estimate: how far their price is from it (see priceDistance). */
  private readonly distances = new Map<string, number>();
  /** The places of the cars, from the first rating on. */
  private regions: Regions | undefined;
  /**
   * One string for each make, model, condition and title status: every row brings its own copies
   * from the database, and at 100,000 cars they took about 13 MB of the heap.
   */
  private readonly names = new Map<string, string>();

  constructor(private readonly nowMicros: () => number = () => Date.now() * 1000) {}

  /**
   * Rates every listing of a full read of the table (a new book). Seconds of work at 1,000,000
   * listings, so it gives the event loop a turn after each make and model once LOAD_BATCH cars have
   * been rated: the server keeps answering (health checks, listing pages) while the index is read.
   */
  async load(rows: Iterable<BookRow>): Promise<void> {
    this.take(rows);
    await this.rateAll();
  }

  /** Adds rows of a full read without rating them: a read in pages takes each page, then rates all. */
  take(rows: Iterable<BookRow>): void {
    for (const row of rows) this.add(row);
  }

  /**
   * Rates every active listing taken (see load): make and model by make and model, each in one sweep
   * (sweepModel) rather than car by car, with the same ratings as `rate`.
   */
  async rateAll(): Promise<void> {
    const soldSince = this.soldSince();
    const counting = (car: BookCar) => !car.sold || car.updatedMicros > soldSince;
    this.regions = new Regions([...this.cars.values()].filter(counting));
    let rated = 0;
    for (const key of this.groups.keys()) {
      rated += this.sweep(key, soldSince);
      if (rated >= LOAD_BATCH) {
        rated = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  /**
   * Rates the active cars of one make and model (`only` these, else all) in one sweep; answers how
   * many cars it read.
   */
  private sweep(key: string, soldSince: number, only?: ReadonlySet<BookCar>): number {
    const cars: BookCar[] = [];
    for (const sameYear of this.groups.get(key)!.values()) {
      for (const car of sameYear.cars) if (!car.sold || car.updatedMicros > soldSince) cars.push(car);
    }
    this.regions ??= new Regions(cars);
    sweepModel(
      cars,
      this.regions,
      (car, result) => {
        if (result.kind === 'distance') this.distances.set(car.id, result.distance);
        else if (result.kind === 'unsure') this.rate(car, soldSince);
        else this.distances.delete(car.id);
      },
      only,
    );
    return cars.length;
  }

  /** `distance` of an active listing with an estimate, else undefined ("Not enough data"). */
  distance(id: string): number | undefined {
    return this.distances.get(id);
  }

  band(id: string): DealRatingBand | null {
    const distance = this.distances.get(id);
    return distance === undefined ? null : bandForDistance(distance);
  }

  /**
   * Takes in a new version of a listing (any status) or its deletion (`null`), and answers the other
   * listings whose rating moved.
   */
  change(id: string, row: BookRow | null): string[] {
    const old = this.cars.get(id);
    if (old && row && old.updatedMicros === row.updatedMicros) return [];
    const affected = new Set<BookCar>();
    if (old) {
      const sameYear = this.groups.get(old.key)!.get(old.year)!;
      const at = sameYear.cars.indexOf(old);
      sameYear.cars.splice(at, 1);
      sameYear.mileages.splice(at, 1);
      this.cars.delete(id);
      this.distances.delete(id);
      this.collectNear(old, affected);
    }
    const added = row ? this.add(row) : undefined;
    if (added) this.collectNear(added, affected);
    const before = new Map([...affected].map((car) => [car, this.distances.get(car.id)]));
    if (added && !added.sold) affected.add(added);
    // By make and model: a change of make or model touches the comparables of both.
    const soldSince = this.soldSince();
    for (const key of new Set([...affected].map((car) => car.key))) this.sweep(key, soldSince, affected);
    const moved: string[] = [];
    for (const [car, distance] of before) if (this.distances.get(car.id) !== distance) moved.push(car.id);
    return moved;
  }

  private add(row: BookRow): BookCar | undefined {
    const sold = row.status === 'sold';
    if (!sold && row.status !== 'active') return undefined;
    // Written through the listing schemas, which allow only these values.
    const condition = this.name(row.condition) as Condition;
    const titleStatus = this.name(row.titleStatus) as TitleStatus;
    // One literal with every field, so that all cars share one object shape: the hot loops over
    // them ran ten times slower on objects built in steps or by spreading.
    const car: BookCar = {
      id: row.id,
      priceAmount: row.priceAmount,
      make: this.name(row.make),
      model: this.name(row.model),
      year: row.year,
      mileage: row.mileage,
      condition,
      titleStatus,
      latitude: row.latitude,
      longitude: row.longitude,
      sold,
      key: this.name(modelKey(row)),
      updatedMicros: row.updatedMicros,
      factor: valueFactor({ year: row.year, mileage: row.mileage, condition, titleStatus }),
    };
    this.cars.set(car.id, car);
    let group = this.groups.get(car.key);
    if (!group) this.groups.set(car.key, (group = new Map()));
    let sameYear = group.get(car.year);
    if (!sameYear) group.set(car.year, (sameYear = { cars: [], mileages: [] }));
    sameYear.cars.push(car);
    sameYear.mileages.push(car.mileage);
    return car;
  }

  /** The book's one copy of a name (see `names`). */
  private name(value: string): string {
    let kept = this.names.get(value);
    if (kept === undefined) this.names.set(value, (kept = value));
    return kept;
  }

  /**
   * The cars of `car`'s make and model near it in year and mileage (comparables, either way): the
   * buckets of the years in the window, their mileages scanned in one array rather than car by car
   * (this runs for every listing when the index is read, where the scan was most of the time).
   */
  private near(car: BookCar): BookCar[] {
    const found: BookCar[] = [];
    const group = this.groups.get(car.key);
    if (!group) return found;
    for (let year = car.year - YEAR_WINDOW; year <= car.year + YEAR_WINDOW; year++) {
      const sameYear = group.get(year);
      if (!sameYear) continue;
      const { cars, mileages } = sameYear;
      for (let at = 0; at < mileages.length; at++) {
        if (Math.abs(mileages[at]! - car.mileage) <= MILEAGE_WINDOW && cars[at] !== car)
          found.push(cars[at]!);
      }
    }
    return found;
  }

  /** The active listings that have `car` among their comparables. */
  private collectNear(car: BookCar, into: Set<BookCar>): void {
    for (const other of this.near(car)) if (!other.sold) into.add(other);
  }

  /** Sold listings updated after this still count as comparables. */
  private soldSince(): number {
    return this.nowMicros() - SOLD_WINDOW_MICROS;
  }

  private rate(car: BookCar, soldSince = this.soldSince()): number | undefined {
    const comparables = this.near(car).filter((other) => !other.sold || other.updatedMicros > soldSince);
    const { estimate } = marketValue(car, comparables, (other) => other.factor);
    if (estimate === null) {
      this.distances.delete(car.id);
      return undefined;
    }
    const distance = priceDistance(car.priceAmount, estimate);
    this.distances.set(car.id, distance);
    return distance;
  }
}
