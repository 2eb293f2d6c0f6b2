import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import type { Database, Executor, Transaction } from '@caravan/db/client';
import type { AuditLog } from './audit.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { StateMachine } from './state-machine.ts';

/** The operator deciding a submission: who, the reason (already trimmed by the caller) and the request. */
export interface ReviewActor {
  id: string;
  reason: string;
  requestId?: string | undefined;
}

/** What a decision writes on the reviewed row. */
export interface ReviewChanges<S extends string> {
  state: S;
  reason: string;
  reviewedBy: string;
  reviewedAt: Date;
  updatedAt: Date;
}

/** A reviewed submission (KYC, settle-in application): its table is read and written through these. */
export interface ReviewStore<Row extends { id: string; state: string }, S extends string> {
  findByIdForUpdate(executor: Executor, id: string): Promise<Row | undefined>;
  update(executor: Executor, id: string, changes: ReviewChanges<S>): Promise<void>;
}

/** One kind of reviewed submission: its table, state machine, audit names and error keys. */
export interface ReviewKind<Row extends { id: string; state: string }, S extends string, E extends string> {
  store: ReviewStore<Row, S>;
  machine: StateMachine<S, E>;
  auditActions: Record<E, string>;
  targetType: string;
  notFound: ErrorKey;
  alreadyDecided: ErrorKey;
  /** What the audit entry says besides the states (e.g. the user and the level). */
  auditDetail(row: Row): Record<string, unknown>;
}

/**
 * An operator's decision on a submission, in one transaction: lock the row, ask the state machine
 * (refused with `alreadyDecided` when the event does not apply), run the module's own work (e.g.
 * opening a shop), write the decision and its audit entry. Returns the row as it now is.
 */
export async function decideReview<Row extends { id: string; state: string }, S extends string, E extends string>(
  deps: { db: Database; clock: Clock; audit: AuditLog },
  kind: ReviewKind<Row, S, E>,
  id: string,
  event: E,
  actor: ReviewActor,
  work?: (tx: Transaction, row: Row) => Promise<void>,
): Promise<Row & ReviewChanges<S>> {
  return deps.db.transaction(async (tx) => {
    const row = await kind.store.findByIdForUpdate(tx, id);
    if (!row) throw new AppError(kind.notFound);
    const next = kind.machine.next(row.state as S, event);
    if (!next) throw new AppError(kind.alreadyDecided);
    if (work) await work(tx, row);
    const now = deps.clock.now();
    const changes: ReviewChanges<S> = { state: next, reason: actor.reason, reviewedBy: actor.id, reviewedAt: now, updatedAt: now };
    await kind.store.update(tx, row.id, changes);
    await deps.audit.record(tx, {
      actorType: 'operator',
      actorId: actor.id,
      action: kind.auditActions[event],
      targetType: kind.targetType,
      targetId: row.id,
      reason: actor.reason,
      detail: { from: row.state, to: next, ...kind.auditDetail(row) },
      requestId: actor.requestId ?? null,
    });
    return { ...row, ...changes };
  });
}
