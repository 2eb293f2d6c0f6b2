import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * `$planned`, when the database has one: the small pool of statements whose plan the application has
 * chosen (createPlannedPool).
 */
export type Database = NodePgDatabase & { $client: pg.Pool; $planned?: pg.Pool };
/** A transaction handle; repositories accept either a Database or a Transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;
export type Pool = pg.Pool;

// numeric stays a string (Money parses it); int8 counters become JS numbers (safe below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PoolOptions {
  max?: number;
  applicationName?: string;
  statementTimeoutMs?: number;
  /** Parallel query helps reports, not an API answering many small queries at once on few cores. */
  parallelQuery?: boolean;
  /** The planned pool's sessions (createPlannedPool). */
  planned?: boolean;
  /**
   * pg's pipeline mode: a statement is written as soon as it is asked for, without waiting for the answer
   * of the one before (answers still come back in order). What the API's transactions need (see
   * pipelinedTransactions); a COPY or a cursor is refused on such a connection, so not for backups.
   */
  pipeline?: boolean;
}

export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const settings = [
    ...(options.parallelQuery ? [] : ['-c max_parallel_workers_per_gather=0']),
    ...(options.planned ? ['-c plan_cache_mode=force_generic_plan', '-c enable_seqscan=off'] : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    application_name: options.applicationName ?? 'caravan',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
    ...(options.pipeline ? { pipeline: true } : {}),
  });
  // An idle connection closed by the server (restart, failover) must not crash the process: the pool
  // drops it and the next query opens a new one.
  pool.on('error', () => {});
  return pool;
}

/** Connections of the planned pool: its statements are short, and the machine's cores few. */
export const PLANNED_POOL_MAX = 4;

/**
 * A small pool for named statements whose plan the application has chosen and whose values must not
 * change it (ADR 0021, addendum of 2026-12-07). Its sessions use generic plans only
 * (`plan_cache_mode=force_generic_plan`), so such a statement is planned once per connection: PostgreSQL's
 * own choice (`auto`) keeps planning a statement for its values when the generic plan's estimates look
 * dearer, as a `limit $1` always does (priced at a tenth of its input). They never read a table
 * sequentially (`enable_seqscan=off`), a guard: with that price, reading a small table whole and sorting it
 * could look cheaper than a walk of its index. Only statements that walk an index or read one by its
 * condition belong here.
 */
function createPlannedPool(connectionString: string, max: number): pg.Pool {
  return createPool(connectionString, { max: Math.min(max, PLANNED_POOL_MAX), applicationName: 'caravan-planned', planned: true });
}

/** The API's pools on one database: the main one (`max` connections), the planned one, and its drizzle database. */
export interface DatabasePools {
  pool: pg.Pool;
  db: Database;
  /** Ends both pools. */
  end(): Promise<void>;
}

/**
 * The main pool and the planned pool (createPlannedPool) on one database, with the drizzle database that
 * carries both. Neither connects before its first statement; the planned one opens connections only for
 * its statements (a whole-catalogue search).
 */
export function createDatabasePools(connectionString: string, max: number): DatabasePools {
  const pool = createPool(connectionString, { max, pipeline: true });
  const planned = createPlannedPool(connectionString, max);
  const db = createDatabase(pool, planned);
  pipelinedTransactions(db, pool);
  return {
    pool,
    db,
    async end() {
      await Promise.all([pool.end(), planned.end()]);
    },
  };
}

/**
 * The API's drizzle database. No schema is given: nothing uses drizzle's relational queries (`db.query`),
 * and with a schema every transaction built a relational query builder for each of its tables (about 1 %
 * of the API's busy time in the checkout's profile, issue 17). Statements name their tables themselves.
 */
export function createDatabase(pool: pg.Pool, planned?: pg.Pool): Database {
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return planned ? Object.assign(db, { $planned: planned }) : db;
}

/**
 * What a pipelined transaction knows of its end: how many statements its work has written, and the `commit`
 * written behind the last one (lastStatement), if the work declared one.
 */
interface Ending {
  /** the transaction's connection, for the `commit` */
  client: pg.PoolClient;
  written: number;
  /** set by keepOpen: a statement of the work is never the transaction's last */
  open: boolean;
  /** the `commit` written behind the declared last statement: its answer, or its failure */
  commit?: Promise<pg.QueryResult | Error>;
  /** no statement may be written any more: the `commit` was, or the transaction is over */
  ended: boolean;
}

const endings = new WeakMap<object, Ending>();

/** Throws unless the answer to a `commit` says the transaction committed (a failed one answers ROLLBACK). */
function expectCommitted(committed: pg.QueryResult | Error): void {
  if (committed instanceof Error) throw committed;
  if (committed.command !== 'COMMIT') throw new Error(`the transaction was not committed (${committed.command})`);
}

/**
 * Runs `statement`, one statement of a pipelined transaction (createDatabasePools), as its last: the
 * transaction's `commit` is written right behind it, before PostgreSQL answers it, and the transaction
 * waits once less (issue 17, ADR 0014). The transaction is over when this answers: committed, or, if the
 * statement failed, rolled back (PostgreSQL answers a `commit` in a failed transaction with a rollback).
 * So nothing may follow it: an error the work throws after it no longer rolls anything back, and a
 * statement written after it fails. `statement` must write its one statement before it first awaits;
 * if it wrote nothing by then, the commit waits for its answer as usual.
 *
 * Anywhere else (a drizzle transaction, a savepoint, a database, a transaction kept open by keepOpen) it
 * is the statement alone.
 */
export async function lastStatement<T>(executor: Executor, statement: () => Promise<T>): Promise<T> {
  const ending = endings.get(executor);
  if (!ending || ending.open) return statement();
  if (ending.ended) throw new Error('the transaction has already ended');
  const before = ending.written;
  // `then` asked for at once: a drizzle query is written only then
  const answer = new Promise<T>((resolve, reject) => {
    statement().then(resolve, reject);
  });
  if (ending.written === before) return answer;
  coalesce(ending.client);
  ending.ended = true;
  // its failure is read below: a rejection nobody waits for would end the process
  const commit = (ending.commit = ending.client.query('commit').then(
    (result) => result,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  ));
  let result: T;
  try {
    result = await answer;
  } finally {
    // answered after the statement's own answer, whatever that was
    await commit;
  }
  expectCommitted(await commit);
  return result;
}

/**
 * The answers of statements written together (pg's pipeline mode), in the order they were written: every
 * answer is awaited, and the first failure in that order is thrown, whichever came to JavaScript first (a
 * rejection nobody waits for would end the process).
 */
export async function answersInOrder<T extends readonly unknown[]>(statements: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(statements);
  const failed = settled.find((answer) => answer.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((answer) => (answer as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Runs `write`, which writes statements without waiting for their answers and adds each to `written`.
 * When it throws (a refusal found between two statements), the statements it wrote are waited for
 * before its error goes on: a rejection nobody waits for would end the process, and the transaction must
 * not end while they are in flight. Their answers are the caller's to read after (answersInOrder).
 */
export async function settledOnThrow<T>(written: readonly Promise<unknown>[], write: () => T | Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await Promise.allSettled(written);
    throw error;
  }
}

/**
 * Keeps a pipelined transaction open whatever its work declares last: for a caller that may write more
 * after the work (the idempotency record's outcome). `keepOpen(tx, false)` lets it end again (the outcome
 * was written during the work).
 */
export function keepOpen(executor: Executor, open = true): void {
  const ending = endings.get(executor);
  if (ending) ending.open = open;
}

/** The pipelined pool of a database made by createDatabasePools. */
const pipelinedPools = new WeakMap<object, pg.Pool>();
/** The dialect of the sessions made here on one connection (transactions, onOneConnection). */
const sessionDialect = new PgDialect({ casing: 'snake_case' });

/** The connections whose socket is corked until the event loop's next turn (coalesce). */
const corked = new WeakSet<object>();

/**
 * Statements written to a pipelined connection in one turn of the event loop leave in one write: one
 * system call, and one wake-up of PostgreSQL, instead of one of each per statement (pg corks and uncorks
 * the socket around each statement on its own). Called before each such statement: the socket is corked
 * until the loop's check phase (setImmediate), after the promise jobs that write the statements started
 * together.
 */
function coalesce(client: pg.PoolClient): void {
  if (corked.has(client)) return;
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  stream.cork();
  corked.add(client);
  setImmediate(() => {
    corked.delete(client);
    stream.uncork?.();
  });
}

/**
 * A drizzle session on one lent connection, as a transaction handle: each statement coalesced, and
 * `before` told first (it may refuse the statement).
 */
function sessionOn(client: pg.PoolClient, before?: () => void): NodePgTransaction<Record<string, never>, Record<string, never>> {
  const session = Object.create(client, {
    query: {
      value: (...args: Parameters<pg.Client['query']>) => {
        before?.();
        coalesce(client);
        return (client.query as (...a: unknown[]) => unknown)(...args);
      },
    },
  }) as pg.PoolClient;
  return new NodePgTransaction(sessionDialect, new NodePgSession(session, sessionDialect, undefined), undefined);
}

/**
 * Lends a connection of `pool` to `use`. A connection lost meanwhile (PostgreSQL restarted, the session
 * terminated) is dropped, not pooled again, and so is one `use` marks broken: pg reports the loss as an
 * `error` event of the client too, which nobody listens to while the pool has lent it out, and which ended
 * the process unheard (drizzle's transaction has no listener either).
 */
async function lent<T>(pool: pg.Pool, use: (client: pg.PoolClient, broke: (error: unknown) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const broke = (error: unknown) => {
    broken ??= error instanceof Error ? error : new Error(String(error));
  };
  client.on('error', broke);
  try {
    return await use(client, broke);
  } finally {
    client.removeListener('error', broke);
    client.release(broken);
  }
}

/**
 * Runs `work`'s statements on one connection of a pipelined pool (createDatabasePools), outside any
 * transaction: statements it starts without awaiting each other (Promise.all) are written together and
 * their answers come back together, one wait for all (issue 17, ADR 0014). Each statement is its own
 * transaction, so this is for reads that do not need each other's answers; they see no common snapshot.
 * Anywhere else it is `work` on the database.
 */
export async function onOneConnection<T>(db: Database, work: (executor: Executor) => Promise<T>): Promise<T> {
  const pool = pipelinedPools.get(db);
  if (!pool) return work(db);
  return lent(pool, (client) => work(sessionOn(client) as unknown as Transaction));
}

/**
 * Runs a read on a connection of `pool` and hands each row to `onRow` as it arrives, keeping none: for a
 * read of hundreds of thousands of rows that its caller folds as they come (the suggestion index), which
 * as one result would be that many objects held at once. Answers how many rows were handed over. When
 * `onRow` throws, the rows after are dropped and the read fails with that error once PostgreSQL has
 * answered it all (the connection then serves the next statement as usual).
 */
export async function eachRow<R extends pg.QueryResultRow>(pool: pg.Pool, read: { name?: string; text: string; values?: unknown[] }, onRow: (row: R) => void): Promise<number> {
  return lent(
    pool,
    (client) =>
      new Promise<number>((resolve, reject) => {
        const query = new pg.Query<R>(read);
        let handed = 0;
        let thrown: { error: unknown } | undefined;
        query.on('row', (row: R) => {
          if (thrown) return;
          try {
            onRow(row);
            handed += 1;
          } catch (error) {
            thrown = { error };
          }
        });
        query.on('error', reject);
        query.on('end', () => (thrown ? reject(thrown.error) : resolve(handed)));
        client.query(query);
      }),
  );
}

/**
 * Transactions whose `begin` costs no round trip of its own: it is written, and the work's first statement
 * right behind it, before PostgreSQL answers it (the pool's connections are in pipeline mode). Drizzle's own
 * transaction waits for that answer: a checkout and its payment each waited once more (issue 17, ADR 0014).
 * `begin` fails only with its connection, and then so does every statement behind it. The work may write
 * its `commit` with its last statement as well (lastStatement). A connection lost meanwhile is dropped
 * (lent). The pool also serves onOneConnection.
 */
function pipelinedTransactions(db: Database, pool: pg.Pool): void {
  pipelinedPools.set(db, pool);
  db.transaction = async function transaction<T>(work: (tx: Transaction) => Promise<T>, config?: Parameters<Database['transaction']>[1]): Promise<T> {
    return lent(pool, async (client, broke) => {
      const ending: Ending = { client, written: 0, open: false, ended: false };
      // the work's statements go through this: counted, and refused once the transaction has ended
      const tx = sessionOn(client, () => {
        if (ending.ended) throw new Error("a statement was written after the transaction's last one (lastStatement)");
        ending.written += 1;
      });
      endings.set(tx, ending);
      const settings = config ? sessionDialect.sqlToQuery((tx as unknown as { getTransactionConfigSQL(c: typeof config): SQL }).getTransactionConfigSQL(config)).sql : '';
      coalesce(client);
      // its failure is read after the work: a rejection nobody waits for would end the process
      const begun = client.query(settings ? `begin ${settings}` : 'begin').then(
        () => undefined,
        (error: unknown) => error,
      );
      try {
        const result = await work(tx as unknown as Transaction);
        const failed = await begun;
        if (failed) throw failed;
        // lastStatement wrote the commit and has read its answer; the work may have caught what it threw
        if (ending.commit) expectCommitted(await ending.commit);
        else await client.query('commit');
        return result;
      } catch (error) {
        await begun;
        if (ending.commit) {
          const committed = await ending.commit;
          if (committed instanceof Error) broke(committed);
        } else {
          await client.query('rollback').catch(broke);
        }
        throw error;
      } finally {
        ending.ended = true;
      }
    });
  };
}

export { pg };
