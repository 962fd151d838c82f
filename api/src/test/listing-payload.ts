import type { CreateListingPayloadInput } from '@carmarket/shared/schemas';
import type { JsonBody, TestApp } from './test-app.js';

type Overrides = Omit<Partial<CreateListingPayloadInput>, 'vehicle'> & { vehicle?: JsonBody };

/**
 * A valid POST /api/listings body as the create wizard sends it (spec §7); `overrides` replaces
 * top-level fields, and fields of `vehicle` one by one.
 */
export function createListingPayload({ vehicle, ...overrides }: Overrides = {}): JsonBody {
  return {
    vehicle: {
      make: 'Honda',
      model: 'Civic',
      year: 2012,
      trim: 'EX',
      mileage: 98000,
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
      ...vehicle,
    },
    title: '2012 Honda Civic EX, one owner',
    description: 'A reliable daily driver with a clean history, new tires and a recent service.',
    price: { amount: 6500, currency: 'USD' },
    contactPreferences: { phone: '512-555-0100', preferredMethod: 'both' },
    ...overrides,
  };
}

/** A valid PUT /api/listings/{id} body (the Listing Details tab); `overrides` replaces fields. */
export function listingDetailsPayload(overrides: JsonBody = {}): JsonBody {
  return {
    title: 'Updated title for the Civic',
    description: 'Updated description: timing belt done, new brakes, cold air conditioning all summer.',
    price: { amount: 5900, currency: 'USD' },
    contactPreferences: { phone: null, preferredMethod: 'email' },
    ...overrides,
  };
}

/** A valid PUT /api/listings/{id}/vehicle body (the Vehicle Information tab); `overrides` replaces fields. */
export function vehiclePayload(overrides: JsonBody = {}): JsonBody {
  return {
    make: 'Honda',
    model: 'Civic',
    year: 2013,
    mileage: 101000,
    bodyType: 'sedan',
    fuelType: 'gasoline',
    transmission: 'automatic',
    drivetrain: 'fwd',
    color: { exterior: 'Silver', interior: 'Gray' },
    doors: 4,
    condition: 'fair',
    titleStatus: 'clean',
    ...overrides,
  };
}

/** A listing made through POST /api/listings with `createListingPayload(overrides)`; its owner's view. */
export async function createListingViaApi(
  testApp: TestApp,
  token: string,
  overrides: Overrides = {},
): Promise<JsonBody> {
  const res = await testApp.request('POST', '/api/listings', {
    json: createListingPayload(overrides),
    token,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body.data;
}
