import type { JsonBody, TestApp } from './test-app.js';

/**
 * The listing's photos once none is processing any more, read the way the seller's pages poll for
 * them (an upload is answered before its photos are encoded); the test's timeout bounds the wait.
 */
export async function readyPhotosOf(t: TestApp, listingId: string, token: string): Promise<JsonBody[]> {
  // From 20 ms up to a second apart: a busy machine's slow encodes must not spend the per-IP rate
  // limit (600 a minute) that the rest of the test file needs.
  for (let pause = 20; ; pause = Math.min(pause * 2, 1000)) {
    const res = await t.request('GET', `/api/listings/${listingId}`, { token });
    if (res.status !== 200) throw new Error(`GET /api/listings/${listingId}: ${res.status} ${res.text}`);
    const images = res.body.data.vehicle.images as JsonBody[];
    if (!images.some((image) => image.status === 'processing')) return images;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
