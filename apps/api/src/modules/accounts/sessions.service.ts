import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@caravan/db/client';
import type { AuthUser } from '../../gateway/action.ts';
import type { AuthResult } from '../../gateway/gateway.ts';
import { HOUR_MS, MINUTE_MS, DAY_MS, type Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import type { AccountsRepository } from './accounts.repository.ts';

// Sessions: 32 random bytes handed to the client, only their SHA-256 stored. A session ends when
// idle too long, at its absolute expiry, on logout, or when revoked (password change, cancellation).

export interface SessionPolicy {
  idleTtlMs: number;
  absoluteTtlMs: number;
}

export function sessionPolicy(idleTtlHours: number, absoluteTtlDays: number): SessionPolicy {
  return { idleTtlMs: idleTtlHours * HOUR_MS, absoluteTtlMs: absoluteTtlDays * DAY_MS };
}

/** Refreshing last-seen on every call would write on every read; once a minute is enough. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export class SessionsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  /** Creates a session in the caller's transaction and returns the token (shown to the client once). */
  async create(executor: Executor, userId: string, meta: { ip?: string; userAgent?: string }): Promise<{ token: string; sessionId: string }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const sessionId = newId();
    await this.repository.insertSession(executor, {
      id: sessionId,
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + this.policy.idleTtlMs),
      absoluteExpiresAt: new Date(now.getTime() + this.policy.absoluteTtlMs),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, sessionId };
  }

  async authenticate(token: string, options: { touch?: 'auto' | 'always' } = {}): Promise<AuthResult> {
    const row = await this.repository.findSessionByTokenHash(hashToken(token));
    if (!row) return { ok: false, key: 'common.not_logged_in' };
    const now = this.clock.now();
    if (row.revokedAt || now >= row.idleExpiresAt || now >= row.absoluteExpiresAt) return { ok: false, key: 'common.session_expired' };
    if (row.status === 'disabled') return { ok: false, key: 'common.account_disabled' };
    if (row.status !== 'active') return { ok: false, key: 'common.session_expired' };
    if (options.touch === 'always' || now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const idle = Math.min(now.getTime() + this.policy.idleTtlMs, row.absoluteExpiresAt.getTime());
      await this.repository.touchSession(row.sessionId, now, new Date(idle));
    }
    const user: AuthUser = {
      id: row.userId,
      username: row.username,
      usercode: row.usercode,
      role: row.role,
      sessionId: row.sessionId,
    };
    return { ok: true, user };
  }

  async revokeToken(executor: Executor, token: string, reason: string): Promise<boolean> {
    return (await this.repository.revokeSessionByTokenHash(executor, hashToken(token), this.clock.now(), reason)) > 0;
  }

  async revokeAllForUser(executor: Executor, userId: string, reason: string, keepSessionId?: string): Promise<number> {
    return this.repository.revokeUserSessions(executor, userId, this.clock.now(), reason, keepSessionId);
  }
}
