import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { newestFirst, timestamptz } from '../columns.ts';

/**
 * Settle-in: a buyer's application to open a shop. An operator approves it (the shop is opened and
 * the account becomes a seller, in the same transaction) or rejects it with a reason; after a
 * refusal the user may apply again (a new row), so the history of decisions stays.
 */
export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    /** 'pending' | 'approved' | 'rejected' */
    state: text().notNull(),
    shopName: text().notNull(),
    logo: text().notNull(),
    contactName: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    countryId: integer().notNull(),
    description: text().notNull(),
    /** upload URLs of the supporting documents */
    documents: jsonb().$type<string[]>().notNull(),
    reason: text().notNull().default(''),
    reviewedBy: text(),
    reviewedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    index('seller_applications_user_idx').on(table.userId, table.createdAt.desc()),
    index('seller_applications_queue_idx').on(table.state, ...newestFirst(table)),
    index('seller_applications_recent_idx').on(...newestFirst(table)),
    // one application waiting per user; the check in the service gives the friendly error first
    uniqueIndex('seller_applications_one_pending_uq').on(table.userId).where(sql`${table.state} = 'pending'`),
  ],
);
