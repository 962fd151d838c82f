import { describe, expect, it } from '@jest/globals';
import {
  formatCount,
  formatDaysOnMarket,
  formatDisplayName,
  formatLongDate,
  formatMileage,
  formatMpg,
  formatPrice,
  formatRelativeTime,
  formatVehicleName,
  truncate,
} from './format.js';

describe('formatPrice', () => {
  it.each([
    [8500, '$8,500'],
    [100, '$100'],
    [50000, '$50,000'],
    [8499.6, '$8,500'],
    [1234567, '$1,234,567'],
    [-1234.5, '-$1,235'],
    [0, '$0'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('%p → %s', (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });
});

describe('formatMileage', () => {
  it.each([
    [85000, '85,000 mi'],
    [0, '0 mi'],
    [123456.7, '123,457 mi'],
    [1234567.5, '1,234,568 mi'],
    [null, 'N/A'],
  ])('%p → %s', (miles, text) => {
    expect(formatMileage(miles)).toBe(text);
  });
});

describe('formatCount', () => {
  it.each([
    [0, 'view', '0 views'],
    [1, 'view', '1 view'],
    [2, 'save', '2 saves'],
    [1200, 'view', '1,200 views'],
  ])('%p %s → %s', (count, singular, text) => {
    expect(formatCount(count, singular)).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(formatCount(3, 'match', 'matches')).toBe('3 matches');
  });
});

describe('formatLongDate', () => {
  it('writes the long US form', () => {
    expect(formatLongDate(new Date(2026, 2, 5, 12))).toBe('March 5, 2026');
    expect(formatLongDate(new Date(2025, 11, 31, 9).getTime())).toBe('December 31, 2025');
  });

  it('reads ISO strings and answers N/A for garbage', () => {
    expect(formatLongDate(new Date(2024, 0, 2, 12).toISOString())).toBe('January 2, 2024');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 2, 15, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [-30_000, 'just now'],
    [60_000, '1m ago'],
    [5 * 60_000, '5m ago'],
    [59 * 60_000, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 60 * 60_000, '23h ago'],
    [24 * 60 * 60_000, '1d ago'],
    [6 * 24 * 60 * 60_000, '6d ago'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('falls back to a short date after a week, with the year when it differs', () => {
    expect(formatRelativeTime(new Date(2026, 2, 5, 12), now)).toBe('Mar 5');
    expect(formatRelativeTime(new Date(2025, 11, 24, 12), now)).toBe('Dec 24, 2025');
  });

  it('accepts ISO strings and returns an empty string for garbage', () => {
    expect(formatRelativeTime(ago(3 * 60_000).toISOString(), now)).toBe('3m ago');
    expect(formatRelativeTime('garbage', now)).toBe('');
  });
});

describe('truncate', () => {
  it('cuts at 50 characters by default and marks the cut', () => {
    expect(truncate('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncate('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('Hello there', 5)).toBe('Hello...');
  });
});

describe('formatVehicleName', () => {
  it('joins year make model and the optional trim', () => {
    expect(formatVehicleName({ year: 2012, make: 'Honda', model: 'Civic', trim: 'EX' })).toBe(
      '2012 Honda Civic EX',
    );
    expect(formatVehicleName({ year: 2012, make: 'Honda', model: 'Civic', trim: null })).toBe(
      '2012 Honda Civic',
    );
    expect(formatVehicleName({ make: 'Honda', model: '' })).toBe('Honda');
  });
});

describe('formatMpg', () => {
  it('names the figures given, and says N/A without any', () => {
    expect(formatMpg({ city: 28, highway: 36, combined: 31 })).toBe('28 city / 36 highway / 31 combined MPG');
    expect(formatMpg({ city: null, highway: 38, combined: null })).toBe('38 highway MPG');
    expect(formatMpg({ city: null, highway: null, combined: null })).toBe('N/A');
    expect(formatMpg({})).toBe('N/A');
  });
});

describe('formatDaysOnMarket', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('counts whole days since listing', () => {
    expect(formatDaysOnMarket('2026-11-24T01:00:00Z', now)).toBe('Listed today');
    expect(formatDaysOnMarket('2026-11-23T11:00:00Z', now)).toBe('1 day');
    expect(formatDaysOnMarket('2026-10-01T12:00:00Z', now)).toBe('54 days');
    expect(formatDaysOnMarket('not a date', now)).toBe('N/A');
  });
});

describe('formatDisplayName', () => {
  it.each([
    [{ name: 'Jane Doe', email: 'jane@example.com' }, 'Jane Doe'],
    [{ name: null, email: 'jane.doe+cars@example.com' }, 'jane.doe+cars'],
    [{ name: '  ', email: 'sam@example.com' }, 'sam'],
  ])('%p → %p', (person, shown) => {
    expect(formatDisplayName(person)).toBe(shown);
  });
});
