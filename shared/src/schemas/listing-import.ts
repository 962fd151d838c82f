// The dealer's CSV import (POST /dealers/me/listings/import): one row per car with the create
// wizard's fields under the wizard's names, checked with the wizard's step schemas, so a row gets
// the messages the wizard would show.
import { z } from 'zod/mini';
import { DEFAULT_CONTACT_METHOD, FEATURE_CATEGORIES, type FeatureCategory } from '../constants/enums.js';
import {
  checkFormMpg,
  contactLocationSchema,
  featureNamesSchema,
  listingDetailsSchema,
  vehicleDetailsSchema,
  vehicleInfoSchema,
} from './listing.js';

/** Sale terms and 'negotiable' are yes/no columns; blank is no. */
const IMPORT_FLAG_COLUMNS = ['negotiable', 'hasWarranty', 'acceptsTradeIn', 'financingAvailable'] as const;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * The wizard's feature groups, one column each (`safetyFeatures`, `interiorFeatures`, …): names from
 * the shared feature list separated by ';' (commas would need quoting in CSV); blank is none.
 */
const featureColumn = (category: FeatureCategory) => `${category}Features` as const;
export const FEATURE_SEPARATOR = ';';

/** The columns a file may have, in the order the template lists them (wizard order). */
export const LISTING_IMPORT_COLUMNS = [
  ...Object.keys(vehicleInfoSchema.shape),
  ...Object.keys(vehicleDetailsSchema.shape).filter((column) => column !== 'features'),
  ...FEATURE_CATEGORIES.map(featureColumn),
  ...Object.keys(listingDetailsSchema.shape),
  ...Object.keys(contactLocationSchema.shape),
] as const;

/** A column the wizard has but a file cannot: photos are added to each imported draft in its editor. */
export const LISTING_IMPORT_NO_PHOTOS =
  'Photo columns are not imported: add the photos to each imported draft in its editor';

/** Columns a file must have: the wizard's required fields. */
export const LISTING_IMPORT_REQUIRED_COLUMNS = [
  'year',
  'make',
  'model',
  'mileage',
  'bodyType',
  'fuelType',
  'transmission',
  'drivetrain',
  'exteriorColor',
  'interiorColor',
  'doors',
  'condition',
  'titleStatus',
  'title',
  'description',
  'price',
  'city',
  'state',
  'zipCode',
] as const;

const flagColumn = (column: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      const text = (value ?? '').trim().toLowerCase();
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      ctx.issues.push({ code: 'custom', message: `${column} must be yes or no`, input: value });
      return z.NEVER;
    }),
  );

/** A feature column: the names split at ';', checked like the wizard's ticks of that group. */
const featureColumnSchema = (category: FeatureCategory) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) =>
        (value ?? '')
          .split(FEATURE_SEPARATOR)
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ),
    featureNamesSchema(category),
  );

/**
 * One CSV row (every value a string) → the wizard's four step values. Issues are reported under
 * the column names.
 */
export const listingImportRowSchema = z.pipe(
  z
    .object({
      ...vehicleInfoSchema.shape,
      ...vehicleDetailsSchema.shape,
      ...listingDetailsSchema.shape,
      ...contactLocationSchema.shape,
      ...Object.fromEntries(IMPORT_FLAG_COLUMNS.map((column) => [column, flagColumn(column)])),
      // Left out or blank, the wizard's preselected method.
      preferredMethod: z.pipe(
        z.pipe(
          z.optional(z.string()),
          z.transform((value) => value?.trim() || DEFAULT_CONTACT_METHOD),
        ),
        contactLocationSchema.shape.preferredMethod,
      ),
      ...(Object.fromEntries(
        FEATURE_CATEGORIES.map((category) => [featureColumn(category), featureColumnSchema(category)]),
      ) as Record<ReturnType<typeof featureColumn>, ReturnType<typeof featureColumnSchema>>),
    })
    .check(z.superRefine(checkFormMpg)),
  // The wizard keeps features by category under `features`.
  z.transform((row) => ({
    ...row,
    features: Object.fromEntries(
      FEATURE_CATEGORIES.map((category) => [category, row[featureColumn(category)]]),
    ) as Record<FeatureCategory, string[]>,
  })),
);
export type ListingImportRow = z.output<typeof listingImportRowSchema>;

export type ListingImportColumn = (typeof LISTING_IMPORT_COLUMNS)[number];
export type ListingImportValues = Partial<Record<ListingImportColumn, string | number>>;

/** A valid row, the template's example (and the tests' and benchmark's base row). */
export const LISTING_IMPORT_EXAMPLE: ListingImportValues = {
  year: 2011,
  make: 'Toyota',
  model: 'Corolla',
  trim: 'LE',
  mileage: 112000,
  vin: '',
  bodyType: 'sedan',
  fuelType: 'gasoline',
  transmission: 'automatic',
  drivetrain: 'fwd',
  exteriorColor: 'Silver',
  interiorColor: 'Gray',
  doors: 4,
  condition: 'good',
  titleStatus: 'clean',
  cityMpg: 26,
  highwayMpg: 34,
  combinedMpg: 29,
  safetyFeatures: 'ABS; Backup Camera',
  interiorFeatures: '',
  technologyFeatures: 'Bluetooth; Keyless Entry',
  exteriorFeatures: 'Alloy Wheels',
  otherFeatures: 'Service Records',
  title: '2011 Toyota Corolla LE, dealer serviced',
  description: 'Serviced on our lot: new battery, fresh oil and a clean inspection report, ready to go.',
  price: 6900,
  negotiable: 'yes',
  hasWarranty: 'no',
  acceptsTradeIn: 'yes',
  financingAvailable: 'no',
  phone: '512-555-0188',
  preferredMethod: 'both',
  city: 'Austin',
  state: 'TX',
  zipCode: '78704',
};

const csvValue = (value: string | number | undefined) => {
  const text = value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A CSV file (RFC 4180, CRLF) of the rows under a header of `columns`. */
export function listingImportCsv(
  rows: readonly ListingImportValues[],
  columns: readonly string[] = LISTING_IMPORT_COLUMNS,
): string {
  const lines = [columns.join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => csvValue(row[column as ListingImportColumn])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
