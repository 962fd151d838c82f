import type { JsonBody, TestApp } from './test-app.js';

/**
 * The listing's photos once none is processing any more, read the way the seller's pages poll for
 * them (an upload is answered before its photos are encoded); the test's timeout bounds the wait.
 */
export async function readyPhotosOf(t: TestApp, listingId: string, token: string): Promise<JsonBody[]> {
  for (;;) {
    const res = await t.request('GET', `/api/listings/${listingId}`, { token });
    const images = res.body.data.vehicle.images as JsonBody[];
    if (!images.some((image) => image.status === 'processing')) return images;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
