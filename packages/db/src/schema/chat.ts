import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/**
 * Customer-service chat: one conversation per buyer with the platform's customer service. The
 * conversation row carries the counters the inbox sorts by (unread on each side, since when the buyer
 * waits for an answer); they change in the same transaction as the message that changes them, under
 * the conversation's row lock, which also orders the messages of one conversation.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    /** 'open' | 'closed' (a buyer message reopens a closed conversation) */
    state: text().notNull(),
    assigneeId: text(),
    /** customer-service messages the buyer has not read */
    buyerUnread: integer().notNull().default(0),
    /** buyer messages no operator has read */
    operatorUnread: integer().notNull().default(0),
    /** the oldest buyer message not answered yet; null when nobody waits */
    waitingSince: timestamptz(),
    lastMessageAt: timestamptz(),
    closedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('chat_conversations_user_uq').on(table.userId),
    index('chat_conversations_inbox_idx').on(table.state, table.lastMessageAt.desc()),
    index('chat_conversations_assignee_idx').on(table.assigneeId),
  ],
);

/** Messages, append-only apart from the read mark. `seq` orders them (and pages them) within a conversation. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text().primaryKey(),
    seq: bigint({ mode: 'bigint' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: text().notNull(),
    /** 'buyer' | 'operator' */
    sender: text().notNull(),
    operatorId: text(),
    /** 'text' | 'img' */
    type: text().notNull(),
    /** plain text (decoded) or the image URL */
    body: text().notNull(),
    /** the sender's own id for the message (socket `clientId`): a repeated send is stored once */
    clientId: text(),
    readAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index('chat_messages_conversation_seq_idx').on(table.conversationId, table.seq),
    uniqueIndex('chat_messages_client_uq').on(table.conversationId, table.sender, table.clientId).where(sql`${table.clientId} is not null`),
  ],
);

/** Orders a conversation is about (linked by an operator); the order timeline shows the link. */
export const chatConversationOrders = pgTable(
  'chat_conversation_orders',
  {
    conversationId: text().notNull(),
    orderId: text().notNull(),
    linkedBy: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.orderId] }), index('chat_conversation_orders_order_idx').on(table.orderId)],
);

/** Canned replies per locale, managed in the console. */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: text().primaryKey(),
    locale: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    updatedBy: text(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [index('chat_canned_replies_locale_idx').on(table.locale, table.title)],
);
