import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/**
 * Append-only audit log: every operator action on money, loans, accounts or orders, and security
 * events on accounts. A trigger (migration 0001) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    occurredAt: timestamptz().notNull(),
    actorType: text().notNull(),
    actorId: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    reason: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    requestId: text(),
  },
  (table) => [
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.id),
    index('audit_log_actor_idx').on(table.actorType, table.actorId, table.id),
  ],
);

/**
 * Outcomes of money-moving requests by idempotency key (a legacy session_token or an
 * Idempotency-Key header): a replay answers the stored outcome, a different payload is refused.
 */
export const idempotencyRecords = pgTable('idempotency_records', {
  key: text().primaryKey(),
  userId: text().notNull(),
  requestHash: text().notNull(),
  /** { ok: true, data } or { ok: false, errorKey, params } */
  outcome: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz().notNull(),
});
