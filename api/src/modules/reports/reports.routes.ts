import { REPORT_STATUSES, REPORTS_TO_HIDE_LISTING } from '@carmarket/shared/constants';
import { reportPayloadSchema } from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { paginationQuerySchema } from '../../http/pagination.js';
import type { ReportsService } from './reports.service.js';

const bearer = [{ bearerAuth: [] }];
const idParams = (name: string) => z.object({ id: z.guid(`Invalid ${name} id`) });

/** Reporting, for every signed-in user: a listing, a message, and the status of one's own reports. */
export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);
  const tags = ['reports'];

  app.post(
    '/listings/:id',
    {
      schema: {
        tags,
        summary: `Report a listing (reason + optional details), once per person; reports from ${REPORTS_TO_HIDE_LISTING} different people hide it from search until a moderator reviews it`,
        security: bearer,
        params: idParams('listing'),
        body: reportPayloadSchema,
      },
    },
    async (req) => ok(await service.reportListing(currentUserId(req), req.params.id, req.body)),
  );

  app.post(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Report a message you received (reason + optional details), once per person',
        security: bearer,
        params: idParams('message'),
        body: reportPayloadSchema,
      },
    },
    async (req) => ok(await service.reportMessage(currentUserId(req), req.params.id, req.body)),
  );

  app.get(
    '/mine',
    {
      schema: {
        tags,
        summary: "The signed-in user's reports, newest first, with their status (open, upheld, dismissed)",
        security: bearer,
        querystring: paginationQuerySchema,
      },
    },
    async (req) => ({
      success: true,
      ...(await service.list({ reporterId: currentUserId(req) }, req.query)),
    }),
  );
};

/**
 * Moderation, for administrators (`npm run admin -- grant <email>`): the reports, hiding listings
 * and blocking accounts. Every route checks the flag.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{
  service: ReportsService;
  requireAdmin: (request: FastifyRequest) => Promise<string>;
}> = async (app, { service, requireAdmin }) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('preHandler', async (req) => {
    await requireAdmin(req);
  });
  const tags = ['moderation'];

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          'Reports, newest first: every report with the open ones first, or those with one status; each names the reporter and the user reported (the seller or the sender)',
        security: bearer,
        querystring: paginationQuerySchema.extend({
          status: z.enum(REPORT_STATUSES, { error: 'status must be open, upheld or dismissed' }).optional(),
        }),
      },
    },
    async (req) => {
      const { status, ...page } = req.query;
      return { success: true, ...(await service.moderationQueue(status, page)) };
    },
  );

  app.get(
    '/reports/by-target',
    {
      schema: {
        tags,
        summary:
          'The queue by what was reported: each listing or message with every report about it (reason, details, reporter, status), those with an open report first, then by their latest report',
        security: bearer,
        querystring: paginationQuerySchema,
      },
    },
    async (req) => ({ success: true, ...(await service.moderationCases(req.query)) }),
  );

  app.post(
    '/reports/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Close an open report as needing no action (the listing or account stays as it is)',
        security: bearer,
        params: idParams('report'),
      },
    },
    async (req) => ok(await service.dismissReport(req.params.id)),
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'block'
              ? 'Block an account: it cannot sign in or send messages, is signed out everywhere, its listings leave search (kept, and back when unblocked) and the open reports about it are upheld'
              : 'Unblock an account: it can sign in and send again, and its listings return to search',
          security: bearer,
          params: idParams('user'),
        },
      },
      async (req) => ok(await service.setUserBlocked(currentUserId(req), req.params.id, action === 'block')),
    );
  }

  for (const action of ['hide', 'restore'] as const) {
    app.post(
      `/listings/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'hide'
              ? 'Hide a listing from search; its open reports are upheld'
              : 'Put a hidden listing back in search; its open reports are dismissed',
          security: bearer,
          params: idParams('listing'),
        },
      },
      async (req) => ok(await service.setListingHidden(req.params.id, action === 'hide')),
    );
  }
};
