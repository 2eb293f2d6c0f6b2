import { hash, randomBytes } from 'node:crypto';
import type { Executor } from '@caravan/db/client';
import type { AuthUser } from '../../gateway/action.ts';
import type { AuthResult } from '../../gateway/gateway.ts';
import { HOUR_MS, MINUTE_MS, DAY_MS, type Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import type { Bus } from '../../platform/bus.ts';
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

/** The channel on which every instance hears that a user's cached sessions must go (ADR 0018). */
export const SESSION_FORGET_CHANNEL = 'sessions.forget';

type SessionLookup = NonNullable<Awaited<ReturnType<AccountsRepository['findSessionByTokenHash']>>>;

/**
 * Sessions read in the last few seconds, by token hash (ADR 0018): a signed-in call then reads only its
 * own data. Only live sessions are kept, and only what a lookup found; whatever refuses a session
 * (expiry included) is decided on a fresh read. Every change that may end a session or change what it
 * may do forgets the user's entries after its commit, here and, through the bus, on every instance; a
 * lookup that was reading while a user was forgotten does not store what it read (the generation), so
 * a read from before the commit cannot come back. The time-to-live bounds what a change made outside
 * the server (or a lost bus message) leaves stale.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionLookup; expiresAt: number }>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private generationValue = 0;

  constructor(
    private readonly clock: Clock,
    readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /** Changes whenever a user is forgotten: a lookup stores its read only if it did not change meanwhile. */
  get generation(): number {
    return this.generationValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): SessionLookup | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.remove(key, entry.row.userId);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps a lookup's row unless a user was forgotten since `generation` was read. */
  store(key: string, row: SessionLookup, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generationValue) return;
    const now = this.clock.now().getTime();
    this.dropExpired(now);
    this.remove(key, row.userId);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1].row.userId);
    }
    this.entries.set(key, { row, expiresAt: now + this.ttlMs });
    let keys = this.keysByUser.get(row.userId);
    if (!keys) this.keysByUser.set(row.userId, (keys = new Set()));
    keys.add(key);
  }

  /** Drops every cached session of the user; lookups in flight will not store theirs. */
  forgetUser(userId: string): void {
    this.generationValue += 1;
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  /** Entries share one time-to-live and are kept in insertion order, so the expired ones are at the front. */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.remove(key, entry.row.userId);
    }
  }

  private remove(key: string, userId: string): void {
    if (!this.entries.delete(key)) return;
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }
}

/**
 * A token's SHA-256 as base64 text: the session cache's key, made by one call without a hash object
 * (every signed-in request makes it).
 */
export function tokenKey(token: string): string {
  return hash('sha256', token, 'base64');
}

/** A token's SHA-256, as the sessions' rows keep it. */
export function hashToken(token: string): Buffer {
  return Buffer.from(tokenKey(token), 'base64');
}

export class SessionsService {
  private bus: Bus | undefined;
  private onBusError: (error: unknown) => void = () => {};

  constructor(
    private readonly repository: AccountsRepository,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
    readonly cache: SessionCache = new SessionCache(clock, 0),
  ) {}

  /**
   * Hears the other instances' forgotten users (and tells them ours). Start-up never waits for it: a
   * subscription that fails (Redis down) is logged and tried again every `retryMs`, and until it holds,
   * the other instances' changes reach this one within the cache's time-to-live. `ready` settles after
   * the first attempt.
   */
  connectBus(bus: Bus, onError: (error: unknown) => void = () => {}, retryMs = 5_000): { ready: Promise<void>; close(): Promise<void> } {
    this.bus = bus;
    this.onBusError = onError;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    let end: (() => Promise<void>) | undefined;
    const attempt = async (): Promise<void> => {
      try {
        end = await bus.subscribe(SESSION_FORGET_CHANNEL, (payload) => {
          const userId = (payload as { userId?: unknown } | null)?.userId;
          if (typeof userId === 'string') this.cache.forgetUser(userId);
        });
        if (closed) await end();
      } catch (error) {
        onError(error);
        if (!closed) retry = setTimeout(() => void attempt(), retryMs).unref();
      }
    };
    const ready = attempt();
    return {
      ready,
      async close() {
        closed = true;
        clearTimeout(retry);
        await end?.().catch(() => {});
      },
    };
  }

  /**
   * To be called after the commit of anything that ends a user's sessions or changes their status or
   * role: this instance forgets them at once, the others when the bus brings the message.
   */
  async forgetUser(userId: string): Promise<void> {
    this.cache.forgetUser(userId);
    try {
      await this.bus?.publish(SESSION_FORGET_CHANNEL, { userId });
    } catch (error) {
      // the change is committed and this instance knows; the others see it within the time-to-live
      this.onBusError(error);
    }
  }

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
    const key = tokenKey(token);
    const now = this.clock.now();
    let row = this.cache.get(key);
    // the cache only answers yes: a session it holds that has run out meanwhile is read again
    if (row && !isLive(row, now)) row = undefined;
    if (!row) {
      const generation = this.cache.generation;
      row = await this.repository.findSessionByTokenHash(hashToken(token));
      if (!row) return { ok: false, key: 'common.not_logged_in' };
      if (row.revokedAt || now >= row.idleExpiresAt || now >= row.absoluteExpiresAt) return { ok: false, key: 'common.session_expired' };
      if (row.status === 'disabled') return { ok: false, key: 'common.account_disabled' };
      if (row.status !== 'active') return { ok: false, key: 'common.session_expired' };
      this.cache.store(key, row, generation);
    }
    if (options.touch === 'always' || now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const idle = new Date(Math.min(now.getTime() + this.policy.idleTtlMs, row.absoluteExpiresAt.getTime()));
      // the cached row follows the write (its object is the cache's: a later lookup sees the new times)
      row.lastSeenAt = now;
      row.idleExpiresAt = idle;
      await this.repository.touchSession(row.sessionId, now, idle);
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

  /** Ends the session of this token and names its user (to forget after the commit), if it was live. */
  async revokeToken(executor: Executor, token: string, reason: string): Promise<string | undefined> {
    return this.repository.revokeSessionByTokenHash(executor, hashToken(token), this.clock.now(), reason);
  }

  async revokeAllForUser(executor: Executor, userId: string, reason: string, keepSessionId?: string): Promise<number> {
    return this.repository.revokeUserSessions(executor, userId, this.clock.now(), reason, keepSessionId);
  }
}

function isLive(row: SessionLookup, now: Date): boolean {
  return !row.revokedAt && now < row.idleExpiresAt && now < row.absoluteExpiresAt && row.status === 'active';
}
