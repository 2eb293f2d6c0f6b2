import { randomBytes } from 'node:crypto';
import { OPERATOR_PASSWORD_MIN } from '@caravan/contract/console';
import type { Database } from '@caravan/db/client';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { dummyHashFor, type PasswordHasher } from '../../platform/passwords.ts';
import { hashToken } from '../accounts/sessions.service.ts';
import { afterFailure, lockStatus, UNLOCKED, type LockoutPolicy, type LockoutState } from '../accounts/lockout.ts';
import type { SettingsService } from '../content/settings.ts';
import type { OperatorRow, OperatorsRepository } from './operators.repository.ts';

// Console operators: accounts of their own (never buyers), with a role, argon2id passwords, the same
// lock-out rule as buyers (a few minutes after N wrong entries, then until the next day) and opaque
// bearer tokens stored only as hashes.

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export type Permission =
  | 'recharges.read'
  | 'recharges.decide'
  | 'withdrawals.read'
  | 'withdrawals.decide'
  | 'statements.read'
  | 'orders.read'
  | 'orders.ship'
  | 'orders.refund'
  | 'loans.read'
  | 'loans.decide'
  | 'audit.read'
  | 'chat.read'
  | 'chat.reply'
  | 'chat.canned'
  | 'settings.read'
  | 'settings.write'
  | 'users.read'
  | 'users.lock'
  | 'users.withdraw_address'
  | 'catalog.read'
  | 'catalog.write'
  | 'operators.manage'
  | 'sellers.read'
  | 'sellers.decide'
  | 'information.read'
  | 'information.write'
  | 'kyc.read'
  | 'kyc.decide';

/** What each role may do: admin alone changes system parameters, the catalogue (categories, goods, shops, banners), the operators and a user's bound withdrawal address (ADR 0011: neither the role that talks to the requester nor the one that pays out); finance decides on money (deposits, payouts, refunds, loans) and reads the audit log, support looks, ships, locks and unlocks user accounts, decides settle-in applications and identity verifications (KYC; finance reads them) and answers the customer-service chat (with admin); admin and support edit the store's information pages, finance reads them. */
export const ROLE_PERMISSIONS: Record<OperatorRole, ReadonlySet<Permission>> = {
  admin: new Set(['recharges.read', 'recharges.decide', 'withdrawals.read', 'withdrawals.decide', 'statements.read', 'orders.read', 'orders.ship', 'orders.refund', 'loans.read', 'loans.decide', 'audit.read', 'chat.read', 'chat.reply', 'chat.canned', 'settings.read', 'settings.write', 'users.read', 'users.lock', 'users.withdraw_address', 'catalog.read', 'catalog.write', 'operators.manage', 'sellers.read', 'sellers.decide', 'information.read', 'information.write', 'kyc.read', 'kyc.decide']),
  finance: new Set(['recharges.read', 'recharges.decide', 'withdrawals.read', 'withdrawals.decide', 'statements.read', 'orders.read', 'orders.refund', 'loans.read', 'loans.decide', 'audit.read', 'users.read', 'catalog.read', 'sellers.read', 'information.read', 'kyc.read']),
  support: new Set(['recharges.read', 'withdrawals.read', 'statements.read', 'orders.read', 'orders.ship', 'loans.read', 'chat.read', 'chat.reply', 'chat.canned', 'users.read', 'users.lock', 'catalog.read', 'sellers.read', 'sellers.decide', 'information.read', 'information.write', 'kyc.read', 'kyc.decide']),
};

export const OPERATOR_SESSION_MS = 12 * HOUR_MS;

export interface OperatorIdentity {
  id: string;
  username: string;
  role: OperatorRole;
  sessionId: string;
}

export interface OperatorMeta {
  ip?: string | undefined;
  requestId?: string | undefined;
}

function lockoutOf(row: OperatorRow): LockoutState {
  return { consecutiveFailures: row.consecutiveFailures, stage: row.lockStage, lockedUntil: row.lockedUntil };
}

export class OperatorsService {
  constructor(
    private readonly db: Database,
    private readonly repository: OperatorsRepository,
    private readonly hasher: PasswordHasher,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  private policy(): LockoutPolicy {
    return {
      maxFailures: this.settings.get('number_of_wrong_passwords'),
      shortLockMs: this.settings.get('password_lock_minutes') * MINUTE_MS,
      timeZone: this.timeZone,
    };
  }

  /**
   * Creates an operator with an argon2id password hash; answers false when the name is taken (the seed
   * runs on every start). `by`: the system's name for what created it, or the operator who did.
   */
  async create(input: { username: string; password: string; role: OperatorRole }, by: string | OperatorActor = 'system'): Promise<boolean> {
    if (input.password.length < OPERATOR_PASSWORD_MIN) throw new RangeError(`operator passwords have at least ${OPERATOR_PASSWORD_MIN} characters`);
    const username = input.username.trim().toLowerCase();
    const passwordHash = await this.hasher.hash(input.password);
    return this.db.transaction(async (tx) => {
      const id = newId();
      const created = await this.repository.insert(tx, { id, username, passwordHash, role: input.role, status: 'active', createdAt: this.clock.now() });
      if (!created) return false;
      const detail = { username, role: input.role };
      await this.audit.record(
        tx,
        typeof by === 'string'
          ? { actorType: 'system', actorId: by, action: 'operator.created', targetType: 'operator', targetId: id, detail }
          : operatorEntry(by, 'operator.created', { type: 'operator', id }, { after: detail }),
      );
      return true;
    });
  }

  async login(input: { username: string; password: string }, meta: OperatorMeta): Promise<{ token: string; expiresAt: Date; operator: Omit<OperatorIdentity, 'sessionId'> }> {
    const found = await this.repository.findByUsername(this.db, input.username.trim().toLowerCase());
    if (!found) {
      // same cost as a real check, so response times do not reveal which names exist
      await this.hasher.verify(await dummyHashFor(this.hasher), input.password);
      throw new AppError('operators.login_failed');
    }
    const outcome = await this.db.transaction(async (tx) => {
      const row = (await this.repository.findByIdForUpdate(tx, found.id)) ?? found;
      const now = this.clock.now();
      const status = lockStatus(lockoutOf(row), now);
      if (status.locked) return { kind: 'locked', lock: status.kind } as const;
      if (!(await this.hasher.verify(row.passwordHash, input.password))) {
        const next = afterFailure(lockoutOf(row), now, this.policy());
        await this.repository.update(tx, row.id, lockoutColumns(next));
        const lockedNow = lockStatus(next, now);
        await this.audit.record(tx, {
          actorType: 'system',
          action: lockedNow.locked ? 'operator.locked' : 'operator.login_failed',
          targetType: 'operator',
          targetId: row.id,
          detail: { failures: next.consecutiveFailures, ip: meta.ip ?? null, ...(lockedNow.locked ? { until: lockedNow.until.toISOString() } : {}) },
          requestId: meta.requestId ?? null,
        });
        return lockedNow.locked ? ({ kind: 'locked', lock: lockedNow.kind } as const) : ({ kind: 'wrong' } as const);
      }
      if (row.status !== 'active') return { kind: 'wrong' } as const;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MS);
      await this.repository.update(tx, row.id, { ...lockoutColumns(UNLOCKED), lastLoginAt: now });
      await this.repository.insertSession(tx, { id: newId(), operatorId: row.id, tokenHash: hashToken(token), createdAt: now, expiresAt });
      await this.audit.record(tx, { actorType: 'operator', actorId: row.id, action: 'operator.login', targetType: 'operator', targetId: row.id, detail: { ip: meta.ip ?? null }, requestId: meta.requestId ?? null });
      return { kind: 'ok', token, expiresAt, operator: { id: row.id, username: row.username, role: row.role as OperatorRole } } as const;
    });
    if (outcome.kind === 'ok') return { token: outcome.token, expiresAt: outcome.expiresAt, operator: outcome.operator };
    if (outcome.kind === 'locked') {
      if (outcome.lock === 'day') throw new AppError('operators.locked_day');
      throw new AppError('operators.locked_minutes', { minutes: this.settings.get('password_lock_minutes') });
    }
    throw new AppError('operators.login_failed');
  }

  async authenticate(token: string | undefined): Promise<OperatorIdentity> {
    if (!token) throw new AppError('operators.not_logged_in');
    const live = await this.repository.findLiveSession(this.db, hashToken(token), this.clock.now());
    if (!live || live.operator.status !== 'active') throw new AppError('operators.not_logged_in');
    return { id: live.operator.id, username: live.operator.username, role: live.operator.role as OperatorRole, sessionId: live.sessionId };
  }

  async logout(token: string, operator: OperatorIdentity, meta: OperatorMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (await this.repository.revokeSession(tx, hashToken(token), this.clock.now())) {
        await this.audit.record(tx, { actorType: 'operator', actorId: operator.id, action: 'operator.logout', targetType: 'operator', targetId: operator.id, requestId: meta.requestId ?? null });
      }
    });
  }

  /** Operators' names by id (for the audit log). */
  usernames(ids: string[]): Promise<Map<string, string>> {
    return this.repository.usernames(this.db, [...new Set(ids)]);
  }

  /** An active operator by id (assigning chats to a colleague), undefined when there is none. */
  async activeById(id: string): Promise<Omit<OperatorIdentity, 'sessionId'> | undefined> {
    const row = await this.repository.findById(this.db, id);
    return row && row.status === 'active' ? { id: row.id, username: row.username, role: row.role as OperatorRole } : undefined;
  }

  /** An operator's id by user name, undefined when there is none. */
  async idOf(username: string): Promise<string | undefined> {
    return (await this.repository.findByUsername(this.db, username.trim().toLowerCase()))?.id;
  }

  /** What a role may do, for the console to offer only that (the server checks every call anyway). */
  permissionsOf(role: OperatorRole): Permission[] {
    return [...(ROLE_PERMISSIONS[role] ?? [])].sort();
  }

  can(operator: OperatorIdentity, permission: Permission): boolean {
    return ROLE_PERMISSIONS[operator.role]?.has(permission) ?? false;
  }

  require(operator: OperatorIdentity, permission: Permission): void {
    if (!this.can(operator, permission)) throw new AppError('operators.forbidden');
  }
}

function lockoutColumns(state: LockoutState) {
  return { consecutiveFailures: state.consecutiveFailures, lockStage: state.stage, lockedUntil: state.lockedUntil };
}
