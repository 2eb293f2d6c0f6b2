import type { Executor } from '@caravan/db/client';
import { chatCannedReplies, chatConversationOrders, chatConversations, chatMessages } from '@caravan/db/schema/chat';
import { AppError } from '../../platform/errors.ts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type CannedReplyRow = typeof chatCannedReplies.$inferSelect;
export type Sender = 'buyer' | 'operator';

export interface ConversationFilter {
  state?: 'open' | 'closed' | undefined;
  /** an operator id, or null for unassigned */
  assigneeId?: string | null | undefined;
  userId?: string | undefined;
  /** linked to this order */
  orderId?: string | undefined;
  limit: number;
  offset: number;
}

function conversationWhere(filter: Omit<ConversationFilter, 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(chatConversations.state, filter.state));
  if (filter.assigneeId === null) conditions.push(isNull(chatConversations.assigneeId));
  else if (filter.assigneeId !== undefined) conditions.push(eq(chatConversations.assigneeId, filter.assigneeId));
  if (filter.userId) conditions.push(eq(chatConversations.userId, filter.userId));
  if (filter.orderId) {
    conditions.push(
      inArray(
        chatConversations.id,
        // the link table is this module's own
        sql`(select ${chatConversationOrders.conversationId} from ${chatConversationOrders} where ${chatConversationOrders.orderId} = ${filter.orderId})`,
      ),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The only code touching the chat tables. */
export class ChatRepository {
  // ---- conversations ----------------------------------------------------------------------------

  /** The buyer's conversation, created when missing, locked for the rest of the transaction. */
  async lockOrCreateForUser(executor: Executor, userId: string, id: string, now: Date): Promise<ConversationRow> {
    await executor.insert(chatConversations).values({ id, userId, state: 'open', createdAt: now, updatedAt: now }).onConflictDoNothing({ target: chatConversations.userId });
    const rows = await executor.select().from(chatConversations).where(eq(chatConversations.userId, userId)).limit(1).for('update');
    const row = rows[0];
    // inserted just now or by a concurrent first message; never deleted
    if (!row) throw new AppError('chat.conversation_not_found');
    return row;
  }

  async findByUser(executor: Executor, userId: string): Promise<ConversationRow | undefined> {
    const rows = await executor.select().from(chatConversations).where(eq(chatConversations.userId, userId)).limit(1);
    return rows[0];
  }

  async findById(executor: Executor, id: string): Promise<ConversationRow | undefined> {
    const rows = await executor.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
    return rows[0];
  }

  async lockById(executor: Executor, id: string): Promise<ConversationRow | undefined> {
    const rows = await executor.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1).for('update');
    return rows[0];
  }

  async updateConversation(executor: Executor, id: string, changes: Partial<typeof chatConversations.$inferInsert>): Promise<ConversationRow> {
    const rows = await executor.update(chatConversations).set(changes).where(eq(chatConversations.id, id)).returning();
    const row = rows[0];
    if (!row) throw new AppError('chat.conversation_not_found');
    return row;
  }

  /** The inbox: unread first, then the longest waiting, then the latest activity. */
  async pageConversations(executor: Executor, filter: ConversationFilter): Promise<ConversationRow[]> {
    return executor
      .select()
      .from(chatConversations)
      .where(conversationWhere(filter))
      .orderBy(
        desc(sql`(${chatConversations.operatorUnread} > 0)`),
        sql`${chatConversations.waitingSince} asc nulls last`,
        sql`${chatConversations.lastMessageAt} desc nulls last`,
        asc(chatConversations.id),
      )
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async countConversations(executor: Executor, filter: Omit<ConversationFilter, 'limit' | 'offset'>): Promise<number> {
    const rows = await executor.select({ n: count() }).from(chatConversations).where(conversationWhere(filter));
    return rows[0]?.n ?? 0;
  }

  /** Conversations with buyer messages no operator has read (the operators' badge). */
  async countUnreadConversations(executor: Executor): Promise<number> {
    const rows = await executor.select({ n: count() }).from(chatConversations).where(gt(chatConversations.operatorUnread, 0));
    return rows[0]?.n ?? 0;
  }

  // ---- messages ---------------------------------------------------------------------------------

  async insertMessage(executor: Executor, row: typeof chatMessages.$inferInsert): Promise<MessageRow> {
    const rows = await executor.insert(chatMessages).values(row).returning();
    return rows[0] as MessageRow;
  }

  async findMessageByClientId(executor: Executor, conversationId: string, sender: Sender, clientId: string): Promise<MessageRow | undefined> {
    const rows = await executor
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.sender, sender), eq(chatMessages.clientId, clientId)))
      .limit(1);
    return rows[0];
  }

  async findMessage(executor: Executor, conversationId: string, id: string): Promise<MessageRow | undefined> {
    const rows = await executor
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, id)))
      .limit(1);
    return rows[0];
  }

  /** Newest first; with `beforeSeq`, only messages older than it. */
  async pageMessages(executor: Executor, conversationId: string, limit: number, beforeSeq?: bigint): Promise<MessageRow[]> {
    return executor
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), beforeSeq !== undefined ? lt(chatMessages.seq, beforeSeq) : undefined))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
  }

  /** Oldest first: the messages after `afterSeq` (a reconnecting client's catch-up). */
  async messagesAfter(executor: Executor, conversationId: string, afterSeq: bigint, limit: number): Promise<MessageRow[]> {
    return executor
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)))
      .orderBy(asc(chatMessages.seq))
      .limit(limit);
  }

  /** Marks the other side's unread messages read; answers the newest one marked (null when none). */
  async markRead(executor: Executor, conversationId: string, writtenBy: Sender, now: Date): Promise<string | null> {
    const rows = await executor
      .update(chatMessages)
      .set({ readAt: now })
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.sender, writtenBy), isNull(chatMessages.readAt)))
      .returning({ id: chatMessages.id, seq: chatMessages.seq });
    if (rows.length === 0) return null;
    return rows.reduce((newest, row) => (row.seq > newest.seq ? row : newest)).id;
  }

  /** The latest message of each conversation (the inbox preview). */
  async latestMessages(executor: Executor, conversationIds: string[]): Promise<Map<string, MessageRow>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await executor
      .selectDistinctOn([chatMessages.conversationId])
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, conversationIds))
      .orderBy(chatMessages.conversationId, desc(chatMessages.seq));
    return new Map(rows.map((row) => [row.conversationId, row]));
  }

  // ---- linked orders ------------------------------------------------------------------------------

  async linkOrder(executor: Executor, row: typeof chatConversationOrders.$inferInsert): Promise<boolean> {
    const inserted = await executor.insert(chatConversationOrders).values(row).onConflictDoNothing().returning({ orderId: chatConversationOrders.orderId });
    return inserted.length === 1;
  }

  async linkedOrders(executor: Executor, conversationIds: string[]): Promise<Map<string, string[]>> {
    const linked = new Map<string, string[]>();
    if (conversationIds.length === 0) return linked;
    const rows = await executor
      .select()
      .from(chatConversationOrders)
      .where(inArray(chatConversationOrders.conversationId, conversationIds))
      .orderBy(asc(chatConversationOrders.createdAt));
    for (const row of rows) linked.set(row.conversationId, [...(linked.get(row.conversationId) ?? []), row.orderId]);
    return linked;
  }

  /** The conversation linked to an order, if any (the order timeline shows it). */
  async conversationOfOrder(executor: Executor, orderId: string): Promise<{ conversationId: string; linkedAt: Date } | undefined> {
    const rows = await executor
      .select({ conversationId: chatConversationOrders.conversationId, linkedAt: chatConversationOrders.createdAt })
      .from(chatConversationOrders)
      .where(eq(chatConversationOrders.orderId, orderId))
      .orderBy(asc(chatConversationOrders.createdAt))
      .limit(1);
    return rows[0];
  }

  // ---- canned replies -----------------------------------------------------------------------------

  async cannedReplies(executor: Executor, locale: string | undefined): Promise<CannedReplyRow[]> {
    return executor
      .select()
      .from(chatCannedReplies)
      .where(locale ? eq(chatCannedReplies.locale, locale) : undefined)
      .orderBy(asc(chatCannedReplies.locale), asc(chatCannedReplies.title))
      .limit(500);
  }

  async findCannedReply(executor: Executor, id: string): Promise<CannedReplyRow | undefined> {
    const rows = await executor.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, id)).limit(1);
    return rows[0];
  }

  async insertCannedReply(executor: Executor, row: typeof chatCannedReplies.$inferInsert): Promise<CannedReplyRow> {
    const rows = await executor.insert(chatCannedReplies).values(row).returning();
    return rows[0] as CannedReplyRow;
  }

  async updateCannedReply(executor: Executor, id: string, changes: Partial<typeof chatCannedReplies.$inferInsert>): Promise<CannedReplyRow | undefined> {
    const rows = await executor.update(chatCannedReplies).set(changes).where(eq(chatCannedReplies.id, id)).returning();
    return rows[0];
  }

  async deleteCannedReply(executor: Executor, id: string): Promise<boolean> {
    const rows = await executor.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning({ id: chatCannedReplies.id });
    return rows.length === 1;
  }
}
