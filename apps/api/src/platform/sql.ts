import { createHash } from 'node:crypto';
import type { Database, Executor } from '@caravan/db/client';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';

// Hot read paths use hand-written SQL run as named (prepared) statements: PostgreSQL parses and
// plans each statement once per connection (ARCHITECTURE section 9). The name is derived from the
// text, so every distinct query shape gets its own statement.

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

export async function prepared<T extends QueryResultRow>(client: Pool | PoolClient, text: string, values: unknown[] = []): Promise<T[]> {
  const result = await client.query<T>({ name: statementName(text), text, values });
  return result.rows;
}

/** Builds drizzle SQL as the database's own dialect does (createDatabase: snake_case columns). */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a statement written with drizzle's sql`` (e.g. data-modifying WITH queries) on the executor's
 * connection as a named statement: PostgreSQL parses and plans it once per connection instead of on
 * every call (the money paths' multi-table statements cost more to plan than to run, ADR 0014). Each
 * distinct text is a statement kept by every connection: `named` false for rare shapes (a checkout of
 * many lines) keeps their number bounded.
 */
export async function executeNamed<T extends QueryResultRow = QueryResultRow>(executor: Executor, query: SQL, named = true): Promise<QueryResult<T>> {
  if (!named) return (await executor.execute(query)) as unknown as QueryResult<T>;
  const built = dialect.sqlToQuery(query);
  return (await executor._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute()) as QueryResult<T>;
}

/**
 * A drizzle statement built and prepared once per database, then reused (hot reads outside a
 * transaction: building a query with drizzle can cost more than running it).
 */
export function oncePerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** Builds `$n` placeholders while collecting values, for queries assembled from optional parts. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The text with LIKE's wildcards (and its escape character) escaped, to match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** A LIKE pattern matching lower-cased texts that contain `text` anywhere. */
export function containing(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** PostgreSQL's unique_violation (optionally of one constraint), from pg or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string } | undefined;
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
