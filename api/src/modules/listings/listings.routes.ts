import {
  createListingPayloadSchema,
  updateListingPayloadSchema,
  updateListingStatusPayloadSchema,
  updateVehiclePayloadSchema,
} from '@carmarket/shared/schemas';
import { LISTING_RENEWAL_DAYS } from '@carmarket/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { messageResponseSchema, ok } from '../../http/envelope.js';
import { paginationQuerySchema } from '../../http/pagination.js';
import { sendGuestCopy } from './guest-copy.js';
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
        summary: "A seller's listings (sold ones too for the seller), optionally of one status",
        params: z.object({ userId: z.string() }),
        querystring: paginationQuerySchema.extend({
          status: z.optional(updateListingStatusPayloadSchema.shape.status),
        }),
      },
      preHandler: app.identifyUser,
    },
    async (req) => {
      const { data, pagination } = await service.listBySeller(req.params.userId, req.userId, req.query);
      return { success: true, data, pagination };
    },
  );

  app.get(
    '/:id/price-history',
    {
      schema: {
        tags: ['listings'],
        summary: "Every change of the listing's asking price, newest first",
        params: z.object({ id: z.string() }),
        querystring: paginationQuerySchema,
      },
      preHandler: app.identifyUser,
    },
    async (req) => {
      const { data, pagination } = await service.priceHistory(req.params.id, req.userId, req.query);
      return { success: true, data, pagination };
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags: ['listings'], summary: 'One listing', params: z.object({ id: z.string() }) },
      preHandler: app.identifyUser,
    },
    async (req, reply) => {
      const listing = await service.getListing(req.params.id, { userId: req.userId, ip: req.ip });
      // A signed-in user's copy says whether they saved the listing, so it is theirs alone.
      if (req.userId) return reply.header('cache-control', 'private, no-cache').send(ok(listing));
      return sendGuestCopy(req, reply, listing);
    },
  );

  // Writes authenticate on request, before the body is validated: a guest gets 401, not a 400
  // about the payload. Only the owner may change a listing (403 for anyone else).
  const idParams = z.object({ id: z.string() });

  app.post(
    '',
    {
      schema: {
        tags: ['listings'],
        summary: 'Create a listing (a draft until it has 4 photos)',
        security: bearer,
        body: createListingPayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req, reply) => reply.status(201).send(ok(await service.create(currentUserId(req), req.body))),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'Edit title, description, price and contact preferences',
        security: bearer,
        params: idParams,
        body: updateListingPayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.update(req.params.id, currentUserId(req), req.body)),
  );

  app.put(
    '/:id/vehicle',
    {
      schema: {
        tags: ['listings'],
        summary: 'Edit the vehicle',
        security: bearer,
        params: idParams,
        body: updateVehiclePayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.updateVehicle(req.params.id, currentUserId(req), req.body)),
  );

  app.patch(
    '/:id/status',
    {
      schema: {
        tags: ['listings'],
        summary: 'Mark the listing sold, or active again',
        security: bearer,
        params: idParams,
        body: updateListingStatusPayloadSchema,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.setStatus(req.params.id, currentUserId(req), req.body.status)),
  );

  app.post(
    '/:id/renew',
    {
      schema: {
        tags: ['listings'],
        summary: `Renew the listing: it stays in search ${LISTING_RENEWAL_DAYS} days from now`,
        security: bearer,
        params: idParams,
      },
      onRequest: app.requireUser,
    },
    async (req) => ok(await service.renew(req.params.id, currentUserId(req))),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'Delete the listing, its photos and its favorites',
        security: bearer,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (req) => {
      await service.remove(req.params.id, currentUserId(req));
      return ok({ message: 'Listing deleted' });
    },
  );
};
