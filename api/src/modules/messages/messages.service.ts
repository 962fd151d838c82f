import {
  DUPLICATE_MESSAGE_RECIPIENTS_MAX,
  DUPLICATE_MESSAGE_WINDOW_MS,
  MESSAGES_PER_HOUR,
  MESSAGES_PER_MINUTE,
  NEW_ACCOUNT_AGE_MS,
  NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
} from '@carmarket/shared/constants';
import type { Conversation, Message, PageRequest, Pagination } from '@carmarket/shared/contracts';
import { detectScamKinds } from '@carmarket/shared/safety';
import { formatDisplayName } from '@carmarket/shared/format';
import type { SendMessagePayload } from '@carmarket/shared/schemas';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { toImageDto } from '../listings/listing-dto.js';
import type { ListingsRepository } from '../listings/listings.repository.js';
import { BlockedAccountError } from '../users/blocked-account.js';
import type {
  ConversationRecord,
  ConversationRow,
  MessageCursor,
  MessageRecord,
  MessagesRepository,
} from './messages.repository.js';

export const OWN_LISTING_ERROR = 'You cannot message your own listing';
export const LISTING_SOLD_ERROR = 'This car has been sold';
export const BLOCKED_BY_RECIPIENT_ERROR = 'This user is not accepting messages from you';
export const BLOCKED_BY_SENDER_ERROR = 'You have blocked this user. Unblock them to send a message';
export const NEW_ACCOUNT_LIMIT_ERROR = `New accounts can start up to ${NEW_ACCOUNT_CONVERSATIONS_PER_DAY} conversations in their first day. You can keep writing in the ones you have, and message more sellers once your account is a day old`;
export const SEND_RATE_ERROR = 'You are sending messages too quickly. Please wait a minute and try again';
export const HOURLY_SEND_RATE_ERROR = `You have sent ${MESSAGES_PER_HOUR} messages in the last hour. Please wait before sending more`;
export const DUPLICATE_HELD_ERROR =
  'Message held: you sent this same text to several sellers in the last few minutes. Please write to this seller about their car in your own words';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;

export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly listings: ListingsRepository,
    private readonly events: EventBus,
  ) {}

  /**
   * Stores the message, then tells both participants (every tab of each). The message is in the
   * database before the reply and before any event, so a client that missed the event finds it by
   * fetching. A retry with the same clientMessageId answers with the stored message and emits
   * nothing: should the process that stored it have died before its events, announceOverdue sends them.
   */
  async send(senderId: string, payload: SendMessagePayload): Promise<Message> {
    // Read at once: under load every round trip waits its turn on a busy event loop, and a message
    // waited for each of these one after another (docs/benchmarks.md, delivery during a burst).
    const [retried, found, between, block, activity] = await Promise.all([
      payload.clientMessageId
        ? this.messages.findByClientMessageId(senderId, payload.clientMessageId)
        : undefined,
      this.listings.findById(payload.listingId),
      this.messages.findConversationBetween(payload.listingId, senderId, payload.recipientId),
      this.messages.blockBetween(senderId, payload.recipientId),
      this.sendingActivity(senderId, payload.recipientId, payload.content),
    ]);
    if (retried) return this.toMessageDto(retried);
    // A draft (fewer than 4 photos) exists only for its owner: to anyone else it is not there at
    // all, exactly as a deleted listing is.
    if (!found || (found.listing.status === 'draft' && found.listing.sellerId !== senderId)) {
      throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
    }
    const { listing } = found;
    if (payload.recipientId === senderId) throw new BadRequestError(OWN_LISTING_ERROR, 'OWN_LISTING');

    let buyerId: string;
    if (listing.sellerId === senderId) {
      buyerId = payload.recipientId;
    } else if (listing.sellerId === payload.recipientId) {
      buyerId = senderId;
    } else {
      throw new BadRequestError('The recipient is not the seller of this listing', 'WRONG_RECIPIENT');
    }
    const existing = between?.buyerId === buyerId ? between : undefined;
    // The seller answers a buyer who wrote first; they never open a conversation about their own car.
    if (!existing && listing.sellerId === senderId)
      throw new ForbiddenError(OWN_LISTING_ERROR, 'OWN_LISTING');
    // A sold car takes no new buyers; those already talking with the seller about it carry on.
    if (!existing && listing.status === 'sold') throw new ConflictError(LISTING_SOLD_ERROR, 'LISTING_SOLD');

    if (block) {
      throw new ForbiddenError(
        block.blockerId === senderId ? BLOCKED_BY_SENDER_ERROR : BLOCKED_BY_RECIPIENT_ERROR,
        'BLOCKED',
      );
    }

    checkSendingLimits(activity, !existing);

    const { message, conversation, created } = await this.messages.insertMessage({
      listingId: listing.id,
      listingTitle: listing.title,
      buyerId,
      sellerId: listing.sellerId,
      senderId,
      recipientId: payload.recipientId,
      content: payload.content,
      clientMessageId: payload.clientMessageId ?? null,
    });
    const dto = toMessageDto(message, conversation);
    if (created) await this.announce(message, conversation, dto);
    return dto;
  }

  /**
   * Sends the new-message events of messages whose process stopped between storing and announcing
   * them (killed, or its database connection lost): their recipients' sockets may be on a process
   * that is still up, and so never reconnect and fetch them. Run by every process on a timer.
   */
  async announceOverdue(): Promise<number> {
    const overdue = await this.messages.claimOverdueAnnouncements();
    for (const message of overdue) {
      const conversation = (await this.messages.findConversation(message.conversationId))!;
      await this.announce(message, conversation, toMessageDto(message, conversation));
    }
    return overdue.length;
  }

  /**
   * Tells both participants of the stored message (every tab of each), then records that it did.
   * Each side's view of the conversation and the listing's photos are read at once.
   */
  private async announce(
    message: MessageRecord,
    conversation: ConversationRecord,
    dto: Message,
  ): Promise<void> {
    const participants = [message.recipientId, message.senderId];
    const [images, ...views] = await Promise.all([
      this.listings.imagesFor(conversation.listingId ? [conversation.listingId] : []),
      ...participants.map((userId) => this.messages.findConversationFor(userId, message.conversationId)),
    ]);
    participants.forEach((userId, side) => {
      const view = views[side];
      if (!view) throw new NotFoundError('Conversation not found');
      this.events.toUser(userId, 'new-message', {
        message: dto,
        conversation: toConversationDto(view, images),
      });
    });
    await this.messages.markAnnounced(message.id);
  }

  /** What the sending limits look at (checkSendingLimits), read as of now. */
  private async sendingActivity(
    senderId: string,
    recipientId: string,
    content: string,
  ): Promise<SendingActivity> {
    const now = Date.now();
    const activity = await this.messages.sendingActivity(senderId, recipientId, content, {
      minute: new Date(now - MINUTE_S * 1000),
      hour: new Date(now - HOUR_S * 1000),
      duplicates: new Date(now - DUPLICATE_MESSAGE_WINDOW_MS),
      day: new Date(now - NEW_ACCOUNT_AGE_MS),
    });
    return { now, activity };
  }

  async listConversations(
    userId: string,
    { archived, ...page }: PageRequest & { archived: boolean },
  ): Promise<{ data: Conversation[]; pagination: Pagination }> {
    const [rows, total] = await Promise.all([
      this.messages.findConversations(userId, archived, page),
      this.messages.countConversations(userId, archived),
    ]);
    return { data: await this.toConversationDtos(rows), pagination: paginate(total, page) };
  }

  /** The conversation's messages for one of its participants, with the conversation itself. */
  async conversationMessages(
    userId: string,
    conversationId: string,
    page: PageRequest,
    cursor?: MessageCursor,
  ): Promise<{ data: Message[]; pagination: Pagination; conversation: Conversation }> {
    const record = await this.participantConversation(userId, conversationId);
    const [{ rows, total }, conversation] = await Promise.all([
      this.messages.findMessages(conversationId, page, cursor),
      this.conversationFor(userId, conversationId),
    ]);
    return {
      data: rows.map((row) => toMessageDto(row, record)),
      pagination: paginate(total, page),
      conversation,
    };
  }

  /**
   * The conversation, when `userId` takes part in it: 404 when it does not exist, 403 for anyone
   * else (also used to admit sockets to its room).
   */
  async participantConversation(userId: string, conversationId: string): Promise<ConversationRecord> {
    const conversation = await this.messages.findConversation(conversationId);
    if (!conversation) throw new NotFoundError('Conversation not found');
    if (conversation.buyerId !== userId && conversation.sellerId !== userId) {
      throw new ForbiddenError('You are not part of this conversation');
    }
    return conversation;
  }

  /** Only the recipient reads a message; the sender's tabs get a receipt, the reader's tabs too. */
  async markRead(userId: string, messageId: string): Promise<Message> {
    const message = await this.messages.findMessage(messageId);
    if (!message) throw new NotFoundError('Message not found');
    if (message.recipientId !== userId)
      throw new ForbiddenError('Only the recipient can mark a message read');
    const changed = await this.messages.markRead(messageId);
    if (changed) this.emitReceipts([changed]);
    return this.toMessageDto(changed ?? message);
  }

  /** Opening a conversation reads everything addressed to the user in it. */
  async markConversationRead(userId: string, conversationId: string): Promise<{ markedRead: number }> {
    await this.participantConversation(userId, conversationId);
    const changed = await this.messages.markConversationRead(conversationId, userId);
    this.emitReceipts(changed);
    return { markedRead: changed.length };
  }

  async deleteMessage(userId: string, messageId: string): Promise<void> {
    const message = await this.messages.findMessage(messageId);
    if (!message) throw new NotFoundError('Message not found');
    if (message.senderId !== userId) throw new ForbiddenError('You can only delete your own messages');
    await this.messages.deleteMessage(messageId);
    for (const participant of [message.senderId, message.recipientId]) {
      this.events.toUser(participant, 'message-deleted', {
        messageId,
        conversationId: message.conversationId,
      });
    }
  }

  async setBlocked(userId: string, otherId: string, blocked: boolean) {
    if (otherId === userId) throw new BadRequestError('You cannot block yourself');
    if (!(await this.messages.userExists(otherId))) throw new NotFoundError('User not found');
    if (blocked) await this.messages.block(userId, otherId);
    else await this.messages.unblock(userId, otherId);
    return { userId: otherId, blocked };
  }

  async setArchived(userId: string, conversationId: string, archived: boolean): Promise<Conversation> {
    const conversation = await this.participantConversation(userId, conversationId);
    await this.messages.setArchived(conversation, userId, archived);
    return this.conversationFor(userId, conversationId);
  }

  unreadCount(userId: string): Promise<number> {
    return this.messages.countUnread(userId);
  }

  private emitReceipts(read: MessageRecord[]): void {
    for (const message of read) {
      const receipt = {
        messageId: message.id,
        readBy: message.recipientId,
        readAt: message.readAt!.toISOString(),
      };
      this.events.toUser(message.senderId, 'message-read-receipt', receipt);
      this.events.toUser(message.recipientId, 'message-read-receipt', receipt);
    }
  }

  private async conversationFor(userId: string, conversationId: string): Promise<Conversation> {
    const row = await this.messages.findConversationFor(userId, conversationId);
    if (!row) throw new NotFoundError('Conversation not found');
    const [dto] = await this.toConversationDtos([row]);
    return dto!;
  }

  private async toMessageDto(message: MessageRecord): Promise<Message> {
    const conversation = await this.messages.findConversation(message.conversationId);
    return toMessageDto(message, conversation!);
  }

  private async toConversationDtos(rows: ConversationRow[]): Promise<Conversation[]> {
    const listingIds = rows.flatMap((row) => (row.listingId ? [row.listingId] : []));
    const images = await this.listings.imagesFor(listingIds);
    return rows.map((row) => toConversationDto(row, images));
  }
}

interface SendingActivity {
  now: number;
  activity: Awaited<ReturnType<MessagesRepository['sendingActivity']>>;
}

/**
 * Limits on strangers, checked before anything is stored (429 with Retry-After and a message that
 * says what to do): an account under a day old opens at most a few conversations; everyone sends
 * at most so many messages a minute and an hour; a text that already went to several other people
 * within minutes is held, the mark of a pasted scam or spam run.
 */
function checkSendingLimits({ now, activity }: SendingActivity, startsConversation: boolean): void {
  if (!activity) throw new NotFoundError('User not found');
  if (activity.accountBlockedAt) throw new BlockedAccountError();

  if (activity.lastMinute >= MESSAGES_PER_MINUTE)
    throw new TooManyRequestsError(MINUTE_S, SEND_RATE_ERROR, 'SEND_RATE_LIMIT');
  if (activity.lastHour >= MESSAGES_PER_HOUR)
    throw new TooManyRequestsError(HOUR_S, HOURLY_SEND_RATE_ERROR, 'SEND_RATE_LIMIT');
  if (activity.sameTextRecipients >= DUPLICATE_MESSAGE_RECIPIENTS_MAX) {
    throw new TooManyRequestsError(
      Math.ceil(DUPLICATE_MESSAGE_WINDOW_MS / 1000),
      DUPLICATE_HELD_ERROR,
      'DUPLICATE_MESSAGE_HELD',
    );
  }
  const accountAgeMs = now - activity.accountCreatedAt.getTime();
  if (
    startsConversation &&
    accountAgeMs < NEW_ACCOUNT_AGE_MS &&
    activity.conversationsStarted >= NEW_ACCOUNT_CONVERSATIONS_PER_DAY
  ) {
    throw new TooManyRequestsError(
      Math.ceil((NEW_ACCOUNT_AGE_MS - accountAgeMs) / 1000),
      NEW_ACCOUNT_LIMIT_ERROR,
      'NEW_ACCOUNT_LIMIT',
    );
  }
}

function toMessageDto(message: MessageRecord, conversation: ConversationRecord): Message {
  return {
    _id: message.id,
    conversationId: message.conversationId,
    sender: { _id: message.senderId },
    recipient: { _id: message.recipientId },
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    read: message.readAt !== null,
    readAt: message.readAt?.toISOString() ?? null,
    listing: conversation.listingId,
    warnings: detectScamKinds(message.content),
  };
}

function toConversationDto(
  row: ConversationRow,
  images: Awaited<ReturnType<ListingsRepository['imagesFor']>>,
): Conversation {
  const listingImages = row.listingId ? (images.get(row.listingId) ?? []) : [];
  const primary = listingImages.find((image) => image.isPrimary) ?? listingImages[0];
  return {
    conversationId: row.id,
    otherParticipant: {
      _id: row.otherId,
      name: formatDisplayName({ name: row.otherName, email: row.otherEmail }),
      profileImage: null,
    },
    lastMessage:
      row.lastContent !== null && row.lastSenderId && row.lastCreatedAt
        ? {
            content: row.lastContent,
            sender: { _id: row.lastSenderId },
            createdAt: new Date(row.lastCreatedAt).toISOString(),
          }
        : null,
    unreadCount: row.unreadCount,
    // A deleted listing leaves the conversation without a preview; listingTitle still names it.
    listing: row.listingId
      ? {
          _id: row.listingId,
          title: row.listingTitle!,
          primaryImage: primary ? toImageDto(primary) : null,
          price: { amount: row.listingPriceAmount!, currency: 'USD', negotiable: row.listingNegotiable! },
          vehicle: { year: row.listingYear!, make: row.listingMake!, model: row.listingModel! },
        }
      : null,
    listingTitle: row.listingTitleSnapshot,
    isArchived: row.archivedAt !== null,
    isBlocked: Boolean(row.isBlocked),
  };
}
