import { describe, expect, it } from '@jest/globals';
import type { ListingImage } from '@carmarket/shared';
import { act, renderHook } from '@testing-library/react';
import { usePhotoList } from './use-photo-list';

const stored = (publicId: string, isPrimary = false): ListingImage =>
  ({
    publicId,
    url: `/uploads/${publicId}.webp`,
    thumbnail: `/uploads/${publicId}-thumb.webp`,
    isPrimary,
  }) as ListingImage;

const jpeg = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/jpeg' });

// jsdom has no object URLs; the hook creates one per new file for its preview.
URL.createObjectURL = (file: Blob) => `blob:${(file as File).name}`;
URL.revokeObjectURL = () => undefined;

const order = (photos: { key: string }[]) => photos.map((photo) => photo.key);
const primaryOf = (photos: { key: string; isPrimary: boolean }[]) =>
  photos.filter((photo) => photo.isPrimary).map((photo) => photo.key);

describe('usePhotoList', () => {
  it('shows processing photos as ready once a fresh read says so, and drops those the server removed', () => {
    const processing = (publicId: string): ListingImage => ({ ...stored(publicId), status: 'processing' });
    const { result } = renderHook(() => usePhotoList([stored('a', true), processing('b'), processing('c')]));
    const processingOf = () => result.current.photos.map((photo) => [photo.key, photo.processing]);
    expect(processingOf()).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);

    let lost = 0;
    act(() => {
      lost = result.current.refreshProcessing([stored('a', true), { ...stored('c'), status: 'ready' }]);
    });
    expect(lost).toBe(1);
    expect(processingOf()).toEqual([
      ['a', false],
      ['c', false],
    ]);
  });

  it('makes the first photo primary when none is flagged, and keeps exactly one primary', () => {
    const { result } = renderHook(() => usePhotoList([stored('a'), stored('b')]));
    expect(primaryOf(result.current.photos)).toEqual(['a']);

    act(() => result.current.setPrimary('b'));
    expect(primaryOf(result.current.photos)).toEqual(['b']);
  });

  it('moves a photo to a new place and ignores moves past either end', () => {
    const { result } = renderHook(() => usePhotoList([stored('a'), stored('b'), stored('c')]));
    act(() => result.current.move(2, 0));
    expect(order(result.current.photos)).toEqual(['c', 'a', 'b']);
    act(() => result.current.move(0, 3));
    expect(order(result.current.photos)).toEqual(['c', 'a', 'b']);
  });

  it('hands the primary flag to the first remaining photo when the primary is removed', () => {
    const { result } = renderHook(() => usePhotoList([stored('a'), stored('b', true), stored('c')]));
    act(() => result.current.remove('b'));
    expect(order(result.current.photos)).toEqual(['a', 'c']);
    expect(primaryOf(result.current.photos)).toEqual(['a']);
  });

  it('adds accepted files after the stored photos and answers why a file was refused', () => {
    const { result } = renderHook(() => usePhotoList([stored('a', true)]));
    let errors: string[] = [];
    act(() => {
      errors = result.current.add([jpeg('front.jpg'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    });
    expect(result.current.photos.map((photo) => photo.preview)).toEqual([
      '/uploads/a-thumb.webp',
      'blob:front.jpg',
    ]);
    expect(primaryOf(result.current.photos)).toEqual(['a']);
    expect(errors).toEqual(['Only JPEG, PNG, and WebP images are allowed']);
  });
});
