/** A seeded pseudo-random source, so a seed run (and its test) can be repeated exactly. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Normally distributed (Box–Muller). */
  normal(mean: number, deviation: number): number;
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast and good enough for demo data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    normal: (mean, deviation) =>
      mean + deviation * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
  };
  return random;
}

/**
 * Picks among weighted values in O(log n): built once for the tens of thousands of picks a large
 * seed makes.
 */
export function weighted<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const totals: number[] = [];
  let total = 0;
  for (const [, weight] of entries) {
    total += weight;
    totals.push(total);
  }
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = totals.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (totals[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return entries[low]![0];
  };
}
