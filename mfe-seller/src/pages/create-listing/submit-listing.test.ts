import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ListingImage } from '@carmarket/shared';
import type { PhotoItem } from '../../features/photos/hooks/use-photo-list';

/**
 * The uploads, one per photo: jsdom's XMLHttpRequest cannot send a multipart body with upload
 * progress through MSW, so the upload call itself stands in (the seller e2e tests send real photos).
 * `failUploads` numbers the uploads that fail (1 is the first).
 */
let failUploads: number[] = [];
let uploads: number;
let uploaded: number;
jest.unstable_mockModule('../../features/photos/api/upload-photo', () => ({
  uploadPhoto: async (): Promise<ListingImage[]> => {
    uploads += 1;
    if (failUploads.includes(uploads)) throw new Error('Request failed with status code 500');
    uploaded += 1;
    // The listing's photos after the upload; the server makes the first one primary.
    return [{ publicId: `p${uploads}`, isPrimary: uploaded === 1 } as ListingImage];
  },
}));

const { emptyDraft } = await import('./listing-draft');
const { parseDraft } = await import('./parse-draft');
const { CREATE_FAILED, PHOTOS_FAILED, submitListing } = await import('./submit-listing');
type ListingValues = import('./parse-draft').ListingValues;

function completeValues(): ListingValues {
  const draft = emptyDraft(null);
  draft.vehicleInfo = { year: '2012', make: 'Honda', model: 'Civic', trim: '', mileage: '98000', vin: '' };
  draft.vehicleDetails = {
    ...draft.vehicleDetails,
    bodyType: 'sedan',
    fuelType: 'gasoline',
    transmission: 'automatic',
    drivetrain: 'fwd',
    exteriorColor: 'Blue',
    interiorColor: 'Gray',
    doors: '4',
    condition: 'good',
    titleStatus: 'clean',
  };
  draft.listingDetails = {
    ...draft.listingDetails,
    title: '2012 Honda Civic LX, one owner',
    description: 'One owner, every service at the dealer, new tires last spring, no accidents.',
    price: '8500',
  };
  draft.contactLocation = { ...draft.contactLocation, city: 'Austin', state: 'TX', zipCode: '78701' };
  const parsed = parseDraft(draft);
  if (!parsed.valid) throw new Error(`the test's draft stops at step ${parsed.step}`);
  return parsed.values;
}

const photo = (key: string, isPrimary = false): PhotoItem => ({
  key,
  file: new File(['jpeg bytes'], `${key}.jpg`, { type: 'image/jpeg' }),
  preview: `blob:${key}`,
  isPrimary,
});

/** What POST /listings answers. */
let createStatus = 201;
let primaryAsked: unknown;
const server = setupServer(
  http.get('*/api/geocode', () =>
    HttpResponse.json({ success: true, data: { latitude: 30.27, longitude: -97.74 } }),
  ),
  http.post('*/api/listings', () =>
    createStatus === 201
      ? HttpResponse.json({ success: true, data: { _id: 'l1' } }, { status: 201 })
      : HttpResponse.json(
          { success: false, error: 'Too many listings today', code: 'RATE' },
          { status: createStatus },
        ),
  ),
  http.put('*/api/upload/primary', async ({ request }) => {
    primaryAsked = await request.json();
    return HttpResponse.json({ success: true, data: [] });
  }),
);

const alert = jest.fn<(message?: string) => void>();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  createStatus = 201;
  failUploads = [];
  uploads = 0;
  uploaded = 0;
  primaryAsked = undefined;
  alert.mockReset();
  window.alert = alert;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const submit = (photos: PhotoItem[], onCreated = jest.fn()) =>
  submitListing({
    values: completeValues(),
    address: { city: 'Austin', state: 'TX', zip: '78701' },
    photos,
    onProgress: () => undefined,
    onCreated,
  });

describe('submitListing', () => {
  it('creates the listing, uploads its photos in order and sends a primary other than the first', async () => {
    const onCreated = jest.fn();
    await expect(submit([photo('a'), photo('b', true)], onCreated)).resolves.toBe('l1');
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(uploaded).toBe(2);
    expect(primaryAsked).toEqual({ listingId: 'l1', publicId: 'p2' });
    expect(alert).not.toHaveBeenCalled();
  });

  it("tells the server's error when the listing cannot be created, and keeps the draft", async () => {
    createStatus = 429;
    const onCreated = jest.fn();
    await expect(submit([photo('a', true)], onCreated)).resolves.toBeNull();
    expect(alert).toHaveBeenCalledWith('Too many listings today');
    expect(alert).not.toHaveBeenCalledWith(CREATE_FAILED);
    expect(onCreated).not.toHaveBeenCalled();
    expect(uploaded).toBe(0);
  });

  it('opens the created listing even when a photo fails, after saying so', async () => {
    failUploads = [2];
    await expect(submit([photo('a', true), photo('b'), photo('c')])).resolves.toBe('l1');
    expect(uploaded).toBe(2);
    expect(alert).toHaveBeenCalledWith(PHOTOS_FAILED);
  });
});
