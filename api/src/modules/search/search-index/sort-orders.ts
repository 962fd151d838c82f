import { SORT_OPTIONS, type SortOption } from '@carmarket/shared/constants';
import type { ColumnStore } from './columns.js';
import type { Evaluation } from './evaluation.js';

type Comparator = (a: number, b: number) => number;

/** Fewer matches than 1/16 of the listings are sorted on their own rather than found in a kept order. */
const SORT_MATCHES_BELOW_SHARE = 16;

/** The spec's sorts, each ending with newest first and then id, as the SQL orders did. */
function comparator({ columns, ids }: ColumnStore, sort: SortOption): Comparator {
  const created = columns.created.values;
  const newestFirst: Comparator = (a, b) =>
    created[b]! - created[a]! || (ids[b]! < ids[a]! ? -1 : ids[b]! > ids[a]! ? 1 : 0);
  const by =
    (values: Int32Array, direction: 1 | -1): Comparator =>
    (a, b) =>
      direction * (values[a]! - values[b]!) || newestFirst(a, b);
  switch (sort) {
    case 'newest':
      return newestFirst;
    case 'price_asc':
      return by(columns.price.values, 1);
    case 'price_desc':
      return by(columns.price.values, -1);
    case 'year_asc':
      return by(columns.year.values, 1);
    case 'year_desc':
      return by(columns.year.values, -1);
    case 'mileage_asc':
      return by(columns.mileage.values, 1);
    case 'mileage_desc':
      return by(columns.mileage.values, -1);
    case 'best_deal': {
      // Furthest below the estimate first; listings without a rating last.
      const distances = columns.dealDistance.values;
      return (a, b) => {
        const first = distances[a]!;
        const second = distances[b]!;
        if (Number.isNaN(first) || Number.isNaN(second)) {
          return Number(Number.isNaN(first)) - Number(Number.isNaN(second)) || newestFirst(a, b);
        }
        return first - second || newestFirst(a, b);
      };
    }
  }
}

/**
 * Per sort, the live slots of a column store in that order (each order is total), kept in step with
 * the store's changes by binary search.
 */
export class SortOrders {
  private readonly orders = new Map<SortOption, number[]>();

  /** Sorts every live slot of the store. */
  constructor(private readonly store: ColumnStore) {
    const alive = store.columns.alive.values;
    const live: number[] = [];
    for (let slot = 0; slot < store.size; slot++) if (alive[slot]) live.push(slot);
    for (const sort of SORT_OPTIONS) this.orders.set(sort, [...live].sort(comparator(store, sort)));
  }

  private order(sort: SortOption): number[] {
    return this.orders.get(sort)!;
  }

  /** A newly placed slot takes its place in every order. */
  insert(slot: number): void {
    for (const sort of SORT_OPTIONS) this.order(sort).splice(this.positionIn(sort, slot), 0, slot);
  }

  /** A slot about to die leaves every order (its columns still hold what it was sorted by). */
  remove(slot: number): void {
    for (const sort of SORT_OPTIONS) this.order(sort).splice(this.positionIn(sort, slot), 1);
  }

  /** Moves a slot in one order around a change of what it is sorted by (`change` makes the change). */
  move(sort: SortOption, slot: number, change: () => void): void {
    const order = this.order(sort);
    order.splice(this.positionIn(sort, slot), 1);
    change();
    order.splice(this.positionIn(sort, slot), 0, slot);
  }

  /**
   * The page's slots: a few matches are sorted on their own; many are read off the kept sort order,
   * which stops as soon as the page is full.
   */
  page({ matched, matchedSlots }: Evaluation, sort: SortOption, offset: number, limit: number): number[] {
    if (matchedSlots.length * SORT_MATCHES_BELOW_SHARE < this.store.size) {
      return Array.from(matchedSlots)
        .sort(comparator(this.store, sort))
        .slice(offset, offset + limit);
    }
    const slots: number[] = [];
    let skipped = 0;
    for (const slot of this.order(sort)) {
      if (!matched[slot]) continue;
      if (skipped < offset) skipped++;
      else if (slots.push(slot) === limit) break;
    }
    return slots;
  }

  /** Where `slot` is, or belongs, in a sort order (binary search: the orders are total). */
  private positionIn(sort: SortOption, slot: number): number {
    const order = this.order(sort);
    const compare = comparator(this.store, sort);
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(order[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
