// Listing forms (create wizard steps, edit tabs) and the listing payloads of spec §7, with the
// exact messages of spec §5. The create wizard is strict; the edit forms drop the upper bounds
// (spec §5 "Edit listing"), and the update payloads follow the edit rules so the server accepts
// whatever the edit form allows.
import { z } from 'zod/mini';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  DOORS_MAX,
  DOORS_MIN,
  MILEAGE_MAX,
  MILEAGE_MIN,
  MPG_MAX,
  MPG_MIN,
  PHONE_PATTERN,
  PRICE_CURRENCY,
  PRICE_MAX,
  PRICE_MIN,
  STATE_CODE_PATTERN,
  TITLE_MAX,
  TITLE_MIN,
  VEHICLE_NAME_MAX,
  VEHICLE_NAME_PATTERN,
  VIN_PATTERN,
  YEAR_MIN,
  ZIP_PATTERN,
  maxModelYear,
} from '../constants/limits.js';
import {
  BODY_TYPES,
  CONDITIONS,
  CONTACT_METHODS,
  DEFAULT_CONTACT_METHOD,
  DRIVETRAINS,
  FEATURE_CATEGORY_LABELS,
  FEATURE_OPTIONS,
  FUEL_TYPES,
  LISTING_STATUSES,
  TITLE_STATUSES,
  TRANSMISSIONS,
  type FeatureCategory,
} from '../constants/enums.js';
import {
  enumField,
  flag,
  numberField,
  optionalNumberField,
  optionalPattern,
  optionalText,
  requiredText,
  safeText,
} from './fields.js';
import { isValidVin } from '../vin/vin.js';

export const VIN_CHECK_DIGIT_MESSAGE = "VIN check digit doesn't match: check it for a typo";

// ---- fields ----

// The upper bound is evaluated on every validation, so a long-running server rolls over at New Year.
const year = numberField('Year is required', 'Invalid year', [
  z.int('Invalid year'),
  z.minimum(YEAR_MIN, `Year must be ${YEAR_MIN} or later`),
  z.refine((value: number) => value <= maxModelYear(), 'Invalid year'),
]);

// Makes, models and trims are typed where the catalogue has no entry (cars older than it), so
// they are checked for length and characters; the API takes the catalogue's spelling when it has one.
const vehicleNameRules = (label: string) => [
  z.maxLength(VEHICLE_NAME_MAX, `${label} must be at most ${VEHICLE_NAME_MAX} characters`),
  z.regex(VEHICLE_NAME_PATTERN, `${label} may contain letters, numbers, spaces and - & . ' / + ( )`),
];
const make = requiredText('Make is required').check(...vehicleNameRules('Make'));
const model = requiredText('Model is required').check(...vehicleNameRules('Model'));
const trim = z.pipe(optionalText(), z.nullable(safeText().check(...vehicleNameRules('Trim'))));

const mileageBase = [
  z.int('Mileage must be a whole number'),
  z.minimum(MILEAGE_MIN, 'Mileage cannot be negative'),
];
const mileage = numberField('Mileage is required', 'Mileage must be a number', [
  ...mileageBase,
  z.maximum(MILEAGE_MAX, 'Mileage seems too high'),
]);
const editMileage = numberField('Mileage is required', 'Mileage must be a number', mileageBase);

/** Stored upper-case; blank becomes null. A mistyped character almost always breaks the check digit. */
const vin = z.pipe(
  optionalPattern(VIN_PATTERN, 'Invalid VIN format').check(
    z.refine((value) => !value || isValidVin(value), VIN_CHECK_DIGIT_MESSAGE),
  ),
  z.transform((value) => value?.toUpperCase() ?? null),
);

const bodyType = enumField(BODY_TYPES, 'Body type is required');
const fuelType = enumField(FUEL_TYPES, 'Fuel type is required');
const transmission = enumField(TRANSMISSIONS, 'Transmission is required');
const drivetrain = enumField(DRIVETRAINS, 'Drivetrain is required');
const exteriorColor = requiredText('Exterior color is required');
const interiorColor = requiredText('Interior color is required');
const condition = enumField(CONDITIONS, 'Condition is required');
const titleStatus = enumField(TITLE_STATUSES, 'Title status is required');

const doorsMessage = `Doors must be between ${DOORS_MIN} and ${DOORS_MAX}`;
const doors = numberField('Doors is required', doorsMessage, [
  z.int(doorsMessage),
  z.minimum(DOORS_MIN, doorsMessage),
  z.maximum(DOORS_MAX, doorsMessage),
]);
const editDoors = numberField('Doors is required', 'Doors must be a whole number', [
  z.int('Doors must be a whole number'),
]);

const editTitle = requiredText('Title is required').check(
  z.minLength(TITLE_MIN, `Title must be at least ${TITLE_MIN} characters`),
);
const title = editTitle.check(z.maxLength(TITLE_MAX, `Title must be less than ${TITLE_MAX} characters`));

const editDescription = requiredText('Description is required').check(
  z.minLength(DESCRIPTION_MIN, `Description must be at least ${DESCRIPTION_MIN} characters`),
);
const description = editDescription.check(
  z.maxLength(DESCRIPTION_MAX, `Description must be less than ${DESCRIPTION_MAX} characters`),
);

// Prices are whole dollars: they are shown without decimals everywhere.
const priceBase = [
  z.int('Price must be a whole dollar amount'),
  z.minimum(PRICE_MIN, `Price must be at least $${PRICE_MIN}`),
];
const price = numberField('Price is required', 'Price must be a number', [
  ...priceBase,
  z.maximum(PRICE_MAX, 'Price cannot exceed $50,000'),
]);
const editPrice = numberField('Price is required', 'Price must be a number', priceBase);

const phone = optionalPattern(PHONE_PATTERN, 'Phone format: 123-456-7890');
const preferredMethod = enumField(CONTACT_METHODS, 'Preferred contact method is required');

const city = requiredText('City is required');
/** Spec §5 gives one message for a missing or malformed state; stored upper-case. */
const state = z
  .string({ error: 'Use 2-letter state code' })
  .check(z.trim(), z.regex(STATE_CODE_PATTERN, 'Use 2-letter state code'), z.toUpperCase());
const zipCode = z
  .string({ error: 'ZIP code must be 5 digits' })
  .check(z.trim(), z.regex(ZIP_PATTERN, 'ZIP code must be 5 digits'));

/** City, state and ZIP with the listing's messages, for other addresses (a dealer's). */
export const addressFields = { city, state, zipCode };

// Fuel economy, equipment and sale terms are optional: the search filters on them (spec §3
// "Search filters"), so the listing carries them.

const mpg = (name: string) => {
  const message = `${name} MPG must be a whole number from ${MPG_MIN} to ${MPG_MAX}`;
  return optionalNumberField(message, [
    z.int(message),
    z.minimum(MPG_MIN, message),
    z.maximum(MPG_MAX, message),
  ]);
};
const cityMpg = mpg('City');
const highwayMpg = mpg('Highway');
const combinedMpg = mpg('Combined');

interface MpgFigures {
  city: number | null;
  highway: number | null;
  combined: number | null;
}

/** A combined rating weights the city and highway ones, so one outside them is a typo. */
function checkCombinedMpg({ city, highway, combined }: MpgFigures, ctx: z.core.$RefinementCtx, path: string) {
  if (city === null || highway === null || combined === null) return;
  if (combined < Math.min(city, highway) || combined > Math.max(city, highway)) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: 'Combined MPG must be between city and highway MPG',
    });
  }
}

/** One category's features: names from FEATURE_OPTIONS only, stored once each in the list's order. */
export function featureNamesSchema(category: FeatureCategory) {
  const options: readonly string[] = FEATURE_OPTIONS[category];
  const label = FEATURE_CATEGORY_LABELS[category];
  return z.pipe(
    z.array(
      safeText().check(z.refine((name) => options.includes(name), `Unknown ${label.toLowerCase()} feature`)),
      { error: `${label} features must be a list` },
    ),
    z.transform((chosen) => options.filter((option) => chosen.includes(option))),
  );
}

/** A category left out has no features. */
const featureList = (category: FeatureCategory) => z._default(featureNamesSchema(category), []);

/** Features by category (spec §3); a missing category is an empty one. */
const featuresObject = z.strictObject(
  {
    safety: featureList('safety'),
    interior: featureList('interior'),
    technology: featureList('technology'),
    exterior: featureList('exterior'),
    other: featureList('other'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown feature category: ${(issue.keys as string[]).join(', ')}`
        : 'Features must be lists by category',
  },
);
/** Left out, no features. */
export const vehicleFeaturesSchema = z.prefault(featuresObject, {});
export type VehicleFeaturesInput = z.input<typeof vehicleFeaturesSchema>;

/** The payloads' `vehicle.mpg`: left-out figures are unknown (null). */
const mpgObject = z
  .object({ city: cityMpg, highway: highwayMpg, combined: combinedMpg }, { error: 'MPG must be an object' })
  .check(z.superRefine((value, ctx) => checkCombinedMpg(value, ctx, 'combined')));

/** The forms' fuel economy (one field per figure) and features. */
const equipment = { cityMpg, highwayMpg, combinedMpg, features: vehicleFeaturesSchema };

/** The forms' combined-MPG check, also run on imported rows. */
export const checkFormMpg = (
  value: { cityMpg: number | null; highwayMpg: number | null; combinedMpg: number | null },
  ctx: z.core.$RefinementCtx,
) =>
  checkCombinedMpg(
    { city: value.cityMpg, highway: value.highwayMpg, combined: value.combinedMpg },
    ctx,
    'combinedMpg',
  );

// ---- create wizard, one schema per validated step (steps 3 and 6 have no form) ----

export const vehicleInfoSchema = z.object({ year, make, model, trim, mileage, vin });
export type VehicleInfoInput = z.input<typeof vehicleInfoSchema>;
export type VehicleInfo = z.output<typeof vehicleInfoSchema>;

export const vehicleDetailsSchema = z
  .object({
    bodyType,
    fuelType,
    transmission,
    drivetrain,
    exteriorColor,
    interiorColor,
    doors,
    condition,
    titleStatus,
    ...equipment,
  })
  .check(z.superRefine(checkFormMpg));
export type VehicleDetailsInput = z.input<typeof vehicleDetailsSchema>;
export type VehicleDetails = z.output<typeof vehicleDetailsSchema>;

// `negotiable` is the form's checkbox next to the price (the payload's price.negotiable); the
// sale terms are checkboxes beside it.
const saleTerms = { hasWarranty: flag(), acceptsTradeIn: flag(), financingAvailable: flag() };

export const listingDetailsSchema = z.object({ title, description, price, negotiable: flag(), ...saleTerms });
export type ListingDetailsInput = z.input<typeof listingDetailsSchema>;
export type ListingDetails = z.output<typeof listingDetailsSchema>;

export const contactLocationSchema = z.object({ phone, preferredMethod, city, state, zipCode });
export type ContactLocationInput = z.input<typeof contactLocationSchema>;
export type ContactLocation = z.output<typeof contactLocationSchema>;

// ---- edit tabs ----

export const editVehicleSchema = z
  .object({
    make,
    model,
    year,
    mileage: editMileage,
    bodyType,
    fuelType,
    transmission,
    drivetrain,
    exteriorColor,
    interiorColor,
    doors: editDoors,
    condition,
    titleStatus,
    ...equipment,
  })
  .check(z.superRefine(checkFormMpg));
export type EditVehicleInput = z.input<typeof editVehicleSchema>;
export type EditVehicle = z.output<typeof editVehicleSchema>;

export const editListingDetailsSchema = z.object({
  title: editTitle,
  description: editDescription,
  price: editPrice,
  negotiable: flag(),
  ...saleTerms,
  phone,
  preferredMethod,
});
export type EditListingDetailsInput = z.input<typeof editListingDetailsSchema>;
export type EditListingDetails = z.output<typeof editListingDetailsSchema>;

// ---- API payloads (spec §7) ----

const color = z.object({ exterior: exteriorColor, interior: interiorColor });

export const geoPointSchema = z.object({
  type: z.literal('Point'),
  // GeoJSON order: longitude first.
  coordinates: z.tuple([
    z.number().check(z.minimum(-180), z.maximum(180)),
    z.number().check(z.minimum(-90), z.maximum(90)),
  ]),
});

export const listingLocationSchema = z.extend(geoPointSchema, {
  address: z.object({ city, state, zipCode }),
});
export type ListingLocationInput = z.input<typeof listingLocationSchema>;

/** POST /listings. Photos are uploaded after creation, so `vehicle.images` must be empty. */
export const createListingPayloadSchema = z.object({
  vehicle: z.object({
    make,
    model,
    year,
    trim,
    mileage,
    vin,
    bodyType,
    fuelType,
    transmission,
    drivetrain,
    color,
    doors,
    condition,
    titleStatus,
    features: vehicleFeaturesSchema,
    mpg: z.prefault(mpgObject, { city: null, highway: null, combined: null }),
    images: z._default(z.tuple([], { error: 'Upload photos after creating the listing' }), []),
    location: listingLocationSchema,
  }),
  title,
  description,
  price: z.object({
    amount: price,
    currency: z._default(z.literal(PRICE_CURRENCY), PRICE_CURRENCY),
    negotiable: flag(),
  }),
  ...saleTerms,
  contactPreferences: z.object({
    phone,
    preferredMethod: z._default(preferredMethod, DEFAULT_CONTACT_METHOD),
  }),
});
export type CreateListingPayloadInput = z.input<typeof createListingPayloadSchema>;
export type CreateListingPayload = z.output<typeof createListingPayloadSchema>;

/** The create wizard's values, one output per step (also one imported CSV row). */
export interface ListingWizardValues {
  vehicleInfo: VehicleInfo;
  vehicleDetails: VehicleDetails;
  listingDetails: ListingDetails;
  contactLocation: ContactLocation;
}

/** POST /listings body of spec §7 from the wizard's values: photos come later, the point is GeoJSON (longitude first). */
export function toCreateListingPayload(
  { vehicleInfo, vehicleDetails, listingDetails, contactLocation }: ListingWizardValues,
  { latitude, longitude }: { latitude: number; longitude: number },
): CreateListingPayloadInput {
  return {
    vehicle: {
      year: vehicleInfo.year,
      make: vehicleInfo.make,
      model: vehicleInfo.model,
      trim: vehicleInfo.trim,
      mileage: vehicleInfo.mileage,
      vin: vehicleInfo.vin,
      bodyType: vehicleDetails.bodyType,
      fuelType: vehicleDetails.fuelType,
      transmission: vehicleDetails.transmission,
      drivetrain: vehicleDetails.drivetrain,
      color: { exterior: vehicleDetails.exteriorColor, interior: vehicleDetails.interiorColor },
      doors: vehicleDetails.doors,
      condition: vehicleDetails.condition,
      titleStatus: vehicleDetails.titleStatus,
      features: vehicleDetails.features,
      mpg: {
        city: vehicleDetails.cityMpg,
        highway: vehicleDetails.highwayMpg,
        combined: vehicleDetails.combinedMpg,
      },
      images: [],
      location: {
        type: 'Point',
        coordinates: [longitude, latitude],
        address: {
          city: contactLocation.city,
          state: contactLocation.state,
          zipCode: contactLocation.zipCode,
        },
      },
    },
    title: listingDetails.title,
    description: listingDetails.description,
    price: { amount: listingDetails.price, currency: PRICE_CURRENCY, negotiable: listingDetails.negotiable },
    hasWarranty: listingDetails.hasWarranty,
    acceptsTradeIn: listingDetails.acceptsTradeIn,
    financingAvailable: listingDetails.financingAvailable,
    contactPreferences: { phone: contactLocation.phone, preferredMethod: contactLocation.preferredMethod },
  };
}

/** PUT /listings/{id}. `negotiable` and the sale terms left out keep their stored values. */
export const updateListingPayloadSchema = z.object({
  title: editTitle,
  description: editDescription,
  price: z.object({
    amount: editPrice,
    currency: z._default(z.literal(PRICE_CURRENCY), PRICE_CURRENCY),
    negotiable: z.optional(z.boolean()),
  }),
  hasWarranty: z.optional(z.boolean()),
  acceptsTradeIn: z.optional(z.boolean()),
  financingAvailable: z.optional(z.boolean()),
  contactPreferences: z.object({ phone, preferredMethod }),
});
export type UpdateListingPayloadInput = z.input<typeof updateListingPayloadSchema>;
export type UpdateListingPayload = z.output<typeof updateListingPayloadSchema>;

/**
 * PUT /listings/{id}/vehicle. `features` and `mpg` left out keep their stored values; given, they
 * replace them whole (a category or figure left out of them is cleared).
 */
export const updateVehiclePayloadSchema = z.object({
  make,
  model,
  year,
  mileage: editMileage,
  bodyType,
  fuelType,
  transmission,
  drivetrain,
  color,
  doors: editDoors,
  condition,
  titleStatus,
  features: z.optional(featuresObject),
  mpg: z.optional(mpgObject),
});
export type UpdateVehiclePayloadInput = z.input<typeof updateVehiclePayloadSchema>;
export type UpdateVehiclePayload = z.output<typeof updateVehiclePayloadSchema>;

/** PATCH /listings/{id}/status: the owner marks the listing sold, or active again. */
export const updateListingStatusPayloadSchema = z.object({
  status: enumField(LISTING_STATUSES, 'Status must be active or sold'),
});
export type UpdateListingStatusPayload = z.output<typeof updateListingStatusPayloadSchema>;

/** GET /geocode: the address of create step 5, with the ZIP under the name the query uses. */
export const geocodeQuerySchema = z.object({ city, state, zip: zipCode });
export type GeocodeQuery = z.output<typeof geocodeQuerySchema>;
