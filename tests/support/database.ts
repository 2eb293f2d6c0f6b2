import { randomBytes } from 'node:crypto';
import { createDatabasePools, createPool, type Database, type Pool } from '@caravan/db/client';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    redisUrl: string | null;
    faultsSeed: number | null;
  }
}

export interface TestDatabase {
  url: string;
  pool: Pool;
  db: Database;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file, cloned from the run's template; `{ empty: true }`: a
 * database with no tables at all (a restore's target), on the same server and dropped the same way.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  // named after the run (see global-setup), so a run cleans up only its own databases when several
  // runs share one PostgreSQL
  const name = `${template.replace(/^caravan_tpl_/, 'caravan_t_')}_${randomBytes(5).toString('hex')}`;
  const admin = createPool(adminUrl, { max: 1 });
  try {
    // CREATE DATABASE ... TEMPLATE needs the template to be idle; retry briefly if another file is cloning it
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(options.empty ? `create database ${name}` : `create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/is being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { pool, db, end } = createDatabasePools(url.toString(), 30);
  return {
    url: url.toString(),
    pool,
    db,
    async drop() {
      await end();
      const cleanup = createPool(adminUrl, { max: 1 });
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
