import { customType, integer, pgTable, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Console users, separate from buyers and sellers. */
export const operators = pgTable(
  'operators',
  {
    id: text().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    /** 'admin' | 'finance' | 'support' */
    role: text().notNull(),
    /** 'active' | 'disabled' */
    status: text().notNull(),
    consecutiveFailures: integer().notNull().default(0),
    lockStage: integer().notNull().default(0),
    lockedUntil: timestamptz(),
    lastLoginAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [uniqueIndex('operators_username_uq').on(table.username)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text().primaryKey(),
    operatorId: text().notNull(),
    tokenHash: bytea().notNull(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
  },
  (table) => [uniqueIndex('operator_sessions_token_uq').on(table.tokenHash), index('operator_sessions_operator_idx').on(table.operatorId)],
);
