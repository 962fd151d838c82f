import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod/mini';
import {
  contactLocationSchema,
  createListingPayloadSchema,
  editListingDetailsSchema,
  editVehicleSchema,
  geocodeQuerySchema,
  listingDetailsSchema,
  updateListingPayloadSchema,
  updateListingStatusPayloadSchema,
  updateVehiclePayloadSchema,
  vehicleDetailsSchema,
  vehicleInfoSchema,
} from './listing.js';

/** The message the form would show for `field`: the first issue at that path, or undefined. */
function messageFor(schema: z.ZodMiniType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const nextYear = new Date().getFullYear() + 1;

const validVehicleInfo = { year: '2012', make: 'Honda', model: 'Civic', trim: '', mileage: '85000', vin: '' };
const validVehicleDetails = {
  bodyType: 'sedan',
  fuelType: 'gasoline',
  transmission: 'automatic',
  drivetrain: 'fwd',
  exteriorColor: 'Blue',
  interiorColor: 'Black',
  doors: '4',
  condition: 'good',
  titleStatus: 'clean',
};
const validListingDetails = {
  title: '2012 Honda Civic EX',
  description: 'A reliable daily driver with a clean history, new tires and recent service.',
  price: '8500',
};
const validContact = { phone: '', preferredMethod: 'email', city: 'Austin', state: 'tx', zipCode: '78701' };

describe('vehicleInfoSchema (create step 1)', () => {
  it.each([
    ['year', '', 'Year is required'],
    ['year', undefined, 'Year is required'],
    ['year', null, 'Year is required'],
    ['year', '   ', 'Year is required'],
    ['year', Number.NaN, 'Year is required'],
    ['year', '1899', 'Year must be 1900 or later'],
    ['year', String(nextYear + 1), 'Invalid year'],
    ['year', '2012.5', 'Invalid year'],
    ['year', 'abc', 'Invalid year'],
    ['make', '', 'Make is required'],
    ['make', '  ', 'Make is required'],
    ['make', undefined, 'Make is required'],
    ['model', '', 'Model is required'],
    ['mileage', '', 'Mileage is required'],
    ['mileage', undefined, 'Mileage is required'],
    ['mileage', '-1', 'Mileage cannot be negative'],
    ['mileage', '500001', 'Mileage seems too high'],
    ['mileage', 'lots', 'Mileage must be a number'],
    ['vin', '1HGCM82633A00435', 'Invalid VIN format'],
    ['vin', '1HGCM82633A0043521', 'Invalid VIN format'],
    ['vin', '1HGCM82633A00435I', 'Invalid VIN format'],
    ['vin', '1HGCM82633A00435O', 'Invalid VIN format'],
    ['vin', '1HGCM82633A00435Q', 'Invalid VIN format'],
    ['vin', '1HGCM82633A004353', "VIN check digit doesn't match: check it for a typo"],
  ])('%s = %p → %s', (field, value, message) => {
    expect(messageFor(vehicleInfoSchema, { ...validVehicleInfo, [field]: value }, field)).toBe(message);
  });

  it('coerces numeric strings and normalises optional fields', () => {
    expect(vehicleInfoSchema.parse(validVehicleInfo)).toEqual({
      year: 2012,
      make: 'Honda',
      model: 'Civic',
      trim: null,
      mileage: 85000,
      vin: null,
    });
  });

  it('accepts the bounds: 1900, next year, 0 and 500000 miles', () => {
    for (const year of ['1900', String(nextYear)]) {
      expect(vehicleInfoSchema.safeParse({ ...validVehicleInfo, year }).success).toBe(true);
    }
    for (const mileage of [0, 500000]) {
      expect(vehicleInfoSchema.safeParse({ ...validVehicleInfo, mileage }).success).toBe(true);
    }
  });

  it('upper-cases a lower-case VIN and turns a missing one into null', () => {
    expect(vehicleInfoSchema.parse({ ...validVehicleInfo, vin: ' 1hgcm82633a004352 ' }).vin).toBe(
      '1HGCM82633A004352',
    );
    const { vin: _vin, trim: _trim, ...withoutOptional } = validVehicleInfo;
    expect(vehicleInfoSchema.parse(withoutOptional)).toMatchObject({ vin: null, trim: null });
  });

  it('evaluates the latest year when validating, not when the module loaded', () => {
    const realDate = Date;
    const later = new realDate(realDate.now());
    later.setFullYear(later.getFullYear() + 5);
    globalThis.Date = class extends realDate {
      constructor(...args: unknown[]) {
        super(...((args.length ? args : [later.getTime()]) as []));
      }
    } as DateConstructor;
    try {
      expect(vehicleInfoSchema.safeParse({ ...validVehicleInfo, year: nextYear + 3 }).success).toBe(true);
    } finally {
      globalThis.Date = realDate;
    }
    expect(vehicleInfoSchema.safeParse({ ...validVehicleInfo, year: nextYear + 3 }).success).toBe(false);
  });
});

describe('vehicleDetailsSchema (create step 2)', () => {
  it.each([
    ['bodyType', '', 'Body type is required'],
    ['bodyType', 'spaceship', 'Body type is required'],
    ['fuelType', '', 'Fuel type is required'],
    ['transmission', undefined, 'Transmission is required'],
    ['drivetrain', '', 'Drivetrain is required'],
    ['exteriorColor', '', 'Exterior color is required'],
    ['interiorColor', ' ', 'Interior color is required'],
    ['doors', '', 'Doors is required'],
    ['doors', '1', 'Doors must be between 2 and 5'],
    ['doors', '6', 'Doors must be between 2 and 5'],
    ['condition', '', 'Condition is required'],
    ['titleStatus', '', 'Title status is required'],
  ])('%s = %p → %s', (field, value, message) => {
    expect(messageFor(vehicleDetailsSchema, { ...validVehicleDetails, [field]: value }, field)).toBe(message);
  });

  it('reports every missing field of an empty step at once', () => {
    const result = vehicleDetailsSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Body type is required',
      'Fuel type is required',
      'Transmission is required',
      'Drivetrain is required',
      'Exterior color is required',
      'Interior color is required',
      'Doors is required',
      'Condition is required',
      'Title status is required',
    ]);
  });

  it('accepts 2 and 5 doors and yields a number', () => {
    expect(vehicleDetailsSchema.parse({ ...validVehicleDetails, doors: '2' }).doors).toBe(2);
    expect(vehicleDetailsSchema.parse({ ...validVehicleDetails, doors: 5 }).doors).toBe(5);
  });

  it.each([
    ['cityMpg', '0', 'City MPG must be a whole number from 1 to 150'],
    ['cityMpg', '151', 'City MPG must be a whole number from 1 to 150'],
    ['highwayMpg', '30.5', 'Highway MPG must be a whole number from 1 to 150'],
    ['combinedMpg', 'lots', 'Combined MPG must be a whole number from 1 to 150'],
  ])('%s = %p → %s', (field, value, message) => {
    expect(messageFor(vehicleDetailsSchema, { ...validVehicleDetails, [field]: value }, field)).toBe(message);
  });

  it('leaves fuel economy and features optional: blank figures are null, no features empty lists', () => {
    expect(
      vehicleDetailsSchema.parse({ ...validVehicleDetails, cityMpg: '', highwayMpg: ' ', combinedMpg: null }),
    ).toMatchObject({
      cityMpg: null,
      highwayMpg: null,
      combinedMpg: null,
      features: { safety: [], interior: [], technology: [], exterior: [], other: [] },
    });
  });

  it('takes fuel economy as numbers and features in the list order, once each', () => {
    const parsed = vehicleDetailsSchema.parse({
      ...validVehicleDetails,
      cityMpg: '28',
      highwayMpg: '36',
      combinedMpg: '31',
      features: { safety: ['Backup Camera', 'ABS', 'ABS'], technology: ['Bluetooth'] },
    });
    expect(parsed).toMatchObject({ cityMpg: 28, highwayMpg: 36, combinedMpg: 31 });
    expect(parsed.features).toEqual({
      safety: ['ABS', 'Backup Camera'],
      interior: [],
      technology: ['Bluetooth'],
      exterior: [],
      other: [],
    });
  });

  it('refuses a combined MPG outside city and highway, and features not on the list', () => {
    const mpg = { cityMpg: '28', highwayMpg: '36' };
    expect(
      messageFor(vehicleDetailsSchema, { ...validVehicleDetails, ...mpg, combinedMpg: '40' }, 'combinedMpg'),
    ).toBe('Combined MPG must be between city and highway MPG');
    // Hybrids do better in town: the range works either way round.
    expect(
      vehicleDetailsSchema.safeParse({ ...validVehicleDetails, cityMpg: 51, highwayMpg: 48, combinedMpg: 50 })
        .success,
    ).toBe(true);
    expect(
      messageFor(
        vehicleDetailsSchema,
        { ...validVehicleDetails, features: { safety: ['Jet Pack'] } },
        'features.safety.0',
      ),
    ).toBe('Unknown safety feature');
    // A feature of another category is not one of this category's.
    expect(
      messageFor(
        vehicleDetailsSchema,
        { ...validVehicleDetails, features: { safety: ['Sunroof'] } },
        'features.safety.0',
      ),
    ).toBe('Unknown safety feature');
    expect(
      messageFor(
        vehicleDetailsSchema,
        { ...validVehicleDetails, features: { luxury: ['Sunroof'] } },
        'features',
      ),
    ).toBe('Unknown feature category: luxury');
  });
});

describe('listingDetailsSchema (create step 4)', () => {
  it.each([
    ['title', '', 'Title is required'],
    ['title', 'Too short', 'Title must be at least 10 characters'],
    ['title', 'x'.repeat(101), 'Title must be less than 100 characters'],
    ['description', '', 'Description is required'],
    ['description', 'x'.repeat(49), 'Description must be at least 50 characters'],
    ['description', 'x'.repeat(2001), 'Description must be less than 2000 characters'],
    ['price', '', 'Price is required'],
    ['price', '99', 'Price must be at least $100'],
    ['price', '50001', 'Price cannot exceed $50,000'],
    ['price', '8500.5', 'Price must be a whole dollar amount'],
  ])('%s = %p → %s', (field, value, message) => {
    expect(messageFor(listingDetailsSchema, { ...validListingDetails, [field]: value }, field)).toBe(message);
  });

  it('accepts the bounds', () => {
    const bounds = {
      title: 'x'.repeat(100),
      description: 'x'.repeat(2000),
      price: '50000',
    };
    expect(listingDetailsSchema.parse(bounds).price).toBe(50000);
    expect(
      listingDetailsSchema.safeParse({ title: 'x'.repeat(10), description: 'x'.repeat(50), price: 100 })
        .success,
    ).toBe(true);
  });

  it('carries the negotiable checkbox, unchecked when missing', () => {
    expect(listingDetailsSchema.parse(validListingDetails).negotiable).toBe(false);
    expect(listingDetailsSchema.parse({ ...validListingDetails, negotiable: true }).negotiable).toBe(true);
  });

  it('carries the sale terms, unchecked when missing', () => {
    expect(listingDetailsSchema.parse(validListingDetails)).toMatchObject({
      hasWarranty: false,
      acceptsTradeIn: false,
      financingAvailable: false,
    });
    expect(
      listingDetailsSchema.parse({ ...validListingDetails, hasWarranty: true, financingAvailable: true }),
    ).toMatchObject({ hasWarranty: true, acceptsTradeIn: false, financingAvailable: true });
  });

  it('counts the trimmed length', () => {
    expect(messageFor(listingDetailsSchema, { ...validListingDetails, title: '   short   ' }, 'title')).toBe(
      'Title must be at least 10 characters',
    );
  });
});

describe('contactLocationSchema (create step 5)', () => {
  it.each([
    ['phone', '5125551234', 'Phone format: 123-456-7890'],
    ['phone', '512-555-123', 'Phone format: 123-456-7890'],
    ['preferredMethod', '', 'Preferred contact method is required'],
    ['preferredMethod', 'pigeon', 'Preferred contact method is required'],
    ['city', '', 'City is required'],
    ['state', '', 'Use 2-letter state code'],
    ['state', 'Tex', 'Use 2-letter state code'],
    ['state', 'T1', 'Use 2-letter state code'],
    ['zipCode', '', 'ZIP code must be 5 digits'],
    ['zipCode', '7870', 'ZIP code must be 5 digits'],
    ['zipCode', '78701-1234', 'ZIP code must be 5 digits'],
  ])('%s = %p → %s', (field, value, message) => {
    expect(messageFor(contactLocationSchema, { ...validContact, [field]: value }, field)).toBe(message);
  });

  it('normalises: blank phone → null, state upper-case', () => {
    expect(contactLocationSchema.parse(validContact)).toEqual({
      phone: null,
      preferredMethod: 'email',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    expect(contactLocationSchema.parse({ ...validContact, phone: '512-555-1234' }).phone).toBe(
      '512-555-1234',
    );
  });
});

describe('edit schemas relax the upper bounds', () => {
  const validEditVehicle = {
    make: 'Honda',
    model: 'Civic',
    year: 2012,
    mileage: 85000,
    ...validVehicleDetails,
  };

  it.each([
    ['year', '', 'Year is required'],
    ['year', '1899', 'Year must be 1900 or later'],
    ['year', String(nextYear + 1), 'Invalid year'],
    ['make', '', 'Make is required'],
    ['model', '', 'Model is required'],
    ['mileage', '', 'Mileage is required'],
    ['mileage', '-5', 'Mileage cannot be negative'],
    ['bodyType', '', 'Body type is required'],
    ['fuelType', '', 'Fuel type is required'],
    ['transmission', '', 'Transmission is required'],
    ['drivetrain', '', 'Drivetrain is required'],
    ['exteriorColor', '', 'Exterior color is required'],
    ['interiorColor', '', 'Interior color is required'],
    ['doors', '', 'Doors is required'],
    ['condition', '', 'Condition is required'],
    ['titleStatus', '', 'Title status is required'],
  ])('editVehicleSchema %s = %p → %s', (field, value, message) => {
    expect(messageFor(editVehicleSchema, { ...validEditVehicle, [field]: value }, field)).toBe(message);
  });

  it('editVehicleSchema has no mileage ceiling and no door limits', () => {
    const parsed = editVehicleSchema.parse({ ...validEditVehicle, mileage: '900000', doors: '7' });
    expect(parsed).toMatchObject({ mileage: 900000, doors: 7 });
  });

  const validEditDetails = { ...validListingDetails, phone: '', preferredMethod: 'both' };

  it.each([
    ['title', '', 'Title is required'],
    ['title', 'Too short', 'Title must be at least 10 characters'],
    ['description', 'x'.repeat(49), 'Description must be at least 50 characters'],
    ['price', '', 'Price is required'],
    ['price', '99', 'Price must be at least $100'],
    ['phone', '555 1234', 'Phone format: 123-456-7890'],
    ['preferredMethod', '', 'Preferred contact method is required'],
  ])('editListingDetailsSchema %s = %p → %s', (field, value, message) => {
    expect(messageFor(editListingDetailsSchema, { ...validEditDetails, [field]: value }, field)).toBe(
      message,
    );
  });

  it('editListingDetailsSchema has no upper bounds on title, description or price', () => {
    const parsed = editListingDetailsSchema.parse({
      ...validEditDetails,
      title: 'x'.repeat(300),
      description: 'x'.repeat(5000),
      price: '75000',
    });
    expect(parsed.price).toBe(75000);
  });
});

describe('API payloads', () => {
  const createPayload = {
    vehicle: {
      make: 'Honda',
      model: 'Civic',
      year: 2012,
      trim: 'EX',
      mileage: 85000,
      vin: '1HGCM82633A004352',
      bodyType: 'sedan',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'fwd',
      color: { exterior: 'Blue', interior: 'Black' },
      doors: 4,
      condition: 'good',
      titleStatus: 'clean',
      images: [],
      location: {
        type: 'Point',
        coordinates: [-97.7431, 30.2672],
        address: { city: 'Austin', state: 'TX', zipCode: '78701' },
      },
    },
    title: '2012 Honda Civic EX',
    description: validListingDetails.description,
    price: { amount: 8500, currency: 'USD' },
    contactPreferences: { phone: '512-555-1234' },
  };

  it('createListingPayloadSchema fills the defaults: USD, not negotiable, email contact', () => {
    const parsed = createListingPayloadSchema.parse(createPayload);
    expect(parsed.price).toEqual({ amount: 8500, currency: 'USD', negotiable: false });
    expect(parsed.contactPreferences).toEqual({ phone: '512-555-1234', preferredMethod: 'email' });
    expect(parsed.vehicle.images).toEqual([]);
  });

  it('createListingPayloadSchema: no features, fuel economy or sale terms means none', () => {
    const parsed = createListingPayloadSchema.parse(createPayload);
    expect(parsed.vehicle.features).toEqual({
      safety: [],
      interior: [],
      technology: [],
      exterior: [],
      other: [],
    });
    expect(parsed.vehicle.mpg).toEqual({ city: null, highway: null, combined: null });
    expect(parsed).toMatchObject({ hasWarranty: false, acceptsTradeIn: false, financingAvailable: false });
    const partial = createListingPayloadSchema.parse({
      ...createPayload,
      vehicle: { ...createPayload.vehicle, mpg: { highway: 38 }, features: { other: ['One Owner'] } },
      acceptsTradeIn: true,
    });
    expect(partial.vehicle.mpg).toEqual({ city: null, highway: 38, combined: null });
    expect(partial.vehicle.features.other).toEqual(['One Owner']);
    expect(partial.acceptsTradeIn).toBe(true);
  });

  it.each([
    ['vehicle.mileage', 'Mileage seems too high', { vehicle: { ...createPayload.vehicle, mileage: 600000 } }],
    ['vehicle.doors', 'Doors must be between 2 and 5', { vehicle: { ...createPayload.vehicle, doors: 6 } }],
    [
      'vehicle.color.exterior',
      'Exterior color is required',
      { vehicle: { ...createPayload.vehicle, color: { exterior: '', interior: 'Black' } } },
    ],
    [
      'vehicle.location.address.zipCode',
      'ZIP code must be 5 digits',
      {
        vehicle: {
          ...createPayload.vehicle,
          location: {
            ...createPayload.vehicle.location,
            address: { city: 'Austin', state: 'TX', zipCode: '1' },
          },
        },
      },
    ],
    ['price.amount', 'Price cannot exceed $50,000', { price: { amount: 60000, currency: 'USD' } }],
    ['title', 'Title must be less than 100 characters', { title: 'x'.repeat(101) }],
    [
      'vehicle.mpg.city',
      'City MPG must be a whole number from 1 to 150',
      { vehicle: { ...createPayload.vehicle, mpg: { city: 400 } } },
    ],
    [
      'vehicle.mpg.combined',
      'Combined MPG must be between city and highway MPG',
      { vehicle: { ...createPayload.vehicle, mpg: { city: 20, highway: 28, combined: 12 } } },
    ],
    [
      'vehicle.features.exterior.1',
      'Unknown exterior feature',
      { vehicle: { ...createPayload.vehicle, features: { exterior: ['Sunroof', 'Spoiler'] } } },
    ],
    [
      'vehicle.features.interior',
      'Interior features must be a list',
      { vehicle: { ...createPayload.vehicle, features: { interior: 'Leather Seats' } } },
    ],
  ])('createListingPayloadSchema %s → %s', (path, message, override) => {
    expect(messageFor(createListingPayloadSchema, { ...createPayload, ...override }, path)).toBe(message);
  });

  it('createListingPayloadSchema rejects photos in the create call and a non-USD currency', () => {
    const withImages = { ...createPayload, vehicle: { ...createPayload.vehicle, images: [{ url: 'x' }] } };
    expect(createListingPayloadSchema.safeParse(withImages).success).toBe(false);
    const euros = { ...createPayload, price: { amount: 8500, currency: 'EUR' } };
    expect(createListingPayloadSchema.safeParse(euros).success).toBe(false);
  });

  it('createListingPayloadSchema rejects coordinates outside the globe', () => {
    const location = { ...createPayload.vehicle.location, coordinates: [30.2672, -197.7431] };
    expect(
      createListingPayloadSchema.safeParse({
        ...createPayload,
        vehicle: { ...createPayload.vehicle, location },
      }).success,
    ).toBe(false);
  });

  it('updateListingPayloadSchema follows the edit rules and requires the contact method', () => {
    const update = {
      title: 'x'.repeat(150),
      description: validListingDetails.description,
      price: { amount: 60000 },
      contactPreferences: { phone: null, preferredMethod: 'phone' },
    };
    expect(updateListingPayloadSchema.parse(update).price).toEqual({ amount: 60000, currency: 'USD' });
    expect(
      messageFor(
        updateListingPayloadSchema,
        { ...update, contactPreferences: { phone: null } },
        'contactPreferences.preferredMethod',
      ),
    ).toBe('Preferred contact method is required');
  });

  it('updateVehiclePayloadSchema takes color as an object and follows the edit rules', () => {
    const {
      trim: _trim,
      vin: _vin,
      images: _images,
      location: _location,
      ...vehicle
    } = createPayload.vehicle;
    expect(updateVehiclePayloadSchema.parse({ ...vehicle, mileage: 700000, doors: 8 })).toMatchObject({
      mileage: 700000,
      doors: 8,
      color: { exterior: 'Blue', interior: 'Black' },
    });
    expect(messageFor(updateVehiclePayloadSchema, { ...vehicle, year: 1800 }, 'year')).toBe(
      'Year must be 1900 or later',
    );
  });

  it('update payloads leave features, fuel economy and sale terms out unless given', () => {
    const {
      trim: _trim,
      vin: _vin,
      images: _images,
      location: _location,
      ...vehicle
    } = createPayload.vehicle;
    const kept = updateVehiclePayloadSchema.parse(vehicle);
    expect(kept.features).toBeUndefined();
    expect(kept.mpg).toBeUndefined();
    const replaced = updateVehiclePayloadSchema.parse({ ...vehicle, mpg: { city: 30 }, features: {} });
    expect(replaced.mpg).toEqual({ city: 30, highway: null, combined: null });
    expect(replaced.features).toEqual({ safety: [], interior: [], technology: [], exterior: [], other: [] });

    const details = {
      title: createPayload.title,
      description: createPayload.description,
      price: { amount: 8500 },
      contactPreferences: { phone: null, preferredMethod: 'email' },
    };
    expect(updateListingPayloadSchema.parse(details).hasWarranty).toBeUndefined();
    expect(updateListingPayloadSchema.parse({ ...details, hasWarranty: true }).hasWarranty).toBe(true);
    expect(
      messageFor(updateListingPayloadSchema, { ...details, hasWarranty: 'yes' }, 'hasWarranty'),
    ).toBeDefined();
  });

  it.each([undefined, '', 'draft', 'pending'])('updateListingStatusPayloadSchema rejects %p', (status) => {
    expect(messageFor(updateListingStatusPayloadSchema, { status }, 'status')).toBe(
      'Status must be active or sold',
    );
  });

  it('updateListingStatusPayloadSchema accepts active and sold', () => {
    expect(updateListingStatusPayloadSchema.parse({ status: 'sold' })).toEqual({ status: 'sold' });
    expect(updateListingStatusPayloadSchema.parse({ status: 'active' })).toEqual({ status: 'active' });
  });

  it.each([
    ['city', '', 'City is required'],
    ['state', 'Texas', 'Use 2-letter state code'],
    ['zip', '787', 'ZIP code must be 5 digits'],
  ])('geocodeQuerySchema %s = %p → %s', (field, value, message) => {
    const query = { city: 'Austin', state: 'tx', zip: '78701' };
    expect(messageFor(geocodeQuerySchema, { ...query, [field]: value }, field)).toBe(message);
    expect(geocodeQuerySchema.parse(query)).toEqual({ city: 'Austin', state: 'TX', zip: '78701' });
  });
});
