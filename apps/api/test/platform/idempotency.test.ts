import { answersInOrder } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors.ts';
import { IdempotencyStore } from '../../src/platform/idempotency.ts';
import { recordStatements, waitsOf } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';

// The idempotency store every money-moving call goes through (ARCHITECTURE section 5): a key runs its work
// once; replays answer the stored outcome, success or refusal, without running anything; another payload
// under the same key is refused. ADR 0014: a new key is told from a used one by its claim alone, and an
// outcome declared before the work runs is written with the claim.

const t = await useTestApp();
const store = new IdempotencyStore(t.database.db, t.clock);
await t.database.pool.query('create table idempotency_effects (key text not null, note text not null)');

async function effects(key: string): Promise<string[]> {
  return (await t.database.pool.query<{ note: string }>('select note from idempotency_effects where key = $1 order by note', [key])).rows.map((row) => row.note);
}

async function stored(key: string) {
  return (await t.database.pool.query<{ outcome: unknown; user_id: string }>('select outcome, user_id from idempotency_records where key = $1', [key])).rows[0];
}

/** A work that writes one effect row and answers `answer`. */
function writing(key: string, answer: unknown) {
  let runs = 0;
  return {
    runs: () => runs,
    work: async (tx: Parameters<Parameters<IdempotencyStore['run']>[1]>[0]) => {
      runs += 1;
      await tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, ${`run ${runs}`})`);
      return answer;
    },
  };
}

describe('idempotency store', () => {
  it('runs a new key once; a replay answers the stored outcome without running, another payload is refused', async () => {
    const key = 'test:a';
    const first = writing(key, { ids: ['x', 'y'] });
    expect(await store.run({ key, userId: 'u1', payload: { n: 1 } }, first.work)).toEqual({ ids: ['x', 'y'] });
    const again = writing(key, { ids: ['other'] });
    expect(await store.run({ key, userId: 'u1', payload: { n: 1 } }, again.work)).toEqual({ ids: ['x', 'y'] });
    expect(again.runs()).toBe(0);
    await expect(store.run({ key, userId: 'u1', payload: { n: 2 } }, again.work)).rejects.toMatchObject({ key: 'common.idempotency_mismatch' });
    // another user's key is no key at all
    await expect(store.run({ key, userId: 'u2', payload: { n: 1 } }, again.work)).rejects.toMatchObject({ key: 'common.try_later' });
    expect(again.runs()).toBe(0);
    expect(await effects(key)).toEqual(['run 1']);
  });

  it('stores a refusal as the outcome, with the work rolled back, and replays the refusal', async () => {
    const key = 'test:refused';
    const refusing = async (tx: Parameters<Parameters<IdempotencyStore['run']>[1]>[0]) => {
      await tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, 'half-written')`);
      throw new AppError('wallet.balance_insufficient');
    };
    await expect(store.run({ key, userId: 'u1', payload: {} }, refusing)).rejects.toMatchObject({ key: 'wallet.balance_insufficient' });
    expect(await effects(key)).toEqual([]);
    const later = writing(key, 'ok');
    await expect(store.run({ key, userId: 'u1', payload: {} }, later.work)).rejects.toMatchObject({ key: 'wallet.balance_insufficient' });
    expect(later.runs()).toBe(0);
  });

  it('claims a new key without reading it first, and writes a declared outcome with the claim', async () => {
    const key = 'test:declared';
    const work = writing(key, ['o1', 'o2']);
    const { result, statements } = await recordStatements(() => store.run({ key, userId: 'u1', payload: {}, outcome: ['o1', 'o2'] }, work.work));
    expect(result).toEqual(['o1', 'o2']);
    const onRecords = statements.filter((statement) => statement.text.includes('idempotency_records'));
    expect(onRecords.map((statement) => statement.text.trim().split(/\s+/)[0]?.toLowerCase())).toEqual(['insert']);
    expect(await stored(key)).toMatchObject({ user_id: 'u1', outcome: { ok: true, data: ['o1', 'o2'] } });
    // without a declared outcome: the claim, then the outcome once the work answered
    const undeclared = writing('test:undeclared', 7);
    const second = await recordStatements(() => store.run({ key: 'test:undeclared', userId: 'u1', payload: {} }, undeclared.work));
    expect(second.statements.filter((statement) => statement.text.includes('idempotency_records')).map((statement) => statement.text.trim().split(/\s+/)[0]?.toLowerCase())).toEqual(['insert', 'update']);
    expect(await stored('test:undeclared')).toMatchObject({ outcome: { ok: true, data: 7 } });
  });

  it('a work may settle its outcome before it ends; the outcome is then written once, with the work', async () => {
    const key = 'test:settled';
    let seenInside: unknown;
    const { result, statements } = await recordStatements(() =>
      store.run({ key, userId: 'u1', payload: {} }, async (tx, settle) => {
        await tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, 'before')`);
        await settle({ order_no: 'W1' });
        // written already, inside this transaction
        seenInside = (await tx.execute<{ outcome: unknown }>(sql`select outcome from idempotency_records where key = ${key}`)).rows[0]?.outcome;
        await tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, 'after')`);
        return { order_no: 'W1' };
      }),
    );
    expect(result).toEqual({ order_no: 'W1' });
    expect(seenInside).toEqual({ ok: true, data: { order_no: 'W1' } });
    const writes = statements.filter((statement) => /^\s*(insert|update)\s+into\s+"?idempotency_records|^\s*update\s+"?idempotency_records/i.test(statement.text));
    expect(writes).toHaveLength(2);
    expect(await effects(key)).toEqual(['after', 'before']);
    // a work that settles and then fails is rolled back whole: the refusal is the outcome
    const failing = 'test:settled-then-refused';
    await expect(
      store.run({ key: failing, userId: 'u1', payload: {} }, async (tx, settle) => {
        await settle('would have been');
        await tx.execute(sql`insert into idempotency_effects (key, note) values (${failing}, 'half-written')`);
        throw new AppError('wallet.balance_insufficient');
      }),
    ).rejects.toMatchObject({ key: 'wallet.balance_insufficient' });
    expect(await effects(failing)).toEqual([]);
    expect(await stored(failing)).toMatchObject({ outcome: { ok: false, errorKey: 'wallet.balance_insufficient' } });
    // answering other than what it settled is a programming error, rolled back
    await expect(store.run({ key: 'test:settled-liar', userId: 'u1', payload: {} }, async (_tx, settle) => (await settle(1), 2))).rejects.toThrow(/other than its declared outcome/);
    expect(await stored('test:settled-liar')).toBeUndefined();
  });

  it('a work answering other than its declared outcome is rolled back and leaves no record', async () => {
    const key = 'test:liar';
    const work = writing(key, ['o1']);
    await expect(store.run({ key, userId: 'u1', payload: {}, outcome: ['o2'] }, work.work)).rejects.toThrow(/other than its declared outcome/);
    expect(await effects(key)).toEqual([]);
    expect(await stored(key)).toBeUndefined();
  });

  it('concurrent calls with one key: the work runs once, the others wait for it and replay its outcome', async () => {
    const key = 'test:concurrent';
    const work = writing(key, 'done');
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.run({ key, userId: 'u1', payload: { same: true } }, work.work)));
    expect(answers).toEqual(Array.from({ length: 8 }, () => 'done'));
    expect(work.runs()).toBe(1);
    expect(await effects(key)).toEqual(['run 1']);
  });
});

describe('idempotency store: first-run checks in the work\'s transaction (runChecked)', () => {
  type Tx = Parameters<Parameters<IdempotencyStore['runChecked']>[1]>[0];
  const note = (tx: Tx, key: string, text: string) => tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, ${text})`);

  it('writes the checks behind the claim (one wait), hands their result to the work, and stores the outcome', async () => {
    const key = 'checked:passes';
    const { result, statements } = await recordStatements(() =>
      store.runChecked(
        { key, userId: 'u1', payload: {} },
        async (tx) => {
          await note(tx, key, 'checked');
          return { passed: 'address A' };
        },
        async (tx, _settle, passed) => {
          await note(tx, key, `work with ${passed}`);
          return { order_no: 'W1' };
        },
      ),
    );
    expect(result).toEqual({ order_no: 'W1' });
    expect(await effects(key)).toEqual(['checked', 'work with address A']);
    expect(await stored(key)).toMatchObject({ outcome: { ok: true, data: { order_no: 'W1' } } });
    // begin, the claim and the check's statement go together
    const firstWait = statements.slice(0, 3);
    expect(firstWait.map((statement) => statement.text.trim().split(/\s+/)[0]?.toLowerCase())).toEqual(['begin', 'insert', 'insert']);
    expect(firstWait[1]?.text).toContain('idempotency_records');
    expect(waitsOf(firstWait)).toBe(1);
  });

  it("a refusal of the checks keeps what they wrote, runs no work and leaves the key unused", async () => {
    const key = 'checked:refused';
    let works = 0;
    const work = async (tx: Tx) => {
      works += 1;
      await note(tx, key, 'work');
      return 'done';
    };
    await expect(
      store.runChecked({ key, userId: 'u1', payload: {} }, async (tx) => (await note(tx, key, 'counted failure'), { refused: new AppError('accounts.safeword_wrong') }), work),
    ).rejects.toMatchObject({ key: 'accounts.safeword_wrong' });
    expect(works).toBe(0);
    expect(await effects(key)).toEqual(['counted failure']);
    expect(await stored(key)).toBeUndefined();
    // the same key runs once the checks pass
    expect(await store.runChecked({ key, userId: 'u1', payload: {} }, async () => ({ passed: undefined }), work)).toBe('done');
    expect(works).toBe(1);
    expect(await stored(key)).toMatchObject({ outcome: { ok: true, data: 'done' } });
  });

  it('a refusal the checks throw rolls back what they wrote and is not stored', async () => {
    const key = 'checked:thrown';
    await expect(
      store.runChecked(
        { key, userId: 'u1', payload: {} },
        async (tx) => {
          await note(tx, key, 'half-written');
          throw new AppError('accounts.safeword_required');
        },
        async () => 'never',
      ),
    ).rejects.toMatchObject({ key: 'accounts.safeword_required' });
    expect(await effects(key)).toEqual([]);
    expect(await stored(key)).toBeUndefined();
  });

  it("a refusal of the work rolls the checks' writes back with it, stores the refusal, then runs afterRollback", async () => {
    const key = 'checked:work-refused';
    const calls: string[] = [];
    await expect(
      store.runChecked(
        { key, userId: 'u1', payload: {} },
        async (tx) => {
          await note(tx, key, 'reset of earlier failures');
          return { passed: 1, afterRollback: async () => void calls.push(`after rollback, stored: ${JSON.stringify((await stored(key))?.outcome)}`) };
        },
        async (tx) => {
          await note(tx, key, 'half-written');
          throw new AppError('wallet.balance_insufficient');
        },
      ),
    ).rejects.toMatchObject({ key: 'wallet.balance_insufficient' });
    expect(await effects(key)).toEqual([]);
    expect(calls).toEqual(['after rollback, stored: {"ok":false,"params":{},"errorKey":"wallet.balance_insufficient"}']);
    // replayed without checks or work
    await expect(store.runChecked({ key, userId: 'u1', payload: {} }, async () => ({ passed: 1 }), async () => 'never')).rejects.toMatchObject({ key: 'wallet.balance_insufficient' });
  });

  it("a replay answers the stored outcome; the checks' writes are rolled back, whatever they found", async () => {
    const key = 'checked:replay';
    expect(await store.runChecked({ key, userId: 'u1', payload: { n: 1 } }, async () => ({ passed: undefined }), async () => 'first')).toBe('first');
    for (const verdict of [{ passed: undefined }, { refused: new AppError('accounts.safeword_wrong') }]) {
      let works = 0;
      const answer = await store.runChecked(
        { key, userId: 'u1', payload: { n: 1 } },
        async (tx) => (await note(tx, key, 'checked again'), verdict),
        async () => ((works += 1), 'second'),
      );
      expect(answer).toBe('first');
      expect(works).toBe(0);
    }
    await expect(store.runChecked({ key, userId: 'u1', payload: { n: 2 } }, async () => ({ passed: undefined }), async () => 'other')).rejects.toMatchObject({ key: 'common.idempotency_mismatch' });
    expect(await effects(key)).toEqual([]);
  });

  it('concurrent calls with one key: the checks and the work run once, the others replay', async () => {
    const key = 'checked:concurrent';
    let checks = 0;
    const work = writing(key, 'done');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => store.runChecked({ key, userId: 'u1', payload: {} }, async () => ((checks += 1), { passed: undefined }), (tx) => work.work(tx))),
    );
    expect(answers).toEqual(Array.from({ length: 8 }, () => 'done'));
    expect(work.runs()).toBe(1);
    expect(await effects(key)).toEqual(['run 1']);
    // every call's checks ran, each behind its own claim
    expect(checks).toBe(8);
  });
});

describe('idempotency store: the work written behind the claim (runAhead)', () => {
  type Tx = Parameters<Parameters<IdempotencyStore['runAhead']>[1]>[0];
  const noteBehind = async (tx: Tx, key: string, claimed: Promise<void>, text: string) => {
    await answersInOrder([claimed, tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, ${text})`)]);
  };

  it('writes the work\'s first statement behind the claim (one wait) and stores the declared outcome with the claim', async () => {
    const key = 'ahead:first';
    const { result, statements } = await recordStatements(() => store.runAhead({ key, userId: 'u1', payload: {}, outcome: 'placed' }, async (tx, _settle, claimed) => (await noteBehind(tx, key, claimed, 'work'), 'placed')));
    expect(result).toBe('placed');
    const firstWait = statements.slice(0, 3);
    expect(firstWait.map((statement) => statement.text.trim().split(/\s+/)[0]?.toLowerCase())).toEqual(['begin', 'insert', 'insert']);
    expect(waitsOf(firstWait)).toBe(1);
    expect(await effects(key)).toEqual(['work']);
    expect(await stored(key)).toMatchObject({ outcome: { ok: true, data: 'placed' } });
  });

  it('a used key rolls back what the work wrote behind its claim and answers the stored outcome; 8 at once run the work once', async () => {
    const key = 'ahead:used';
    let runs = 0;
    const work = async (tx: Tx, _settle: unknown, claimed: Promise<void>) => {
      runs += 1;
      await noteBehind(tx, key, claimed, `run ${runs}`);
      return `answer ${runs}`;
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.runAhead({ key, userId: 'u1', payload: { same: true } }, work)));
    expect(new Set(answers).size).toBe(1);
    expect(await effects(key)).toHaveLength(1);
    expect(await store.runAhead({ key, userId: 'u1', payload: { same: true } }, work)).toBe(answers[0]);
    expect(await effects(key)).toHaveLength(1);
    await expect(store.runAhead({ key, userId: 'u1', payload: { other: true } }, work)).rejects.toMatchObject({ key: 'common.idempotency_mismatch' });
  });

  it('holds a work that never awaits its claim to it all the same: with a used key, rolled back and the stored outcome answered', async () => {
    const key = 'ahead:careless';
    await expect(
      store.runAhead({ key, userId: 'u1', payload: {} }, async (tx) => {
        await tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, 'careless')`);
        return 'x';
      }),
    ).resolves.toBe('x');
    // the claim was new, so the work stands; with a used key the same work is refused and rolled back
    await expect(
      store.runAhead({ key, userId: 'u1', payload: {} }, async (tx) => {
        await tx.execute(sql`insert into idempotency_effects (key, note) values (${key}, 'careless again')`);
        return 'y';
      }),
    ).resolves.toBe('x');
    expect(await effects(key)).toEqual(['careless']);
  });
});
