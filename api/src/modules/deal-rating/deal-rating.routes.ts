import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dealRatingPreviewQuerySchema } from '@carmarket/shared/schemas';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { DealRatingService } from './deal-rating.service.js';

/** Registered under /listings, beside the listing routes. */
export const dealRatingRoutes: FastifyPluginAsyncZod<{ service: DealRatingService }> = async (
  app,
  { service },
) => {
  app.get(
    '/deal-rating-preview',
    {
      schema: {
        tags: ['listings'],
        summary: 'The deal rating a price would get for a car not listed yet (the seller’s preview)',
        querystring: dealRatingPreviewQuerySchema,
      },
    },
    async (req) => ok(await service.preview(req.query)),
  );

  app.get(
    '/:id/deal-rating',
    {
      schema: {
        tags: ['listings'],
        summary: 'Estimated market value from comparable listings, the deal rating and its reasons',
        params: z.object({ id: z.string() }),
      },
      preHandler: app.identifyUser,
    },
    async (req) => ok(await service.rateListing(req.params.id, req.userId)),
  );
};
