import { SIMILAR_LISTINGS_LIMIT } from '@carmarket/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { ListingsRepository } from './listings.repository.js';
import type { ListingsService } from './listings.service.js';
import { similarListings, SimilarRankings } from './similar.js';

// Spec §9: similar listings are cached for 5 minutes.
const SIMILAR_MAX_AGE_S = 5 * 60;

const similarQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(SIMILAR_LISTINGS_LIMIT, `Limit must be at most ${SIMILAR_LISTINGS_LIMIT}`)
    .default(SIMILAR_LISTINGS_LIMIT),
});

/** Registered under /listings, beside the listing routes. */
export const similarRoutes: FastifyPluginAsyncZod<{
  repository: ListingsRepository;
  service: ListingsService;
}> = async (app, { repository, service }) => {
  // On the listings' clock, which tests move.
  const rankings = new SimilarRankings(undefined, undefined, () => service.freshness.now().getTime());
  app.get(
    '/:id/similar',
    {
      schema: {
        tags: ['listings'],
        summary: 'Active listings most like this one (same model, body type, price, year, mileage, place)',
        params: z.object({ id: z.string() }),
        querystring: similarQuerySchema,
      },
      preHandler: app.identifyUser,
    },
    async (req, reply) => {
      const data = await similarListings(
        repository,
        service,
        rankings,
        req.params.id,
        req.userId,
        req.query.limit,
      );
      // A signed-in caller's answer carries their isFavorite flags: only their browser may keep it.
      reply.header('cache-control', `${req.userId ? 'private' : 'public'}, max-age=${SIMILAR_MAX_AGE_S}`);
      reply.header('vary', 'Authorization');
      return ok(data);
    },
  );
};
