import type { Id, JoinConversationAck } from '@carmarket/shared/contracts';
import { z } from 'zod';
import { AppError } from '../http/errors.js';
import type { MessagesService } from '../modules/messages/messages.service.js';
import type { Realtime } from './socket-server.js';

/** Sockets of both participants that have the conversation open. */
export const conversationRoom = (conversationId: Id) => `conversation:${conversationId}`;

/** A single request-user-status asks about at most this many users. */
const MAX_STATUS_REQUEST = 200;

const idSchema = z.guid();
const typingSchema = z.object({ conversationId: idSchema, isTyping: z.boolean() });
const readSchema = z.object({ messageId: idSchema, conversationId: idSchema });
const statusRequestSchema = z.array(idSchema).max(MAX_STATUS_REQUEST);

/** The client events of spec §7 "Live connection". Malformed payloads are ignored. */
export function registerMessagingEvents({ io, presence, log }: Realtime, messages: MessagesService): void {
  io.on('connection', (socket) => {
    const { userId } = socket.data;

    socket.on('join-conversation', async (conversationId, ack) => {
      const reply = (result: JoinConversationAck) => (typeof ack === 'function' ? ack(result) : undefined);
      if (!idSchema.safeParse(conversationId).success)
        return reply({ ok: false, error: 'Invalid conversation id' });
      try {
        await messages.participantConversation(userId, conversationId);
      } catch (error) {
        if (!(error instanceof AppError)) log.error({ err: error }, 'join-conversation failed');
        return reply({ ok: false, error: error instanceof AppError ? error.message : 'Failed to join' });
      }
      await socket.join(conversationRoom(conversationId));
      reply({ ok: true });
    });

    socket.on('leave-conversation', (conversationId) => {
      if (typeof conversationId === 'string') void socket.leave(conversationRoom(conversationId));
    });

    // Only a socket admitted to the room (a participant) may signal typing into it.
    socket.on('typing', (payload) => {
      const parsed = typingSchema.safeParse(payload);
      if (!parsed.success) return;
      const { conversationId, isTyping } = parsed.data;
      const room = conversationRoom(conversationId);
      if (!socket.rooms.has(room)) return;
      socket.to(room).emit('user-typing', { userId, conversationId, isTyping });
    });

    socket.on('message-read', (payload) => {
      const parsed = readSchema.safeParse(payload);
      if (!parsed.success) return;
      messages.markRead(userId, parsed.data.messageId).catch((error: unknown) => {
        if (!(error instanceof AppError)) log.error({ err: error }, 'message-read failed');
      });
    });

    socket.on('request-user-status', (userIds) => {
      const parsed = statusRequestSchema.safeParse(userIds);
      if (!parsed.success) return;
      presence.statuses(parsed.data).then(
        (statuses) => socket.emit('user-status-response', statuses),
        (error: unknown) => log.error({ err: error }, 'request-user-status failed'),
      );
    });
  });
}
