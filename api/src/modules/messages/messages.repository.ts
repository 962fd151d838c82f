import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { conversations, listings, messages, userBlocks, users } from '../../db/schema.js';
import type { PageRequest } from '@carmarket/shared/contracts';
import { pageOffset } from '../../db/paging.js';

export type ConversationRecord = typeof conversations.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;

/**
 * How long the process that stored a message has to send its new-message events before any
 * process's sweep sends them: far longer than that takes even on a busy machine, so a message is
 * announced twice only when its process died between sending and recording it.
 */
export const ANNOUNCE_LEASE_MS = 15_000;
const announceDue = sql`now() + ${ANNOUNCE_LEASE_MS} * interval '1 millisecond'`;

/** Where a catch-up fetch starts: after a known message, or after a moment. */
export type MessageCursor = { messageId: string } | { since: Date };

/**
 * Every column of `table` as a `with` of its insert's `returning()` gives it back, to select them
 * from that subquery with the names and types of the table's record.
 */
function columnsOf<TTable extends PgTable, TReturned extends object>(
  returned: TReturned,
  table: TTable,
): Pick<TReturned, keyof TTable['_']['columns'] & keyof TReturned> {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, Reflect.get(returned, key)]),
  ) as Pick<TReturned, keyof TTable['_']['columns'] & keyof TReturned>;
}

/** A prepared statement's parameter, filled in at each execution (`sql.placeholder`). */
const param = (name: string) => sql.placeholder(name);

export class MessagesRepository {
  /**
   * The statements a sent message runs outside its transaction (about a dozen a message, the most of
   * any request under the mixed load), built once and prepared on each connection: building a drizzle
   * query on every call was about a tenth of the server's CPU and a third of what it allocated under
   * that load (docs/reliability.md, "Event-loop delay under load").
   */
  private readonly prepared;

  constructor(private readonly db: Db) {
    this.prepared = {
      conversation: db
        .select()
        .from(conversations)
        .where(eq(conversations.id, param('id')))
        .prepare('conversation_by_id'),
      conversationFor: this.selectConversations(
        param('userId'),
        eq(conversations.id, param('conversationId')),
      ).prepare('conversation_for_user'),
      conversationBetween: db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.listingId, param('listingId')),
            or(
              and(eq(conversations.buyerId, param('oneId')), eq(conversations.sellerId, param('otherId'))),
              and(eq(conversations.buyerId, param('otherId')), eq(conversations.sellerId, param('oneId'))),
            ),
          ),
        )
        .prepare('conversation_between'),
      byClientMessageId: db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.senderId, param('senderId')),
            eq(messages.clientMessageId, param('clientMessageId')),
          ),
        )
        .prepare('message_by_client_id'),
      blockBetween: db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, param('userId')), eq(userBlocks.blockedId, param('otherId'))),
            and(eq(userBlocks.blockerId, param('otherId')), eq(userBlocks.blockedId, param('userId'))),
          ),
        )
        .limit(1)
        .prepare('block_between'),
      markAnnounced: db
        .update(messages)
        .set({ announceDueAt: null })
        .where(eq(messages.id, param('id')))
        .prepare('mark_message_announced'),
      sendingActivity: this.prepareSendingActivity(),
      insertMessage: this.prepareInsertMessage(),
      // One array parameter however many users a window of presence changes holds (hundreds while
      // thousands connect), so one statement, built and prepared once, serves every window.
      partners: db
        .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId })
        .from(conversations)
        .where(
          sql`${conversations.buyerId} = any(${param('ids')}::uuid[]) or ${conversations.sellerId} = any(${param('ids')}::uuid[])`,
        )
        .prepare('conversation_partners'),
    };
  }

  /** For each of the users, everyone they share a conversation with (buyer or seller side). */
  async conversationPartners(userIds: string[]): Promise<Map<string, string[]>> {
    const partners = new Map(userIds.map((id) => [id, new Set<string>()]));
    if (userIds.length === 0) return new Map();
    const rows = await this.prepared.partners.execute({ ids: userIds });
    for (const { buyerId, sellerId } of rows) {
      partners.get(buyerId)?.add(sellerId);
      partners.get(sellerId)?.add(buyerId);
    }
    return new Map([...partners].map(([id, others]) => [id, [...others]]));
  }

  /** Conversations the user takes part in, archived by them or not. */
  private participantIn(userId: string, archived: boolean) {
    const archivedAt = (column: typeof conversations.buyerArchivedAt) =>
      archived ? isNotNull(column) : isNull(column);
    return or(
      and(eq(conversations.buyerId, userId), archivedAt(conversations.buyerArchivedAt)),
      and(eq(conversations.sellerId, userId), archivedAt(conversations.sellerArchivedAt)),
    );
  }

  /**
   * Conversations as the user sees them, each with the other participant, the last message (a
   * lateral join on the conversation/created_at index) and the number of messages still unread by
   * the user — one query, whatever the page size.
   */
  private selectConversations(userId: string | Placeholder, where: SQL | undefined) {
    const lastMessage = this.db
      .select({ content: messages.content, senderId: messages.senderId, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, conversations.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1)
      .as('last_message');

    return this.db
      .select({
        id: conversations.id,
        listingTitleSnapshot: conversations.listingTitle,
        archivedAt: sql<Date | null>`case when ${conversations.buyerId} = ${userId}
          then ${conversations.buyerArchivedAt} else ${conversations.sellerArchivedAt} end`,
        listingId: listings.id,
        listingTitle: listings.title,
        listingPriceAmount: listings.priceAmount,
        listingNegotiable: listings.negotiable,
        listingYear: listings.year,
        listingMake: listings.make,
        listingModel: listings.model,
        otherId: users.id,
        otherName: users.name,
        // Only to name someone without a display name (formatDisplayName); it never leaves the API.
        otherEmail: users.email,
        lastContent: lastMessage.content,
        lastSenderId: lastMessage.senderId,
        lastCreatedAt: lastMessage.createdAt,
        unreadCount: sql<number>`(
          select count(*) from ${messages}
          where ${messages.conversationId} = ${conversations.id}
            and ${messages.recipientId} = ${userId}
            and ${messages.readAt} is null
        )`.mapWith(Number),
        isBlocked: sql<boolean>`exists (
          select 1 from ${userBlocks}
          where ${userBlocks.blockerId} = ${userId} and ${userBlocks.blockedId} = ${users.id}
        )`,
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
      .where(where);
  }

  /** One page of the user's conversations (archived ones, or the others), latest activity first. */
  async findConversations(userId: string, archived: boolean, page: PageRequest) {
    return this.selectConversations(userId, this.participantIn(userId, archived))
      .orderBy(
        sql`${conversations.lastMessageAt} desc nulls last`,
        desc(conversations.createdAt),
        desc(conversations.id),
      )
      .limit(page.limit)
      .offset(pageOffset(page));
  }

  /** One conversation as `userId` sees it (who must take part in it). */
  async findConversationFor(userId: string, conversationId: string) {
    const [row] = await this.prepared.conversationFor.execute({ userId, conversationId });
    return row;
  }

  async countConversations(userId: string, archived: boolean): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(conversations)
      .where(this.participantIn(userId, archived));
    return row?.total ?? 0;
  }

  async findConversation(id: string): Promise<ConversationRecord | undefined> {
    const [row] = await this.prepared.conversation.execute({ id });
    return row;
  }

  async findMessage(id: string): Promise<MessageRecord | undefined> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id));
    return row;
  }

  async findByClientMessageId(senderId: string, clientMessageId: string): Promise<MessageRecord | undefined> {
    const [row] = await this.prepared.byClientMessageId.execute({ senderId, clientMessageId });
    return row;
  }

  /** The conversation of two users about a listing, whichever of them is its buyer. */
  async findConversationBetween(listingId: string, oneId: string, otherId: string) {
    const [row] = await this.prepared.conversationBetween.execute({ listingId, oneId, otherId });
    return row;
  }

  /**
   * Stores a message in the one conversation of listing + buyer + seller, creating it on first
   * contact, due to be announced within ANNOUNCE_LEASE_MS. A retry carrying the same clientMessageId
   * returns the message stored the first time (`created: false`), also when two retries race.
   */
  async insertMessage(input: {
    listingId: string;
    listingTitle: string;
    buyerId: string;
    sellerId: string;
    senderId: string;
    recipientId: string;
    content: string;
    clientMessageId: string | null;
  }): Promise<{ message: MessageRecord; conversation: ConversationRecord; created: boolean }> {
    const [row] = await this.prepared.insertMessage.execute(input);
    const { conversation, message } = row!;
    if (message) return { message, conversation, created: true };
    // The same send retried at the same moment and stored by the other request, which announces it
    // (this statement still moved the conversation up, a moment after that message).
    const [existing] = await this.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.senderId, input.senderId), eq(messages.clientMessageId, input.clientMessageId!)),
      );
    return { message: existing!, conversation, created: false };
  }

  /**
   * A message stored with its conversation in one statement, so one round trip where a transaction
   * took five: under load each round trip waits its turn on a busy event loop (docs/benchmarks.md,
   * "Presence"). Built and prepared once: drizzle built this statement in about 200 KB of short-lived
   * objects a message. The conversation is created, or locked and moved to the top, first; the
   * message is timed by that same moment, once the conversation is this statement's alone: its
   * messages' times then follow the order they are committed in, so a catch-up asking for what came
   * after a message it has cannot miss one committed later with an earlier time. A new message also
   * brings the conversation back for a recipient who had archived it.
   */
  private prepareInsertMessage() {
    const archivedUnlessRecipient = (side: PgColumn, archivedAt: PgColumn) =>
      sql`case when ${side} = ${param('recipientId')} then null else ${archivedAt} end`;
    const conversation = this.db.$with('conversation').as(
      this.db
        .insert(conversations)
        .values({
          listingId: param('listingId'),
          listingTitle: param('listingTitle'),
          buyerId: param('buyerId'),
          sellerId: param('sellerId'),
          lastMessageAt: sql`clock_timestamp()`,
        })
        .onConflictDoUpdate({
          target: [conversations.listingId, conversations.buyerId, conversations.sellerId],
          set: {
            lastMessageAt: sql`clock_timestamp()`,
            buyerArchivedAt: archivedUnlessRecipient(conversations.buyerId, conversations.buyerArchivedAt),
            sellerArchivedAt: archivedUnlessRecipient(conversations.sellerId, conversations.sellerArchivedAt),
          },
        })
        .returning(),
    );
    const message = this.db.$with('message').as(
      this.db
        .insert(messages)
        .values({
          conversationId: sql`(select ${conversation.id} from ${conversation})`,
          senderId: param('senderId'),
          recipientId: param('recipientId'),
          content: param('content'),
          clientMessageId: param('clientMessageId'),
          announceDueAt: announceDue,
          createdAt: sql`(select ${conversation.lastMessageAt} from ${conversation})`,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
        .returning(),
    );
    return this.db
      .with(conversation, message)
      .select({ conversation: columnsOf(conversation, conversations), message: columnsOf(message, messages) })
      .from(conversation)
      .leftJoin(message, sql`true`)
      .prepare('insert_message');
  }

  /**
   * One page of a conversation's messages in reading order (oldest → newest). Page 1 holds the
   * most recent `limit` messages, page 2 the ones before them, so a chat opens at its end. With a
   * cursor: the first `limit` messages after it, for catching up after a reconnection.
   */
  async findMessages(conversationId: string, page: PageRequest, cursor?: MessageCursor) {
    const inConversation = eq(messages.conversationId, conversationId);
    if (cursor) {
      // A message cursor compares in SQL at the database's microsecond precision, with the id
      // breaking ties. A moment comes from a client, which only ever saw millisecond timestamps, so
      // the stored time is cut to milliseconds before comparing (else the message it names recurs).
      const after =
        'messageId' in cursor
          ? sql`(${messages.createdAt}, ${messages.id}) > (select m.created_at, m.id from ${messages} m where m.id = ${cursor.messageId})`
          : sql`date_trunc('milliseconds', ${messages.createdAt}) > ${cursor.since.toISOString()}::timestamptz`;
      const where = and(inConversation, after);
      const [rows, [total]] = await Promise.all([
        this.db
          .select()
          .from(messages)
          .where(where)
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(page.limit)
          .offset(pageOffset(page)),
        this.db.select({ total: count() }).from(messages).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    }
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(inConversation)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.db.select({ total: count() }).from(messages).where(inConversation),
    ]);
    return { rows: rows.reverse(), total: total?.total ?? 0 };
  }

  /** Records that both participants' new-message events for the message were sent. */
  async markAnnounced(messageId: string): Promise<void> {
    await this.prepared.markAnnounced.execute({ id: messageId });
  }

  /**
   * Messages whose announcement is overdue (their process stopped between storing and announcing
   * them), each taken for a new lease so that a sweep on another process skips it.
   */
  async claimOverdueAnnouncements(limit = 100): Promise<MessageRecord[]> {
    const overdue = this.db
      .select({ id: messages.id })
      .from(messages)
      .where(lt(messages.announceDueAt, sql`now()`))
      .orderBy(asc(messages.announceDueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(messages)
      .set({ announceDueAt: announceDue })
      .where(inArray(messages.id, overdue))
      .returning();
  }

  /** Marks one message read; returns it only when this call changed it. */
  async markRead(messageId: string): Promise<MessageRecord | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(and(eq(messages.id, messageId), isNull(messages.readAt)))
      .returning();
    return row;
  }

  /** Marks every message of the conversation addressed to the user read; returns those changed. */
  async markConversationRead(conversationId: string, recipientId: string): Promise<MessageRecord[]> {
    return this.db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.recipientId, recipientId),
          isNull(messages.readAt),
        ),
      )
      .returning();
  }

  async deleteMessage(id: string): Promise<void> {
    await this.db.delete(messages).where(eq(messages.id, id));
  }

  async setArchived(conversation: ConversationRecord, userId: string, archived: boolean): Promise<void> {
    const at = archived ? new Date() : null;
    await this.db
      .update(conversations)
      .set(conversation.buyerId === userId ? { buyerArchivedAt: at } : { sellerArchivedAt: at })
      .where(eq(conversations.id, conversation.id));
  }

  async block(blockerId: string, blockedId: string): Promise<void> {
    await this.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  }

  /** Who of the two has blocked the other, if anyone. */
  async blockBetween(userId: string, otherId: string): Promise<{ blockerId: string } | undefined> {
    const [row] = await this.prepared.blockBetween.execute({ userId, otherId });
    return row;
  }

  /**
   * What the sending limits look at, in one query (on the sender indexes): how old the account is,
   * how many messages it sent lately, how many other people got this very text (spacing and case
   * ignored) within the duplicate window, and how many conversations it opened as a buyer lately.
   */
  async sendingActivity(
    senderId: string,
    recipientId: string,
    content: string,
    since: { minute: Date; hour: Date; duplicates: Date; day: Date },
  ) {
    const [row] = await this.prepared.sendingActivity.execute({
      senderId,
      recipientId,
      content,
      minute: since.minute.toISOString(),
      hour: since.hour.toISOString(),
      duplicates: since.duplicates.toISOString(),
      day: since.day.toISOString(),
    });
    return row;
  }

  private prepareSendingActivity() {
    const senderId = param('senderId');
    const at = (name: string) => sql`${param(name)}::timestamptz`;
    const normalized = (text: SQL) => sql`lower(regexp_replace(btrim(${text}), '[[:space:]]+', ' ', 'g'))`;
    return this.db
      .select({
        accountCreatedAt: users.createdAt,
        accountBlockedAt: users.blockedAt,
        lastMinute: sql<number>`(select count(*) from ${messages}
          where ${messages.senderId} = ${senderId} and ${messages.createdAt} > ${at('minute')})`.mapWith(
          Number,
        ),
        lastHour: sql<number>`(select count(*) from ${messages}
          where ${messages.senderId} = ${senderId} and ${messages.createdAt} > ${at('hour')})`.mapWith(
          Number,
        ),
        sameTextRecipients: sql<number>`(select count(distinct ${messages.recipientId}) from ${messages}
          where ${messages.senderId} = ${senderId} and ${messages.createdAt} > ${at('duplicates')}
            and ${messages.recipientId} <> ${param('recipientId')}
            and ${normalized(sql`${messages.content}`)} = ${normalized(sql`${param('content')}`)})`.mapWith(
          Number,
        ),
        conversationsStarted: sql<number>`(select count(*) from ${conversations}
          where ${conversations.buyerId} = ${senderId} and ${conversations.createdAt} > ${at('day')})`.mapWith(
          Number,
        ),
      })
      .from(users)
      .where(eq(users.id, senderId))
      .prepare('sending_activity');
  }

  async userExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return Boolean(row);
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)));
    return row?.total ?? 0;
  }
}

export type ConversationRow = NonNullable<Awaited<ReturnType<MessagesRepository['findConversationFor']>>>;
