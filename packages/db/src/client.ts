import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase & { $client: pg.Pool };
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
}

export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    application_name: options.applicationName ?? 'caravan',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.parallelQuery ? {} : { options: '-c max_parallel_workers_per_gather=0' }),
  });
  // An idle connection closed by the server (restart, failover) must not crash the process: the pool
  // drops it and the next query opens a new one.
  pool.on('error', () => {});
  return pool;
}

/**
 * The API's drizzle database. No schema is given: nothing uses drizzle's relational queries (`db.query`),
 * and with a schema every transaction built a relational query builder for each of its tables (about 1 %
 * of the API's busy time in the checkout's profile, issue 17). Statements name their tables themselves.
 */
export function createDatabase(pool: pg.Pool): Database {
  return drizzle({ client: pool, casing: 'snake_case' });
}

export { pg };
