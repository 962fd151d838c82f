import {
  savedSearchPayloadSchema,
  searchQuerySchema,
  suggestionsQuerySchema,
} from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES } from '../../http/compression.js';
import { messageResponseSchema, ok } from '../../http/envelope.js';
import { gzipped } from './guest-answers.js';
import type { SearchService } from './search.service.js';

const bearer = [{ bearerAuth: [] }];
const savedSearchId = z.object({ id: z.string() });
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  // A served API reads its search index at start, so the first search does not wait for it.
  app.addHook('onListen', () => {
    service.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'search index warm-up failed'));
  });

  app.get(
    '',
    {
      schema: {
        tags: ['search'],
        summary: 'Search active listings with filters, sort, paging and facet counts',
        querystring: searchQuerySchema,
      },
      preHandler: app.identifyUser,
    },
    async (req, reply) => {
      const { json, answer } = await service.searchResponse(req.query, req.userId);
      reply.type('application/json; charset=utf-8');
      // A kept answer is compressed once for every guest who takes gzip, not once per request.
      if (answer && json.length >= COMPRESS_THRESHOLD_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
        reply.header('vary', 'accept-encoding').header('content-encoding', 'gzip');
        return gzipped(answer);
      }
      return json;
    },
  );

  app.get(
    '/suggestions',
    {
      schema: {
        tags: ['search'],
        summary: 'Makes, models and locations for what has been typed (2 characters or more)',
        querystring: suggestionsQuerySchema,
      },
    },
    async (req) => ({ success: true, suggestions: await service.suggestions(req.query.q) }),
  );

  app.get(
    '/popular',
    { schema: { tags: ['search'], summary: 'Most searched makes, models and queries of the last 30 days' } },
    async () => ok(await service.popular()),
  );

  app.get(
    '/saved',
    {
      schema: {
        tags: ['search'],
        summary: 'My saved searches with their new-listing counts',
        security: bearer,
      },
      preHandler: app.requireUser,
    },
    async (req) => ok(await service.listSaved(currentUserId(req))),
  );

  app.post(
    '/saved',
    {
      schema: {
        tags: ['search'],
        summary: 'Save a search (name, filters and sort)',
        security: bearer,
        body: savedSearchPayloadSchema,
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.status(201).send(ok(await service.saveSearch(currentUserId(req), req.body))),
  );

  app.post(
    '/saved/:id/viewed',
    {
      schema: {
        tags: ['search'],
        summary: 'Mark a saved search as seen: its new-listing count starts again from now',
        security: bearer,
        params: savedSearchId,
      },
      preHandler: app.requireUser,
    },
    async (req) => ok(await service.markViewed(req.params.id, currentUserId(req))),
  );

  app.delete(
    '/saved/:id',
    {
      schema: {
        tags: ['search'],
        summary: 'Delete one of my saved searches',
        security: bearer,
        params: savedSearchId,
        response: { 200: messageResponseSchema },
      },
      preHandler: app.requireUser,
    },
    async (req) => {
      await service.deleteSaved(req.params.id, currentUserId(req));
      return ok({ message: 'Saved search deleted' });
    },
  );
};
