import { REMOTE_SHORT_NAMES, type RemoteShortName } from '@carmarket/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, successSchema } from '../../http/envelope.js';
import type { RemotesService } from './remotes.service.js';

const remoteParams = z.object({ remote: z.enum(REMOTE_SHORT_NAMES as [RemoteShortName]) });
const percent = z.number().int().min(1, 'Between 1 and 99').max(99, 'Between 1 and 99');
const releaseSchema = z.object({
  version: z.string(),
  entry: z.string(),
  origins: z.array(z.string()),
  publishedAt: z.string(),
  publishedBy: z.string(),
});
const stateSchema = z.object({
  live: z.string(),
  canary: z.object({ version: z.string(), percent: z.number() }).nullable(),
  releases: z.array(releaseSchema),
});
const historySchema = z.array(
  z.object({
    at: z.string(),
    by: z.string(),
    remote: z.string(),
    action: z.string(),
    version: z.string(),
    from: z.string(),
    percent: z.number().optional(),
  }),
);
const liveSchema = successSchema(z.object({ live: z.string() }));

/**
 * The deploy registry for administrators (the same operations as `npm run remote`), under
 * /admin/remotes. A release is published by URL here: a dist folder is published from the command
 * line, on a machine that holds it.
 */
export const remotesAdminRoutes: FastifyPluginAsyncZod<{
  service: RemotesService;
  /** The administrator's email, or 403 (see adminGuard). */
  requireAdmin: (request: FastifyRequest) => Promise<string>;
}> = async (app, { service, requireAdmin }) => {
  const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        ...admin,
        summary: 'What each remote serves',
        response: { 200: successSchema(z.record(z.string(), stateSchema)) },
      },
    },
    async (req) => {
      await requireAdmin(req);
      const { remotes } = await service.status();
      return ok(
        Object.fromEntries(
          REMOTE_SHORT_NAMES.map((short) => {
            const state = remotes[short];
            return [
              short,
              {
                live: state?.live ?? 'built-in',
                canary: state?.canary ?? null,
                releases: state?.releases ?? [],
              },
            ];
          }),
        ),
      );
    },
  );

  app.get(
    '/history',
    {
      schema: {
        ...admin,
        summary: 'Who switched what, when (oldest first)',
        querystring: z.object({ remote: remoteParams.shape.remote.optional() }),
        response: { 200: successSchema(historySchema) },
      },
    },
    async (req) => {
      await requireAdmin(req);
      return ok(await service.history(req.query.remote));
    },
  );

  app.post(
    '/:remote/publish',
    {
      schema: {
        ...admin,
        summary: 'Checks a hosted build and makes it live, or a canary for some percent of browsers',
        params: remoteParams,
        body: z.object({
          url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }),
          version: z.string().optional(),
          canaryPercent: percent.optional(),
        }),
        response: { 200: successSchema(z.object({ version: z.string() })) },
      },
    },
    async (req) => {
      const by = await requireAdmin(req);
      const { url, version, canaryPercent } = req.body;
      return ok({ version: await service.publish(req.params.remote, url, { by, version, canaryPercent }) });
    },
  );

  app.post(
    '/:remote/use',
    {
      schema: {
        ...admin,
        summary: 'Makes a published version (or built-in) live',
        params: remoteParams,
        body: z.object({ version: z.string().min(1) }),
        response: { 200: liveSchema },
      },
    },
    async (req) => {
      const by = await requireAdmin(req);
      await service.use(req.params.remote, req.body.version, by);
      return ok({ live: req.body.version });
    },
  );

  app.post(
    '/:remote/rollback',
    {
      schema: {
        ...admin,
        summary: 'Returns to the version live before',
        params: remoteParams,
        response: { 200: liveSchema },
      },
    },
    async (req) => {
      const by = await requireAdmin(req);
      return ok({ live: await service.rollback(req.params.remote, by) });
    },
  );

  app.put(
    '/:remote/canary',
    {
      schema: {
        ...admin,
        summary: 'Serves a published version to some percent of browsers (sticky per browser)',
        params: remoteParams,
        body: z.object({ version: z.string().min(1), percent }),
        response: { 200: successSchema(z.object({ version: z.string(), percent: z.number() })) },
      },
    },
    async (req) => {
      const by = await requireAdmin(req);
      await service.canary(req.params.remote, req.body.version, req.body.percent, by);
      return ok(req.body);
    },
  );

  app.delete(
    '/:remote/canary',
    {
      schema: {
        ...admin,
        summary: 'Stops the canary',
        params: remoteParams,
        response: { 200: successSchema(z.object({ stopped: z.literal(true) })) },
      },
    },
    async (req) => {
      const by = await requireAdmin(req);
      await service.stopCanary(req.params.remote, by);
      return ok({ stopped: true as const });
    },
  );
};
