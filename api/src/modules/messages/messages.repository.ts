import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, listings, messages, users } from '../../db/schema.js';
import { pageOffset, type PageRequest } from '../../http/pagination.js';

export class MessagesRepository {
  constructor(private readonly db: Db) {}

  /** Conversations the user takes part in and has not archived. */
  private visibleTo(userId: string) {
    return or(
      and(eq(conversations.buyerId, userId), isNull(conversations.buyerArchivedAt)),
      and(eq(conversations.sellerId, userId), isNull(conversations.sellerArchivedAt)),
    );
  }

  /**
   * One page of the user's conversations, most recent activity first, each with the other
   * participant, the last message (a lateral join on the conversation/created_at index) and the
   * number of messages still unread by the user.
   */
  async findConversations(userId: string, page: PageRequest) {
    const lastMessage = this.db
      .select({ content: messages.content, senderId: messages.senderId, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, conversations.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1)
      .as('last_message');

    const rows = await this.db
      .select({
        id: conversations.id,
        listingId: listings.id,
        listingTitle: listings.title,
        listingPriceAmount: listings.priceAmount,
        listingNegotiable: listings.negotiable,
        listingYear: listings.year,
        listingMake: listings.make,
        listingModel: listings.model,
        otherId: users.id,
        otherName: users.name,
        lastContent: lastMessage.content,
        lastSenderId: lastMessage.senderId,
        lastCreatedAt: lastMessage.createdAt,
        unreadCount: sql<number>`(
          select count(*) from ${messages}
          where ${messages.conversationId} = ${conversations.id}
            and ${messages.recipientId} = ${userId}
            and ${messages.readAt} is null
        )`.mapWith(Number),
      })
      .from(conversations)
      .innerJoin(
        users,
        eq(
          users.id,
          sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`,
        ),
      )
      .leftJoin(listings, eq(listings.id, conversations.listingId))
      .leftJoinLateral(lastMessage, sql`true`)
      .where(this.visibleTo(userId))
      .orderBy(
        sql`${conversations.lastMessageAt} desc nulls last`,
        desc(conversations.createdAt),
        desc(conversations.id),
      )
      .limit(page.limit)
      .offset(pageOffset(page));
    return rows;
  }

  async countConversations(userId: string): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(conversations).where(this.visibleTo(userId));
    return row?.total ?? 0;
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)));
    return row?.total ?? 0;
  }
}

export type ConversationRow = Awaited<ReturnType<MessagesRepository['findConversations']>>[number];
