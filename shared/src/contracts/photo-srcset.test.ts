import { describe, expect, it } from '@jest/globals';
import { photoSrcSet } from './photo-srcset.js';

const base = '/uploads/photos/4f/4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c';
const photo = { url: `${base}.webp`, medium: `${base}-800.webp`, thumbnail: `${base}-thumb.webp` };

describe('photoSrcSet', () => {
  it('offers a card the thumbnail and the medium size, a listing page the medium and display sizes', () => {
    expect(photoSrcSet(photo, 'card')).toBe(`${base}-thumb.webp 400w, ${base}-800.webp 800w`);
    expect(photoSrcSet(photo, 'page')).toBe(`${base}-800.webp 800w, ${base}.webp 1600w`);
  });

  it('offers nothing for a photo made before the medium size: its src alone serves', () => {
    const { medium: _medium, ...older } = photo;
    expect(photoSrcSet(older, 'card')).toBeUndefined();
    expect(photoSrcSet(older, 'page')).toBeUndefined();
  });
});
