import { describe, expect, it } from '@jest/globals';
import { FEATURE_CATEGORIES } from '../constants/enums.js';
import {
  contactLocationSchema,
  listingDetailsSchema,
  vehicleDetailsSchema,
  vehicleInfoSchema,
} from './listing.js';
import { LISTING_IMPORT_COLUMNS, LISTING_IMPORT_EXAMPLE, listingImportRowSchema } from './listing-import.js';

const asStrings = (values: object) =>
  Object.fromEntries(Object.entries(values).map(([column, value]) => [column, String(value)]));

describe('the CSV import columns', () => {
  it("have one for every field of the wizard's steps, and one per feature group", () => {
    const wizardFields = [
      vehicleInfoSchema,
      vehicleDetailsSchema,
      listingDetailsSchema,
      contactLocationSchema,
    ]
      .flatMap((step) => Object.keys(step.shape))
      .flatMap((field) =>
        field === 'features' ? FEATURE_CATEGORIES.map((category) => `${category}Features`) : [field],
      );
    expect([...LISTING_IMPORT_COLUMNS].sort()).toEqual(wizardFields.sort());
  });

  it('read the template row into the values the wizard keeps, features by group', () => {
    const row = listingImportRowSchema.parse(asStrings(LISTING_IMPORT_EXAMPLE));
    expect(row).toMatchObject({
      year: 2011,
      negotiable: true,
      hasWarranty: false,
      features: {
        safety: ['ABS', 'Backup Camera'],
        interior: [],
        technology: ['Bluetooth', 'Keyless Entry'],
        exterior: ['Alloy Wheels'],
        other: ['Service Records'],
      },
    });
  });

  it("give a feature group the wizard's message for a name not in the shared list", () => {
    const result = listingImportRowSchema.safeParse(
      asStrings({ ...LISTING_IMPORT_EXAMPLE, otherFeatures: 'One Owner; Free Puppy' }),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['otherFeatures.1', 'Unknown other feature'],
    ]);
  });
});
