import type { BodyType } from '@carmarket/shared/constants';
import sharp from 'sharp';
import type { PhotoStorage } from '../storage/photo-storage.js';
import { encodePhoto, photoKeysAt, putPhotoFiles } from '../modules/uploads/photo-files.js';
import type { VehicleProfile } from './vehicles.js';

export interface DemoPhoto {
  url: string;
  medium: string;
  thumbnail: string;
}

// Side views drawn in a 1200×800 box: the body outline, the glass, and the two wheel centres.
const SILHOUETTES: Record<BodyType, { body: string; glass: string; wheels: [number, number] }> = {
  sedan: {
    body: 'M180 520 L240 430 Q260 400 300 395 L430 380 L520 300 Q545 280 580 280 L800 280 Q840 280 865 305 L960 395 L1040 410 Q1080 420 1085 460 L1090 520 Z',
    glass:
      'M455 378 L535 310 Q550 298 575 298 L690 298 L690 378 Z M710 298 L795 298 Q825 298 845 318 L915 378 L710 378 Z',
    wheels: [340, 900],
  },
  hatchback: {
    body: 'M200 520 L250 430 Q265 405 300 400 L420 385 L520 300 Q545 282 580 282 L880 285 Q905 290 915 320 L960 430 L990 470 L995 520 Z',
    glass:
      'M445 382 L530 312 Q548 300 575 300 L700 300 L700 382 Z M720 300 L870 302 Q890 305 897 330 L915 382 L720 382 Z',
    wheels: [340, 850],
  },
  coupe: {
    body: 'M170 520 L230 440 Q250 415 290 410 L460 395 L570 320 Q600 305 640 305 L780 310 Q820 315 850 345 L960 410 L1040 425 Q1075 435 1080 470 L1085 520 Z',
    glass: 'M490 395 L580 333 Q605 322 640 322 L770 326 Q805 331 830 355 L880 395 Z',
    wheels: [330, 910],
  },
  convertible: {
    body: 'M170 520 L230 440 Q250 415 290 410 L500 400 L560 335 L578 340 L532 403 L1040 415 Q1075 430 1080 470 L1085 520 Z',
    glass: 'M512 398 L562 343 L572 346 L528 400 Z',
    wheels: [330, 910],
  },
  suv: {
    body: 'M180 520 L190 420 Q200 380 250 375 L380 365 L470 270 Q490 250 520 250 L980 250 Q1010 250 1020 280 L1040 380 Q1070 395 1075 440 L1080 520 Z',
    glass:
      'M405 362 L480 285 Q495 270 520 270 L700 270 L700 362 Z M720 270 L975 270 Q995 272 1000 292 L1015 362 L720 362 Z',
    wheels: [330, 890],
  },
  van: {
    body: 'M180 520 L190 430 Q200 390 240 380 L330 360 L420 250 Q440 230 470 230 L1020 230 Q1050 230 1055 260 L1065 440 L1070 520 Z',
    glass:
      'M355 356 L430 265 Q445 250 470 250 L620 250 L620 356 Z M640 250 L830 250 L830 340 L640 340 Z M850 250 L1020 250 Q1035 252 1037 270 L1040 340 L850 340 Z',
    wheels: [320, 900],
  },
  wagon: {
    body: 'M180 520 L240 430 Q260 400 300 395 L430 380 L520 300 Q545 280 580 280 L990 285 Q1015 288 1025 320 L1045 410 Q1075 425 1080 460 L1085 520 Z',
    glass:
      'M455 378 L535 310 Q550 298 575 298 L720 298 L720 378 Z M740 298 L980 302 Q998 305 1003 325 L1018 378 L740 378 Z',
    wheels: [340, 900],
  },
  truck: {
    body: 'M170 520 L180 420 Q190 385 240 380 L360 370 L430 280 Q445 262 475 262 L640 262 Q660 262 665 285 L670 380 L1080 380 L1085 520 Z',
    glass:
      'M385 366 L440 295 Q452 280 475 280 L560 280 L560 366 Z M575 280 L635 280 Q648 282 650 298 L652 366 L575 366 Z',
    wheels: [330, 930],
  },
};

// Four shots of each model, the minimum a listing shows: backdrops and framings, so a gallery is
// not one picture four times.
const VIEWS = [
  { name: 'side', sky: ['#6fa8dc', '#e3eef8'], ground: '#8a8f96', transform: '' },
  {
    name: 'other-side',
    sky: ['#f4a261', '#fde2c4'],
    ground: '#7d6b5d',
    transform: 'translate(1200 0) scale(-1 1)',
  },
  {
    name: 'close',
    sky: ['#39414f', '#98a2b3'],
    ground: '#2b2f36',
    transform: 'translate(-330 -250) scale(1.5)',
  },
  {
    name: 'showroom',
    sky: ['#d5dae1', '#f6f7f9'],
    ground: '#c4c9d0',
    transform: 'translate(120 60) scale(0.8)',
  },
] as const;

export const DEMO_VIEWS = VIEWS.length;

const PAINT = [
  '#b22222',
  '#1f4e8c',
  '#2f3136',
  '#c5c9ce',
  '#f1f1f1',
  '#2e6b3a',
  '#7a1f2b',
  '#b8860b',
  '#5b6770',
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function profileKey(profile: VehicleProfile): string {
  return `${profile.make}-${profile.model}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** A stable colour per model, so all its photos show the same car. */
function paintOf(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PAINT[hash % PAINT.length]!;
}

/** One demo photo as SVG: the model's silhouette over a gradient, with its name. */
export function demoPhotoSvg(profile: VehicleProfile, view: number): string {
  const { sky, ground, transform } = VIEWS[view]!;
  const shape = SILHOUETTES[profile.bodyType];
  const wheels = shape.wheels
    .map(
      (x) =>
        `<circle cx="${x}" cy="530" r="70" fill="#1c1c1c"/><circle cx="${x}" cy="530" r="34" fill="#a7adb4"/>`,
    )
    .join('');
  // Rendered at 960×640: plenty for a demo, and a large seed renders hundreds of them.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 1200 800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#sky)"/><rect y="580" width="1200" height="220" fill="${ground}"/>
<g transform="${transform}"><ellipse cx="630" cy="600" rx="470" ry="22" fill="#000" opacity="0.25"/>
<path d="${shape.body}" fill="${paintOf(profileKey(profile))}" stroke="#111" stroke-width="4"/>
<path d="${shape.glass}" fill="#cfe3f2" opacity="0.85"/>${wheels}</g>
<rect y="660" width="1200" height="140" fill="#000" opacity="0.35"/>
<text x="600" y="735" font-family="DejaVu Sans, Arial, sans-serif" font-size="60" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(`${profile.make} ${profile.model}`)}</text>
<text x="1180" y="785" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#fff" opacity="0.8" text-anchor="end">Demo photo</text>
</svg>`;
}

// Bumped when the drawings change, so stored photos of an older version are not reused.
const VERSION = 'v1';

/**
 * The demo photos of the models, rendered locally with sharp (display, medium and thumbnail sizes,
 * like an upload) and stored once under demo/: shared by every demo listing of that model, and reused by
 * later seeds when already in storage. Returns the photos per model, in view order.
 */
export async function ensureDemoPhotos(
  storage: PhotoStorage,
  profiles: Iterable<VehicleProfile>,
  concurrency = 4,
): Promise<{ photos: Map<VehicleProfile, DemoPhoto[]>; rendered: number }> {
  const photos = new Map<VehicleProfile, DemoPhoto[]>();
  const jobs: (() => Promise<boolean>)[] = [];
  for (const profile of new Set(profiles)) {
    const list: DemoPhoto[] = [];
    photos.set(profile, list);
    VIEWS.forEach((view, index) => {
      const keys = photoKeysAt(`demo/${VERSION}/${profileKey(profile)}-${view.name}`);
      list.push({
        url: storage.url(keys.display),
        medium: storage.url(keys.medium),
        thumbnail: storage.url(keys.thumbnail),
      });
      jobs.push(async () => {
        const stored = await Promise.all(Object.values(keys).map((key) => storage.exists(key)));
        if (stored.every(Boolean)) return false;
        // Flat drawings compress well with less effort; rendering dominates a small seed's time.
        const encoded = await encodePhoto(sharp(Buffer.from(demoPhotoSvg(profile, index))), 2);
        await putPhotoFiles(storage, keys, encoded);
        return true;
      });
    });
  }
  let rendered = 0;
  let next = 0;
  // A few at a time: sharp renders on libuv's pool, and storage may be remote.
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (await job()) rendered += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { photos, rendered };
}
