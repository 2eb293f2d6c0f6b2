import { randomInt } from 'node:crypto';
import { USER_MATCHES_MAX } from '@caravan/contract/console';
import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import type { CodePurpose, InvitedUser } from '@caravan/contract/accounts';
import type { Locale } from '@caravan/contract/languages';
import { resolvePage } from '@caravan/contract/paging';
import { answersInOrder, type Database, type Executor, type Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import { DAY_MS, MINUTE_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { dummyHashFor, type PasswordHasher } from '../../platform/passwords.ts';
import type { FundPasswordHasher } from '../../platform/fund-password.ts';
import { maskName } from '../../platform/masking.ts';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { SettingsService } from '../content/settings.ts';
import { isUniqueViolation } from '../../platform/sql.ts';
import type { AccountsRepository, Credential, UserRow } from './accounts.repository.ts';
import {
  checkNewPassword,
  checkNewSafeword,
  checkPasswordShape,
  checkSafewordShape,
  loginKeyOf,
  normalizeRegistrationName,
  type NormalizedIdentity,
} from './credentials.ts';
import { afterFailure, lockStatus, UNLOCKED, type LockoutPolicy, type LockoutState } from './lockout.ts';
import type { SessionsService } from './sessions.service.ts';
import type { VerificationService } from './verification.service.ts';

/** Another module's veto on account cancellation (balance, unfinished recharge, loan ...). */
export type CancellationGuard = (executor: Executor, userId: string) => Promise<ErrorKey | undefined>;
/** Another module forgetting a cancelled user's personal data (addresses ...), in the cancellation's transaction. */
export type CancellationCleanup = (executor: Executor, userId: string) => Promise<void>;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  requestId?: string;
}

export interface SessionGrant {
  token: string;
  username: string;
  usercode: string;
}

/** The referral code the legacy client sends when there is none. */
const NO_AGENT_CODE = '000000';
const REGISTRATION_CODE_PURPOSE: CodePurpose = 'register';
const RESET_CODE_PURPOSE: CodePurpose = 'resetpsw';
const USERCODE_ATTEMPTS = 8;
/** The avatar every account starts with (users.avatar's default). */
const DEFAULT_AVATAR = '1';

/** A lock-out row already claimed, and the time it was claimed at. */
interface LockoutClaim {
  state: LockoutState;
  now: Date;
}

/** `cleared`: a right guess that reset earlier failures. */
type CredentialCheck = { outcome: 'ok'; cleared?: boolean } | { outcome: 'locked'; kind: 'minutes' | 'day' } | { outcome: 'wrong'; lockedNow?: 'minutes' | 'day' };

/**
 * A fund-password check made inside the caller's transaction: the refusal to throw once that transaction
 * committed, or none; `cleared` when a right guess reset earlier failures.
 */
export interface SafewordCheck {
  refusal?: AppError;
  cleared: boolean;
}

/** Logins shown on the console's user page. */
export const CONSOLE_LOGINS_SHOWN = 20;

export class AccountsService {
  private readonly cancellationGuards: CancellationGuard[] = [];
  private readonly cancellationCleanups: CancellationCleanup[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: AccountsRepository,
    private readonly sessions: SessionsService,
    private readonly verification: VerificationService,
    private readonly settings: SettingsService,
    private readonly hasher: PasswordHasher,
    private readonly fundPasswords: FundPasswordHasher,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  // ---- console: find, inspect, lock --------------------------------------------------------------

  /** An account by exact user name, user id or user code (each read through its index). */
  /**
   * The console's user search: the user with this exact id or user code, then the users whose name
   * begins with `q` (exact name first), at most USER_MATCHES_MAX; `more` when other names begin so too.
   */
  async consoleFind(q: string): Promise<{ users: UserRow[]; more: boolean }> {
    const text = q.trim();
    const key = loginKeyOf(text);
    const [byId, byCode, byName] = await Promise.all([
      /^[0-9a-f]{32}$/.test(text) ? this.repository.findUserById(this.db, text) : Promise.resolve(undefined),
      this.repository.findUserByUsercode(this.db, text),
      key ? this.repository.findUsersByKeyPrefix(this.db, key, USER_MATCHES_MAX + 1) : Promise.resolve([]),
    ]);
    const found = new Map<string, UserRow>();
    const named = [...byName.filter((row) => row.usernameKey === key), ...byName.filter((row) => row.usernameKey !== key)];
    for (const row of [byId, byCode, ...named]) if (row && !found.has(row.id)) found.set(row.id, row);
    const users = [...found.values()];
    return { users: users.slice(0, USER_MATCHES_MAX), more: users.length > USER_MATCHES_MAX };
  }

  /** An account with its latest logins. */
  async consoleDetail(userId: string, logins = CONSOLE_LOGINS_SHOWN) {
    const user = await this.repository.findUserById(this.db, userId);
    if (!user) throw new AppError('common.not_found');
    return { user, logins: await this.repository.sessionsOf(this.db, userId, logins) };
  }

  /**
   * An operator locks an account (its sessions end and it cannot log in: accounts.account_disabled) or
   * unlocks it. Cancelled accounts stay cancelled. Audited with the reason.
   */
  async setDisabled(userId: string, disabled: boolean, actor: { id: string; reason: string; requestId?: string }): Promise<UserRow> {
    const row = await this.db.transaction(async (tx) => {
      const user = await this.repository.findUserByIdForUpdate(tx, userId);
      if (!user || user.status === 'cancelled') throw new AppError('common.not_found');
      const now = this.clock.now();
      const status = disabled ? 'disabled' : 'active';
      if (user.status !== status) {
        await this.repository.updateUser(tx, user.id, { status, updatedAt: now });
        if (disabled) await this.repository.revokeUserSessions(tx, user.id, now, 'locked by an operator');
        await this.audit.record(tx, { actorType: 'operator', actorId: actor.id, action: disabled ? 'user.lock' : 'user.unlock', targetType: 'user', targetId: user.id, reason: actor.reason, detail: { before: user.status, after: status }, requestId: actor.requestId ?? null });
      }
      return { ...user, status };
    });
    await this.sessions.forgetUser(row.id);
    return row;
  }

  addCancellationGuard(guard: CancellationGuard): void {
    this.cancellationGuards.push(guard);
  }

  addCancellationCleanup(cleanup: CancellationCleanup): void {
    this.cancellationCleanups.push(cleanup);
  }

  private lockoutPolicy(): LockoutPolicy {
    return {
      maxFailures: this.settings.get('number_of_wrong_passwords'),
      shortLockMs: this.settings.get('password_lock_minutes') * MINUTE_MS,
      timeZone: this.timeZone,
    };
  }

  // ---- registration -------------------------------------------------------------------------

  async sendRegistrationCode(target: string, locale: Locale): Promise<void> {
    const identity = normalizeRegistrationName(target, target.includes('@') ? '2' : '1');
    if (!identity.ok) throw new AppError(identity.key);
    await this.verification.send(identity.value, REGISTRATION_CODE_PURPOSE, locale);
  }

  async register(
    input: { username: string; password: string; re_password: string; type?: string | undefined; agentCode?: string | undefined; verifcode?: string | undefined },
    meta: RequestMeta,
    options: { requireCode: boolean },
  ): Promise<SessionGrant> {
    const identity = normalizeRegistrationName(input.username, input.type);
    if (!identity.ok) throw new AppError(identity.key);
    if (options.requireCode && identity.value.kind === 'username') throw new AppError('accounts.type_invalid');
    const passwordProblem = checkNewPassword(input.password);
    if (passwordProblem) throw new AppError(passwordProblem);
    if (input.password !== input.re_password) throw new AppError('accounts.password_mismatch');

    const { key } = identity.value;
    if (await this.repository.findLiveUserByKey(this.db, key)) throw new AppError('accounts.username_taken');
    await this.checkNotReserved(key);
    const referrer = await this.findReferrer(input.agentCode);
    const passwordHash = await this.hasher.hash(input.password);

    try {
      return await this.db.transaction(async (tx) => {
        if (options.requireCode) await this.verification.consume(tx, key, REGISTRATION_CODE_PURPOSE, input.verifcode ?? '');
        const user = await this.insertUser(tx, identity.value, passwordHash, referrer, input.agentCode, options.requireCode);
        const { token } = await this.sessions.create(tx, user.id, meta);
        await this.repository.updateUser(tx, user.id, { lastLoginAt: this.clock.now(), lastLoginIp: meta.ip ?? null });
        return { token, username: user.username, usercode: user.usercode };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_key_live_uq')) throw new AppError('accounts.username_taken');
      throw error;
    }
  }

  private async checkNotReserved(usernameKey: string): Promise<void> {
    const cancelled = await this.repository.findLatestCancelledByKey(this.db, usernameKey);
    if (!cancelled?.cancelledAt) return;
    const freeAt = new Date(cancelled.cancelledAt.getTime() + this.settings.get('account_reregister_days') * DAY_MS);
    if (this.clock.now() < freeAt) {
      throw new AppError('accounts.username_reserved', { date: formatLegacyDateTime(this.timeZone, freeAt) });
    }
  }

  /**
   * The user whose invitation code this is. An unknown code is wrong (accounts.agent_code_invalid); the
   * code of an account that is disabled or cancelled has lost the right to invite (accounts.referrer_no_right).
   */
  private async findReferrer(agentCode: string | undefined): Promise<UserRow | undefined> {
    if (!agentCode || agentCode === NO_AGENT_CODE) return undefined;
    const referrer = await this.repository.findUserByUsercode(this.db, agentCode);
    if (!referrer) throw new AppError('accounts.agent_code_invalid');
    if (referrer.status !== 'active') throw new AppError('accounts.referrer_no_right');
    return referrer;
  }

  /** The users `userId` invited, newest first, names masked (the user centre's "Invite friends"). */
  async invitedUsers(userId: string, input: { pageNum?: number | undefined; pageSize?: number | undefined }) {
    const page = resolvePage(input.pageNum, input.pageSize);
    const [rows, total] = await Promise.all([
      this.repository.invitedBy(this.db, userId, page.pageSize, page.offset),
      this.repository.countInvitedBy(this.db, userId),
    ]);
    const pageList: InvitedUser[] = rows.map((row) => ({ username: maskName(row.username), joinTime: formatLegacyDateTime(this.timeZone, row.createdAt) }));
    return { pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total }, pageList };
  }

  private async insertUser(
    tx: Executor,
    identity: NormalizedIdentity,
    passwordHash: string,
    referrer: UserRow | undefined,
    agentCode: string | undefined,
    verified: boolean,
  ): Promise<{ id: string; username: string; usercode: string }> {
    const now = this.clock.now();
    for (let attempt = 1; ; attempt += 1) {
      const id = newId();
      const usercode = String(randomInt(1_000_000, 10_000_000));
      try {
        // a savepoint, so a usercode collision does not abort the registration transaction
        await tx.transaction(async (savepoint) => {
          await this.repository.insertUser(savepoint, {
            id,
            username: identity.display,
            usernameKey: identity.key,
            loginKind: identity.kind,
            usercode,
            email: identity.kind === 'email' ? identity.display : null,
            emailVerifiedAt: identity.kind === 'email' && verified ? now : null,
            phone: identity.kind === 'phone' ? identity.display : null,
            phoneVerifiedAt: identity.kind === 'phone' && verified ? now : null,
            passwordHash,
            referrerId: referrer?.id ?? null,
            agentCode: referrer ? (agentCode ?? null) : null,
            createdAt: now,
            updatedAt: now,
          });
        });
        return { id, username: identity.display, usercode };
      } catch (error) {
        if (isUniqueViolation(error, 'users_usercode_uq') && attempt < USERCODE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  // ---- forgot password ------------------------------------------------------------------------

  /**
   * idcode!execute with purpose resetpsw: a code to the account's bound e-mail (or phone). The answer
   * is the same whether the account exists, has that channel or not (no enumeration); the per-target
   * daily limit counts either way.
   */
  async sendPasswordResetCode(account: string, verifcodeType: '1' | '2' | undefined, locale: Locale): Promise<void> {
    const key = loginKeyOf(account);
    if (!key) throw new AppError('accounts.username_invalid');
    const user = await this.repository.findLiveUserByKey(this.db, key);
    const channel = verifcodeType === '1' || (verifcodeType === undefined && !user?.email && user?.phone) ? 'sms' : 'email';
    const address = (channel === 'sms' ? user?.phone : user?.email) ?? undefined;
    await this.verification.issue({ key, channel, address }, RESET_CODE_PURPOSE, locale, { detached: true });
  }

  /**
   * user!resetpsw: the code from sendPasswordResetCode sets a new password. Every session of the account
   * ends, the login lock-out is cleared (the owner proved who they are), and an audit record is kept.
   * An unknown account answers like a wrong code.
   */
  async resetPassword(input: { username: string; password: string; re_password?: string | undefined; verifcode: string }, meta: RequestMeta): Promise<void> {
    const problem = checkNewPassword(input.password);
    if (problem) throw new AppError(problem);
    if (input.re_password !== undefined && input.password !== input.re_password) throw new AppError('accounts.password_mismatch');
    const key = loginKeyOf(input.username);
    if (!key) throw new AppError('accounts.verifcode_invalid');
    const user = await this.repository.findLiveUserByKey(this.db, key);
    const passwordHash = await this.hasher.hash(input.password);
    await this.db.transaction(async (tx) => {
      // a code for an unknown account may exist (they are stored either way): it is burnt the same
      await this.verification.consume(tx, key, RESET_CODE_PURPOSE, input.verifcode);
      if (!user) throw new AppError('accounts.verifcode_invalid');
      const now = this.clock.now();
      await this.repository.updateUser(tx, user.id, { passwordHash, updatedAt: now });
      await this.repository.lockoutForUpdate(tx, user.id, 'login', now);
      await this.repository.saveLockout(tx, user.id, 'login', UNLOCKED, now);
      const ended = await this.sessions.revokeAllForUser(tx, user.id, 'password_reset');
      await this.audit.record(tx, {
        actorType: 'user',
        actorId: user.id,
        action: 'account.password_reset',
        targetType: 'user',
        targetId: user.id,
        detail: { sessionsEnded: ended, ip: meta.ip ?? null },
        requestId: meta.requestId ?? null,
      });
    });
    if (user) await this.sessions.forgetUser(user.id);
  }

  // ---- login and sessions -------------------------------------------------------------------

  async login(input: { username: string; password: string }, meta: RequestMeta): Promise<SessionGrant> {
    const shape = checkPasswordShape(input.password);
    if (shape) throw new AppError(shape);
    const user = await this.repository.findLiveUserByKey(this.db, loginKeyOf(input.username));
    if (!user) {
      // same cost as a real check, so response times do not reveal which names exist
      await this.hasher.verify(await dummyHashFor(this.hasher), input.password);
      throw new AppError('accounts.login_failed');
    }

    const result = await this.db.transaction(async (tx) => {
      const check = await this.checkCredential(tx, user, 'login', meta, () => this.hasher.verify(user.passwordHash, input.password));
      if (check.outcome !== 'ok') return { check } as const;
      if (user.status === 'disabled') return { check, disabled: true } as const;
      const now = this.clock.now();
      await this.repository.updateUser(tx, user.id, { lastLoginAt: now, lastLoginIp: meta.ip ?? null });
      const session = await this.sessions.create(tx, user.id, meta);
      return { check, token: session.token } as const;
    });

    this.throwOnFailedCheck(result.check, 'login');
    if ('disabled' in result) throw new AppError('accounts.account_disabled');
    if (!('token' in result) || !result.token) throw new AppError('accounts.login_failed');
    return { token: result.token, username: user.username, usercode: user.usercode };
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const userId = await this.sessions.revokeToken(this.db, token, 'logout');
    if (userId) await this.sessions.forgetUser(userId);
  }

  /**
   * Compares a secret under the account's lock-out counter, inside the caller's transaction (the
   * counter row is locked, so concurrent guesses are serialised). Returns the outcome instead of
   * throwing so the caller can commit the new counter before answering with an error.
   */
  private async checkCredential(
    tx: Executor,
    user: UserRow,
    credential: Credential,
    meta: RequestMeta,
    matches: () => Promise<boolean>,
    claimed?: LockoutClaim,
  ): Promise<CredentialCheck> {
    const now = claimed?.now ?? this.clock.now();
    const state = claimed?.state ?? (await this.repository.lockoutForUpdate(tx, user.id, credential, now));
    const status = lockStatus(state, now);
    if (status.locked) return { outcome: 'locked', kind: status.kind };
    if (await matches()) {
      const cleared = state.consecutiveFailures > 0 || state.stage > 0;
      if (cleared) await this.repository.saveLockout(tx, user.id, credential, UNLOCKED, now);
      return { outcome: 'ok', cleared };
    }
    const next: LockoutState = afterFailure(state, now, this.lockoutPolicy());
    await this.repository.saveLockout(tx, user.id, credential, next, now);
    const lockedNow = lockStatus(next, now);
    if (lockedNow.locked) {
      await this.audit.record(tx, {
        actorType: 'system',
        action: `account.${credential}_locked`,
        targetType: 'user',
        targetId: user.id,
        detail: { until: lockedNow.until.toISOString(), failures: next.consecutiveFailures, ip: meta.ip ?? null },
        requestId: meta.requestId ?? null,
      });
      return { outcome: 'wrong', lockedNow: lockedNow.kind };
    }
    return { outcome: 'wrong' };
  }

  private throwOnFailedCheck(check: CredentialCheck, credential: Credential): void {
    const refusal = this.refusalOf(check, credential);
    if (refusal) throw refusal;
  }

  private refusalOf(check: CredentialCheck, credential: Credential): AppError | undefined {
    if (check.outcome === 'ok') return undefined;
    const kind = check.outcome === 'locked' ? check.kind : check.lockedNow;
    const minutes = this.settings.get('password_lock_minutes');
    if (credential === 'login') {
      if (kind === 'minutes') return new AppError('accounts.login_locked_minutes', { minutes });
      if (kind === 'day') return new AppError('accounts.login_locked_day');
      return new AppError('accounts.login_failed');
    }
    if (kind === 'minutes') return new AppError('accounts.safeword_locked_minutes', { minutes });
    if (kind === 'day') return new AppError('accounts.safeword_locked_day');
    return new AppError('accounts.safeword_wrong');
  }

  // ---- profile --------------------------------------------------------------------------------

  async getUser(userId: string): Promise<UserRow> {
    const user = await this.repository.findUserById(this.db, userId);
    if (!user) throw new AppError('common.not_logged_in');
    return user;
  }

  async roleOf(userId: string): Promise<string> {
    return (await this.getUser(userId)).role;
  }

  /** Public names and avatars of users (reviews, shop pages). */
  async profiles(userIds: string[]): Promise<Map<string, { username: string; avatar: string }>> {
    const rows = await this.repository.findUsersByIds(this.db, userIds);
    return new Map(rows.map((row) => [row.id, { username: row.username, avatar: row.avatar }]));
  }

  /** The live account of a user name (the console looks applicants up by name). */
  async userIdByName(username: string): Promise<string | undefined> {
    return (await this.repository.findLiveUserByKey(this.db, loginKeyOf(username)))?.id;
  }

  async setAvatar(userId: string, idx: string): Promise<void> {
    await this.repository.updateUser(this.db, userId, { avatar: String(Number(idx)), updatedAt: this.clock.now() });
  }

  async changePassword(
    user: { id: string; sessionId: string },
    input: { old_password: string; password: string; confirmation: string | undefined; revokeOthers: boolean },
    meta: RequestMeta,
  ): Promise<void> {
    if (input.confirmation === undefined) throw new AppError('accounts.new_password_confirm_required');
    if (input.password !== input.confirmation) throw new AppError('accounts.new_password_mismatch');
    const problem = checkNewPassword(input.password);
    if (problem) throw new AppError(problem);
    const current = await this.getUser(user.id);
    if (!(await this.hasher.verify(current.passwordHash, input.old_password))) throw new AppError('accounts.old_password_wrong');
    if (input.password === input.old_password) throw new AppError('accounts.new_password_same');
    const passwordHash = await this.hasher.hash(input.password);
    await this.db.transaction(async (tx) => {
      await this.repository.updateUser(tx, user.id, { passwordHash, updatedAt: this.clock.now() });
      const revoked = input.revokeOthers ? await this.sessions.revokeAllForUser(tx, user.id, 'password_changed', user.sessionId) : 0;
      await this.audit.record(tx, {
        actorType: 'user',
        actorId: user.id,
        action: 'account.password_changed',
        targetType: 'user',
        targetId: user.id,
        detail: { revokedSessions: revoked },
        requestId: meta.requestId ?? null,
      });
    });
    if (input.revokeOthers) await this.sessions.forgetUser(user.id);
  }

  /** Gives an account the seller role (the seller module opens its shop). */
  async promoteToSeller(userId: string, actor: { type: 'operator' | 'system'; id?: string; reason?: string } = { type: 'system' }): Promise<void> {
    await this.db.transaction(async (tx) => this.promoteToSellerIn(tx, userId, actor));
    await this.sessions.forgetUser(userId);
  }

  /**
   * The seller role, in the caller's transaction (settle-in approval opens the shop in the same one);
   * the caller forgets the user's cached sessions after its commit (SessionsService.forgetUser, ADR 0018).
   */
  async promoteToSellerIn(executor: Executor, userId: string, actor: { type: 'operator' | 'system'; id?: string; reason?: string }): Promise<void> {
    await this.repository.updateUser(executor, userId, { role: 'seller', updatedAt: this.clock.now() });
    await this.audit.record(executor, {
      actorType: actor.type,
      actorId: actor.id ?? null,
      action: 'account.seller_role_granted',
      targetType: 'user',
      targetId: userId,
      reason: actor.reason ?? null,
    });
  }

  // ---- fund password ("safeword") -------------------------------------------------------------

  async setSafeword(userId: string, input: { safeword: string; re_safeword?: string | undefined }, meta: RequestMeta): Promise<void> {
    const problem = checkNewSafeword(input.safeword);
    if (problem) throw new AppError(problem);
    if (input.re_safeword !== undefined && input.re_safeword !== input.safeword) throw new AppError('accounts.safeword_mismatch');
    const safewordHash = this.fundPasswords.hash(userId, input.safeword);
    await this.db.transaction(async (tx) => {
      const user = await this.repository.findUserByIdForUpdate(tx, userId);
      if (!user) throw new AppError('common.not_logged_in');
      if (user.safewordHash) throw new AppError('accounts.safeword_already_set');
      await this.repository.updateUser(tx, userId, { safewordHash, updatedAt: this.clock.now() });
      await this.audit.record(tx, {
        actorType: 'user',
        actorId: userId,
        action: 'account.safeword_set',
        targetType: 'user',
        targetId: userId,
        requestId: meta.requestId ?? null,
      });
    });
  }

  async changeSafeword(userId: string, input: { old_safeword: string; safeword: string; re_safeword: string }, meta: RequestMeta): Promise<void> {
    const problem = checkNewSafeword(input.safeword);
    if (problem) throw new AppError(problem);
    if (input.safeword !== input.re_safeword) throw new AppError('accounts.safeword_mismatch');
    await this.verifySafeword(userId, input.old_safeword, meta);
    const safewordHash = this.fundPasswords.hash(userId, input.safeword);
    await this.db.transaction(async (tx) => {
      await this.repository.updateUser(tx, userId, { safewordHash, updatedAt: this.clock.now() });
      await this.audit.record(tx, {
        actorType: 'user',
        actorId: userId,
        action: 'account.safeword_changed',
        targetType: 'user',
        targetId: userId,
        requestId: meta.requestId ?? null,
      });
    });
  }

  /**
   * The fund-password check other modules call before moving money (pay, withdraw, repay). It runs
   * and commits in its own transaction so that a wrong guess is counted even when the caller's
   * operation is then abandoned.
   */
  async verifySafeword(userId: string, safeword: string | undefined, meta: RequestMeta = {}): Promise<void> {
    // the user read in the check's transaction, behind its begin: one wait less than before it
    const check = await this.db.transaction((tx) => this.checkSafewordIn(tx, userId, safeword, meta));
    if (check.refusal) throw check.refusal;
  }

  /**
   * The same check inside the caller's transaction (order!pay: one transaction instead of two, ADR 0014).
   * A refusal is answered, not thrown: the caller commits its transaction, which then holds nothing but the
   * counted failure, and throws it afterwards (a wrong guess is counted though nothing goes ahead).
   */
  async checkSafewordIn(tx: Transaction, userId: string, safeword: string | undefined, meta: RequestMeta = {}): Promise<SafewordCheck> {
    // the user, and the lock-out row claimed right behind the read without waiting for it: one wait (the
    // transaction is pipelined, packages/db client.ts); a refusal of the user rolls the claim back
    const now = this.clock.now();
    const [user, state] = await answersInOrder([
      this.userWithSafeword(tx, userId, safeword),
      this.repository.lockoutForUpdate(tx, userId, 'safeword', now),
    ]);
    const check = await this.checkSafewordOf(tx, user, safeword ?? '', meta, { state, now });
    const refusal = this.refusalOf(check, 'safeword');
    return { ...(refusal ? { refusal } : {}), cleared: check.outcome === 'ok' && check.cleared === true };
  }

  /** The user, once the fund password given has a shape worth checking and the user has one. */
  private async userWithSafeword(executor: Executor, userId: string, safeword: string | undefined): Promise<UserRow & { safewordHash: string }> {
    if (safeword === undefined || safeword === '') throw new AppError('accounts.safeword_required');
    const user = await this.repository.findUserById(executor, userId);
    if (!user) throw new AppError('common.not_logged_in');
    const hash = user.safewordHash;
    if (!hash) throw new AppError('accounts.safeword_not_set');
    const shape = checkSafewordShape(safeword);
    if (shape) throw new AppError(shape);
    return { ...user, safewordHash: hash };
  }

  private async checkSafewordOf(tx: Transaction, user: UserRow & { safewordHash: string }, safeword: string, meta: RequestMeta, claimed?: LockoutClaim): Promise<CredentialCheck> {
    let upgrade: string | undefined;
    const result = await this.checkCredential(
      tx,
      user,
      'safeword',
      meta,
      async () => {
        const verified = await this.fundPasswords.verify(user.id, user.safewordHash, safeword);
        upgrade = verified.upgrade;
        return verified.ok;
      },
      claimed,
    );
    // a hash of the older format (argon2id) is rewritten as the keyed hash at its first good use
    if (result.outcome === 'ok' && upgrade) await this.repository.updateUser(tx, user.id, { safewordHash: upgrade });
    return result;
  }

  async hasSafeword(userId: string): Promise<boolean> {
    return (await this.getUser(userId)).safewordHash !== null;
  }

  // ---- account cancellation -------------------------------------------------------------------

  async cancelAccount(
    user: { id: string },
    input: { account: string; reason: string; cashPassword?: string | undefined },
    meta: RequestMeta,
  ): Promise<void> {
    const current = await this.getUser(user.id);
    if (loginKeyOf(input.account) !== current.usernameKey) throw new AppError('accounts.logoff_account_mismatch');
    if (current.safewordHash) await this.verifySafeword(user.id, input.cashPassword, meta);
    await this.db.transaction(async (tx) => {
      const locked = await this.repository.findUserByIdForUpdate(tx, user.id);
      if (!locked || locked.status === 'cancelled') throw new AppError('common.not_logged_in');
      for (const guard of this.cancellationGuards) {
        const veto = await guard(tx, user.id);
        if (veto) throw new AppError(veto);
      }
      const now = this.clock.now();
      // personal data goes; the name stays (reserved for account_reregister_days, and the ledger,
      // orders and audit records still point at this row)
      await this.repository.updateUser(tx, user.id, {
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: input.reason,
        email: null,
        emailVerifiedAt: null,
        phone: null,
        phoneVerifiedAt: null,
        avatar: DEFAULT_AVATAR,
        safewordHash: null,
        lastLoginIp: null,
        updatedAt: now,
      });
      for (const cleanup of this.cancellationCleanups) await cleanup(tx, user.id);
      await this.sessions.revokeAllForUser(tx, user.id, 'account_cancelled');
      await this.audit.record(tx, {
        actorType: 'user',
        actorId: user.id,
        action: 'account.cancelled',
        targetType: 'user',
        targetId: user.id,
        reason: input.reason,
        requestId: meta.requestId ?? null,
      });
    });
    await this.sessions.forgetUser(user.id);
  }
}
