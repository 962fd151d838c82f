import { describe, expect, it } from 'vitest';
import { CONDITIONS, TITLE_STATUSES } from '@carmarket/shared/constants';
import { demoCities } from '../../seed/places.js';
import { createRandom, type Random } from '../../seed/random.js';
import { DealRatingBook, type BookRow } from './deal-rating-book.js';
import { SOLD_WINDOW_DAYS, priceDistance, rateDeal } from './estimator.js';

const NOW_MICROS = Date.UTC(2026, 10, 25) * 1000;
const DAY_MICROS = 24 * 60 * 60 * 1_000_000;
const MODELS = [
  ['Honda', 'Civic'],
  ['honda', 'civic'],
  ['Toyota', 'Camry'],
  ['Ford', 'F-150'],
] as const;

/**
 * A market like the demo's: listings at the demo cities' ZIP code centres (places repeat), a few at
 * places of their own, some with the same price and car as another (equal normalised prices).
 */
function generatedRows(random: Random, count: number): BookRow[] {
  const zips = demoCities().flatMap((city) => city.zips.slice(0, 12));
  const rows: BookRow[] = [];
  for (let at = 0; at < count; at++) {
    if (rows.length > 0 && random.chance(0.05)) {
      rows.push({ ...random.pick(rows), id: `car-${at}` });
      continue;
    }
    // A rare model: most of its listings have too few comparables for an estimate.
    const [make, model] = random.chance(0.01) ? ['Lucid', 'Air'] : random.pick(MODELS);
    const place = random.chance(0.9)
      ? random.pick(zips)
      : { latitude: random.between(25, 48), longitude: random.between(-122, -70) };
    rows.push({
      id: `car-${at}`,
      status: random.pick(['active', 'active', 'active', 'active', 'sold', 'draft']),
      updatedMicros: NOW_MICROS - random.int(0, 2 * SOLD_WINDOW_DAYS) * DAY_MICROS,
      priceAmount: random.int(10, 200) * 50,
      make,
      model,
      year: random.int(2004, 2022),
      mileage: random.int(0, 1500) * 100,
      condition: random.pick(CONDITIONS),
      titleStatus: random.pick(TITLE_STATUSES),
      latitude: place.latitude,
      longitude: place.longitude,
    });
  }
  return rows;
}

/** Each active listing's distance as the listing page's rating has it, compared with every other row. */
function referenceDistances(rows: readonly BookRow[]): Map<string, number | undefined> {
  const soldSince = NOW_MICROS - SOLD_WINDOW_DAYS * DAY_MICROS;
  const asCar = (row: BookRow) => ({
    ...row,
    condition: row.condition as (typeof CONDITIONS)[number],
    titleStatus: row.titleStatus as (typeof TITLE_STATUSES)[number],
    sold: row.status === 'sold',
  });
  const candidates = rows
    .filter((row) => row.status === 'active' || (row.status === 'sold' && row.updatedMicros > soldSince))
    .map(asCar);
  const distances = new Map<string, number | undefined>();
  for (const row of rows) {
    if (row.status !== 'active') continue;
    const { estimate } = rateDeal(asCar(row), candidates);
    distances.set(row.id, estimate === null ? undefined : priceDistance(row.priceAmount, estimate));
  }
  return distances;
}

function bookDistances(book: DealRatingBook, rows: readonly BookRow[]): Map<string, number | undefined> {
  return new Map(rows.filter((row) => row.status === 'active').map((row) => [row.id, book.distance(row.id)]));
}

describe('DealRatingBook', () => {
  it('rates a whole market as the listing page rates each listing, and follows changes as a new book would', async () => {
    const random = createRandom(13);
    const rows = generatedRows(random, 1500);
    const book = new DealRatingBook(() => NOW_MICROS);
    await book.load(rows);
    const expected = referenceDistances(rows);
    expect([...expected.values()].filter((distance) => distance !== undefined).length).toBeGreaterThan(500);
    expect([...expected.values()].filter((distance) => distance === undefined).length).toBeGreaterThan(5);
    expect(bookDistances(book, rows)).toEqual(expected);

    // Listings added, repriced, sold, taken down and deleted, one change at a time.
    const current = new Map(rows.map((row) => [row.id, row]));
    const added = generatedRows(createRandom(14), 200).map((row) => ({ ...row, id: `new-${row.id}` }));
    for (const row of added) {
      current.set(row.id, row);
      book.change(row.id, row);
    }
    const ids = [...current.keys()];
    for (let change = 0; change < 300; change++) {
      const id = random.pick(ids);
      const before = current.get(id);
      if (!before) continue;
      const updatedMicros = before.updatedMicros + 1;
      const kind = random.int(0, 3);
      if (kind === 3) {
        current.delete(id);
        book.change(id, null);
        continue;
      }
      const after: BookRow =
        kind === 0
          ? { ...before, updatedMicros, priceAmount: random.int(10, 200) * 50 }
          : kind === 1
            ? { ...before, updatedMicros: NOW_MICROS, status: 'sold' }
            : { ...before, updatedMicros, status: 'draft' };
      current.set(id, after);
      book.change(id, after);
    }
    const changed = [...current.values()];
    const expectedAfter = referenceDistances(changed);
    expect(expectedAfter).not.toEqual(expected);
    expect(bookDistances(book, changed)).toEqual(expectedAfter);

    const fresh = new DealRatingBook(() => NOW_MICROS);
    await fresh.load(changed);
    expect(bookDistances(fresh, changed)).toEqual(expectedAfter);
  });
});
