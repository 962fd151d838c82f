import { geocodeQuerySchema } from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, successSchema } from '../../http/envelope.js';
import type { GeocodingService } from './geocoding.service.js';

const geocodeResponseSchema = successSchema(
  z.object({
    latitude: z.number(),
    longitude: z.number(),
    source: z.enum(['zip', 'geocoder', 'fallback']),
  }),
);

export const geocodingRoutes: FastifyPluginAsyncZod<{ service: GeocodingService }> = async (
  app,
  { service },
) => {
  // Signed-in only: sellers geocode their address, and the street-map service must not become an
  // open proxy for anyone on the internet.
  app.get(
    '',
    {
      schema: {
        tags: ['geocoding'],
        summary: "Coordinates for a seller's city, state and ZIP",
        security: [{ bearerAuth: [] }],
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema },
      },
      preHandler: app.requireUser,
    },
    async (req) => ok(await service.geocode(req.query)),
  );
};
