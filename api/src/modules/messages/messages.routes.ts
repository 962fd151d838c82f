import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '../../http/authenticate.js';
import { ok, successSchema } from '../../http/envelope.js';
import { paginationQuerySchema } from '../../http/pagination.js';
import type { MessagesService } from './messages.service.js';

const bearer = [{ bearerAuth: [] }];

export const messagesRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (
  app,
  { service },
) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/conversations',
    {
      schema: {
        tags: ['messages'],
        summary: "The signed-in user's conversations, most recent first",
        security: bearer,
        querystring: paginationQuerySchema,
      },
    },
    async (req) => {
      const { data, pagination } = await service.listConversations(currentUserId(req), req.query);
      return { success: true, data, pagination };
    },
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'Messages not yet read by the signed-in user',
        security: bearer,
        response: { 200: successSchema(z.object({ unreadCount: z.number() })) },
      },
    },
    async (req) => ok({ unreadCount: await service.unreadCount(currentUserId(req)) }),
  );
};
