import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { BadRequestError } from '../../http/errors.js';
import { paginationQuerySchema } from '../../http/pagination.js';
import type { NotificationsRepository } from './notifications.repository.js';
import type { NotificationsService } from './notifications.service.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['notifications'];

/** The header's notifications menu, for the signed-in user. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first",
        security: bearer,
        querystring: paginationQuerySchema,
      },
    },
    async (req) => ({ success: true, ...(await service.list(currentUserId(req), req.query)) }),
  );

  app.get(
    '/unread-count',
    { schema: { tags, summary: 'How many notifications are unread', security: bearer } },
    async (req) => ok({ unreadCount: await service.unreadCount(currentUserId(req)) }),
  );

  app.post(
    '/read-all',
    { schema: { tags, summary: 'Mark every notification read', security: bearer } },
    async (req) => ok(await service.markAllRead(currentUserId(req))),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        security: bearer,
        params: z.object({ id: z.guid('Invalid notification id') }),
      },
    },
    async (req) => ok(await service.markRead(currentUserId(req), req.params.id)),
  );
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small page of its own: the link is opened from a mail program, often without the site's app. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | CarMarket</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #111;outline-offset:2px}a{color:#1d4ed8}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Go to CarMarket</a></p></main></body></html>`;
}

const INVALID_LINK_MESSAGE =
  'This unsubscribe link is not valid. Sign in and untick the email boxes on your profile instead.';
const INVALID_LINK_PAGE = page('This link does not work', `<p>${INVALID_LINK_MESSAGE}</p>`);

/** A browser gets the page; any other client (a mail program's one-click POST, a script) the envelope. */
function refuseLink(req: FastifyRequest, reply: FastifyReply) {
  if (!req.headers.accept?.includes('text/html')) {
    throw new BadRequestError(INVALID_LINK_MESSAGE, 'INVALID_UNSUBSCRIBE_LINK');
  }
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(INVALID_LINK_PAGE);
}

/**
 * The digest's unsubscribe link, without signing in: GET shows what it will do with one button;
 * POST (the button, or a mail program's one-click unsubscribe, RFC 8058) turns the mail off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  tokens: UnsubscribeTokens;
  repository: NotificationsRepository;
}> = async (app, { tokens, repository }) => {
  // Forms post url-encoded bodies; only this plugin reads them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const tokenQuery = z.object({ token: z.string().max(2000).optional() });

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: "The unsubscribe link's confirmation page (HTML), with one button",
        querystring: tokenQuery,
      },
    },
    async (req, reply) => {
      const userId = req.query.token ? await tokens.verify(req.query.token) : null;
      const email = userId ? await repository.emailOf(userId) : undefined;
      if (!email) return refuseLink(req, reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        'Unsubscribe from CarMarket emails',
        `<p>Stop emails about new listings for your saved searches to <strong>${escapeHtml(email)}</strong>? You keep the alerts in the notifications menu, and can turn the emails back on from your profile.</p><form method="post"><input type="hidden" name="token" value="${escapeHtml(req.query.token!)}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          "Turn off 'Email me about saved searches' and 'Email me about new listings' (token in the form or the query)",
        querystring: tokenQuery,
        body: z
          .object({ token: z.string().max(2000).optional() })
          .passthrough()
          .optional(),
      },
    },
    async (req, reply) => {
      const token = req.body?.token ?? req.query.token;
      const userId = token ? await tokens.verify(token) : null;
      const unsubscribed = userId ? await repository.unsubscribe(userId) : undefined;
      if (!unsubscribed) return refuseLink(req, reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        'You are unsubscribed',
        `<p role="status">No more emails about saved searches and new listings will go to <strong>${escapeHtml(unsubscribed.email)}</strong>.</p>`,
      );
    },
  );
};
