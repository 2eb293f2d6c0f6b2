import type { Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { loanMachine, type LoanEvent, type LoanState } from './loan-state.ts';
import type { LoanRow, LoansRepository } from './loans.repository.ts';

export interface LoanActor {
  type: 'user' | 'operator' | 'system';
  id: string;
  reason: string;
  requestId?: string | undefined;
}

/** The audit action of each event: every transition is written with its actor and reason. */
const AUDIT_ACTIONS: Record<LoanEvent, string> = {
  approve: 'loan.approve',
  reject: 'loan.reject',
  fall_overdue: 'loan.overdue',
  repay: 'loan.repay',
};

/**
 * The one way a loan changes state (ARCHITECTURE section 6): asks the table, persists the new state
 * with its changes and writes the audit entry, in the caller's transaction. Callers check the state
 * first and answer their own error key; reaching here with a forbidden event is a bug.
 */
export async function transitionLoan(
  tx: Transaction,
  deps: { repository: LoansRepository; audit: AuditLog; clock: Clock },
  loan: LoanRow,
  event: LoanEvent,
  actor: LoanActor,
  changes: Partial<LoanRow> = {},
  detail: Record<string, unknown> = {},
): Promise<LoanRow> {
  const next = loanMachine.next(loan.state as LoanState, event);
  if (!next) throw new Error(`loan ${loan.id}: ${event} from ${loan.state} is not a transition`);
  const now = deps.clock.now();
  const update = { ...changes, state: next, updatedAt: now };
  await deps.repository.update(tx, loan.id, update);
  await deps.audit.record(tx, {
    actorType: actor.type,
    actorId: actor.id,
    action: AUDIT_ACTIONS[event],
    targetType: 'loan',
    targetId: loan.id,
    reason: actor.reason,
    detail: { from: loan.state, to: next, ...detail },
    requestId: actor.requestId ?? null,
  });
  return { ...loan, ...update };
}
