import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { newestFirst, timestamptz } from '../columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    /** As the user typed it (spaces removed). */
    username: text().notNull(),
    /** Lower-case form used for uniqueness and login; phone numbers as digits only. */
    usernameKey: text().notNull(),
    /** 'username' | 'email' | 'phone' */
    loginKind: text().notNull(),
    /** The public UID, also the user's own invitation code. */
    usercode: text().notNull(),
    email: text(),
    emailVerifiedAt: timestamptz(),
    phone: text(),
    phoneVerifiedAt: timestamptz(),
    passwordHash: text().notNull(),
    safewordHash: text(),
    avatar: text().notNull().default('1'),
    /** 'buyer' | 'seller' */
    role: text().notNull().default('buyer'),
    /** 'active' | 'disabled' | 'cancelled' */
    status: text().notNull().default('active'),
    referrerId: text().references((): AnyPgColumn => users.id),
    agentCode: text(),
    cancelledAt: timestamptz(),
    cancelReason: text(),
    lastLoginAt: timestamptz(),
    lastLoginIp: text(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    // A cancelled account releases its name (after the reservation period, checked by the service).
    uniqueIndex('users_username_key_live_uq').on(table.usernameKey).where(sql`${table.status} <> 'cancelled'`),
    index('users_username_key_idx').on(table.usernameKey),
    // the console's search by the beginning of a name (LIKE 'abc%' whatever the database's collation)
    index('users_username_key_prefix_idx').on(table.usernameKey.op('text_pattern_ops')),
    uniqueIndex('users_usercode_uq').on(table.usercode),
    // the user centre's list of invited users
    index('users_referrer_idx').on(table.referrerId, ...newestFirst(table)).where(sql`${table.referrerId} is not null`),
  ],
);

/** Consecutive-failure counters for the login password and the fund password (each its own). */
export const credentialLockouts = pgTable(
  'credential_lockouts',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    /** 'login' | 'safeword' */
    credential: text().notNull(),
    consecutiveFailures: integer().notNull().default(0),
    /** 0 counting, 1 after the short lock, so the next failure locks until the next day */
    stage: integer().notNull().default(0),
    lockedUntil: timestamptz(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.credential] })],
);

/** Login sessions. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    tokenHash: bytea().notNull(),
    createdAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull(),
    idleExpiresAt: timestamptz().notNull(),
    absoluteExpiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    revokeReason: text(),
    ip: text(),
    userAgent: text(),
  },
  (table) => [uniqueIndex('sessions_token_hash_uq').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

/** Codes sent by e-mail or SMS (registration). Only a hash of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text().primaryKey(),
    target: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index('verification_codes_target_idx').on(table.target, table.purpose, table.createdAt)],
);
