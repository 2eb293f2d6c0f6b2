import type { Executor } from '@caravan/db/client';
import { auditLog } from '@caravan/db/schema/platform';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Clock } from './clock.ts';

export type ActorType = 'user' | 'operator' | 'system';

export interface AuditFilter {
  actorType?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  beforeId?: bigint | undefined;
  limit: number;
}

/** The console's audit pages hold at most this many entries. */
export const AUDIT_PAGE_MAX = 100;

export interface AuditEntry {
  actorType: ActorType;
  actorId?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  reason?: string | null;
  detail?: Record<string, unknown>;
  requestId?: string | null;
}

/** An operator acting in the console: who, why (when the console asked) and the request it came in. */
export interface OperatorActor {
  id: string;
  reason?: string | undefined;
  requestId?: string | undefined;
}

/** The audit entry of an operator's action on a target, with what it was before and after. */
export function operatorEntry(actor: OperatorActor, action: string, target: { type: string; id: string }, detail: Record<string, unknown>): AuditEntry {
  return { actorType: 'operator', actorId: actor.id, action, targetType: target.type, targetId: target.id, reason: actor.reason || null, detail, requestId: actor.requestId ?? null };
}

/** Append-only: the table's trigger refuses UPDATE and DELETE, so this class only inserts and reads. */
export class AuditLog {
  constructor(private readonly clock: Clock) {}

  /** Written in the caller's transaction, so the entry exists exactly when the action does. */
  async record(executor: Executor, entry: AuditEntry): Promise<void> {
    await executor.insert(auditLog).values({
      occurredAt: this.clock.now(),
      actorType: entry.actorType,
      actorId: entry.actorId ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      reason: entry.reason ?? null,
      detail: entry.detail ?? {},
      requestId: entry.requestId ?? null,
    });
  }

  /** Newest first, keyset-paged by id. */
  async listForTarget(executor: Executor, targetType: string, targetId: string, options: { beforeId?: bigint; limit?: number } = {}) {
    const limit = Math.min(options.limit ?? 50, 200);
    return executor
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, targetType),
          eq(auditLog.targetId, targetId),
          options.beforeId !== undefined ? lt(auditLog.id, options.beforeId) : undefined,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }

  /**
   * The console's audit log: newest first, keyset-paged by id (ids grow with time), so a page costs the
   * same at the millionth entry; actor and target filters ride their indexes.
   */
  async search(executor: Executor, filter: AuditFilter) {
    return executor
      .select()
      .from(auditLog)
      .where(
        and(
          filter.actorType ? eq(auditLog.actorType, filter.actorType) : undefined,
          filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
          filter.action ? eq(auditLog.action, filter.action) : undefined,
          filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
          filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
          filter.from ? gte(auditLog.occurredAt, filter.from) : undefined,
          filter.to ? lt(auditLog.occurredAt, filter.to) : undefined,
          filter.beforeId !== undefined ? lt(auditLog.id, filter.beforeId) : undefined,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(Math.min(filter.limit, AUDIT_PAGE_MAX));
  }
}
