import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface ZipCode extends Coordinates {
  zip: string;
  city: string;
  state: string;
}

/** The dataset's US ZIP codes by ZIP, and each state's ZIP codes in the dataset's order. */
export interface ZipDataset {
  codes: Record<string, ZipCode>;
  stateMap: Record<string, string[]>;
}

/**
 * The offline `zipcodes` dataset's US ZIP codes (BSD; about 42,000 ZIPs; its Canadian postal codes
 * are in another file), read from its data file as JSON rather than imported: importing the package
 * has V8 compile a 5 MB object literal, after which the allocator kept about 55 MB of the server's
 * resident memory. The file is `exports.codes = {…};\nexports.stateMap = {…};`, each object JSON.
 */
export function readZipDataset(): ZipDataset {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  const source = readFileSync(file, 'utf8');
  const [codes, stateMap] = source
    .split(/^exports\.\w+ = /m)
    .filter(Boolean)
    .map((statement) => JSON.parse(statement.trim().replace(/;$/, '')) as unknown);
  return { codes, stateMap } as ZipDataset;
}

/** Every five-digit number's ZIP code centre, NaN where the dataset has none; read on first use. */
let centres: { latitude: Float64Array; longitude: Float64Array } | undefined;
const FIVE_DIGITS = /^\d{5}$/;

/**
 * The centre of a US ZIP code from the offline dataset (readZipDataset), so listings get map
 * coordinates without any outside service. Undefined for ZIPs it lacks.
 */
export function zipCoordinates(zip: string): Coordinates | undefined {
  if (!FIVE_DIGITS.test(zip)) return undefined;
  if (!centres) {
    centres = { latitude: new Float64Array(100_000).fill(NaN), longitude: new Float64Array(100_000) };
    for (const code of Object.values(readZipDataset().codes)) {
      centres.latitude[Number(code.zip)] = code.latitude;
      centres.longitude[Number(code.zip)] = code.longitude;
    }
  }
  const latitude = centres.latitude[Number(zip)]!;
  return Number.isNaN(latitude) ? undefined : { latitude, longitude: centres.longitude[Number(zip)]! };
}
