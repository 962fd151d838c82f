import { describe, expect, it } from '@jest/globals';
import {
  decodeVin,
  isConsistentVin,
  isValidVin,
  vinCheckDigit,
  vinContradictions,
  vinModelYear,
} from './vin.js';

// Real VINs (check digits as issued).
const ACCORD_2003 = '1HGCM82633A004352';
const LEGEND_1993 = 'JH4KA7561PC008269';
const BMW_328I_2013 = 'WBA3A5G59DNP26082';
const ODYSSEY_2009 = '5FNRL38209B014050';
const MCI_BUS_1989 = '1M8GDM9AXKP042788';

const november2026 = new Date('2026-11-24T12:00:00Z');

describe('VIN check digit', () => {
  it.each([ACCORD_2003, LEGEND_1993, BMW_328I_2013, ODYSSEY_2009, MCI_BUS_1989])('accepts %s', (vin) => {
    expect(isValidVin(vin)).toBe(true);
    expect(isValidVin(vin.toLowerCase())).toBe(true);
  });

  it('computes X for a remainder of 10', () => {
    expect(vinCheckDigit(MCI_BUS_1989)).toBe('X');
  });

  it.each([
    ['one character mistyped', '1HGCM82633A004353'],
    ['two characters swapped', '1HGCM82633A004325'],
    ['a wrong check digit', '1HGCM82613A004352'],
    ['a bad format', '1HGCM82633A00435O'],
  ])('rejects %s', (_case, vin) => {
    expect(isValidVin(vin)).toBe(false);
  });
});

describe('VIN decode', () => {
  it.each([
    [ACCORD_2003, 2003, ['Honda']],
    [LEGEND_1993, 1993, ['Acura']],
    [BMW_328I_2013, 2013, ['BMW']],
    [ODYSSEY_2009, 2009, ['Honda']],
  ])('%s is a %i %s', (vin, year, makes) => {
    expect(decodeVin(vin, november2026)).toMatchObject({ valid: true, year, makes });
  });

  it('places the year code in its 30-year cycle by position 7, never past the newest model year', () => {
    // Same year code A: a digit in position 7 means 1980, a letter 2010.
    expect(vinModelYear('1HGCM8263AA004352', november2026)).toBe(1980);
    expect(vinModelYear('1HGCM8A63AA004352', november2026)).toBe(2010);
    // V with a letter in position 7 would be 2027: it is 2027 only once that model year exists.
    expect(vinModelYear('1HGCM8A63VA004352', november2026)).toBe(2027);
    expect(vinModelYear('1HGCM8A63VA004352', new Date('2025-06-01'))).toBe(1997);
    // U, Z and 0 are never year codes.
    expect(vinModelYear('1HGCM8263UA004352', november2026)).toBeNull();
  });

  it('knows no make for a manufacturer identifier outside the table, and nothing for a non-VIN', () => {
    expect(decodeVin(MCI_BUS_1989, november2026)).toMatchObject({
      valid: true,
      manufacturer: null,
      makes: [],
    });
    expect(decodeVin('ABC123')).toBeNull();
  });

  it('names each disagreement with what the seller entered', () => {
    const decoded = decodeVin(ACCORD_2003, november2026)!;
    expect(vinContradictions(decoded, { year: '2003', make: 'honda' })).toEqual([]);
    expect(vinContradictions(decoded, { year: '', make: '' })).toEqual([]);
    expect(vinContradictions(decoded, { year: 2012, make: 'Toyota' })).toEqual([
      'The VIN says model year 2003, but the year entered is 2012.',
      'The VIN belongs to Honda (Honda of America), but the make entered is Toyota.',
    ]);
  });

  it('calls a VIN consistent only when it is valid and agrees with year and make', () => {
    expect(isConsistentVin(ACCORD_2003, { year: 2003, make: 'Honda' })).toBe(true);
    expect(isConsistentVin(ACCORD_2003, { year: 2004, make: 'Honda' })).toBe(false);
    expect(isConsistentVin('1HGCM82633A004353', { year: 2003, make: 'Honda' })).toBe(false);
    expect(isConsistentVin(null, { year: 2003, make: 'Honda' })).toBe(false);
  });
});
