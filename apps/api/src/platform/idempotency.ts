import { createHash } from 'node:crypto';
import { keepOpen, type Database, type Transaction } from '@caravan/db/client';
import { idempotencyRecords } from '@caravan/db/schema/platform';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import { builtOnce } from './sql.ts';
import { AppError, isAppError } from './errors.ts';
import type { MessageParams } from './i18n.ts';

// Every money-moving request carries a key (ARCHITECTURE section 5). The first request with a key runs;
// its outcome, success or business error, is stored with a hash of its payload. A replay with the same
// payload answers that outcome again without running anything; a replay with another payload is
// refused. Concurrent requests with one key: the second waits on the first's row and replays it.

type StoredOutcome = { ok: true; data: unknown } | { ok: false; errorKey: string; params: MessageParams };

export interface IdempotentRequest {
  /** already scoped: 'st:<session token>' or 'hdr:<user>:<Idempotency-Key>' */
  key: string;
  userId: string;
  payload: unknown;
  /**
   * What the work answers when it succeeds, when the caller knows it before the work runs (the ids of
   * the orders a checkout will place, of those a payment pays): it is written with the claim, which is
   * then the record's only write (ADR 0014). A work answering anything else is a programming error.
   */
  outcome?: unknown;
}

class ReplayInstead extends Error {}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value === 'bigint' ? value.toString() : value;
}

export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(payload))).digest('hex');
}

export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private async stored(key: string) {
    // the key is the table's primary key
    const rows = await builtOnce(this.db, 'idempotency_stored', (on, name) => on.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, sql.placeholder('key'))).prepare(name)).execute({ key });
    return rows[0];
  }

  private replay<T>(record: { userId: string; requestHash: string; outcome: Record<string, unknown> }, request: IdempotentRequest, hash: string): T {
    // another user's key is no key at all
    if (record.userId !== request.userId) throw new AppError('common.try_later');
    if (record.requestHash !== hash) throw new AppError('common.idempotency_mismatch');
    const outcome = record.outcome as StoredOutcome;
    if (outcome.ok) return outcome.data as T;
    throw new AppError(outcome.errorKey as never, outcome.params);
  }

  /** Whether this key has an outcome already (the legacy session token is then used up). */
  async seen(key: string): Promise<boolean> {
    return (await this.stored(key)) !== undefined;
  }

  /**
   * Runs `work` in a transaction once per key; `beforeFirstRun` (e.g. checking a session token) runs
   * only when the key is new. The work may `settle` its outcome as soon as it knows it (written then,
   * not after the work: a withdrawal settles before it locks the payout account, so that lock is held
   * for one statement less, ADR 0014); it must then answer that outcome.
   */
  async run<T>(request: IdempotentRequest, work: (tx: Transaction, settle: (outcome: T) => Promise<void>) => Promise<T>, beforeFirstRun?: () => Promise<void>): Promise<T> {
    const hash = payloadHash(request.payload);
    if (beforeFirstRun) {
      const existing = await this.stored(request.key);
      if (existing) return this.replay<T>(existing, request, hash);
      await beforeFirstRun();
    }
    // without a first-run check the claim alone tells a new key from a used one: an insert that
    // conflicts is a replay (one statement less on the first run, ADR 0014)
    try {
      return await this.db.transaction(async (tx) => {
        const known: StoredOutcome | undefined = request.outcome === undefined ? undefined : { ok: true, data: canonical(request.outcome) };
        const claimed = await builtOnce(tx, 'idempotency_claim', (on, name) =>
          on
            .insert(idempotencyRecords)
            .values({ key: sql.placeholder('key'), userId: sql.placeholder('userId'), requestHash: sql.placeholder('hash'), outcome: sql.placeholder('outcome'), createdAt: sql.placeholder('now') })
            .onConflictDoNothing()
            .returning({ key: idempotencyRecords.key })
            .prepare(name),
        ).execute({ key: request.key, userId: request.userId, hash, outcome: known ?? { ok: false, errorKey: 'common.try_later', params: {} }, now: this.clock.now() });
        if (claimed.length === 0) throw new ReplayInstead();
        // an outcome known only from the work is written after it: the work's last statement is not the
        // transaction's (lastStatement in packages/db); with a known one nothing is written after the work
        if (!known) keepOpen(tx);
        let settled = known;
        const settle = async (value: T) => {
          if (settled) throw new Error(`idempotent work on ${request.key} settled its outcome twice`);
          settled = { ok: true, data: canonical(value) };
          const written = this.writeOutcome(tx, request.key, settled);
          // nothing is written after the work now: its last statement may end the transaction
          keepOpen(tx, false);
          await written;
        };
        const data = await work(tx, settle);
        const outcome: StoredOutcome = { ok: true, data: canonical(data) };
        if (settled) {
          // rolls the work back (unless it ended the transaction with its last statement: then it fails the
          // call only): replays would answer something else than this call
          if (JSON.stringify(outcome.data) !== JSON.stringify(settled.data)) throw new Error(`idempotent work on ${request.key} answered other than its declared outcome`);
        } else {
          await this.writeOutcome(tx, request.key, outcome);
        }
        return data;
      });
    } catch (error) {
      if (error instanceof ReplayInstead) {
        const record = await this.stored(request.key);
        if (!record) throw new AppError('common.try_later');
        return this.replay<T>(record, request, hash);
      }
      if (isAppError(error)) {
        // the work was rolled back; its refusal is the outcome replays get
        const outcome: StoredOutcome = { ok: false, errorKey: error.key, params: error.params };
        await this.db
          .insert(idempotencyRecords)
          .values({ key: request.key, userId: request.userId, requestHash: hash, outcome, createdAt: this.clock.now() })
          .onConflictDoNothing();
      }
      throw error;
    }
  }

  private async writeOutcome(tx: Transaction, key: string, outcome: StoredOutcome): Promise<void> {
    await builtOnce(tx, 'idempotency_outcome', (on, name) =>
      on
        .update(idempotencyRecords)
        .set({ outcome: sql.placeholder('outcome') as unknown as StoredOutcome })
        .where(eq(idempotencyRecords.key, sql.placeholder('key')))
        .prepare(name),
    ).execute({ key, outcome });
  }

  /** Records older than this are no longer needed for replays. */
  async prune(before: Date): Promise<number> {
    const result = await this.db.execute(sql`delete from idempotency_records where created_at < ${before}`);
    return result.rowCount ?? 0;
  }
}
