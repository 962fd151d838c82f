import { FALLBACK_COORDINATES, http, type ApiSuccess } from '@carmarket/shared';
import type { GeocodeQuery } from '@carmarket/shared/schemas';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * GET /geocode?city&state&zip: where the car is. The server already answers the spec's fallback
 * point when it finds nothing; the same point is used when the call itself fails, because a
 * listing must not be lost over its map position.
 */
export async function geocodeAddress(query: GeocodeQuery): Promise<Coordinates> {
  try {
    const { data } = await http.get<ApiSuccess<Coordinates>>('/geocode', { params: query });
    return { latitude: data.data.latitude, longitude: data.data.longitude };
  } catch {
    return { ...FALLBACK_COORDINATES };
  }
}
