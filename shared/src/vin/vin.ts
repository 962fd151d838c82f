// Offline VIN check and decode (49 CFR 565): the check digit in position 9, the model year from
// position 10 and the manufacturer from the WMI table. Every vehicle built for North America since
// 1981 carries a 17-character VIN with a check digit, so a listing's VIN must pass it.
import { PHOTOS_MIN, VIN_PATTERN, maxModelYear } from '../constants/limits.js';
import { lookUpWmi } from './wmi.js';

const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const POSITION_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

// The year code repeats every 30 years: A = 1980 and 2010, ..., Y = 2000 and 2030, 1-9 = 2001-2009 and 2031-2039.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_CYCLE = 1980;
const CYCLE = 30;

const transliterate = (character: string) => LETTER_VALUES[character] ?? Number(character);

/** The check digit ('0'-'9' or 'X') a VIN of the right format must carry in position 9. */
export function vinCheckDigit(vin: string): string {
  const upper = vin.toUpperCase();
  const sum = POSITION_WEIGHTS.reduce(
    (total, weight, index) => total + weight * transliterate(upper[index]!),
    0,
  );
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when the VIN has the right format and its check digit matches. */
export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(vin) && vin[8]!.toUpperCase() === vinCheckDigit(vin);
}

/** The position-10 code of a model year from 1980 on, or null for an earlier year. */
export function vinYearCode(year: number): string | null {
  return year < FIRST_CYCLE ? null : YEAR_CODES[(year - FIRST_CYCLE) % CYCLE]!;
}

/**
 * The model year from position 10. Within a 30-year cycle, a letter in position 7 marks 2010 or
 * later for cars and light trucks (a digit, 1980-2009); a year past the newest model year falls
 * back a cycle.
 */
export function vinModelYear(vin: string, now: Date = new Date()): number | null {
  const upper = vin.toUpperCase();
  const index = YEAR_CODES.indexOf(upper[9] ?? '');
  if (index < 0) return null;
  const laterCycle = /[A-Z]/.test(upper[6] ?? '');
  let year = FIRST_CYCLE + index + (laterCycle ? CYCLE : 0);
  if (year > maxModelYear(now)) year -= CYCLE;
  return year;
}

export interface DecodedVin {
  vin: string;
  /** Format and check digit pass. */
  valid: boolean;
  year: number | null;
  /** Null when the manufacturer identifier is not in the shipped table. */
  manufacturer: string | null;
  /** The makes that manufacturer identifier is used for (one for most). */
  makes: readonly string[];
}

/** Decodes what a VIN says on its own; null when it does not have a VIN's format. */
export function decodeVin(input: string, now: Date = new Date()): DecodedVin | null {
  const vin = input.trim().toUpperCase();
  if (!VIN_PATTERN.test(vin)) return null;
  const wmi = lookUpWmi(vin.slice(0, 3));
  return {
    vin,
    valid: isValidVin(vin),
    year: vinModelYear(vin, now),
    manufacturer: wmi?.manufacturer ?? null,
    makes: wmi?.makes ?? [],
  };
}

/** What the VIN says against what the seller entered: one sentence per disagreement. */
export function vinContradictions(
  decoded: DecodedVin,
  entered: { year?: number | string | null; make?: string | null },
): string[] {
  const found: string[] = [];
  const year = Number(entered.year);
  if (decoded.year !== null && entered.year !== '' && entered.year != null && year !== decoded.year) {
    found.push(`The VIN says model year ${decoded.year}, but the year entered is ${year}.`);
  }
  const make = entered.make?.trim().toLowerCase();
  if (make && decoded.makes.length > 0 && !decoded.makes.some((name) => name.toLowerCase() === make)) {
    found.push(
      `The VIN belongs to ${decoded.makes.join(' / ')} (${decoded.manufacturer}), but the make entered is ${entered.make}.`,
    );
  }
  return found;
}

/** A VIN that passes its check digit and agrees with the listing's year and make. */
export function isConsistentVin(
  vin: string | null | undefined,
  vehicle: { year: number; make: string },
): boolean {
  if (!vin) return false;
  const decoded = decodeVin(vin);
  return decoded !== null && decoded.valid && vinContradictions(decoded, vehicle).length === 0;
}

/**
 * A "Verified" listing (issue 16; the home page promises them): a valid VIN that agrees with the
 * listing's year and make, at least PHOTOS_MIN photos, and a seller whose email is verified.
 */
export function isVerifiedListing(listing: {
  vin: string | null | undefined;
  year: number;
  make: string;
  photoCount: number;
  sellerEmailVerified: boolean;
}): boolean {
  return (
    listing.sellerEmailVerified &&
    listing.photoCount >= PHOTOS_MIN &&
    isConsistentVin(listing.vin, { year: listing.year, make: listing.make })
  );
}
