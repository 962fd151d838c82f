import type { Conversation, Message, Pagination } from '@carmarket/shared/contracts';
import type { SendMessagePayload } from '@carmarket/shared/schemas';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { toImageDto } from '../listings/listing-dto.js';
import type { ListingsRepository } from '../listings/listings.repository.js';
import type {
  ConversationRecord,
  ConversationRow,
  MessageCursor,
  MessageRecord,
  MessagesRepository,
} from './messages.repository.js';

export const OWN_LISTING_ERROR = 'You cannot message your own listing';
export const BLOCKED_BY_RECIPIENT_ERROR = 'This user is not accepting messages from you';
export const BLOCKED_BY_SENDER_ERROR = 'You have blocked this user. Unblock them to send a message';

export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly listings: ListingsRepository,
    private readonly events: EventBus,
  ) {}

  /**
   * Stores the message, then tells both participants (every tab of each). The message is in the
   * database before the reply and before any event, so a client that missed the event finds it by
   * fetching. A retry with the same clientMessageId answers with the stored message and emits nothing.
   */
  async send(senderId: string, payload: SendMessagePayload): Promise<Message> {
    if (payload.clientMessageId) {
      const existing = await this.messages.findByClientMessageId(senderId, payload.clientMessageId);
      if (existing) return this.toMessageDto(existing);
    }

    const found = await this.listings.findById(payload.listingId);
    // A draft (fewer than 4 photos) exists only for its owner: to anyone else it is not there at
    // all, exactly as a deleted listing is.
    if (!found || (found.listing.status === 'draft' && found.listing.sellerId !== senderId)) {
      throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
    }
    const { listing } = found;
    if (payload.recipientId === senderId) throw new BadRequestError(OWN_LISTING_ERROR, 'OWN_LISTING');

    let buyerId: string;
    if (listing.sellerId === senderId) {
      // The seller answers a buyer who wrote first; they never open a conversation about their own car.
      const existing = await this.messages.findConversationByParties(
        listing.id,
        payload.recipientId,
        senderId,
      );
      if (!existing) throw new ForbiddenError(OWN_LISTING_ERROR, 'OWN_LISTING');
      buyerId = payload.recipientId;
    } else if (listing.sellerId === payload.recipientId) {
      buyerId = senderId;
    } else {
      throw new BadRequestError('The recipient is not the seller of this listing', 'WRONG_RECIPIENT');
    }

    const block = await this.messages.blockBetween(senderId, payload.recipientId);
    if (block) {
      throw new ForbiddenError(
        block.blockerId === senderId ? BLOCKED_BY_SENDER_ERROR : BLOCKED_BY_RECIPIENT_ERROR,
        'BLOCKED',
      );
    }

    const { message, created } = await this.messages.insertMessage({
      listingId: listing.id,
      listingTitle: listing.title,
      buyerId,
      sellerId: listing.sellerId,
      senderId,
      recipientId: payload.recipientId,
      content: payload.content,
      clientMessageId: payload.clientMessageId ?? null,
    });
    const dto = await this.toMessageDto(message);
    if (created) {
      for (const userId of [message.senderId, message.recipientId]) {
        const conversation = await this.conversationFor(userId, message.conversationId);
        this.events.toUser(userId, 'new-message', { message: dto, conversation });
      }
    }
    return dto;
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
    otherParticipant: { _id: row.otherId, name: row.otherName, profileImage: null },
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
