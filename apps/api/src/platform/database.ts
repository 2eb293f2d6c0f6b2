import path from 'node:path';
import { createDatabasePools, createPool, type Database } from '@caravan/db/client';
import { startEmbeddedPostgres } from '@caravan/db/embedded';
import { runMigrations } from '@caravan/db/migrate';
import type pg from 'pg';
import type { Env } from '../env.ts';
import { MIGRATIONS_DIR, resolveFromRoot } from './paths.ts';

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
  /** Where the data lives, for the start-up banner (password removed). */
  description: string;
  embedded: boolean;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE = 'caravan';

function describe(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/** Where the database is, before any migration: DATABASE_URL, or the embedded PostgreSQL (started or adopted). */
export interface DatabaseLocation {
  url: string;
  /** the embedded data directory, when embedded */
  embeddedDir: string | undefined;
  /** stops the embedded PostgreSQL when this process started (or, as owner, adopted) it */
  stopEmbedded(): Promise<void>;
}

/**
 * DATABASE_URL, or the embedded PostgreSQL with its `caravan` database (created when missing). The
 * owner (the server) also stops an embedded instance it found running; one-off commands do not.
 */
export async function locateDatabase(env: Env, log: (line: string) => void, options: { owner?: boolean } = {}): Promise<DatabaseLocation> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embeddedDir: undefined, stopEmbedded: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(resolveFromRoot(env.DATA_DIR), 'postgres'),
    port: env.EMBEDDED_PG_PORT,
    stopAdopted: options.owner === true,
    log: (line) => {
      if (/error|fatal|panic/i.test(line)) log(`postgres: ${line}`);
    },
  });
  const admin = createPool(embedded.url, { max: 1 });
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (existing.rowCount === 0) await admin.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  const target = new URL(embedded.url);
  target.pathname = `/${EMBEDDED_DATABASE}`;
  return { url: target.toString(), embeddedDir: embedded.dataDir, stopEmbedded: embedded.stop };
}

/** Where the data lives, for banners and logs (password removed). */
export function describeLocation(location: DatabaseLocation): string {
  return location.embeddedDir ? `embedded PostgreSQL, data in ${location.embeddedDir}` : describe(location.url);
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL; then applies pending migrations. The
 * owner (the server) also stops an embedded instance it found running; one-off commands do not.
 */
export async function openDatabase(env: Env, log: (line: string) => void, options: { owner?: boolean } = {}): Promise<DatabaseHandle> {
  const location = await locateDatabase(env, log, options);
  const { url, stopEmbedded } = location;
  const { pool, db, end } = createDatabasePools(url, env.DATABASE_POOL_MAX);
  try {
    await runMigrations(pool, MIGRATIONS_DIR);
  } catch (error) {
    await end();
    await stopEmbedded();
    throw error;
  }
  return {
    pool,
    db,
    description: describeLocation(location),
    embedded: location.embeddedDir !== undefined,
    async close() {
      await end();
      await stopEmbedded();
    },
  };
}
