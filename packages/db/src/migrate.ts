import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createDatabase } from './client.ts';

/** Arbitrary constant: serialises concurrent migrators (two API replicas starting together). */
const MIGRATION_LOCK_ID = 726_354_001;

/** Applies the committed migrations in packages/db/migrations (the caller passes that folder). */
export async function runMigrations(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(createDatabase(pool), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
