import { PHOTO_SIZES_PX } from '../constants/limits.js';
import type { ListingImage } from './entities.js';

/**
 * A photo's `srcset`: the thumbnail and medium files for a card, the medium and display files for
 * the listing page, so a phone downloads the medium file where the display file would be about four
 * times the bytes, and a sharp screen gets a card that is not blurred. Undefined for a photo made
 * before the medium size (its `src` alone serves). Each file is described by its longest side,
 * which is its width for the landscape photos of cars.
 */
export function photoSrcSet(
  image: Pick<ListingImage, 'url' | 'medium' | 'thumbnail'>,
  use: 'card' | 'page',
): string | undefined {
  if (!image.medium) return undefined;
  const { display, medium, thumbnail } = PHOTO_SIZES_PX;
  return use === 'card'
    ? `${image.thumbnail} ${thumbnail}w, ${image.medium} ${medium}w`
    : `${image.medium} ${medium}w, ${image.url} ${display}w`;
}
