import type { Database, Transaction } from '@caravan/db/client';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { OperatorRow, OperatorsRepository } from './operators.repository.ts';
import type { OperatorRole, OperatorsService } from './operators.service.ts';

// Operator management (admin only): the list, create, change a role, disable or enable, reset a password.
// An admin never disables or demotes themselves (so an active admin always remains); a disabled
// operator's sessions end at once (a later enable does not bring them back), and so do they after a
// password reset. Every change is audited with before and after, in its own transaction.

const TARGET = 'operator';

export class OperatorAdminService {
  constructor(
    private readonly db: Database,
    private readonly repository: OperatorsRepository,
    private readonly operators: OperatorsService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  list(filter: { role?: OperatorRole | undefined; status?: 'active' | 'disabled' | undefined }, page: { page: number; pageSize: number }) {
    return this.repository.list(this.db, filter, page.pageSize, (page.page - 1) * page.pageSize);
  }

  async create(input: { username: string; password: string; role: OperatorRole }, actor: OperatorActor): Promise<OperatorRow> {
    if (!(await this.operators.create(input, actor))) throw new AppError('operators.username_taken');
    const row = await this.repository.findByUsername(this.db, input.username.trim().toLowerCase());
    if (!row) throw new AppError('common.not_found');
    return row;
  }

  /** Locks the operator's row; refuses changes to oneself. */
  private async target(tx: Transaction, id: string, actor: OperatorActor, selfAllowed = false): Promise<OperatorRow> {
    if (!selfAllowed && id === actor.id) throw new AppError('operators.self_change');
    const row = await this.repository.findByIdForUpdate(tx, id);
    if (!row) throw new AppError('common.not_found');
    return row;
  }

  async changeRole(id: string, role: OperatorRole, actor: OperatorActor): Promise<OperatorRow> {
    return this.db.transaction(async (tx) => {
      const before = await this.target(tx, id, actor);
      if (before.role === role) return before;
      await this.repository.update(tx, id, { role });
      await this.audit.record(tx, operatorEntry(actor, 'operator.role_changed', { type: TARGET, id }, { before: { role: before.role }, after: { role } }));
      return { ...before, role };
    });
  }

  /** Disabled: cannot log in, and every session ends now. Enabled: may log in again. */
  async setDisabled(id: string, disabled: boolean, actor: OperatorActor): Promise<OperatorRow> {
    return this.db.transaction(async (tx) => {
      const before = await this.target(tx, id, actor);
      const status = disabled ? 'disabled' : 'active';
      if (before.status === status) return before;
      await this.repository.update(tx, id, { status });
      const sessionsEnded = disabled ? await this.repository.revokeSessionsOf(tx, id, this.clock.now()) : 0;
      await this.audit.record(tx, operatorEntry(actor, disabled ? 'operator.disabled' : 'operator.enabled', { type: TARGET, id }, { before: { status: before.status }, after: { status }, sessionsEnded }));
      return { ...before, status };
    });
  }

  /** A new password (argon2id): the lock-out is cleared and the operator's sessions end. */
  async resetPassword(id: string, password: string, actor: OperatorActor): Promise<OperatorRow> {
    const passwordHash = await this.hasher.hash(password);
    return this.db.transaction(async (tx) => {
      const before = await this.target(tx, id, actor, true);
      await this.repository.update(tx, id, { passwordHash, consecutiveFailures: 0, lockStage: 0, lockedUntil: null });
      const sessionsEnded = await this.repository.revokeSessionsOf(tx, id, this.clock.now());
      await this.audit.record(tx, operatorEntry(actor, 'operator.password_reset', { type: TARGET, id }, { sessionsEnded }));
      return { ...before, consecutiveFailures: 0, lockStage: 0, lockedUntil: null };
    });
  }
}
