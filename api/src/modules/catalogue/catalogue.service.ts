import { maxModelYear } from '@carmarket/shared/constants';

/** The first model year of the bundled vehicle catalogue (list-of-cars). */
export const FIRST_CATALOGUE_YEAR = 1992;

/** Model years offered by the listing wizard, newest first, up to next year's models. */
export function catalogueYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = maxModelYear(now); year >= FIRST_CATALOGUE_YEAR; year -= 1) years.push(year);
  return years;
}
