import { access, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ADVISORY_LOCKS, openDatabase } from '../../db/client.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { holdLock } from '../../test/hold-lock.js';
import { createListingViaApi } from '../../test/listing-payload.js';
import { readyPhotosOf } from '../../test/photos.js';
import { startTestBucket } from '../../test/s3-bucket.js';
import { ListingPhotosRepository } from '../listings/listing-photos.repository.js';
import { MediumSizeBackfill } from './medium-backfill.js';
import { sweepOrphanPhotos } from './orphan-sweep.js';
import { newPublicId, photoKeys } from './photo-files.js';
import { PhotoOriginals } from './photo-originals.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let seller: SignedIn;
let other: SignedIn;

interface UploadFile {
  bytes: Buffer;
  name?: string;
  type?: string;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const solid = (background: string, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background } });
const jpeg = (background = '#336699', width?: number, height?: number) =>
  solid(background, width, height).jpeg().toBuffer();
const png = (background = '#669933') => solid(background).png().toBuffer();
const webp = (background = '#993366') => solid(background).webp().toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(typed.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), typed.length + 4);
  return framed;
};
/**
 * A decompression bomb's header: a PNG of under 100 bytes that announces `width` × `height` RGB
 * pixels (20,000 × 20,000 would take 1.2 GB to decode). Its one short IDAT is never reached.
 */
const pngAnnouncing = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

async function photos(count: number): Promise<UploadFile[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      bytes: await jpeg(`#${(16 + index * 10).toString(16).padStart(2, '0')}4080`),
    })),
  );
}

/** POST /api/upload/listing/:id as a browser sends it: multipart, repeated field `images`. */
async function upload(listingId: string, files: UploadFile[], token: string | null = seller.accessToken) {
  const form = new FormData();
  for (const { bytes, name = 'photo.jpg', type = 'image/jpeg' } of files) {
    form.append('images', new Blob([new Uint8Array(bytes)], { type }), name);
  }
  const response = await fetch(`${t.baseUrl}/api/upload/listing/${listingId}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as JsonBody };
}

async function createListing(token = seller.accessToken): Promise<string> {
  return (await createListingViaApi(t, token, { vehicle: { trim: null } }))._id;
}

const imagesOf = async (listingId: string): Promise<JsonBody[]> =>
  (await t.request('GET', `/api/listings/${listingId}`, { token: seller.accessToken })).body.data.vehicle
    .images;

/** Uploads and waits until the photos are ready; answers the listing's photos then. */
async function uploadReady(listingId: string, files: UploadFile[]): Promise<JsonBody[]> {
  const res = await upload(listingId, files);
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return readyPhotosOf(t, listingId, seller.accessToken);
}

let grainy: Promise<Buffer> | undefined;
/** A 12 MP JPEG with camera-like grain: its encode is slow enough to be seen in progress. */
const grainyPhoto = () =>
  (grainy ??= sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#777777',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer());

const METRICS_TOKEN = 'metrics-token-for-the-scraper';

/** The encoding queue as the metrics show it. */
async function encodingQueue() {
  const { text } = await t.request('GET', '/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
  return { encoding: gauge('carmarket_photos_encoding'), waiting: gauge('carmarket_photos_waiting') };
}

const fileOf = (url: string) => path.join(t.config.uploadDir, url.replace(/^\/uploads\//, ''));
/** The addresses of a photo's three files: display, medium and thumbnail. */
const sizesOf = (image: JsonBody): string[] => [image.url, image.medium, image.thumbnail];
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function fetchImage(url: string) {
  const response = await fetch(t.baseUrl + url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  t = await startTestApp({ listen: true, env: { METRICS_TOKEN } });
  seller = await signUp(t, 'photographer@example.com');
  other = await signUp(t, 'not-the-owner@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/upload/listing/:id', () => {
  it('answers JPEG, PNG and WebP as processing photos, then makes their WebP display, medium and thumbnail files', async () => {
    const id = await createListing();
    const res = await upload(id, [
      { bytes: await jpeg('#224466', 2400, 1600), name: 'front.jpg' },
      { bytes: await png(), name: 'side.png', type: 'image/png' },
      { bytes: await webp(), name: 'rear.webp', type: 'image/webp' },
    ]);
    expect(res.status).toBe(200);
    const images = res.body.data;
    expect(images).toHaveLength(3);
    images.forEach((image: JsonBody, index: number) => {
      expect(image).toEqual({
        url: `/uploads/photos/${image.publicId.slice(0, 2)}/${image.publicId}.webp`,
        medium: `/uploads/photos/${image.publicId.slice(0, 2)}/${image.publicId}-800.webp`,
        thumbnail: `/uploads/photos/${image.publicId.slice(0, 2)}/${image.publicId}-thumb.webp`,
        alt: `2012 Honda Civic photo ${index + 1}`,
        publicId: expect.stringMatching(/^[0-9a-f]{32}$/),
        isPrimary: index === 0,
        status: 'processing',
      });
    });
    expect(await readyPhotosOf(t, id, seller.accessToken)).toEqual(
      images.map((image: JsonBody) => ({ ...image, status: 'ready' })),
    );

    const display = await fetchImage(images[0].url);
    expect(display.response.status).toBe(200);
    expect(display.response.headers.get('content-type')).toBe('image/webp');
    expect(display.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(display.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1067,
    });
    const medium = await fetchImage(images[0].medium);
    expect(medium.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(medium.bytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 534 });
    expect(medium.bytes.length).toBeLessThan(display.bytes.length);
    const thumbnail = await fetchImage(images[0].thumbnail);
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 267,
    });
    // Small photos are not enlarged.
    const small = await fetchImage(images[1].url);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it('answers before the photos are encoded: their files answer 404 until they are ready', async () => {
    const large = await grainyPhoto();
    const id = await createListing();
    const res = await upload(id, [{ bytes: large }, { bytes: large }, { bytes: large }]);
    expect(res.status).toBe(200);
    // Two photos encode at once: the third waits its turn behind them.
    const last = (await imagesOf(id))[2];
    expect(last.status).toBe('processing');
    for (const url of sizesOf(last)) expect((await fetch(t.baseUrl + url)).status).toBe(404);

    expect((await readyPhotosOf(t, id, seller.accessToken)).map((image) => image.status)).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
    const display = await fetchImage(last.url);
    expect(display.response.status).toBe(200);
    expect(await sharp(display.bytes).metadata()).toMatchObject({ width: 1600, height: 1200 });
    // Three 12 MP encodes: seconds on a busy machine.
  }, 60_000);

  it('encodes two photos at a time however many are uploaded at once; the others wait, then none is left', async () => {
    const large = await grainyPhoto();
    const ids = [await createListing(), await createListing()];
    const answers = await Promise.all(ids.map((id) => upload(id, [{ bytes: large }, { bytes: large }])));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const busy = await encodingQueue();
    expect(busy.encoding).toBe(2);
    expect(busy.encoding + busy.waiting).toBeGreaterThanOrEqual(3);

    for (const id of ids) {
      expect((await readyPhotosOf(t, id, seller.accessToken)).map((image) => image.status)).toEqual([
        'ready',
        'ready',
      ]);
    }
    expect(await encodingQueue()).toEqual({ encoding: 0, waiting: 0 });
    // Four 12 MP encodes: seconds on a busy machine.
  }, 60_000);

  it('deleting a photo still processing removes its kept original, and its files once the queue is done', async () => {
    const id = await createListing();
    const [photo] = (await upload(id, [{ bytes: await grainyPhoto() }])).body.data as JsonBody[];
    expect(photo.status).toBe('processing');
    const deleted = await t.request('DELETE', `/api/upload/image/${photo.publicId}`, {
      json: { listingId: id },
      token: seller.accessToken,
    });
    expect(deleted.status).toBe(200);
    expect(await exists(path.join(t.config.photoOriginalsDir, photo.publicId))).toBe(false);

    // Its files may be written after the deletion: they go once its turn in the queue has ended (the
    // test's timeout fails it if they stay).
    const files = sizesOf(photo).map(fileOf);
    while ((await encodingQueue()).encoding > 0 || (await Promise.all(files.map(exists))).some(Boolean)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await imagesOf(id)).toEqual([]);
  });

  it('removes a photo whose files cannot be written, with its original, once the upload was answered', async () => {
    const id = await createListing();
    const [kept] = await uploadReady(id, await photos(1));
    // Storage fails: the photos folder becomes a plain file.
    const photosDir = path.join(t.config.uploadDir, 'photos');
    await rename(photosDir, `${photosDir}-aside`);
    await writeFile(photosDir, '');
    try {
      const res = await upload(id, await photos(2));
      expect(res.status).toBe(200);
      const failing = res.body.data.slice(1) as JsonBody[];
      expect(failing.map((image) => image.status)).toEqual(['processing', 'processing']);

      expect(await readyPhotosOf(t, id, seller.accessToken)).toEqual([kept]);
      for (const { publicId } of failing) {
        expect(await exists(path.join(t.config.photoOriginalsDir, publicId))).toBe(false);
      }
    } finally {
      await rm(photosDir);
      await rename(`${photosDir}-aside`, photosDir);
    }
  });

  it('applies the EXIF orientation to the pixels and strips EXIF (GPS included) and other metadata', async () => {
    // Left half red, right half blue, stored sideways: orientation 6 means "rotate 90° clockwise".
    const sideways = await solid('#ff0000', 300, 200)
      .composite([{ input: await solid('#0000ff', 150, 200).png().toBuffer(), left: 150, top: 0 }])
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '30/1 16/1 1/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '97/1 44/1 35/1',
          },
        },
      })
      .toBuffer();
    const input = await sharp(sideways).metadata();
    expect(input).toMatchObject({ orientation: 6, width: 300, height: 200 });
    // The GPS IFD pointer (tag 0x8825, little-endian in sharp's EXIF) is in the input.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const id = await createListing();
    const [image] = await uploadReady(id, [{ bytes: sideways }]);
    for (const url of sizesOf(image)) {
      const { bytes } = await fetchImage(url);
      const output = await sharp(bytes).metadata();
      expect(output.width).toBeLessThan(output.height!);
      // No EXIF (so no GPS), XMP, IPTC or colour profile, and no orientation left to apply.
      expect([output.exif, output.xmp, output.iptc, output.icc, output.orientation]).toEqual(
        Array(5).fill(undefined),
      );
      expect(bytes.includes('SpyCam')).toBe(false);
      // After turning clockwise, the red left half is on top and the blue right half below.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (y: number) => [
        ...data.subarray((y * info.width + Math.floor(info.width / 2)) * info.channels).subarray(0, 3),
      ];
      expect(pixel(5)[0]).toBeGreaterThan(200);
      expect(pixel(info.height - 5)[2]).toBeGreaterThan(200);
    }
  });

  it('answers 415 for a text file named .jpg, whatever type it claims, and stores nothing', async () => {
    const id = await createListing();
    const res = await upload(id, [
      { bytes: await jpeg() },
      { bytes: Buffer.from('this is not an image, only text pretending to be one'), name: 'car.jpg' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Only JPEG, PNG, and WebP images are allowed',
      code: 'UNSUPPORTED_IMAGE_TYPE',
    });
    expect(await imagesOf(id)).toEqual([]);
  });

  it.each([
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'car.gif', 'image/webp'],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'car.webp', 'image/webp'],
    [
      'SVG with a script, named .jpg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'),
      'car.jpg',
      'image/jpeg',
    ],
    [
      'HTML page named .jpg',
      Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>'),
      'car.jpg',
      'image/jpeg',
    ],
  ])('answers 415 for a %s, storing nothing', async (_format, bytes, name, type) => {
    const id = await createListing();
    const res = await upload(id, [{ bytes, name, type }]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'UNSUPPORTED_IMAGE_TYPE' });
    expect(await imagesOf(id)).toEqual([]);
  });

  it('answers 413 for an image over 10 MB', async () => {
    const id = await createListing();
    const oversized = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(id, [{ bytes: oversized }]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Images must be less than 10MB',
      code: 'IMAGE_TOO_LARGE',
    });
    expect(await imagesOf(id)).toEqual([]);
  });

  it.each([
    ['just over 100 megapixels', 12_000, 8_400],
    ['400 megapixels', 20_000, 20_000],
  ])(
    'refuses a PNG announcing %s (a decompression bomb) from its header, storing nothing',
    async (_, width, height) => {
      const id = await createListing();
      const res = await upload(id, [
        { bytes: pngAnnouncing(width, height), name: 'car.png', type: 'image/png' },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'Images must be at most 100 megapixels',
        code: 'IMAGE_TOO_MANY_PIXELS',
      });
      expect(await imagesOf(id)).toEqual([]);
    },
  );

  it('answers 400 for a JPEG garbled after its first bytes', async () => {
    const id = await createListing();
    const garbled = Buffer.concat([(await jpeg()).subarray(0, 20), Buffer.alloc(4000, 0x55)]);
    const res = await upload(id, [{ bytes: garbled }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'The image could not be read: the file is damaged or incomplete',
      code: 'INVALID_IMAGE',
    });
    expect(await imagesOf(id)).toEqual([]);
  });

  it('removes a JPEG cut short, whose header reads well, once encoding it fails', async () => {
    const id = await createListing();
    const [kept] = await uploadReady(id, await photos(1));
    const cutShort = (await jpeg('#808080', 640, 480)).subarray(0, 1500);
    const res = await upload(id, [{ bytes: cutShort }]);
    expect(res.status).toBe(200);
    const damaged = res.body.data[1] as JsonBody;
    expect(damaged.status).toBe('processing');

    expect(await readyPhotosOf(t, id, seller.accessToken)).toEqual([kept]);
    expect(await exists(path.join(t.config.photoOriginalsDir, damaged.publicId))).toBe(false);
    expect((await fetch(t.baseUrl + damaged.url)).status).toBe(404);
  });

  it('takes 20 photos per listing: the 21st is refused with the spec message', async () => {
    const id = await createListing();
    expect((await upload(id, await photos(18))).status).toBe(200);
    expect((await upload(id, await photos(2))).status).toBe(200);
    const res = await upload(id, await photos(1));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Maximum 20 images allowed',
      code: 'TOO_MANY_IMAGES',
    });
    expect(await readyPhotosOf(t, id, seller.accessToken)).toHaveLength(20);
  });

  it('refuses 21 photos in one request and stores none of them', async () => {
    const id = await createListing();
    const res = await upload(id, await photos(21));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Maximum 20 images allowed');
    expect(await imagesOf(id)).toEqual([]);
  });

  it('publishes the listing once it has 4 photos', async () => {
    const id = await createListing();
    await uploadReady(id, await photos(3));
    expect((await t.request('GET', `/api/listings/${id}`)).status).toBe(404);
    await uploadReady(id, await photos(1));
    const res = await t.request('GET', `/api/listings/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'active', primaryImage: { isPrimary: true } });
    expect(res.body.data.vehicle.images).toHaveLength(4);
  });

  it('answers 400 when no photo is sent', async () => {
    const res = await upload(await createListing(), []);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Select at least one photo to upload',
      code: 'NO_IMAGES',
    });
  });

  it('wants the photos in the field images, as multipart', async () => {
    const id = await createListing();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'a.jpg');
    const wrongField = await fetch(`${t.baseUrl}/api/upload/listing/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.accessToken}` },
      body: form,
    });
    expect(wrongField.status).toBe(400);
    const json = await t.request('POST', `/api/upload/listing/${id}`, {
      json: { images: [] },
      token: seller.accessToken,
    });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('MULTIPART_REQUIRED');
  });

  it("answers 403 for another user's listing and 404 for an unknown one, storing nothing", async () => {
    const id = await createListing();
    const files = await readdir(t.config.uploadDir, { recursive: true });
    const forbidden = await upload(id, await photos(1), other.accessToken);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('NOT_LISTING_OWNER');
    expect(await imagesOf(id)).toEqual([]);
    expect((await upload(UNKNOWN_ID, await photos(1))).status).toBe(404);
    expect(await readdir(t.config.uploadDir, { recursive: true })).toEqual(files);
    expect((await upload(id, await photos(1), null)).status).toBe(401);
  });
});

/** Every file and folder under `dir`, as paths relative to it. */
const everythingUnder = (dir: string) => readdir(dir, { recursive: true });

/** A JPEG whose comment segment (COM, right after the start marker) carries `comment`. */
async function jpegWithComment(comment: string): Promise<Buffer> {
  const plain = await jpeg('#445566', 320, 240);
  const text = Buffer.from(comment);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([plain.subarray(0, 2), segment, plain.subarray(2)]);
}

// OWASP ASVS 12.3.1 and 12.4.1, as an attacker uploading files would try them.
describe('what an upload becomes', () => {
  it("never uses the client's file name: '../../evil.html' and '<script>.jpg' are stored under random names in the store", async () => {
    const marker = `evil-${newPublicId().slice(0, 8)}`;
    const traversal = `../../${marker}.html`;
    const id = await createListing();
    const res = await upload(id, [
      { bytes: await jpeg(), name: traversal, type: 'text/html' },
      { bytes: await png(), name: `<script>alert('${marker}')</script>.jpg`, type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(marker);
    const images = await readyPhotosOf(t, id, seller.accessToken);
    expect(images).toHaveLength(2);
    for (const image of images) {
      const name = `photos/${image.publicId.slice(0, 2)}/${image.publicId}`;
      expect(image.publicId).toMatch(/^[0-9a-f]{32}$/);
      expect(image.url).toBe(`/uploads/${name}.webp`);
      expect(image.medium).toBe(`/uploads/${name}-800.webp`);
      expect(image.thumbnail).toBe(`/uploads/${name}-thumb.webp`);
    }
    expect(new Set(images.map((image) => image.publicId)).size).toBe(2);

    // Nothing the server wrote is named after the upload: not in its data folder, not beside it.
    const written = await everythingUnder(t.config.dataDir);
    expect(written.filter((file) => file.includes(marker) || /[<>']/.test(file))).toEqual([]);
    for (const from of [
      t.config.uploadDir,
      t.config.photoOriginalsDir,
      path.join(t.config.uploadDir, 'photos'),
    ]) {
      expect(await exists(path.resolve(from, traversal))).toBe(false);
    }
    const page = await t.request('GET', `/api/listings/${id}`, { token: seller.accessToken });
    expect(page.text).not.toContain(marker);
  });

  it("serves an upload only as the WebP it re-encoded, with nosniff: an HTML page in a JPEG's comment does not survive", async () => {
    const script = '<html><body><script>alert(document.domain)</script></body></html>';
    const polyglot = await jpegWithComment(script);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    const id = await createListing();
    const [image] = await uploadReady(id, [{ bytes: polyglot, name: 'car.html', type: 'text/html' }]);
    for (const url of sizesOf(image)) {
      const { response, bytes } = await fetchImage(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
      expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.includes('alert(')).toBe(false);
    }
    // The original, which still holds the page, is never served, under any name.
    expect(await exists(path.join(t.config.photoOriginalsDir, image.publicId))).toBe(false);
    for (const url of [
      image.url.replace(/\.webp$/, '.html'),
      image.url.replace(/\.webp$/, ''),
      `/uploads/${image.publicId}`,
      `/uploads/..%2fphoto-originals/${image.publicId}`,
    ]) {
      const res = await fetch(t.baseUrl + url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });
});

describe('changing photos', () => {
  let id: string;
  let ids: string[];

  beforeAll(async () => {
    id = await createListing();
    ids = (await uploadReady(id, await photos(5))).map((image) => image.publicId);
  });

  const primaryOf = (images: JsonBody[]) =>
    images.filter((image) => image.isPrimary).map((image) => image.publicId);

  it('reorders the photos; the alt texts follow the new order', async () => {
    const order = [ids[2], ids[0], ids[4], ids[1], ids[3]];
    const res = await t.request('PUT', '/api/upload/reorder', {
      json: { listingId: id, imageOrder: order },
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((image: JsonBody) => image.publicId)).toEqual(order);
    expect(res.body.data.map((image: JsonBody) => image.alt)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `2012 Honda Civic photo ${n}`),
    );
    expect(primaryOf(res.body.data)).toEqual([ids[0]]);
    expect((await imagesOf(id)).map((image) => image.publicId)).toEqual(order);
  });

  it.each([
    ['one missing', (all: string[]) => all.slice(1)],
    ['one twice', (all: string[]) => [...all.slice(1), all[1]!]],
    ['an unknown one', (all: string[]) => [...all.slice(1), 'not-an-image-of-this-listing']],
  ])('refuses an order with %s', async (_case, makeOrder) => {
    const before = await imagesOf(id);
    const res = await t.request('PUT', '/api/upload/reorder', {
      json: { listingId: id, imageOrder: makeOrder(before.map((image) => image.publicId)) },
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_IMAGE_ORDER',
      details: { imageOrder: "Must list each of the listing's images exactly once" },
    });
    expect(await imagesOf(id)).toEqual(before);
  });

  it('moves the primary flag: exactly one photo is primary', async () => {
    const res = await t.request('PUT', '/api/upload/primary', {
      json: { listingId: id, publicId: ids[3] },
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(primaryOf(res.body.data)).toEqual([ids[3]]);
    const listing = (await t.request('GET', `/api/listings/${id}`)).body.data;
    expect(listing.primaryImage.publicId).toBe(ids[3]);
  });

  it('deletes a photo and its files; deleting the primary makes the first remaining one primary', async () => {
    const before = await imagesOf(id);
    const primary = before.find((image) => image.isPrimary)!;
    const files = sizesOf(primary).map(fileOf);
    expect(await Promise.all(files.map(exists))).toEqual([true, true, true]);

    const res = await t.request('DELETE', `/api/upload/image/${primary.publicId}`, {
      json: { listingId: id },
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    const remaining = before.filter((image) => image !== primary);
    expect(res.body.data.map((image: JsonBody) => image.publicId)).toEqual(
      remaining.map((image) => image.publicId),
    );
    expect(primaryOf(res.body.data)).toEqual([remaining[0].publicId]);
    expect(res.body.data.map((image: JsonBody) => image.alt)).toEqual(
      [1, 2, 3, 4].map((n) => `2012 Honda Civic photo ${n}`),
    );
    expect(await Promise.all(files.map(exists))).toEqual([false, false, false]);
  });

  it('hides the listing again when it drops below 4 photos', async () => {
    const [first] = await imagesOf(id);
    expect((await t.request('GET', `/api/listings/${id}`)).status).toBe(200);
    await t.request('DELETE', `/api/upload/image/${first.publicId}`, {
      json: { listingId: id },
      token: seller.accessToken,
    });
    expect((await t.request('GET', `/api/listings/${id}`)).status).toBe(404);
    expect(
      (await t.request('GET', `/api/listings/${id}`, { token: seller.accessToken })).body.data.status,
    ).toBe('active');
  });

  it('answers 404 for a photo that is not one of the listing', async () => {
    const otherListing = await createListing();
    const [foreign] = await uploadReady(otherListing, await photos(1));
    for (const publicId of ['no-such-photo', foreign.publicId]) {
      const deleted = await t.request('DELETE', `/api/upload/image/${publicId}`, {
        json: { listingId: id },
        token: seller.accessToken,
      });
      expect(deleted.status).toBe(404);
      expect(deleted.body.code).toBe('IMAGE_NOT_FOUND');
      const primary = await t.request('PUT', '/api/upload/primary', {
        json: { listingId: id, publicId },
        token: seller.accessToken,
      });
      expect(primary.status).toBe(404);
    }
    expect(await imagesOf(otherListing)).toHaveLength(1);
  });

  it('answers 403 to another user for every photo change, and changes nothing', async () => {
    const before = await imagesOf(id);
    const [first, second] = before;
    const calls = [
      ['DELETE', `/api/upload/image/${first.publicId}`, { listingId: id }],
      [
        'PUT',
        '/api/upload/reorder',
        { listingId: id, imageOrder: before.map((image) => image.publicId).reverse() },
      ],
      ['PUT', '/api/upload/primary', { listingId: id, publicId: second.publicId }],
    ] as const;
    for (const [method, url, json] of calls) {
      const res = await t.request(method, url, { json, token: other.accessToken });
      expect(res.status).toBe(403);
      expect((await t.request(method, url, { json })).status).toBe(401);
      const unknown = await t.request(method, url, {
        json: { ...json, listingId: UNKNOWN_ID },
        token: seller.accessToken,
      });
      expect(unknown.status).toBe(404);
    }
    expect(await imagesOf(id)).toEqual(before);
    expect(await Promise.all(before.map((image) => exists(fileOf(image.url))))).toEqual(
      before.map(() => true),
    );
  });

  it.each([
    [
      'PUT',
      '/api/upload/reorder',
      { listingId: 'abc', imageOrder: ['x'] },
      'listingId',
      'Invalid listing id',
    ],
    [
      'PUT',
      '/api/upload/reorder',
      { listingId: UNKNOWN_ID, imageOrder: [] },
      'imageOrder',
      'Image order is required',
    ],
    [
      'PUT',
      '/api/upload/primary',
      { listingId: UNKNOWN_ID, publicId: '' },
      'publicId',
      'Image id is required',
    ],
    ['DELETE', '/api/upload/image/x', {}, 'listingId', 'Invalid listing id'],
  ])('%s %s rejects %j', async (method, url, json, field, message) => {
    const res = await t.request(method, url, { json, token: seller.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
  });
});

describe('deleting a listing', () => {
  it('removes its photo files from storage', async () => {
    const id = await createListing();
    const images = await uploadReady(id, await photos(4));
    const files = images.flatMap((image) => sizesOf(image).map(fileOf));
    expect(await Promise.all(files.map(exists))).toEqual(files.map(() => true));

    expect((await t.request('DELETE', `/api/listings/${id}`, { token: seller.accessToken })).status).toBe(
      200,
    );
    expect(await Promise.all(files.map(exists))).toEqual(files.map(() => false));
    expect((await fetch(t.baseUrl + images[0].url)).status).toBe(404);
  });
});

describe('serving photos', () => {
  it('answers a photo deleted while it is being fetched with the photo or a 4xx envelope, never a 500', async () => {
    const [photo] = await uploadReady(await createListing(), await photos(1));
    const file = fileOf(photo.thumbnail);
    const bytes = await readFile(file);
    // The photo is deleted (and put back, to be deleted again) over and over, so that some requests
    // find it and then cannot open it: the narrow window a real deletion rarely hits.
    let deleting = true;
    const deleter = (async () => {
      while (deleting) {
        await rm(file);
        // Put back whole, as storage writes it: aside, then renamed.
        await writeFile(`${file}.partial`, bytes);
        await rename(`${file}.partial`, file);
      }
    })();
    const answers: { status: number; type: string | null; body: Buffer }[] = [];
    try {
      for (let round = 0; round < 40; round += 1) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, async () => {
              const { response, bytes: body } = await fetchImage(photo.thumbnail);
              return { status: response.status, type: response.headers.get('content-type'), body };
            }),
          )),
        );
      }
    } finally {
      deleting = false;
      await deleter;
    }
    for (const answer of answers) {
      if (answer.status === 200) {
        expect(answer.body.equals(bytes)).toBe(true);
      } else {
        expect(answer).toMatchObject({ status: expect.any(Number), type: 'application/json; charset=utf-8' });
        expect(answer.status).toBeLessThan(500);
        expect(JSON.parse(answer.body.toString())).toMatchObject({ success: false });
      }
    }
    expect(answers.filter((answer) => answer.status === 404).length).toBeGreaterThan(0);
  });

  // OWASP ASVS 4.3.2: the photo store's folders are never listed, nor told apart from missing ones.
  it("lists no folder: /uploads/, /uploads/photos/ and a photo's folder answer 404 in the envelope", async () => {
    const [photo] = await uploadReady(await createListing(), await photos(1));
    const folder = `/uploads/photos/${photo.publicId.slice(0, 2)}`;
    expect((await fetch(t.baseUrl + photo.url)).status).toBe(200);
    for (const url of [
      '/uploads/',
      '/uploads',
      '/uploads/photos/',
      '/uploads/photos',
      `${folder}/`,
      folder,
    ]) {
      const res = await fetch(t.baseUrl + url);
      const text = await res.text();
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(JSON.parse(text)).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(text).not.toContain(photo.publicId);
    }
  });
});

describe('the orphan sweep', () => {
  const HOUR_MS = 60 * 60_000;
  /** Writes a file last modified `ageMs` ago. */
  async function plant(file: string, ageMs: number): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'left behind');
    const modified = new Date(Date.now() - ageMs);
    await utimes(file, modified, modified);
    return file;
  }
  const original = (publicId: string) => path.join(t.config.photoOriginalsDir, publicId);
  const stored = (key: string) => path.join(t.config.uploadDir, key);

  it('removes old originals and stored files no photo names; keeps young ones and every named photo', async () => {
    const id = await createListing();
    const [ready] = await uploadReady(id, await photos(1));
    // A listing's photos, however old their files, stay.
    const readyFiles = sizesOf(ready).map(fileOf);
    for (const file of readyFiles) await utimes(file, new Date(0), new Date(0));
    const namedOriginal = await plant(original(ready.publicId), 2 * HOUR_MS);

    // What a killed upload or deletion leaves: an original whose row was never written, the files
    // (one half written) of a photo whose row is gone.
    const lost = newPublicId();
    const { display, medium, thumbnail } = photoKeys(lost);
    const orphans = await Promise.all([
      plant(original(newPublicId()), 2 * HOUR_MS),
      plant(stored(display), 2 * HOUR_MS),
      plant(stored(medium), 2 * HOUR_MS),
      plant(stored(thumbnail), 2 * HOUR_MS),
      plant(`${stored(display)}.3f9a1c2b7d4e.partial`, 2 * HOUR_MS),
    ]);
    // An upload in flight: its original is kept, its row not yet written.
    const young = await plant(original(newPublicId()), 60_000);
    // Not an uploaded photo's file: not the sweep's.
    const demo = await plant(stored('demo/sedan-1.webp'), 2 * HOUR_MS);

    const swept = await sweepOrphanPhotos(
      new ListingPhotosRepository(t.app.database.db),
      new LocalStorage(t.config.uploadDir),
      new PhotoOriginals(t.config.photoOriginalsDir),
      HOUR_MS,
      t.app.log,
    );

    expect(swept).toEqual({ originals: 1, files: 4 });
    expect(await Promise.all(orphans.map(exists))).toEqual(orphans.map(() => false));
    const kept = [...readyFiles, namedOriginal, young, demo];
    expect(await Promise.all(kept.map(exists))).toEqual(kept.map(() => true));
    expect((await fetchImage(ready.url)).response.status).toBe(200);
    // The originals the sweep had to keep: the shutdown test below expects none left.
    await Promise.all([rm(namedOriginal), rm(young)]);
  });

  it('on S3, removes old objects no photo names, over listing pages; keeps young ones and every named photo', async () => {
    const id = await createListing();
    const [ready] = await uploadReady(id, await photos(1));
    // Two keys a listing page: the sweep has to read every page.
    const bucket = await startTestBucket({ pageSize: 2 });
    const store = async (key: string, ageMs: number) => {
      await bucket.storage.put(key, Buffer.from('left behind'), 'image/webp');
      bucket.backdate(key, ageMs);
      return key;
    };
    try {
      const named = await Promise.all(
        Object.values(photoKeys(ready.publicId)).map((key) => store(key, 2 * HOUR_MS)),
      );
      const orphans = await Promise.all(
        Object.values(photoKeys(newPublicId())).map((key) => store(key, 2 * HOUR_MS)),
      );
      const young = await Promise.all(
        Object.values(photoKeys(newPublicId())).map((key) => store(key, 60_000)),
      );
      const demo = await store('demo/sedan-1.webp', 2 * HOUR_MS);

      const swept = await sweepOrphanPhotos(
        new ListingPhotosRepository(t.app.database.db),
        bucket.storage,
        new PhotoOriginals(t.config.photoOriginalsDir),
        HOUR_MS,
        t.app.log,
      );

      expect(swept).toEqual({ originals: 0, files: orphans.length });
      expect([...bucket.objects.keys()].sort()).toEqual([...named, ...young, demo].sort());
    } finally {
      await bucket.stop();
    }
  });
});

describe('photos stored before the medium size', () => {
  it('get it from their display file, once for a file several photos show; a photo whose file is gone keeps its one file', async () => {
    const id = await createListing();
    const [first, second, third] = await uploadReady(
      id,
      await Promise.all(
        ['#224466', '#446622', '#662244'].map(async (colour) => ({ bytes: await jpeg(colour, 2400, 1600) })),
      ),
    );
    // As before migration 0020: no medium file and none named. The second photo shows the first's
    // display file, as demo listings share theirs; the third's display file is gone.
    await Promise.all([first, second, third].map((photo) => rm(fileOf(photo.medium))));
    await rm(fileOf(third.url));
    await t.app.database.db.execute(sql`
      update listing_images set medium = null,
        url = case when public_id = ${second.publicId} then ${first.url} else url end
      where listing_id = ${id}`);
    expect((await imagesOf(id)).map((photo) => photo.medium)).toEqual([undefined, undefined, undefined]);

    const backfill = () =>
      new MediumSizeBackfill(
        new ListingPhotosRepository(t.app.database.db),
        new LocalStorage(t.config.uploadDir),
        t.app.log,
        t.app.database,
      ).run();
    expect(await backfill()).toBe(1);
    expect((await imagesOf(id)).map((photo) => photo.medium)).toEqual([
      first.medium,
      first.medium,
      undefined,
    ]);
    const medium = await fetchImage(first.medium);
    expect(medium.response.status).toBe(200);
    expect(await sharp(medium.bytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 534 });
    // Done: a later start makes nothing again, and the photo without a display file stays as it was.
    expect(await backfill()).toBe(0);
  });

  // Every API process starts it; on one PostgreSQL server each would otherwise encode every photo.
  it.runIf(process.env.DATABASE_URL)(
    'are left to the process already making them, and made by the next start once it is done',
    async () => {
      const id = await createListing();
      const [photo] = await uploadReady(id, [{ bytes: await jpeg('#335577', 2400, 1600) }]);
      await rm(fileOf(photo.medium));
      await t.app.database.db.execute(sql`update listing_images set medium = null where listing_id = ${id}`);
      const backfill = new MediumSizeBackfill(
        new ListingPhotosRepository(t.app.database.db),
        new LocalStorage(t.config.uploadDir),
        t.app.log,
        t.app.database,
      );
      // Another process's connection to the same database, already at it.
      const otherProcess = await openDatabase(t.config.database);
      try {
        const running = await holdLock(otherProcess, ADVISORY_LOCKS.mediumSizeBackfill);
        expect(await backfill.start()).toBe(0);
        expect((await imagesOf(id))[0]?.medium).toBeUndefined();
        running.finish();
        await running.done;
      } finally {
        await otherProcess.close();
      }
      expect(await backfill.start()).toBe(1);
      expect((await imagesOf(id))[0]?.medium).toBe(photo.medium);
    },
  );
});

// Last: it closes the app.
describe('shutting down', () => {
  it('finishes the photos still processing before the server closes', async () => {
    const id = await createListing();
    const images = (await upload(id, await photos(6))).body.data as JsonBody[];
    expect(images.some((image) => image.status === 'processing')).toBe(true);
    await t.app.close();
    const files = images.flatMap((image) => sizesOf(image).map(fileOf));
    expect(await Promise.all(files.map(exists))).toEqual(files.map(() => true));
    expect(await readdir(t.config.photoOriginalsDir)).toEqual([]);
  });
});
