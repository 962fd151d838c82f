import { describe, expect, it } from '@jest/globals';
import { OTP_PATTERN, PHONE_PATTERN, VIN_PATTERN, maxModelYear } from './limits.js';

describe('maxModelYear', () => {
  it('is the year after the given date, so next year’s models can be listed', () => {
    expect(maxModelYear(new Date(2026, 0, 1))).toBe(2027);
    expect(maxModelYear(new Date(2026, 11, 31))).toBe(2027);
    expect(maxModelYear()).toBe(new Date().getFullYear() + 1);
  });
});

describe('patterns', () => {
  it.each([
    [OTP_PATTERN, '123456', true],
    [OTP_PATTERN, '1234567', false],
    [PHONE_PATTERN, '123-456-7890', true],
    [PHONE_PATTERN, '(123) 456-7890', false],
    [VIN_PATTERN, '1hgcm82633a004352', true],
    [VIN_PATTERN, '1HGCM82633A00435I', false],
  ])('%s on %p → %p', (pattern, value, matches) => {
    expect(pattern.test(value)).toBe(matches);
  });
});
