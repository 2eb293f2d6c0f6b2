import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { recordStatements, waitsOf } from '../support/statements.ts';

// The API's transactions (createDatabasePools in packages/db): `begin` is written and the work's first statement
// right behind it, without waiting for PostgreSQL's answer to `begin` (pg's pipeline mode). Everything a
// transaction promises still holds: the work is all or nothing, a refused statement rolls it back, the
// connection goes back to the pool clean, and one lost meanwhile is dropped without ending the process.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.pool.query('create table pipelined_probe (id int primary key, note text not null)');
});
afterAll(async () => t.drop());

async function notes(): Promise<string[]> {
  const { rows } = await t.pool.query<{ note: string }>('select note from pipelined_probe order by id');
  return rows.map((row) => row.note);
}

describe('a transaction of the API', () => {
  it('writes its first statement before the answer to begin, and commits its work', async () => {
    const { statements } = await recordStatements(() =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe (id, note) values (1, 'committed')`);
      }),
    );
    // the insert went out behind the unanswered begin; the commit waited for the insert's answer
    expect(statements.map((statement) => [statement.text.trim().split(/\s+/)[0], statement.behind === true])).toEqual([
      ['begin', false],
      ['insert', true],
      ['commit', false],
    ]);
    expect(waitsOf(statements)).toBe(2);
    expect(await notes()).toEqual(['committed']);
  });

  it('is all or nothing: work that throws after a write leaves nothing, and answers its own error', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe (id, note) values (2, 'rolled back')`);
        throw new Error('refused by the work');
      }),
    ).rejects.toThrow('refused by the work');
    expect(await notes()).toEqual(['committed']);
  });

  it('rolls back when PostgreSQL refuses a statement, and its connection serves the next transaction clean', async () => {
    const { statements } = await recordStatements(async () => {
      await expect(
        t.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pipelined_probe (id, note) values (3, 'before the refusal')`);
          await tx.execute(sql`insert into pipelined_probe (id, note) values (1, 'a duplicate key')`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
    });
    expect(statements.map((statement) => statement.text.trim().split(/\s+/)[0])).toEqual(['begin', 'insert', 'insert', 'rollback']);
    expect(await notes()).toEqual(['committed']);
    // every connection of the pool is idle and outside a transaction: the next one commits
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pipelined_probe (id, note) values (4, 'after')`);
    });
    expect(await notes()).toEqual(['committed', 'after']);
  });

  // pg also reports the loss as an `error` event of the lent client: unheard, vitest fails the run with an
  // unhandled error, as the process would have ended
  it('drops a connection lost during the transaction instead of pooling it, with no unhandled error', async () => {
    const before = t.pool.totalCount;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe (id, note) values (5, 'lost with its connection')`);
        // the server ends this very session: the next statement and the rollback cannot be sent
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    expect(t.pool.totalCount).toBe(before - 1);
    expect(await notes()).toEqual(['committed', 'after']);
  });

  it('keeps nested transactions (savepoints) and transactions with settings', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pipelined_probe (id, note) values (6, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into pipelined_probe (id, note) values (7, 'inner, undone')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    const isolation = await t.db.transaction(async (tx) => (await tx.execute<{ level: string }>(sql`select current_setting('transaction_isolation') as level`)).rows[0]!.level, { isolationLevel: 'serializable' });
    expect(isolation).toBe('serializable');
    expect(await notes()).toEqual(['committed', 'after', 'outer']);
  });
});
