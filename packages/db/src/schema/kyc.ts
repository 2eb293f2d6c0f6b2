import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { newestFirst, timestamptz } from '../columns.ts';

/**
 * Identity verification (KYC): one row per submission, of either level ('real_name': name,
 * nationality, identity document and its three pictures; 'advanced': proof of address). An operator
 * approves or rejects it with a reason; after a refusal the user submits again (a new row), so every
 * decision stays on record. Pictures are private upload references (`/uploads/private/<key>`).
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    /** 'real_name' | 'advanced' */
    level: text().notNull(),
    /** 'pending' | 'approved' | 'rejected' (legacy 1, 2, 3 in the mapper) */
    state: text().notNull(),
    /** real-name fields ('' / null on advanced submissions) */
    fullName: text().notNull().default(''),
    countryId: integer(),
    documentType: text().notNull().default(''),
    documentNumber: text().notNull().default(''),
    /** advanced fields ('' on real-name submissions) */
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    postcode: text().notNull().default(''),
    /** private upload references, in the order of the form (front, back, hand-held / proof pages) */
    pictures: jsonb().$type<string[]>().notNull(),
    reason: text().notNull().default(''),
    reviewedBy: text(),
    reviewedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    index('kyc_submissions_user_idx').on(table.userId, table.level, table.createdAt.desc()),
    index('kyc_submissions_queue_idx').on(table.state, ...newestFirst(table)),
    index('kyc_submissions_recent_idx').on(...newestFirst(table)),
    // one submission waiting per user and level, and one passed: racing applies or approvals let one through
    uniqueIndex('kyc_submissions_one_pending_uq').on(table.userId, table.level).where(sql`${table.state} = 'pending'`),
    uniqueIndex('kyc_submissions_one_approved_uq').on(table.userId, table.level).where(sql`${table.state} = 'approved'`),
  ],
);
