// Listings created the way a seller creates them: POST /api/listings, then the photos (at least 4
// make it active, spec §9), through the public API.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import type { Session } from './fixtures';
import { createTestImages } from './test-images';

/** The fields of a listing response the tests read. */
export interface ApiListing {
  _id: string;
  title: string;
  createdAt: string;
  status: 'active' | 'sold';
  hasWarranty: boolean;
  acceptsTradeIn: boolean;
  financingAvailable: boolean;
  seller: { _id: string; name: string };
  vehicle: {
    make: string;
    model: string;
    year: number;
    mileage: number;
    features: Record<string, string[]>;
    mpg: { city: number | null; highway: number | null; combined: number | null };
    images: {
      url: string;
      medium?: string;
      thumbnail: string;
      publicId: string;
      isPrimary: boolean;
      status: 'processing' | 'ready';
    }[];
  };
}

export const civicDescription =
  'One owner, garage kept, never smoked in. Serviced at the dealer every 5,000 miles with records.';

/** A 2012 Honda Civic LX in Austin; `vehicle` and `price` override parts of it. */
function listingPayload(overrides: ListingOverrides) {
  return {
    vehicle: {
      make: 'Honda',
      model: 'Civic',
      year: 2012,
      trim: 'LX',
      mileage: 98_500,
      vin: null,
      bodyType: 'sedan',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'fwd',
      color: { exterior: 'Blue', interior: 'Gray' },
      doors: 4,
      condition: 'good',
      titleStatus: 'clean',
      ...overrides.vehicle,
      images: [],
      location: {
        type: 'Point',
        coordinates: [-97.7431, 30.2672],
        address: { city: 'Austin', state: 'TX', zipCode: '78701' },
      },
    },
    title: overrides.title ?? '2012 Honda Civic LX, one owner',
    description: civicDescription,
    price: { amount: overrides.price ?? 7400, currency: 'USD', negotiable: true },
    contactPreferences: overrides.contact ?? { phone: '512-555-0100', preferredMethod: 'both' },
    ...overrides.terms,
  };
}

export interface ListingOverrides {
  vehicle?: Partial<{
    make: string;
    model: string;
    year: number;
    mileage: number;
    bodyType: string;
    /** Feature names by category, from the shared list (FEATURE_OPTIONS). */
    features: Record<string, string[]>;
    mpg: { city?: number; highway?: number; combined?: number };
    vin: string;
  }>;
  price?: number;
  title?: string;
  contact?: { phone: string | null; preferredMethod: 'email' | 'phone' | 'both' };
  terms?: Partial<{ hasWarranty: boolean; acceptsTradeIn: boolean; financingAvailable: boolean }>;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  const body = (await response.json()) as { data: T };
  return body.data;
}

/** Creates a listing of `session`'s user and uploads `photos` (file paths) to it. */
export async function createListingViaApi(
  request: APIRequestContext,
  session: Session,
  photos: string[],
  overrides: ListingOverrides = {},
): Promise<ApiListing> {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const created = await data<ApiListing>(
    await request.post('/api/listings', { headers, data: listingPayload(overrides) }),
    'POST /api/listings',
  );
  const form = new FormData();
  for (const file of photos) {
    const type = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
    form.append('images', new Blob([await readFile(file)], { type }), path.basename(file));
  }
  await data(
    await request.post(`/api/upload/listing/${created._id}`, { headers, multipart: form }),
    'POST /api/upload/listing',
  );
  // The upload is answered while the photos are processed: tests start from a listing whose photos show.
  await expect
    .poll(async () =>
      (await getListingViaApi(request, session, created._id)).vehicle.images.map((image) => image.status),
    )
    .not.toContain('processing');
  return getListingViaApi(request, session, created._id);
}

/** A listing of four photos by a seller who signs up for it (through a mailed code) on `baseURL`'s site. */
export async function listingOfNewSeller(
  baseURL: string,
  request: APIRequestContext,
  label: string,
): Promise<ApiListing> {
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail(label) });
  return createListingViaApi(request, seller, await createTestImages(4));
}

/** GET /api/listings/{id}, as a guest (`session` null) or as a signed-in user. */
export async function getListingViaApi(
  request: APIRequestContext,
  session: Session | null,
  id: string,
): Promise<ApiListing> {
  const headers: Record<string, string> = session ? { authorization: `Bearer ${session.accessToken}` } : {};
  return data<ApiListing>(await request.get(`/api/listings/${id}`, { headers }), `GET /api/listings/${id}`);
}
