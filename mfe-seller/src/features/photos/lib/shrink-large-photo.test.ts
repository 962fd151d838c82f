import { describe, expect, it } from '@jest/globals';
import { uploadSize } from './shrink-large-photo';

describe('uploadSize', () => {
  it('leaves photos up to 4096 px on their longest side as they are', () => {
    expect(uploadSize(4000, 3000)).toBeNull();
    expect(uploadSize(4096, 4096)).toBeNull();
    expect(uploadSize(800, 600)).toBeNull();
  });

  it('fits larger photos in 4096 px, keeping their proportions, landscape or portrait', () => {
    expect(uploadSize(8192, 6144)).toEqual({ width: 4096, height: 3072 });
    expect(uploadSize(6000, 9000)).toEqual({ width: 2731, height: 4096 });
  });
});
