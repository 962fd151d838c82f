import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas; the UI at /api/docs is served
 * from the package's own files (no CDN), and its JSON at /api/docs/json.
 * Must be registered before the routes it documents.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'CarMarket API',
        description:
          'REST API of the CarMarket used-car marketplace. Every answer is an envelope: `{ success, data }` or `{ success: false, error, code, details?, requestId }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The default validator badge would load an image from swagger.io.
    uiConfig: { validatorUrl: null },
  });
}
