import type { FavoriteState } from '@carmarket/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok, successSchema } from '../../http/envelope.js';
import type { FavoritesService } from './favorites.service.js';

/** Registered under /listings, beside the listing reads (GET /listings/favorites lists them). */
export const favoritesRoutes: FastifyPluginAsyncZod<{ service: FavoritesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/:id/favorite',
    {
      schema: {
        tags: ['listings'],
        summary: 'Saves the listing for the signed-in user, or removes it when already saved',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: successSchema(
            z.object({
              isFavorite: z.boolean(),
              favoriteCount: z.number().int(),
            }) satisfies z.ZodType<FavoriteState>,
          ),
        },
      },
      preHandler: app.requireUser,
    },
    async (req) => ok(await service.toggle(currentUserId(req), req.params.id)),
  );
};
