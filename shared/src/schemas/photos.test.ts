import { describe, expect, it } from '@jest/globals';
import { validatePhotoCount, validatePhotoFiles } from './photo-files.js';
import {
  deleteImagePayloadSchema,
  reorderImagesPayloadSchema,
  setPrimaryImagePayloadSchema,
} from './photos.js';

const MB = 1024 * 1024;
const photo = (name: string, type = 'image/jpeg', size = 2 * MB) => ({ name, type, size });
const listingId = '0b5e2f9c-3c1d-4a8e-9f3b-2d7c6a1e4b50';

describe('validatePhotoFiles', () => {
  it('accepts JPEG, JPG, PNG and WebP under 10MB', () => {
    const files = [
      photo('a', 'image/jpeg'),
      photo('b', 'image/jpg'),
      photo('c', 'image/png'),
      photo('d', 'image/webp'),
    ];
    expect(validatePhotoFiles(0, files)).toEqual({ accepted: files, errors: [] });
  });

  it.each([
    ['a GIF', photo('x', 'image/gif'), 'Only JPEG, PNG, and WebP images are allowed'],
    ['a PDF', photo('x', 'application/pdf'), 'Only JPEG, PNG, and WebP images are allowed'],
    ['an 11MB JPEG', photo('x', 'image/jpeg', 11 * MB), 'Images must be less than 10MB'],
  ])('drops %s with its message', (_label, file, message) => {
    const good = photo('good');
    expect(validatePhotoFiles(0, [good, file])).toEqual({ accepted: [good], errors: [message] });
  });

  it('allows exactly 10MB', () => {
    expect(validatePhotoFiles(0, [photo('x', 'image/png', 10 * MB)]).errors).toEqual([]);
  });

  it('keeps the photos that fit under 20 and reports the maximum', () => {
    const files = [photo('1'), photo('2'), photo('3')];
    expect(validatePhotoFiles(18, files)).toEqual({
      accepted: files.slice(0, 2),
      errors: ['Maximum 20 images allowed'],
    });
    expect(validatePhotoFiles(20, files)).toEqual({ accepted: [], errors: ['Maximum 20 images allowed'] });
  });

  it('reports each message once, in a stable order', () => {
    const files = [
      photo('big', 'image/png', 20 * MB),
      photo('gif', 'image/gif'),
      photo('big2', 'image/png', 20 * MB),
      photo('ok1'),
      photo('ok2'),
    ];
    expect(validatePhotoFiles(19, files).errors).toEqual([
      'Only JPEG, PNG, and WebP images are allowed',
      'Images must be less than 10MB',
      'Maximum 20 images allowed',
    ]);
  });
});

describe('validatePhotoCount', () => {
  it.each([
    [0, 'Please upload at least 4 photos'],
    [3, 'Please upload at least 4 photos'],
    [4, null],
    [20, null],
  ])('%i photos → %p', (count, message) => {
    expect(validatePhotoCount(count)).toBe(message);
  });
});

describe('upload payloads', () => {
  it('reorder needs a listing id and at least one public id', () => {
    expect(reorderImagesPayloadSchema.safeParse({ listingId, imageOrder: ['a', 'b'] }).success).toBe(true);
    expect(
      reorderImagesPayloadSchema.safeParse({ listingId, imageOrder: [] }).error?.issues[0]?.message,
    ).toBe('Image order is required');
    expect(
      reorderImagesPayloadSchema.safeParse({ listingId: 'nope', imageOrder: ['a'] }).error?.issues[0]
        ?.message,
    ).toBe('Invalid listing id');
  });

  it('primary and delete need their ids', () => {
    expect(
      setPrimaryImagePayloadSchema.safeParse({ listingId, publicId: '' }).error?.issues[0]?.message,
    ).toBe('Image id is required');
    expect(deleteImagePayloadSchema.parse({ listingId })).toEqual({ listingId });
  });
});
