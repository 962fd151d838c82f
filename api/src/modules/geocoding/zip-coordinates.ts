import zipcodes from 'zipcodes';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The centre of a US ZIP code from the offline `zipcodes` dataset (BSD; about 42,000 ZIPs), so
 * listings get map coordinates without any outside service. Undefined for ZIPs it lacks.
 */
export function zipCoordinates(zip: string): Coordinates | undefined {
  const entry = zipcodes.lookup(zip);
  // The dataset also holds Canadian postal codes; a US listing only matches US entries.
  if (!entry || entry.country !== 'US') return undefined;
  return { latitude: entry.latitude, longitude: entry.longitude };
}
