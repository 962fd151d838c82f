import type { Conversation, Pagination } from '@carmarket/shared/contracts';
import { paginate, type PageRequest } from '../../http/pagination.js';
import { toImageDto } from '../listings/listing-dto.js';
import type { ListingsRepository } from '../listings/listings.repository.js';
import type { ConversationRow, MessagesRepository } from './messages.repository.js';

export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly listings: ListingsRepository,
  ) {}

  async listConversations(
    userId: string,
    page: PageRequest,
  ): Promise<{ data: Conversation[]; pagination: Pagination }> {
    const [rows, total] = await Promise.all([
      this.messages.findConversations(userId, page),
      this.messages.countConversations(userId),
    ]);
    const listingIds = rows.flatMap((row) => (row.listingId ? [row.listingId] : []));
    const images = await this.listings.imagesFor(listingIds);
    return { data: rows.map((row) => toConversationDto(row, images)), pagination: paginate(total, page) };
  }

  unreadCount(userId: string): Promise<number> {
    return this.messages.countUnread(userId);
  }
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
            createdAt: row.lastCreatedAt.toISOString(),
          }
        : null,
    unreadCount: row.unreadCount,
    // A deleted listing leaves the conversation without a preview.
    listing: row.listingId
      ? {
          _id: row.listingId,
          title: row.listingTitle!,
          primaryImage: primary ? toImageDto(primary) : null,
          price: { amount: row.listingPriceAmount!, currency: 'USD', negotiable: row.listingNegotiable! },
          vehicle: { year: row.listingYear!, make: row.listingMake!, model: row.listingModel! },
        }
      : null,
  };
}
