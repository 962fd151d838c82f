import { MILES_PER_YEAR } from '@carmarket/shared/constants';
import type { RunningCostSettings } from '@carmarket/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, successSchema } from '../../http/envelope.js';

/** GET /running-cost: the fuel price (FUEL_PRICE_PER_GALLON) and yearly miles the listing page's fuel cost uses. */
export const runningCostRoutes: FastifyPluginAsyncZod<{ fuelPricePerGallon: number }> = async (
  app,
  { fuelPricePerGallon },
) => {
  const settings: RunningCostSettings = { fuelPricePerGallon, milesPerYear: MILES_PER_YEAR };
  app.get(
    '/',
    {
      schema: {
        tags: ['listings'],
        summary: "The fuel price and yearly miles behind the listing page's running cost",
        response: {
          200: successSchema(z.object({ fuelPricePerGallon: z.number(), milesPerYear: z.number() })),
        },
      },
    },
    // Changes only with the server's configuration: browsers may keep it for an hour.
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(settings);
    },
  );
};
