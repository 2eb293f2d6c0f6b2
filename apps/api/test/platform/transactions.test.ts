import { answersInOrder, eachRow, keepOpen, lastStatement, onOneConnection, settledOnThrow } from '@caravan/db/client';
import { Socket } from 'node:net';
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

  it('writes the statements it starts together in one write of its socket', async () => {
    const socket = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const original = { _write: socket._write, _writev: socket._writev };
    let writes = 0;
    const counting = (name: '_write' | '_writev') =>
      function (this: Socket, ...args: unknown[]) {
        writes += 1;
        return original[name].apply(this, args);
      };
    // connected first: the connection's own start-up is not counted
    await t.db.transaction(async (tx) => tx.execute(sql`select 1`));
    socket._write = counting('_write');
    socket._writev = counting('_writev');
    try {
      await t.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 2`), tx.execute(sql`select 3`)]);
      });
    } finally {
      Object.assign(socket, original);
    }
    // begin and the three selects in one write (pg alone wrote one per statement), the commit in another
    expect(writes).toBe(2);
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

// lastStatement: the work declares its last statement, and the commit is written behind it (one wait less)
describe("a transaction's declared last statement", () => {
  async function count(): Promise<number> {
    return (await t.pool.query<{ n: number }>('select count(*)::int as n from pipelined_probe')).rows[0]!.n;
  }
  const words = (statements: { text: string; behind?: boolean }[]) => statements.map((statement) => [statement.text.trim().split(/\s+/)[0], statement.behind === true]);

  it('writes the commit behind it, before its answer, and commits', async () => {
    const { result, statements } = await recordStatements(() =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe (id, note) values (10, 'first')`);
        return lastStatement(tx, () => tx.execute<{ id: number }>(sql`insert into pipelined_probe (id, note) values (11, 'last') returning id`));
      }),
    );
    expect(result.rows).toEqual([{ id: 11 }]);
    expect(words(statements)).toEqual([
      ['begin', false],
      ['insert', true],
      ['insert', false],
      ['commit', true],
    ]);
    expect(waitsOf(statements)).toBe(2);
    expect((await notes()).slice(-2)).toEqual(['first', 'last']);
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
  });

  it('when PostgreSQL refuses it, answers its error and leaves nothing: the commit became a rollback', async () => {
    const before = await count();
    const { statements } = await recordStatements(async () => {
      await expect(
        t.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pipelined_probe (id, note) values (12, 'undone')`);
          await lastStatement(tx, () => tx.execute(sql`insert into pipelined_probe (id, note) values (10, 'a duplicate key')`));
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
    });
    // no rollback of its own: PostgreSQL answered the commit of the failed transaction with one
    expect(words(statements).map(([word]) => word)).toEqual(['begin', 'insert', 'insert', 'commit']);
    expect(await count()).toBe(before);
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
    // the connection is outside any transaction: the next one commits
    await t.db.transaction(async (tx) => lastStatement(tx, () => tx.execute(sql`insert into pipelined_probe (id, note) values (12, 'after the refusal')`)));
    expect(await count()).toBe(before + 1);
  });

  it('refuses a statement written after it, and what the work throws after it rolls nothing back', async () => {
    const before = await count();
    await expect(
      t.db.transaction(async (tx) => {
        await lastStatement(tx, () => tx.execute(sql`insert into pipelined_probe (id, note) values (13, 'committed by its last statement')`));
        await tx.execute(sql`insert into pipelined_probe (id, note) values (14, 'too late')`);
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining("a statement was written after the transaction's last one") } });
    await expect(
      t.db.transaction(async (tx) => {
        await lastStatement(tx, () => tx.execute(sql`insert into pipelined_probe (id, note) values (15, 'committed before the throw')`));
        throw new Error('thrown after the end');
      }),
    ).rejects.toThrow('thrown after the end');
    expect((await notes()).slice(-2)).toEqual(['committed by its last statement', 'committed before the throw']);
    expect(await count()).toBe(before + 2);
    await expect(
      t.db.transaction(async (tx) => {
        await lastStatement(tx, () => tx.execute(sql`select 1`));
        await lastStatement(tx, () => tx.execute(sql`select 2`));
      }),
    ).rejects.toThrow('the transaction has already ended');
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
  });

  it('does not let a work that catches the failure pass for committed', async () => {
    const before = await count();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe (id, note) values (16, 'undone')`);
        await lastStatement(tx, () => tx.execute(sql`insert into pipelined_probe (id, note) values (10, 'a duplicate key')`)).catch(() => undefined);
        return 'done';
      }),
    ).rejects.toThrow('the transaction was not committed (ROLLBACK)');
    expect(await count()).toBe(before);
  });

  it('is the statement alone where the transaction cannot end with it', async () => {
    // kept open (the idempotency record's outcome is written after the work)
    const { statements } = await recordStatements(() =>
      t.db.transaction(async (tx) => {
        keepOpen(tx);
        await lastStatement(tx, () => tx.execute(sql`insert into pipelined_probe (id, note) values (17, 'kept open')`));
        await tx.execute(sql`insert into pipelined_probe (id, note) values (18, 'written after')`);
      }),
    );
    expect(words(statements)).toEqual([
      ['begin', false],
      ['insert', true],
      ['insert', false],
      ['commit', false],
    ]);
    // a statement that awaits before it writes: the commit waits for its answer as usual
    const { statements: late } = await recordStatements(() =>
      t.db.transaction(async (tx) =>
        lastStatement(tx, async () => {
          await Promise.resolve();
          return tx.execute(sql`insert into pipelined_probe (id, note) values (19, 'written late')`);
        }),
      ),
    );
    expect(words(late).map(([word]) => word)).toEqual(['begin', 'insert', 'commit']);
    expect(late.at(-1)?.behind).toBeUndefined();
    // a savepoint ends nothing, and neither does the database outside a transaction
    await t.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await lastStatement(inner, () => inner.execute(sql`insert into pipelined_probe (id, note) values (20, 'in a savepoint')`));
        await inner.execute(sql`insert into pipelined_probe (id, note) values (21, 'after it')`);
      });
    });
    await lastStatement(t.db, () => t.db.execute(sql`insert into pipelined_probe (id, note) values (22, 'no transaction')`));
    expect((await notes()).slice(-6)).toEqual(['kept open', 'written after', 'written late', 'in a savepoint', 'after it', 'no transaction']);
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
  });
});

// onOneConnection: reads that do not need each other's answers, written together on one connection
describe('statements on one connection', () => {
  it('writes them together, one wait for all, outside any transaction', async () => {
    const { result, statements } = await recordStatements(() =>
      onOneConnection(t.db, (on) =>
        Promise.all([
          on.execute<{ n: number }>(sql`select count(*)::int as n from pipelined_probe`),
          on.execute<{ note: string }>(sql`select note from pipelined_probe where id = 1`),
        ]),
      ),
    );
    expect(result[0].rows[0]!.n).toBeGreaterThan(0);
    expect(result[1].rows).toEqual([{ note: 'committed' }]);
    expect(statements.map((statement) => [statement.text.trim().split(/\s+/)[0], statement.behind === true])).toEqual([
      ['select', false],
      ['select', true],
    ]);
    expect(waitsOf(statements)).toBe(1);
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
  });

  it('answers a refused statement\'s error, each statement standing alone, and keeps the connection', async () => {
    const before = t.pool.totalCount;
    await expect(
      onOneConnection(t.db, (on) =>
        Promise.all([
          on.execute(sql`insert into pipelined_probe (id, note) values (30, 'its own transaction')`),
          on.execute(sql`insert into pipelined_probe (id, note) values (10, 'a duplicate key')`),
        ]),
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    // the first statement committed on its own
    expect((await notes()).at(-1)).toBe('its own transaction');
    await expect(onOneConnection(t.db, (on) => on.execute(sql`select 1`))).resolves.toBeDefined();
    expect(t.pool.totalCount).toBe(before);
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
  });
});

describe('answers of statements written together', () => {
  it('come in the order written, and the first failure in that order is thrown, whichever came first', async () => {
    await expect(answersInOrder([Promise.resolve(1), Promise.resolve('two')])).resolves.toEqual([1, 'two']);
    let failFirst: (error: Error) => void = () => undefined;
    const first = new Promise<number>((_resolve, reject) => {
      failFirst = reject;
    });
    const answers = answersInOrder([first, Promise.reject(new Error('second, failed before the first'))]);
    failFirst(new Error('first'));
    await expect(answers).rejects.toThrow('first');
  });

  it('of a write that throws are all waited for before its error goes on; a write that returns passes its value on', async () => {
    const written: Promise<unknown>[] = [];
    let answerLast: () => void = () => undefined;
    let lastAnswered = false;
    const failing = settledOnThrow(written, () => {
      written.push(Promise.reject(new Error('a statement refused')));
      written.push(
        new Promise<void>((resolve) => {
          answerLast = () => {
            lastAnswered = true;
            resolve();
          };
        }),
      );
      throw new Error('refused between two statements');
    });
    let settled = false;
    void failing.catch(() => (settled = true));
    // the write's error waits for the statement still in flight
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    answerLast();
    await expect(failing).rejects.toThrow('refused between two statements');
    expect(lastAnswered).toBe(true);
    // returned values pass through, and nothing is awaited for the caller (it reads the answers after)
    const pending: Promise<unknown>[] = [new Promise(() => undefined)];
    await expect(settledOnThrow(pending, async () => 'placed')).resolves.toBe('placed');
  });
});


describe('rows handed over as they arrive', () => {
  it('hands every row to its reader in order, keeps none, and answers how many', async () => {
    const handed: number[] = [];
    const count = await eachRow<{ n: number }>(t.db.$client, { text: 'select n from generate_series(1, $1::int) n', values: [5_000] }, (row) => handed.push(row.n));
    expect(count).toBe(5_000);
    expect(handed).toEqual(Array.from({ length: 5_000 }, (_, index) => index + 1));
    // named, as the suggestion index reads: the second run of the same statement hands the same rows
    const named: number[] = [];
    for (let run = 0; run < 2; run += 1) {
      named.length = 0;
      await eachRow<{ n: number }>(t.db.$client, { name: 'each_row_probe', text: 'select n from generate_series(1, 3) n' }, (row) => named.push(row.n));
      expect(named).toEqual([1, 2, 3]);
    }
  });

  it('fails with what its reader threw, hands nothing after, and leaves the connections serving', async () => {
    const handed: number[] = [];
    const read = eachRow<{ n: number }>(t.db.$client, { text: 'select n from generate_series(1, 100) n' }, (row) => {
      if (row.n === 10) throw new Error('reader refused row 10');
      handed.push(row.n);
    });
    await expect(read).rejects.toThrow('reader refused row 10');
    expect(handed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // a statement PostgreSQL refuses fails the read with its error
    await expect(eachRow(t.db.$client, { text: 'select 1 / 0' }, () => undefined)).rejects.toThrow(/division by zero/);
    // and every connection of the pool still answers
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => eachRow<{ n: number }>(t.db.$client, { text: 'select $1::int as n', values: [index] }, () => undefined)));
    expect(answers).toEqual([1, 1, 1, 1]);
  });
});
