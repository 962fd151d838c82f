import multipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES, PHOTOS_MAX } from '@carmarket/shared/constants';
import {
  deleteImagePayloadSchema,
  reorderImagesPayloadSchema,
  setPrimaryImagePayloadSchema,
} from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { BadRequestError, UnsupportedMediaTypeError } from '../../http/errors.js';
import { tooManyPhotos, type UploadsService } from './uploads.service.js';

const bearer = [{ bearerAuth: [] }];
const IMAGES_FIELD = 'images';

/**
 * Photo calls of spec §7. Each answers the listing's photos in display order:
 * `{ success: true, data: ListingImage[] }`; an upload's new photos are 'processing' at first.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ service: UploadsService }> = async (app, { service }) => {
  await app.register(multipart, {
    // A file over the limit is cut short rather than thrown, so the answer can be the spec's
    // message; the parts limit only stops abuse (many tiny parts) well above PHOTOS_MAX files.
    throwFileSizeLimit: false,
    limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTOS_MAX, fields: 5, parts: PHOTOS_MAX + 5 },
  });

  app.post(
    '/listing/:id',
    {
      schema: {
        tags: ['photos'],
        summary: `Upload photos (multipart, repeated field '${IMAGES_FIELD}'): JPEG, PNG or WebP, 10 MB each, 20 per listing`,
        security: bearer,
        params: z.object({ id: z.string() }),
      },
      onRequest: app.requireUser,
    },
    async (req) => {
      const userId = currentUserId(req);
      const room = await service.roomFor(req.params.id, userId);
      if (!req.isMultipart()) {
        throw new UnsupportedMediaTypeError(
          `Send the photos as multipart/form-data in the field '${IMAGES_FIELD}'`,
          'MULTIPART_REQUIRED',
        );
      }
      const publicIds: string[] = [];
      try {
        // One file at a time: each is stored as it arrives and checked, so a bad file stops the
        // upload before the rest is read, and no original is ever held in memory.
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== IMAGES_FIELD) {
            throw new BadRequestError(`Send the photos in the field '${IMAGES_FIELD}'`, 'UNEXPECTED_FIELD');
          }
          if (publicIds.length >= room) throw tooManyPhotos();
          publicIds.push(await service.keepOriginal(part.file));
        }
        if (publicIds.length === 0)
          throw new BadRequestError('Select at least one photo to upload', 'NO_IMAGES');
      } catch (error) {
        await service.discardOriginals(publicIds);
        const { FilesLimitError, PartsLimitError } = app.multipartErrors;
        throw error instanceof FilesLimitError || error instanceof PartsLimitError ? tooManyPhotos() : error;
      }
      return ok(await service.addPhotos(req.params.id, userId, publicIds));
    },
  );

  app.delete(
    '/image/:publicId',
    {
      schema: {
        tags: ['photos'],
        summary: 'Delete a photo (the first remaining one becomes primary if it was)',
        security: bearer,
        params: z.object({ publicId: z.string() }),
        body: deleteImagePayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.deletePhoto(req.body.listingId, currentUserId(req), req.params.publicId)),
  );

  app.put(
    '/reorder',
    {
      schema: {
        tags: ['photos'],
        summary: "Order the listing's photos",
        security: bearer,
        body: reorderImagesPayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.reorder(req.body.listingId, currentUserId(req), req.body.imageOrder)),
  );

  app.put(
    '/primary',
    {
      schema: {
        tags: ['photos'],
        summary: 'Choose the primary photo',
        security: bearer,
        body: setPrimaryImagePayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.setPrimary(req.body.listingId, currentUserId(req), req.body.publicId)),
  );
};
