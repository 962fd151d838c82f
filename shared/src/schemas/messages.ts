// Messaging (spec §5, §7). The spec gives no texts for these failures; these read naturally.
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants/limits.js';
import { idField } from './fields.js';

export const messageContentSchema = z
  .string({ error: 'Message cannot be empty' })
  .trim()
  .min(1, { error: 'Message cannot be empty', abort: true })
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

/** POST /messages. */
export const sendMessagePayloadSchema = z.object({
  recipientId: idField('Invalid recipient'),
  listingId: idField('Invalid listing'),
  content: messageContentSchema,
  attachments: z.array(z.string()).default([]),
});
export type SendMessagePayloadInput = z.input<typeof sendMessagePayloadSchema>;
export type SendMessagePayload = z.output<typeof sendMessagePayloadSchema>;
