import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { AccessLog } from './http/access-log.js';
import { authenticate } from './http/authenticate.js';
import { COMPRESS_THRESHOLD_BYTES } from './http/compression.js';
import { registerApiDocs } from './http/docs.js';
import { isDatabaseUnavailable } from './http/database-unavailable.js';
import { registerGracefulShutdown, SHUTDOWN_TIMEOUT_MS } from './http/graceful-shutdown.js';
import { healthRoutes } from './http/health.js';
import { registerErrorHandler, sendClientError, sendFrameworkError } from './http/error-handler.js';
import { registerRequestIdHeader, requestIdGenerator } from './http/request-id.js';
import { AppMetrics } from './http/metrics.js';
import { registerGlobalRateLimit } from './http/rate-limit.js';
import { registerSecurity } from './http/security.js';
import { createMailer } from './mail/mailer.js';
import { adminGuard } from './modules/admin/admin-guard.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { createAccessTokens } from './modules/auth/tokens.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { catalogueService } from './modules/catalogue/catalogue.service.js';
import { DealersRepository } from './modules/dealers/dealers.repository.js';
import { dealersRoutes } from './modules/dealers/dealers.routes.js';
import { DealersService } from './modules/dealers/dealers.service.js';
import { ListingImportService } from './modules/dealers/listing-import.js';
import { DealRatingRepository } from './modules/deal-rating/deal-rating.repository.js';
import { dealRatingRoutes } from './modules/deal-rating/deal-rating.routes.js';
import { DealRatingService } from './modules/deal-rating/deal-rating.service.js';
import { FavoritesRepository } from './modules/favorites/favorites.repository.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { FavoritesService } from './modules/favorites/favorites.service.js';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes.js';
import { GeocodingService } from './modules/geocoding/geocoding.service.js';
import { ListingPhotosRepository } from './modules/listings/listing-photos.repository.js';
import { ListingsRepository } from './modules/listings/listings.repository.js';
import { listingsRoutes } from './modules/listings/listings.routes.js';
import { ListingsService } from './modules/listings/listings.service.js';
import { crawlerRoutes } from './modules/listings/crawler.routes.js';
import { ListingFreshness } from './modules/listings/listing-freshness.js';
import { ListingPageCache } from './modules/listings/listing-page-cache.js';
import { listingPagePreview } from './modules/listings/open-graph.js';
import { runningCostRoutes } from './modules/listings/running-cost.routes.js';
import { similarRoutes } from './modules/listings/similar.routes.js';
import type { ViewCounter } from './modules/listings/view-counter.js';
import { ANNOUNCE_LEASE_MS, MessagesRepository } from './modules/messages/messages.repository.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { MessagesService } from './modules/messages/messages.service.js';
import { RemoteRegistry } from './modules/remotes/remote-registry.js';
import { remotesAdminRoutes } from './modules/remotes/remotes.routes.js';
import { registryPaths, RemotesService } from './modules/remotes/remotes.service.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { NotificationDigest } from './modules/notifications/digest.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { notificationsRoutes, unsubscribeRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { SavedSearchAlerts } from './modules/notifications/saved-search-alerts.js';
import { every } from './modules/notifications/scheduler.js';
import { createUnsubscribeTokens } from './modules/notifications/unsubscribe-tokens.js';
import { moderationRoutes, reportsRoutes } from './modules/reports/reports.routes.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { SearchRepository } from './modules/search/search.repository.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { searchPagePreview } from './modules/search/search-page-preview.js';
import { SearchService } from './modules/search/search.service.js';
import { PHOTO_ENCODERS, PhotoEncoderPool } from './modules/uploads/photo-encoder-pool.js';
import { PhotoOriginals } from './modules/uploads/photo-originals.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { MediumSizeBackfill } from './modules/uploads/medium-backfill.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { createEventBus, type EventBus } from './realtime/event-bus.js';
import { registerMessagingEvents } from './realtime/messaging-events.js';
import { createRealtimeServer } from './realtime/socket-server.js';
import { InlineScripts } from './site/inline-scripts.js';
import { registerSite } from './site/site.js';
import { LocalStorage } from './storage/local-storage.js';
import { createStorage } from './storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    events: EventBus;
    /** Checks listings that went live against saved searches (also run by a timer, see alertIntervalMs). */
    savedSearchAlerts: SavedSearchAlerts;
    /** Mails the notification digests due at a moment (run hourly by a timer). */
    notificationDigest: NotificationDigest;
    /** Which release of each remote the site serves; `remotesFor(request, reply)` is the map. */
    remoteRegistry: RemoteRegistry;
    /** Listing views noted in memory; `flush()` stores them now (a timer does it every second). */
    listingViews: ViewCounter;
  }
}

/** The digest goes out at most daily per user; looking hourly keeps each one near its day. */
const DIGEST_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Builds the whole server (API, live connection, site) without listening. The caller migrates
 * the database (`app.database.migrate()`) before `listen`; closing the app closes everything it
 * opened.
 */
/** `now`: the clock listings expire by, for tests that move it (default: the real one). */
export async function buildApp(
  config: AppConfig,
  { now = () => new Date() }: { now?: () => Date } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new AccessLog(),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    // Photo uploads (multipart) set their own limits; JSON bodies never need more than this.
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
    // Fastify's own 503 while closing is not the envelope; graceful-shutdown.ts serves the requests
    // still arriving on open connections instead, and closes those connections after them.
    return503OnClosing: false,
    clientErrorHandler: sendClientError,
    // Fastify bounds each start and close hook by this (10 s by default): draining the requests in
    // flight may take as long as the shutdown is given, and must not fail the close before then.
    pluginTimeout: SHUTDOWN_TIMEOUT_MS,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestIdHeader(app);
  // The timed jobs (`every`), started once the server is ready; shutdown stops them first, so none
  // starts while the requests in flight finish or once the database has closed.
  const jobs: ReturnType<typeof every>[] = [];
  // Before the live connections' preClose hook: requests in flight finish before sockets close.
  const shutdown = registerGracefulShutdown(app, {
    stopJobs: async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  });

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

  const { db } = database;
  const messagesRepository = new MessagesRepository(db);
  const realtime = await createRealtimeServer(app.server, {
    accessTokens,
    presenceAudience: (userIds) => messagesRepository.conversationPartners(userIds),
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    corsOrigins: config.corsOrigins,
    log: app.log,
  });
  app.decorate('events', createEventBus(realtime.io));
  app.addHook('preClose', () => realtime.close());

  const remoteRegistry = new RemoteRegistry(registryPaths(config.remoteRegistryDir).file, {
    builtInOverrides: config.remoteOverrides,
    onError: (error) =>
      app.log.error({ err: error }, 'deploy registry unreadable: serving the last good state'),
  });
  app.decorate('remoteRegistry', remoteRegistry);
  const inlineScripts = new InlineScripts(path.join(config.staticRoot, 'shell', 'dist'));
  await registerSecurity(app, config, remoteRegistry, inlineScripts);
  // Responses over 1 KB (API JSON, pages with a preview) in gzip, or brotli for a client that takes
  // only that; built files are sent from their precompressed copies instead (site.ts). gzip first:
  // on API JSON, brotli at the plugin's quality 4 came out the same size (a 47 KB search page: 7.2 KB
  // either way) for 1.2-4.6 times the CPU, and a listing read served 3 times fewer requests with it.
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['gzip', 'br'] });
  await registerApiDocs(app);
  await app.register(authenticate, { accessTokens });

  // Guests' listing pages, kept in this process; every repository whose writes change one drops it.
  const guestPages = new ListingPageCache();
  const users = new UsersRepository(db, guestPages);
  const listingsRepository = new ListingsRepository(db, guestPages);
  const storage = createStorage(config);
  app.log.info(`Photos are stored on ${storage.description}`);
  if (storage instanceof LocalStorage) await storage.serve(app);
  const notificationsRepository = new NotificationsRepository(db);
  const notifications = new NotificationsService(notificationsRepository, app.events);
  const listings = new ListingsService(
    listingsRepository,
    users,
    storage,
    app.log,
    notifications,
    catalogueService(),
    new ListingFreshness(config.listingRenewalPeriodMs, now),
    guestPages,
  );
  app.decorate('listingViews', listings.views);
  app.addHook('onReady', async () => listings.views.start());
  app.addHook('preClose', () => listings.views.stop());
  const auth = new AuthService({
    auth: new AuthRepository(db),
    users,
    mailer,
    accessTokens,
    secret: config.jwtSecret,
    codes: config.authCodes,
  });

  const messages = new MessagesService(messagesRepository, listingsRepository, app.events);
  registerMessagingEvents(realtime, messages);

  const search = new SearchService(
    new SearchRepository(db, listingsRepository),
    listings,
    app.log,
    config.searchGuestStalenessMs,
  );

  const photoEncoder = new PhotoEncoderPool(PHOTO_ENCODERS, config.photoEncoderPriority);
  const metrics = new AppMetrics({
    poolUse: () => database.poolUse(),
    socketsConnected: () => realtime.io.engine.clientsCount,
    searchIndex: () => search.indexStats(),
    photoEncoding: () => photoEncoder.load,
  });
  metrics.observeRequests(app);
  metrics.registerRoute(app, config.metricsToken);

  const unsubscribeTokens = createUnsubscribeTokens(config.jwtSecret);
  app.decorate(
    'savedSearchAlerts',
    new SavedSearchAlerts(notificationsRepository, search, notifications, app.log),
  );
  app.decorate(
    'notificationDigest',
    new NotificationDigest(notificationsRepository, mailer, unsubscribeTokens, config.publicUrl, app.log),
  );
  // Once the server is ready (migrations applied).
  app.addHook('onReady', async () => {
    jobs.push(
      every(DIGEST_CHECK_INTERVAL_MS, () => app.notificationDigest.run(), app.log, 'notification digest'),
      // A few times a lease; while the database is unreachable the next run tries again, unlogged.
      every(
        ANNOUNCE_LEASE_MS / 5,
        () =>
          messages.announceOverdue().then(
            (count) => {
              if (count > 0) app.log.warn(`Announced ${count} messages a stopped process had stored`);
            },
            (error: unknown) => {
              if (!isDatabaseUnavailable(error)) throw error;
            },
          ),
        app.log,
        'overdue message announcements',
      ),
      ...(config.alertIntervalMs > 0
        ? [every(config.alertIntervalMs, () => app.savedSearchAlerts.run(), app.log, 'saved-search alerts')]
        : []),
    );
  });

  const listingPhotos = new ListingPhotosRepository(db, guestPages);
  const uploads = new UploadsService(
    listings,
    listingPhotos,
    storage,
    new PhotoOriginals(config.photoOriginalsDir),
    photoEncoder,
    app.log,
    metrics.photosProcessed,
  );
  app.addHook('onReady', () => uploads.resumeProcessing());
  // Files a killed process left behind: at start, then every half of their age.
  app.addHook('onReady', async () => {
    const sweep = () => uploads.sweepOrphans(config.photoOrphanAgeMs);
    await sweep().catch((error: unknown) => app.log.error({ err: error }, 'photo orphan sweep failed'));
    jobs.push(every(config.photoOrphanAgeMs / 2, sweep, app.log, 'photo orphan sweep'));
  });
  // Photos stored before the medium size get it, in the background.
  const mediumBackfill = new MediumSizeBackfill(listingPhotos, storage, app.log, database);
  app.addHook('onReady', async () => {
    // Not awaited: the server is ready without it.
    void mediumBackfill.start();
  });
  // After the requests in flight (graceful shutdown's hook runs first), before the database closes.
  app.addHook('preClose', async () => {
    await mediumBackfill.stop();
    await uploads.finishProcessing();
    await photoEncoder.close();
  });

  const api: FastifyPluginAsyncZod = async (api) => {
    // Inside /api only: page loads fetch many static files that must not count against the limit.
    await registerGlobalRateLimit(api, config.rateLimits.global);

    await api.register(healthRoutes, {
      database,
      redisState: realtime.redisState,
      isDraining: shutdown.isDraining,
    });
    await api.register(authRoutes, { prefix: '/auth', service: auth, rateLimits: config.rateLimits });
    await api.register(listingsRoutes, { prefix: '/listings', service: listings });
    await api.register(similarRoutes, {
      prefix: '/listings',
      repository: listingsRepository,
      service: listings,
    });
    await api.register(dealRatingRoutes, {
      prefix: '/listings',
      service: new DealRatingService(new DealRatingRepository(db), listings),
    });
    await api.register(favoritesRoutes, {
      prefix: '/listings',
      service: new FavoritesService(new FavoritesRepository(db, guestPages)),
    });
    await api.register(searchRoutes, {
      prefix: '/search',
      service: search,
    });
    await api.register(messagesRoutes, {
      prefix: '/messages',
      service: messages,
    });
    await api.register(uploadsRoutes, {
      prefix: '/upload',
      service: uploads,
    });
    await api.register(catalogueRoutes, { prefix: '/vehicle-data' });
    await api.register(runningCostRoutes, {
      prefix: '/running-cost',
      fuelPricePerGallon: config.fuelPricePerGallon,
    });
    await api.register(remotesAdminRoutes, {
      prefix: '/admin/remotes',
      service: RemotesService.forConfig(config),
      requireAdmin: adminGuard(users),
    });
    const reports = new ReportsService(new ReportsRepository(db), listingsRepository);
    await api.register(reportsRoutes, { prefix: '/reports', service: reports });
    await api.register(moderationRoutes, {
      prefix: '/admin',
      service: reports,
      requireAdmin: adminGuard(users),
    });
    await api.register(notificationsRoutes, { prefix: '/notifications', service: notifications });
    await api.register(unsubscribeRoutes, {
      prefix: '/notifications',
      tokens: unsubscribeTokens,
      repository: notificationsRepository,
    });
    const geocoding = new GeocodingService({ geocoderUrl: config.geocoderUrl, log: app.log });
    await api.register(geocodingRoutes, { prefix: '/geocode', service: geocoding });
    const dealers = new DealersRepository(db, guestPages);
    await api.register(dealersRoutes, {
      prefix: '/dealers',
      service: new DealersService(dealers, geocoding),
      listingImport: new ListingImportService(dealers, listingsRepository, listings),
    });
  };
  await app.register(api, { prefix: '/api' });

  await app.register(crawlerRoutes, { repository: listingsRepository, freshness: listings.freshness });
  const previews = [listingPagePreview(listings), searchPagePreview(search)];
  await registerSite(app, config, remoteRegistry, inlineScripts, async (request) => {
    for (const previewFor of previews) {
      const preview = await previewFor(request);
      if (preview) return preview;
    }
    return null;
  });
  return app;
}
