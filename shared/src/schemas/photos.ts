// The photo endpoints' payloads (spec §5); the checks on the files themselves are in photo-files.ts.
import { z } from 'zod/mini';
import { idField, safeText } from './fields.js';

const publicId = safeText({ error: 'Image id is required' }).check(z.minLength(1, 'Image id is required'));
const listingId = idField('Invalid listing id');

/** DELETE /upload/image/{publicId}: body {listingId}. */
export const deleteImagePayloadSchema = z.object({ listingId });

/** PUT /upload/reorder: {listingId, imageOrder: publicIds}. */
export const reorderImagesPayloadSchema = z.object({
  listingId,
  imageOrder: z.array(publicId).check(z.minLength(1, 'Image order is required')),
});
export type ReorderImagesPayload = z.output<typeof reorderImagesPayloadSchema>;

/** PUT /upload/primary: {listingId, publicId}. */
export const setPrimaryImagePayloadSchema = z.object({ listingId, publicId });
export type SetPrimaryImagePayload = z.output<typeof setPrimaryImagePayloadSchema>;
