import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, successSchema } from '../../http/envelope.js';
import { catalogueYears } from './catalogue.service.js';

// The catalogue changes at most once a year; clients and proxies may keep it for a day (spec §9).
const CATALOGUE_CACHE_CONTROL = 'public, max-age=86400';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/years',
    {
      schema: {
        tags: ['vehicle data'],
        summary: 'Model years, newest first',
        response: { 200: successSchema(z.array(z.number())) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
      return ok(catalogueYears());
    },
  );
};
