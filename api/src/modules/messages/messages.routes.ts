import { sendMessagePayloadSchema } from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok, successSchema } from '../../http/envelope.js';
import { paginationQuerySchema } from '../../http/pagination.js';
import type { MessageCursor } from './messages.repository.js';
import type { MessagesService } from './messages.service.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['messages'];

const idParams = (name: string) => z.object({ id: z.guid(`Invalid ${name} id`) });
const userParams = z.object({ userId: z.guid('Invalid user id') });

const conversationsQuerySchema = paginationQuerySchema.extend({
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** Page 1 is the latest messages; `after` (a message id or a time) catches up from a known point. */
const messagesQuerySchema = paginationQuerySchema.extend({
  limit: paginationQuerySchema.shape.limit.removeDefault().default(50),
  after: z
    .union([z.guid(), z.iso.datetime({ offset: true })], {
      error: 'after must be a message id or an ISO date-time',
    })
    .optional(),
});

function cursorFrom(after: string | undefined): MessageCursor | undefined {
  if (!after) return undefined;
  return z.guid().safeParse(after).success ? { messageId: after } : { since: new Date(after) };
}

export const messagesRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (
  app,
  { service },
) => {
  // Before validation: a guest hears 401 (sign in), not a complaint about the body.
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Send a message about a listing; the one conversation of listing + buyer + seller is created on first contact. A retry with the same clientMessageId returns the stored message.',
        security: bearer,
        body: sendMessagePayloadSchema,
      },
    },
    async (req) => ok(await service.send(currentUserId(req), req.body)),
  );

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary:
          "The signed-in user's conversations, most recent first; ?archived=true lists the archived ones",
        security: bearer,
        querystring: conversationsQuerySchema,
      },
    },
    async (req) => {
      const { data, pagination } = await service.listConversations(currentUserId(req), req.query);
      return { success: true, data, pagination };
    },
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        summary:
          "A conversation's messages, oldest to newest (page 1 = the latest), for its participants; `conversation` describes it",
        security: bearer,
        params: idParams('conversation'),
        querystring: messagesQuerySchema,
      },
    },
    async (req) => {
      const { after, ...page } = req.query;
      const result = await service.conversationMessages(
        currentUserId(req),
        req.params.id,
        page,
        cursorFrom(after),
      );
      return { success: true, ...result };
    },
  );

  app.patch(
    '/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark every message of the conversation addressed to the signed-in user read',
        security: bearer,
        params: idParams('conversation'),
      },
    },
    async (req) => ok(await service.markConversationRead(currentUserId(req), req.params.id)),
  );

  for (const action of ['archive', 'unarchive'] as const) {
    app.patch(
      `/conversations/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'archive' ? 'Archive' : 'Unarchive'} the conversation for the signed-in user only`,
          security: bearer,
          params: idParams('conversation'),
        },
      },
      async (req) => ok(await service.setArchived(currentUserId(req), req.params.id, action === 'archive')),
    );
  }

  app.patch(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a message read (its recipient only)',
        security: bearer,
        params: idParams('message'),
      },
    },
    async (req) => ok(await service.markRead(currentUserId(req), req.params.id)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your own messages',
        security: bearer,
        params: idParams('message'),
      },
    },
    async (req) => {
      await service.deleteMessage(currentUserId(req), req.params.id);
      return ok({ messageId: req.params.id });
    },
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/${action}/:userId`,
      {
        schema: {
          tags,
          summary:
            action === 'block'
              ? 'Block a user: neither of you can send the other messages; conversations stay readable'
              : 'Unblock a user',
          security: bearer,
          params: userParams,
        },
      },
      async (req) => ok(await service.setBlocked(currentUserId(req), req.params.userId, action === 'block')),
    );
  }

  app.get(
    '/unread-count',
    {
      schema: {
        tags,
        summary: 'Messages not yet read by the signed-in user',
        security: bearer,
        response: { 200: successSchema(z.object({ unreadCount: z.number() })) },
      },
    },
    async (req) => ok({ unreadCount: await service.unreadCount(currentUserId(req)) }),
  );
};
