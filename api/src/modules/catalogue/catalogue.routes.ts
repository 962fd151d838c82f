import { TRANSMISSIONS } from '@carmarket/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, successSchema } from '../../http/envelope.js';
import { revalidated } from '../../http/etag.js';
import { catalogueService, SEARCH_RESULTS_MAX, type CatalogueService } from './catalogue.service.js';

// The catalogue changes at most when the API is redeployed: clients and proxies may keep an
// answer for a day (spec §9) and revalidate it with its ETag after that.
const CATALOGUE_CACHE_CONTROL = 'public, max-age=86400';

const TEXT_MAX = 100;
// 'all' or a model year; the service tells which years exist.
const yearParam = z.string().max(8);
const makeParam = z.string().trim().min(1, 'Make is required').max(TEXT_MAX, 'Make is too long');
const modelParam = z.string().trim().min(1, 'Model is required').max(TEXT_MAX, 'Model is too long');

const makeSchema = z.object({ make: z.string(), makeId: z.string() });
const modelSchema = z.object({ model: z.string(), modelId: z.string() });
const trimSchema = z.object({
  trim: z.string(),
  engineSize: z.string().optional(),
  transmission: z.enum(TRANSMISSIONS),
});
const searchResultSchema = z.object({
  type: z.enum(['make', 'model']),
  make: z.string(),
  makeId: z.string(),
  model: z.string().optional(),
  modelId: z.string().optional(),
  label: z.string(),
});

const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(TEXT_MAX, 'Search text is too long'),
});

export interface CatalogueRoutesOptions {
  /** Defaults to the process-wide catalogue. */
  service?: CatalogueService;
}

/**
 * The vehicle catalogue calls of spec §7, registered under the prefix the caller gives
 * (`/vehicle-data` inside `/api`): years, makes, models, trims and text search.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, options) => {
  const service = options.service ?? catalogueService();

  // Every answer here is a pure function of the URL, so its body is its version: hash it into an
  // ETag and answer a matching If-None-Match with an empty 304.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    return revalidated(request, reply, payload, CATALOGUE_CACHE_CONTROL);
  });

  app.get(
    '/years',
    {
      schema: {
        tags: ['vehicle data'],
        summary: 'Model years, newest (next year) first',
        response: { 200: successSchema(z.array(z.number().int())) },
      },
    },
    async () => ok(service.years()),
  );

  app.get(
    '/makes/:year',
    {
      schema: {
        tags: ['vehicle data'],
        summary: "Makes of a model year ('all' for every year), by name",
        params: z.object({ year: yearParam }),
        response: { 200: successSchema(z.array(makeSchema)) },
      },
    },
    async (req) => ok(service.makes(req.params.year)),
  );

  app.get(
    '/models/:year/:make',
    {
      schema: {
        tags: ['vehicle data'],
        summary: "A make's models in a model year; the make by name or makeId",
        params: z.object({ year: yearParam, make: makeParam }),
        response: { 200: successSchema(z.array(modelSchema)) },
      },
    },
    async (req) => ok(service.models(req.params.year, req.params.make)),
  );

  app.get(
    '/trims/:year/:make/:model',
    {
      schema: {
        tags: ['vehicle data'],
        summary: "A model's trims with engine and transmission (empty when none are known)",
        params: z.object({ year: yearParam, make: makeParam, model: modelParam }),
        response: { 200: successSchema(z.array(trimSchema)) },
      },
    },
    async (req) => ok(service.trims(req.params.year, req.params.make, req.params.model)),
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['vehicle data'],
        summary: `Makes and models matching the text (at most ${SEARCH_RESULTS_MAX})`,
        querystring: searchQuerySchema,
        response: { 200: successSchema(z.array(searchResultSchema)) },
      },
    },
    async (req) => ok(service.search(req.query.q)),
  );
};
