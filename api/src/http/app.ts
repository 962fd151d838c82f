import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../config/env.js';
import { openDatabase, type Database } from '../db/client.js';
import { createMailer } from '../mail/mailer.js';
import { AuthRepository } from '../modules/auth/auth.repository.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { createAccessTokens } from '../modules/auth/tokens.js';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.js';
import { FavoritesRepository } from '../modules/favorites/favorites.repository.js';
import { favoritesRoutes } from '../modules/favorites/favorites.routes.js';
import { FavoritesService } from '../modules/favorites/favorites.service.js';
import { geocodingRoutes } from '../modules/geocoding/geocoding.routes.js';
import { GeocodingService } from '../modules/geocoding/geocoding.service.js';
import { ListingPhotosRepository } from '../modules/listings/listing-photos.repository.js';
import { ListingsRepository } from '../modules/listings/listings.repository.js';
import { listingsRoutes } from '../modules/listings/listings.routes.js';
import { ListingsService } from '../modules/listings/listings.service.js';
import { listingPagePreview } from '../modules/listings/open-graph.js';
import { similarRoutes } from '../modules/listings/similar.routes.js';
import { MessagesRepository } from '../modules/messages/messages.repository.js';
import { messagesRoutes } from '../modules/messages/messages.routes.js';
import { MessagesService } from '../modules/messages/messages.service.js';
import { SearchRepository } from '../modules/search/search.repository.js';
import { searchRoutes } from '../modules/search/search.routes.js';
import { SearchService } from '../modules/search/search.service.js';
import { uploadsRoutes } from '../modules/uploads/uploads.routes.js';
import { UploadsService } from '../modules/uploads/uploads.service.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { createEventBus, type EventBus } from '../realtime/event-bus.js';
import { registerMessagingEvents } from '../realtime/messaging-events.js';
import { createRealtimeServer } from '../realtime/socket-server.js';
import { LocalStorage } from '../storage/local-storage.js';
import { createStorage } from '../storage/storage.js';
import { authenticate } from './authenticate.js';
import { registerApiDocs } from './docs.js';
import { successSchema } from './envelope.js';
import { registerErrorHandler, sendFrameworkError } from './error-handler.js';
import { registerGlobalRateLimit } from './rate-limit.js';
import { registerSecurity } from './security.js';
import { registerSite } from './site.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    events: EventBus;
  }
}

const healthResponseSchema = successSchema(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
);

/**
 * Builds the whole server (API, live connection, site) without listening. The caller migrates
 * the database (`app.database.migrate()`) before `listen`; closing the app closes everything it
 * opened.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Photo uploads (multipart) set their own limits; JSON bodies never need more than this.
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = await openDatabase(config.database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const accessTokens = createAccessTokens(config.jwtSecret);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });
  app.log.info(
    `Database: ${database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`,
  );
  if (config.nodeEnv === 'production' && !config.smtpUrl) {
    app.log.warn(`Mail goes to ${mailer.description}: set SMTP_URL so users receive their codes`);
  } else {
    app.log.info(`Mail goes to ${mailer.description}`);
  }

  const realtime = await createRealtimeServer(app.server, {
    accessTokens,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    log: app.log,
  });
  app.decorate('events', createEventBus(realtime.io));
  app.addHook('preClose', () => realtime.close());

  await registerSecurity(app, config);
  await registerApiDocs(app);
  await app.register(authenticate, { accessTokens });

  const { db } = database;
  const users = new UsersRepository(db);
  const listingsRepository = new ListingsRepository(db);
  const storage = createStorage(config);
  app.log.info(`Photos are stored on ${storage.description}`);
  if (storage instanceof LocalStorage) await storage.serve(app);
  const listings = new ListingsService(listingsRepository, users, storage, app.log);
  const auth = new AuthService({
    auth: new AuthRepository(db),
    users,
    mailer,
    accessTokens,
    secret: config.jwtSecret,
  });

  const messages = new MessagesService(new MessagesRepository(db), listingsRepository, app.events);
  registerMessagingEvents(realtime, messages);

  const api: FastifyPluginAsyncZod = async (api) => {
    // Inside /api only: page loads fetch many static files that must not count against the limit.
    await registerGlobalRateLimit(api, config.rateLimits.global);

    api.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          response: { 200: healthResponseSchema },
        },
      },
      async () => {
        await db.execute(sql`select 1`);
        return { success: true as const, data: { status: 'ok' as const, database: database.driver } };
      },
    );
    await api.register(authRoutes, { prefix: '/auth', service: auth, rateLimits: config.rateLimits });
    await api.register(listingsRoutes, { prefix: '/listings', service: listings });
    await api.register(similarRoutes, {
      prefix: '/listings',
      repository: listingsRepository,
      service: listings,
    });
    await api.register(favoritesRoutes, {
      prefix: '/listings',
      service: new FavoritesService(new FavoritesRepository(db)),
    });
    await api.register(searchRoutes, {
      prefix: '/search',
      service: new SearchService(new SearchRepository(db, listingsRepository), listings, app.log),
    });
    await api.register(messagesRoutes, {
      prefix: '/messages',
      service: messages,
    });
    await api.register(uploadsRoutes, {
      prefix: '/upload',
      service: new UploadsService(listings, new ListingPhotosRepository(db), storage, app.log),
    });
    await api.register(catalogueRoutes, { prefix: '/vehicle-data' });
    await api.register(geocodingRoutes, {
      prefix: '/geocode',
      service: new GeocodingService({ geocoderUrl: config.geocoderUrl, log: app.log }),
    });
  };
  await app.register(api, { prefix: '/api' });

  await registerSite(app, config, listingPagePreview(listingsRepository));
  return app;
}
