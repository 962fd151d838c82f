import { PHOTOS_MIN } from '../constants/limits.js';
import type { Listing } from './entities.js';

/**
 * A listing its seller left active that buyers cannot see: the server holds it back as a draft
 * until it has PHOTOS_MIN photos, and shows it to its owner only, as active.
 */
export const isHiddenForPhotos = (listing: Pick<Listing, 'status' | 'vehicle'>): boolean =>
  listing.status === 'active' && listing.vehicle.images.length < PHOTOS_MIN;
