import { createHash } from 'node:crypto';
import { keepOpen, lastStatement, type Database, type Transaction } from '@caravan/db/client';
import { idempotencyRecords } from '@caravan/db/schema/platform';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import { builtOnce, isUniqueViolation } from './sql.ts';
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

/**
 * What the first-run checks of runChecked found: a refusal (what they wrote is committed, the key stays
 * unused), or what the work needs from them, and what to do when the work is then rolled back.
 */
export type FirstRunCheck<V> = { refused: AppError } | FirstRunPassed<V>;
export type FirstRunPassed<V> = { passed: V; afterRollback?: (() => Promise<void>) | undefined };

class ReplayInstead extends Error {}

/** A refusal of the first-run checks, carried out of the transaction past the store's own catch. */
class BeforeTheWork extends Error {
  constructor(readonly refusal: unknown) {
    super('refused before the work');
  }
}

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
    return this.claimed(request, hash, async (tx, claim) => {
      if ((await claim).length === 0) throw new ReplayInstead();
      return { passed: undefined };
    }, work);
  }

  /**
   * Runs `work` once per key, as run does without a first-run check, and writes the work's statements
   * right behind the key's claim without waiting for its answer (ADR 0014). The claim raises on a used
   * key, so the transaction is aborted there and a `commit` written behind the work answers with a
   * rollback: the work may write all it has, its last statement included, before any answer. `claimed` is
   * refused for a used key, and the work must await it with its answers (answersInOrder, claimed first):
   * the stored outcome is then answered.
   */
  async runAhead<T>(request: IdempotentRequest, work: (tx: Transaction, settle: (outcome: T) => Promise<void>, claimed: Promise<void>) => Promise<T>): Promise<T> {
    const hash = payloadHash(request.payload);
    return this.claimed(
      request,
      hash,
      async (_tx, claim) => {
        const claimed = claim.then(
          () => undefined,
          (error: unknown) => {
            throw isUniqueViolation(error, 'idempotency_records_pkey') ? new ReplayInstead() : error;
          },
        );
        // awaited by the work; this only keeps an early failure of the work from leaving it unheard
        claimed.catch(() => undefined);
        return { passed: claimed };
      },
      async (tx, settle, claimed) => {
        let data: T;
        try {
          data = await work(tx, settle, claimed);
        } catch (error) {
          // the claim's verdict comes first: what failed behind a used key failed because of it
          await claimed;
          throw error;
        }
        // a work that never awaited it is a programming error, refused (and rolled back unless it ended the
        // transaction itself)
        await claimed;
        return data;
      },
      true,
    );
  }

  /**
   * Runs `work` once per key, as run does, with the first-run checks in the work's own transaction (one
   * transaction instead of two, ADR 0014): `check` writes its statements right behind the key's claim,
   * which waits with them. A refusal of the checks commits what they wrote (a wrong fund password's counted
   * failure) without the claim: the key is not used up, as by a refusal of run's `beforeFirstRun`. A
   * refusal thrown by the checks rolls everything back and is not stored either; one of the work is stored.
   * A replay answers without the checks' effects: they are rolled back with the claim that found it.
   */
  async runChecked<T, V>(
    request: IdempotentRequest,
    check: (tx: Transaction) => Promise<FirstRunCheck<V>>,
    work: (tx: Transaction, settle: (outcome: T) => Promise<void>, passed: V) => Promise<T>,
  ): Promise<T> {
    const hash = payloadHash(request.payload);
    return this.claimed(request, hash, async (tx, claim) => {
      const [claimedRows, checked] = await Promise.allSettled([claim, check(tx)]);
      if (claimedRows.status === 'rejected') throw claimedRows.reason;
      if (claimedRows.value.length === 0) throw new ReplayInstead();
      if (checked.status === 'rejected') throw new BeforeTheWork(checked.reason);
      if ('refused' in checked.value) {
        // the claim goes, what the checks wrote stays: the delete is the transaction's last statement
        await lastStatement(tx, () => this.release(tx, request.key));
        throw new BeforeTheWork(checked.value.refused);
      }
      return checked.value;
    }, work);
  }

  /**
   * The claim, the first-run checks behind it, then the work, in one transaction; `admit` reads the
   * claim's answer (none: a replay) and answers what the checks passed on.
   */
  private async claimed<T, V>(
    request: IdempotentRequest,
    hash: string,
    admit: (tx: Transaction, claim: Promise<{ key: string }[]>) => Promise<FirstRunPassed<V>>,
    work: (tx: Transaction, settle: (outcome: T) => Promise<void>, passed: V) => Promise<T>,
    raising = false,
  ): Promise<T> {
    let afterRollback: (() => Promise<void>) | undefined;
    try {
      return await this.db.transaction(async (tx) => {
        const known: StoredOutcome | undefined = request.outcome === undefined ? undefined : { ok: true, data: canonical(request.outcome) };
        // a used key: no row (the insert does nothing), or, `raising`, a unique violation
        const insert = (on: Transaction) =>
          on.insert(idempotencyRecords).values({ key: sql.placeholder('key'), userId: sql.placeholder('userId'), requestHash: sql.placeholder('hash'), outcome: sql.placeholder('outcome'), createdAt: sql.placeholder('now') });
        const claim = (
          raising
            ? builtOnce(tx, 'idempotency_claim_raising', (on, name) => insert(on as Transaction).returning({ key: idempotencyRecords.key }).prepare(name))
            : builtOnce(tx, 'idempotency_claim', (on, name) => insert(on as Transaction).onConflictDoNothing().returning({ key: idempotencyRecords.key }).prepare(name))
        ).execute({ key: request.key, userId: request.userId, hash, outcome: known ?? { ok: false, errorKey: 'common.try_later', params: {} }, now: this.clock.now() });
        const admitted = await admit(tx, claim);
        afterRollback = admitted.afterRollback;
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
        const data = await work(tx, settle, admitted.passed);
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
      // a refusal of the first-run checks: the key stays unused
      if (error instanceof BeforeTheWork) throw error.refusal;
      if (isAppError(error)) {
        // the work was rolled back; its refusal is the outcome replays get
        const outcome: StoredOutcome = { ok: false, errorKey: error.key, params: error.params };
        await this.db
          .insert(idempotencyRecords)
          .values({ key: request.key, userId: request.userId, requestHash: hash, outcome, createdAt: this.clock.now() })
          .onConflictDoNothing();
        await afterRollback?.();
      }
      throw error;
    }
  }

  /** Gives a claimed key up within its transaction (the first-run checks refused the request). */
  private async release(tx: Transaction, key: string): Promise<void> {
    await builtOnce(tx, 'idempotency_release', (on, name) => on.delete(idempotencyRecords).where(eq(idempotencyRecords.key, sql.placeholder('key'))).prepare(name)).execute({ key });
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
