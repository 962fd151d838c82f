// Listing forms (create wizard steps, edit tabs) and the listing payloads of spec §7, with the
// exact messages of spec §5. The create wizard is strict; the edit forms drop the upper bounds
// (spec §5 "Edit listing"), and the update payloads follow the edit rules so the server accepts
// whatever the edit form allows.
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  DOORS_MAX,
  DOORS_MIN,
  MILEAGE_MAX,
  MILEAGE_MIN,
  PHONE_PATTERN,
  PRICE_CURRENCY,
  PRICE_MAX,
  PRICE_MIN,
  STATE_CODE_PATTERN,
  TITLE_MAX,
  TITLE_MIN,
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
  FUEL_TYPES,
  LISTING_STATUSES,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from '../constants/enums.js';
import { enumField, flag, numberField, optionalPattern, optionalText, requiredText } from './fields.js';

// ---- fields ----

// The upper bound is evaluated on every validation, so a long-running server rolls over at New Year.
const year = numberField('Year is required', 'Invalid year', (n) =>
  n
    .int('Invalid year')
    .min(YEAR_MIN, `Year must be ${YEAR_MIN} or later`)
    .refine((value) => value <= maxModelYear(), 'Invalid year'),
);

const make = requiredText('Make is required');
const model = requiredText('Model is required');
const trim = optionalText();

const mileageBase = (n: z.ZodNumber) =>
  n.int('Mileage must be a whole number').min(MILEAGE_MIN, 'Mileage cannot be negative');
const mileage = numberField('Mileage is required', 'Mileage must be a number', (n) =>
  mileageBase(n).max(MILEAGE_MAX, 'Mileage seems too high'),
);
const editMileage = numberField('Mileage is required', 'Mileage must be a number', mileageBase);

/** Stored upper-case; blank becomes null. */
const vin = optionalPattern(VIN_PATTERN, 'Invalid VIN format').transform(
  (value) => value?.toUpperCase() ?? null,
);

const bodyType = enumField(BODY_TYPES, 'Body type is required');
const fuelType = enumField(FUEL_TYPES, 'Fuel type is required');
const transmission = enumField(TRANSMISSIONS, 'Transmission is required');
const drivetrain = enumField(DRIVETRAINS, 'Drivetrain is required');
const exteriorColor = requiredText('Exterior color is required');
const interiorColor = requiredText('Interior color is required');
const condition = enumField(CONDITIONS, 'Condition is required');
const titleStatus = enumField(TITLE_STATUSES, 'Title status is required');

const doors = numberField('Doors is required', `Doors must be between ${DOORS_MIN} and ${DOORS_MAX}`, (n) =>
  n
    .int(`Doors must be between ${DOORS_MIN} and ${DOORS_MAX}`)
    .min(DOORS_MIN, `Doors must be between ${DOORS_MIN} and ${DOORS_MAX}`)
    .max(DOORS_MAX, `Doors must be between ${DOORS_MIN} and ${DOORS_MAX}`),
);
const editDoors = numberField('Doors is required', 'Doors must be a whole number', (n) =>
  n.int('Doors must be a whole number'),
);

const titleMin = (s: z.ZodString) => s.min(TITLE_MIN, `Title must be at least ${TITLE_MIN} characters`);
const title = titleMin(requiredText('Title is required')).max(
  TITLE_MAX,
  `Title must be less than ${TITLE_MAX} characters`,
);
const editTitle = titleMin(requiredText('Title is required'));

const descriptionMin = (s: z.ZodString) =>
  s.min(DESCRIPTION_MIN, `Description must be at least ${DESCRIPTION_MIN} characters`);
const description = descriptionMin(requiredText('Description is required')).max(
  DESCRIPTION_MAX,
  `Description must be less than ${DESCRIPTION_MAX} characters`,
);
const editDescription = descriptionMin(requiredText('Description is required'));

// Prices are whole dollars: they are shown without decimals everywhere.
const priceBase = (n: z.ZodNumber) =>
  n.int('Price must be a whole dollar amount').min(PRICE_MIN, `Price must be at least $${PRICE_MIN}`);
const price = numberField('Price is required', 'Price must be a number', (n) =>
  priceBase(n).max(PRICE_MAX, 'Price cannot exceed $50,000'),
);
const editPrice = numberField('Price is required', 'Price must be a number', priceBase);

const phone = optionalPattern(PHONE_PATTERN, 'Phone format: 123-456-7890');
const preferredMethod = enumField(CONTACT_METHODS, 'Preferred contact method is required');

const city = requiredText('City is required');
/** Spec §5 gives one message for a missing or malformed state; stored upper-case. */
const state = z
  .string({ error: 'Use 2-letter state code' })
  .trim()
  .regex(STATE_CODE_PATTERN, 'Use 2-letter state code')
  .toUpperCase();
const zipCode = z
  .string({ error: 'ZIP code must be 5 digits' })
  .trim()
  .regex(ZIP_PATTERN, 'ZIP code must be 5 digits');

// ---- create wizard, one schema per validated step (steps 3 and 6 have no form) ----

export const vehicleInfoSchema = z.object({ year, make, model, trim, mileage, vin });
export type VehicleInfoInput = z.input<typeof vehicleInfoSchema>;
export type VehicleInfo = z.output<typeof vehicleInfoSchema>;

export const vehicleDetailsSchema = z.object({
  bodyType,
  fuelType,
  transmission,
  drivetrain,
  exteriorColor,
  interiorColor,
  doors,
  condition,
  titleStatus,
});
export type VehicleDetailsInput = z.input<typeof vehicleDetailsSchema>;
export type VehicleDetails = z.output<typeof vehicleDetailsSchema>;

// `negotiable` is the form's checkbox next to the price (the payload's price.negotiable).
export const listingDetailsSchema = z.object({ title, description, price, negotiable: flag() });
export type ListingDetailsInput = z.input<typeof listingDetailsSchema>;
export type ListingDetails = z.output<typeof listingDetailsSchema>;

export const contactLocationSchema = z.object({ phone, preferredMethod, city, state, zipCode });
export type ContactLocationInput = z.input<typeof contactLocationSchema>;
export type ContactLocation = z.output<typeof contactLocationSchema>;

// ---- edit tabs ----

export const editVehicleSchema = z.object({
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
});
export type EditVehicleInput = z.input<typeof editVehicleSchema>;
export type EditVehicle = z.output<typeof editVehicleSchema>;

export const editListingDetailsSchema = z.object({
  title: editTitle,
  description: editDescription,
  price: editPrice,
  negotiable: flag(),
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
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
});

export const listingLocationSchema = geoPointSchema.extend({
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
    images: z.tuple([], { error: 'Upload photos after creating the listing' }).default([]),
    location: listingLocationSchema,
  }),
  title,
  description,
  price: z.object({
    amount: price,
    currency: z.literal(PRICE_CURRENCY).default(PRICE_CURRENCY),
    negotiable: z.boolean().default(false),
  }),
  contactPreferences: z.object({
    phone,
    preferredMethod: preferredMethod.default(DEFAULT_CONTACT_METHOD),
  }),
});
export type CreateListingPayloadInput = z.input<typeof createListingPayloadSchema>;
export type CreateListingPayload = z.output<typeof createListingPayloadSchema>;

/** PUT /listings/{id}. `negotiable` left out keeps the stored value. */
export const updateListingPayloadSchema = z.object({
  title: editTitle,
  description: editDescription,
  price: z.object({
    amount: editPrice,
    currency: z.literal(PRICE_CURRENCY).default(PRICE_CURRENCY),
    negotiable: z.boolean().optional(),
  }),
  contactPreferences: z.object({ phone, preferredMethod }),
});
export type UpdateListingPayloadInput = z.input<typeof updateListingPayloadSchema>;
export type UpdateListingPayload = z.output<typeof updateListingPayloadSchema>;

/** PUT /listings/{id}/vehicle. */
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
