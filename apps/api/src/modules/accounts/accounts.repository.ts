import type { Database, Executor } from '@caravan/db/client';
import { credentialLockouts, sessions, users, verificationCodes } from '@caravan/db/schema/accounts';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { builtOnce, escapeLike } from '../../platform/sql.ts';
import type { LockoutState } from './lockout.ts';

// The only code touching the accounts tables.

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type Credential = 'login' | 'safeword';

/** Login keys beginning with `prefix` (wildcards in it match literally). */
export function usernameKeyBeginsWith(prefix: string): SQL {
  return sql`${users.usernameKey} like ${`${escapeLike(prefix)}%`}`;
}

export class AccountsRepository {
  private readonly sessionByTokenHash;

  constructor(private readonly db: Database) {
    // the hottest query of the server: every protected call resolves its token with it
    this.sessionByTokenHash = db
      .select({
        sessionId: sessions.id,
        revokedAt: sessions.revokedAt,
        lastSeenAt: sessions.lastSeenAt,
        idleExpiresAt: sessions.idleExpiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        userId: users.id,
        username: users.username,
        usercode: users.usercode,
        role: users.role,
        status: users.status,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('accounts_session_by_token_hash');
  }

  async findSessionByTokenHash(tokenHash: Buffer) {
    const rows = await this.sessionByTokenHash.execute({ tokenHash });
    return rows[0];
  }

  async findUserById(executor: Executor, id: string): Promise<UserRow | undefined> {
    const rows = await builtOnce(executor, 'users_by_id', (on, name) => on.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare(name)).execute({ id });
    return rows[0];
  }

  async findUsersByIds(executor: Executor, ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return executor.select().from(users).where(inArray(users.id, ids));
  }

  async findUserByIdForUpdate(executor: Executor, id: string): Promise<UserRow | undefined> {
    const rows = await executor.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    return rows[0];
  }

  /** The account that may log in with this key (cancelled accounts cannot). */
  async findLiveUserByKey(executor: Executor, usernameKey: string): Promise<UserRow | undefined> {
    const rows = await executor
      .select()
      .from(users)
      .where(and(eq(users.usernameKey, usernameKey), ne(users.status, 'cancelled')))
      .limit(1);
    return rows[0];
  }

  async findLatestCancelledByKey(executor: Executor, usernameKey: string): Promise<UserRow | undefined> {
    const rows = await executor
      .select()
      .from(users)
      .where(and(eq(users.usernameKey, usernameKey), eq(users.status, 'cancelled')))
      .orderBy(desc(users.cancelledAt))
      .limit(1);
    return rows[0];
  }

  /** The users `referrerId` invited, newest first (users_referrer_idx). */
  async invitedBy(executor: Executor, referrerId: string, limit: number, offset: number): Promise<Pick<UserRow, 'username' | 'createdAt'>[]> {
    return executor
      .select({ username: users.username, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.referrerId, referrerId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset);
  }

  async countInvitedBy(executor: Executor, referrerId: string): Promise<number> {
    const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.referrerId, referrerId));
    return rows[0]?.count ?? 0;
  }

  async insertUser(executor: Executor, row: NewUserRow): Promise<void> {
    await executor.insert(users).values(row);
  }

  async updateUser(executor: Executor, id: string, changes: Partial<NewUserRow>): Promise<void> {
    await executor.update(users).set(changes).where(eq(users.id, id));
  }

  /** Locks the counter row (creating it) so concurrent attempts on one account are serialised. */
  async lockoutForUpdate(executor: Executor, userId: string, credential: Credential, now: Date): Promise<LockoutState> {
    // one statement: an upsert that changes nothing still locks the existing row and returns it
    const rows = await builtOnce(executor, 'lockouts_claim', (on, name) =>
      on
        .insert(credentialLockouts)
        .values({ userId: sql.placeholder('userId'), credential: sql.placeholder('credential'), updatedAt: sql.placeholder('now') })
        .onConflictDoUpdate({ target: [credentialLockouts.userId, credentialLockouts.credential], set: { stage: sql`${credentialLockouts.stage}` } })
        .returning()
        .prepare(name),
    ).execute({ userId, credential, now });
    const row = rows[0];
    return { consecutiveFailures: row?.consecutiveFailures ?? 0, stage: row?.stage ?? 0, lockedUntil: row?.lockedUntil ?? null };
  }

  async saveLockout(executor: Executor, userId: string, credential: Credential, state: LockoutState, now: Date): Promise<void> {
    await executor
      .update(credentialLockouts)
      .set({ consecutiveFailures: state.consecutiveFailures, stage: state.stage, lockedUntil: state.lockedUntil, updatedAt: now })
      .where(and(eq(credentialLockouts.userId, userId), eq(credentialLockouts.credential, credential)));
  }

  async insertSession(executor: Executor, row: typeof sessions.$inferInsert): Promise<void> {
    await executor.insert(sessions).values(row);
  }

  async touchSession(sessionId: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt, idleExpiresAt })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** The user of the session revoked, if the token named a live one. */
  async revokeSessionByTokenHash(executor: Executor, tokenHash: Buffer, now: Date, reason: string): Promise<string | undefined> {
    const rows = await executor
      .update(sessions)
      .set({ revokedAt: now, revokeReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    return rows[0]?.userId;
  }

  /** Revokes every live session of the user except `keepSessionId`. */
  async revokeUserSessions(executor: Executor, userId: string, now: Date, reason: string, keepSessionId?: string): Promise<number> {
    const result = await executor
      .update(sessions)
      .set({ revokedAt: now, revokeReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
    return result.rowCount ?? 0;
  }

  /** The latest sessions of a user (its logins), newest first. */
  async sessionsOf(executor: Executor, userId: string, limit: number) {
    return executor.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(limit);
  }

  /**
   * Users whose login key begins with `prefix`, in name order: a range scan of
   * users_username_key_prefix_idx (text_pattern_ops), whatever the database's collation.
   */
  async findUsersByKeyPrefix(executor: Executor, prefix: string, limit: number): Promise<UserRow[]> {
    return executor.select().from(users).where(usernameKeyBeginsWith(prefix)).orderBy(asc(users.usernameKey), asc(users.id)).limit(limit);
  }

  async findUserByUsercode(executor: Executor, usercode: string): Promise<UserRow | undefined> {
    const rows = await executor.select().from(users).where(eq(users.usercode, usercode)).limit(1);
    return rows[0];
  }

  async countLiveSessions(executor: Executor, userId: string, now: Date): Promise<number> {
    const rows = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now)));
    return rows[0]?.count ?? 0;
  }

  async insertVerificationCode(executor: Executor, row: typeof verificationCodes.$inferInsert): Promise<void> {
    await executor.insert(verificationCodes).values(row);
  }

  async countCodesSince(executor: Executor, target: string, purpose: string, since: Date): Promise<number> {
    const rows = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, since)));
    return rows[0]?.count ?? 0;
  }

  /** The newest unconsumed code for the target. */
  async latestCode(executor: Executor, target: string, purpose: string) {
    const rows = await executor
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return rows[0];
  }

  async countCodeAttempt(executor: Executor, id: string): Promise<void> {
    await executor
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id));
  }

  /** true when this call consumed the code (false if another request did first) */
  async consumeCode(executor: Executor, id: string, now: Date): Promise<boolean> {
    const result = await executor
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)));
    return (result.rowCount ?? 0) === 1;
  }
}
