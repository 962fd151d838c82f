import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { LISTING_IMPORT_MAX_BYTES } from '@carmarket/shared/constants';
import { dealerProfileSchema } from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../http/errors.js';
import type { DealersService } from './dealers.service.js';
import type { ListingImportService } from './listing-import.js';

const bearer = [{ bearerAuth: [] }];
const CSV_FIELD = 'file';
const CSV_SIZE_ERROR = `The CSV file must be at most ${LISTING_IMPORT_MAX_BYTES / 1024 / 1024} MB`;

export const dealersRoutes: FastifyPluginAsyncZod<{
  service: DealersService;
  listingImport: ListingImportService;
}> = async (app, { service, listingImport }) => {
  await app.register(multipart, {
    limits: { fileSize: LISTING_IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/me',
    {
      schema: {
        tags: ['dealers'],
        summary: "The signed-in dealer's business (404 when not a dealer)",
        security: bearer,
      },
      preHandler: app.requireUser,
    },
    async (req) => ok(await service.get(currentUserId(req))),
  );

  app.put(
    '/me',
    {
      schema: {
        tags: ['dealers'],
        summary: 'Become a dealer, or update the business',
        security: bearer,
        body: dealerProfileSchema,
      },
      preHandler: app.requireUser,
    },
    async (req) => ok(await service.save(currentUserId(req), req.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['dealers'],
        summary: "A dealer's business, for its page",
        params: z.object({ id: z.string() }),
      },
    },
    async (req) => ok(await service.get(req.params.id)),
  );

  app.post(
    '/me/listings/import',
    {
      schema: {
        tags: ['dealers'],
        summary: `Import listings from a CSV file (multipart field '${CSV_FIELD}', at most 2 MB): a report per row`,
        security: bearer,
      },
      onRequest: app.requireUser,
    },
    async (req) => {
      if (!req.isMultipart()) {
        throw new UnsupportedMediaTypeError(
          `Send the CSV file as multipart/form-data in the field '${CSV_FIELD}'`,
          'MULTIPART_REQUIRED',
        );
      }
      const { FilesLimitError, PartsLimitError, FieldsLimitError } = app.multipartErrors;
      let file: Readable | undefined;
      try {
        const part = await req.file();
        if (!part) throw new BadRequestError('Choose a CSV file to import', 'NO_FILE');
        file = part.file;
        if (part.fieldname !== CSV_FIELD) {
          throw new BadRequestError(`Send the CSV file in the field '${CSV_FIELD}'`, 'UNEXPECTED_FIELD');
        }
        // The rows are read as the upload streams in; past the size limit the stream would just
        // end early (a cut row), so it fails instead and nothing is imported.
        part.file.once('limit', () =>
          part.file.destroy(new PayloadTooLargeError(CSV_SIZE_ERROR, 'CSV_TOO_LARGE')),
        );
        return ok(await listingImport.importCsv(currentUserId(req), part.file));
      } catch (error) {
        // What was not read is drained, so the request ends and the answer goes out.
        file?.resume();
        if (
          error instanceof FilesLimitError ||
          error instanceof PartsLimitError ||
          error instanceof FieldsLimitError
        ) {
          throw new BadRequestError('Send one CSV file only', 'ONE_FILE_ONLY');
        }
        throw error;
      }
    },
  );
};
