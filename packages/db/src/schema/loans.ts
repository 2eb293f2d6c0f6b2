import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumn, newestFirst, timestamptz } from '../columns.ts';

/**
 * Start-up loans (API reference section 9): one row per application. The terms (rate, overdue rate,
 * interest, repayment) are fixed when the user applies, so a later change of the settings never
 * changes a loan already disclosed. `due_at` is the overdue deadline the scheduler watches.
 */
export const loans = pgTable(
  'loans',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    /** 'pending' | 'approved' | 'overdue' | 'rejected' | 'repaid' (legacy 1, 2, 3, 4, 5 in the mapper) */
    state: text().notNull(),
    realName: text().notNull(),
    identification: text().notNull(),
    countryId: integer().notNull(),
    imgCertificateFace: text().notNull(),
    imgCertificateBack: text().notNull(),
    imgCertificateHand: text().notNull(),
    /** the term in days */
    creditPeriod: integer().notNull(),
    amount: moneyColumn().notNull(),
    /** interest per day, e.g. 0.0015 */
    creditRate: moneyColumn().notNull(),
    /** overdue interest per day late */
    defaultRate: moneyColumn().notNull(),
    totalInterest: moneyColumn().notNull(),
    totalRepayment: moneyColumn().notNull(),
    /** what the borrower paid back (interest and overdue interest included) */
    actualRepayment: moneyColumn(),
    overdueInterest: moneyColumn(),
    rejectReason: text().notNull().default(''),
    /** the rejected loan this application re-applies from */
    reapplyOf: text(),
    /** maker-checker: the operator who proposed approving a loan above the threshold */
    proposedBy: text(),
    proposedAt: timestamptz(),
    reviewedBy: text(),
    reviewedAt: timestamptz(),
    approvedAt: timestamptz(),
    dueAt: timestamptz(),
    overdueAt: timestamptz(),
    repaidAt: timestamptz(),
    disbursementTransferId: text(),
    repaymentTransferId: text(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    index('loans_user_idx').on(table.userId, ...newestFirst(table)),
    // one unfinished loan per user, kept by the database even under concurrent applications
    uniqueIndex('loans_one_unfinished_uq').on(table.userId).where(sql`${table.state} in ('pending', 'approved', 'overdue')`),
    index('loans_state_idx').on(table.state, table.createdAt),
    index('loans_due_idx').on(table.dueAt).where(sql`${table.state} = 'approved'`),
  ],
);
