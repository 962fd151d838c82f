import { describe, expect, it } from 'vitest';
import { rateDeal, type ComparableCar, type RatedCar } from './estimator.js';

// A fixture whose right answers are known: eight 2015 Civics like the subject (same year, mileage,
// condition and title, all in Austin) whose prices have a median of exactly $10,000.
const austin = { latitude: 30.2672, longitude: -97.7431 };
const subject: RatedCar = {
  id: 'subject',
  priceAmount: 10_000,
  make: 'Honda',
  model: 'Civic',
  year: 2015,
  mileage: 60_000,
  condition: 'good',
  titleStatus: 'clean',
  ...austin,
};
const prices = [9000, 9500, 9800, 10_000, 10_000, 10_200, 10_500, 11_000];
const twins: ComparableCar[] = prices.map((priceAmount, index) => ({
  ...subject,
  id: `twin-${index}`,
  priceAmount,
  sold: index === 0,
}));

describe('rateDeal', () => {
  it.each([
    [8000, 'great'],
    [8500, 'great'],
    [9200, 'good'],
    [9500, 'good'],
    [10_000, 'fair'],
    [10_500, 'fair'],
    [11_000, 'high'],
    [11_500, 'high'],
    [12_500, 'overpriced'],
  ])('rates $%i against a $10,000 estimate as %s', (priceAmount, band) => {
    const rating = rateDeal({ ...subject, priceAmount }, twins);
    expect(rating).toMatchObject({ band, estimate: 10_000, comparableCount: 8, notEnoughData: null });
  });

  it('gives the middle half as the range, the adjusted prices for the chart and the reasons', () => {
    const rating = rateDeal({ ...subject, priceAmount: 9000 }, twins);
    expect(rating.range).toEqual({ low: 9750, high: 10_300 });
    expect(rating.adjustedPrices).toEqual(prices);
    expect(rating.reasons).toEqual([
      'Compared with 8 2012–2018 Honda Civic listings within 50,000 mi of this one’s 60,000 mi, 1 of them sold in the last 180 days.',
      'All within 200 miles, where there are enough to compare locally.',
      'Each comparable price is adjusted for model year, mileage, condition and title status.',
      'The price is $1,000 (10%) below the estimated market value of $10,000: Good Deal.',
    ]);
    expect(rating.comparablesSearch).toEqual({
      make: 'Honda',
      model: 'Civic',
      yearMin: 2012,
      yearMax: 2018,
      mileageMin: 10_000,
      mileageMax: 110_000,
      lat: austin.latitude,
      lon: austin.longitude,
      radius: 200,
    });
  });

  it('says "Not enough data" with the reason, never a number, below five comparables', () => {
    const rating = rateDeal(subject, twins.slice(0, 4));
    expect(rating).toMatchObject({
      band: null,
      estimate: null,
      range: null,
      comparableCount: 4,
      adjustedPrices: [],
      notEnoughData:
        'Only 4 comparable listings (2012–2018 Honda Civic, within 50,000 mi of this one’s 60,000 mi); at least 5 are needed for an estimate.',
    });
  });

  it('leaves out other models, far years and mileages, and the listing itself', () => {
    const others: ComparableCar[] = [
      { ...twins[0]!, id: 'accord', model: 'Accord' },
      { ...twins[0]!, id: 'old', year: 2011 },
      { ...twins[0]!, id: 'worn', mileage: 110_001 },
      { ...twins[0]!, id: subject.id },
    ];
    expect(rateDeal(subject, [...twins.slice(0, 4), ...others]).comparableCount).toBe(4);
    // Case differences in make and model still compare.
    expect(rateDeal(subject, [...twins, { ...twins[0]!, id: 'lower', make: 'honda' }]).comparableCount).toBe(
      9,
    );
  });

  it('adjusts for year, mileage, condition and title', () => {
    const newer = twins.map((twin) => ({ ...twin, year: 2016 }));
    expect(rateDeal(subject, newer).estimate).toBe(9250); // one year older than them: 8% less
    const fewerMiles = twins.map((twin) => ({ ...twin, mileage: 40_000 }));
    expect(rateDeal(subject, fewerMiles).estimate).toBe(9200); // 20,000 mi more: 4% less per 10,000
    expect(rateDeal({ ...subject, condition: 'excellent' }, twins).estimate).toBe(10_800);
    const salvage = rateDeal({ ...subject, titleStatus: 'salvage', priceAmount: 5500 }, twins);
    expect(salvage).toMatchObject({ estimate: 5500, band: 'fair' });
    expect(salvage.reasons).toContain(
      'Salvage title: valued about 45% below the same car with a clean title.',
    );
  });

  it('compares within 200 miles when enough are there, else everywhere', () => {
    const dallas = { latitude: 32.7767, longitude: -96.797 };
    const seattle = { latitude: 47.6062, longitude: -122.3321 };
    const far = prices.map((priceAmount, index) => ({
      ...twins[index]!,
      id: `far-${index}`,
      priceAmount: priceAmount * 2,
      ...seattle,
    }));
    // Five near (Dallas is under 200 miles from Austin) are enough: Seattle's dearer cars do not count.
    const near = twins.slice(0, 5).map((twin) => ({ ...twin, ...dallas }));
    expect(rateDeal(subject, [...near, ...far])).toMatchObject({ comparableCount: 5, estimate: 9800 });
    // Four near are not: all twelve count and the rating says so.
    const everywhere = rateDeal(subject, [...near.slice(0, 4), ...far]);
    expect(everywhere.comparableCount).toBe(12);
    expect(everywhere.reasons[1]).toBe('Too few within 200 miles, so listings from anywhere count.');
    expect(everywhere.comparablesSearch).not.toHaveProperty('radius');
  });
});
