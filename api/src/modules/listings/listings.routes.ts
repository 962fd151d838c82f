import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { paginationQuerySchema } from '../../http/pagination.js';
import type { ListingsService } from './listings.service.js';

const bearer = [{ bearerAuth: [] }];

export const listingsRoutes: FastifyPluginAsyncZod<{ service: ListingsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/favorites',
    {
      schema: {
        tags: ['listings'],
        summary: "The signed-in user's saved listings",
        security: bearer,
        querystring: paginationQuerySchema,
      },
      preHandler: app.requireUser,
    },
    async (req) => {
      const { data, pagination } = await service.listFavorites(currentUserId(req), req.query);
      return { success: true, data, pagination };
    },
  );

  app.get(
    '/user/:userId',
    {
      schema: {
        tags: ['listings'],
        summary: "A seller's listings (sold ones too for the seller)",
        params: z.object({ userId: z.string() }),
        querystring: paginationQuerySchema,
      },
      preHandler: app.identifyUser,
    },
    async (req) => {
      const { data, pagination } = await service.listBySeller(req.params.userId, req.userId, req.query);
      return { success: true, data, pagination };
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags: ['listings'], summary: 'One listing', params: z.object({ id: z.string() }) },
      preHandler: app.identifyUser,
    },
    async (req) => ok(await service.getListing(req.params.id, { userId: req.userId, ip: req.ip })),
  );
};
