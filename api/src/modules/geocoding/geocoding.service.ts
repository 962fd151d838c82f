import { FALLBACK_COORDINATES } from '@carmarket/shared/constants';
import type { GeocodeQuery } from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { zipCoordinates, type Coordinates } from './zip-coordinates.js';

export type GeocodeSource = 'zip' | 'geocoder' | 'fallback';

export interface GeocodeResult extends Coordinates {
  source: GeocodeSource;
}

export const GEOCODER_TIMEOUT_MS = 3000;
// Nominatim's usage policy asks every application to identify itself.
export const GEOCODER_USER_AGENT = 'CarMarket/0.1 (used-car marketplace; seller address lookup)';

// Nominatim answers a list of places with coordinates as decimal strings.
const searchResultsSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
  }),
);

/**
 * Coordinates for a seller's address (spec §7 "Geocoding"): the offline ZIP dataset first; else
 * the street-map search at GEOCODER_URL, queried Nominatim-style for 'city, state zip, USA'; and
 * when that is off, finds nothing or fails, the spec's fixed fallback.
 */
export class GeocodingService {
  constructor(
    private readonly options: { geocoderUrl: string | undefined; log: FastifyBaseLogger; timeoutMs?: number },
  ) {}

  async geocode({ city, state, zip }: GeocodeQuery): Promise<GeocodeResult> {
    const fromZip = zipCoordinates(zip);
    if (fromZip) return { ...fromZip, source: 'zip' };
    const { geocoderUrl } = this.options;
    const found = geocoderUrl ? await this.search(geocoderUrl, `${city}, ${state} ${zip}, USA`) : undefined;
    return found ? { ...found, source: 'geocoder' } : { ...FALLBACK_COORDINATES, source: 'fallback' };
  }

  private async search(geocoderUrl: string, text: string): Promise<Coordinates | undefined> {
    const url = new URL(geocoderUrl);
    url.search = new URLSearchParams({ q: text, format: 'json', limit: '1', countrycodes: 'us' }).toString();
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': GEOCODER_USER_AGENT, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? GEOCODER_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      const [place] = searchResultsSchema.parse(await response.json());
      return place && { latitude: place.lat, longitude: place.lon };
    } catch (error) {
      // The seller still gets coordinates (the fallback); the log says why the search failed.
      this.options.log.warn({ err: error }, `geocoding '${text}' failed; using the fallback coordinates`);
      return undefined;
    }
  }
}
