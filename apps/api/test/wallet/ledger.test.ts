import { money, parseMoney } from '@caravan/contract/money';
import { answersInOrder } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNTS } from '../../src/modules/wallet/ledger/chart-of-accounts.ts';
import { recordStatements } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

// The one write path to money, exercised directly: posted transfers, the wallet's flag, two-phase
// holds, reversals, and the append-only entries.

const t = await useTestApp();
const { ledger } = t.services;
const db = t.database.db;
const m = (text: string) => parseMoney(text);
let userCounter = 0;

async function wallet() {
  userCounter += 1;
  const userId = `ledger-user-${userCounter}`;
  return { userId, account: await ledger.userWallet(db, userId) };
}

async function deposit(accountId: string, amount: string) {
  const cash = await ledger.platformAccount(db, PLATFORM_ACCOUNTS.cashInUsdtTrc20);
  return db.transaction((tx) => ledger.postTransfer(tx, { kind: 'recharge', debitAccountId: cash.id, creditAccountId: accountId, amount: m(amount) }));
}

describe('ledger', () => {
  it('creates the whole chart of accounts once', async () => {
    await ledger.ensurePlatformAccounts(db);
    await ledger.ensurePlatformAccounts(db);
    const rows = await t.database.pool.query<{ code: string }>("select code from ledger_accounts where kind = 'platform' order by code");
    expect(rows.rows.map((row) => row.code).sort()).toEqual(Object.values(PLATFORM_ACCOUNTS).sort());
  });

  it('posts a transfer with one entry per side, balances before and after, and bumps versions', async () => {
    const { userId, account } = await wallet();
    const result = await deposit(account.id, '12.3456789012');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const entries = await t.database.pool.query<{ amount: string; balance_before: string; balance_after: string }>(
      'select amount::text, balance_before::text, balance_after::text from ledger_entries where transfer_id = $1 order by amount',
      [result.transfer.id],
    );
    expect(entries.rows.map((row) => money.format(money.fromDb(row.amount)))).toEqual(['-12.3456789012', '12.3456789012']);
    const mine = entries.rows.find((row) => money.isPositive(money.fromDb(row.amount)));
    expect(money.format(money.fromDb(mine?.balance_before ?? ''))).toBe('0.00');
    expect(money.format(money.fromDb(mine?.balance_after ?? ''))).toBe('12.3456789012');
    const after = await ledger.walletOf(db, userId);
    expect(money.format(after.balance)).toBe('12.3456789012');
    expect(after.account?.version).toBeGreaterThan(account.version);
    await expectLedgerConsistent(t);
  });

  it('never lets a wallet spend more than it holds (nothing is written)', async () => {
    const { userId, account } = await wallet();
    await deposit(account.id, '10');
    const payout = await ledger.platformAccount(db, PLATFORM_ACCOUNTS.payout);
    const before = await t.database.pool.query('select count(*)::int as n from ledger_transfers');
    const refused = await db.transaction((tx) => ledger.postTransfer(tx, { kind: 'test', debitAccountId: account.id, creditAccountId: payout.id, amount: m('10.0000000001') }));
    expect(refused).toEqual({ ok: false, reason: 'insufficient_funds' });
    const after = await t.database.pool.query('select count(*)::int as n from ledger_transfers');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const exact = await db.transaction((tx) => ledger.postTransfer(tx, { kind: 'test', debitAccountId: account.id, creditAccountId: payout.id, amount: m('10') }));
    expect(exact.ok).toBe(true);
    expect(money.isZero((await ledger.walletOf(db, userId)).balance)).toBe(true);
    await expectLedgerConsistent(t);
  });

  it('holds count against what is available, and post or void exactly once', async () => {
    const { userId, account } = await wallet();
    await deposit(account.id, '100');
    const payout = await ledger.platformAccount(db, PLATFORM_ACCOUNTS.payout);
    const hold = await db.transaction((tx) => ledger.holdTransfer(tx, { kind: 'withdrawal_hold', debitAccountId: account.id, creditAccountId: payout.id, amount: m('60') }));
    expect(hold.ok).toBe(true);
    if (!hold.ok) return;
    let state = await ledger.walletOf(db, userId);
    expect([money.format(state.balance), money.format(state.available), money.format(state.frozen)]).toEqual(['100.00', '40.00', '60.00']);
    const second = await db.transaction((tx) => ledger.holdTransfer(tx, { kind: 'withdrawal_hold', debitAccountId: account.id, creditAccountId: payout.id, amount: m('40.01') }));
    expect(second).toEqual({ ok: false, reason: 'insufficient_funds' });

    const voided = await db.transaction((tx) => ledger.voidPending(tx, hold.transfer.id, { kind: 'withdrawal_release' }));
    expect(voided.ok).toBe(true);
    expect(await db.transaction((tx) => ledger.voidPending(tx, hold.transfer.id, { kind: 'withdrawal_release' }))).toEqual({ ok: false, reason: 'pending_already_resolved' });
    expect(await db.transaction((tx) => ledger.postPending(tx, hold.transfer.id, { kind: 'withdrawal' }))).toEqual({ ok: false, reason: 'pending_already_resolved' });
    expect(await db.transaction((tx) => ledger.postPending(tx, 'no-such-transfer', { kind: 'withdrawal' }))).toEqual({ ok: false, reason: 'pending_not_found' });
    state = await ledger.walletOf(db, userId);
    expect([money.format(state.balance), money.format(state.available), money.format(state.frozen)]).toEqual(['100.00', '100.00', '0.00']);

    const hold2 = await db.transaction((tx) => ledger.holdTransfer(tx, { kind: 'withdrawal_hold', debitAccountId: account.id, creditAccountId: payout.id, amount: m('70') }));
    if (!hold2.ok) throw new Error('hold refused');
    expect((await db.transaction((tx) => ledger.postPending(tx, hold2.transfer.id, { kind: 'withdrawal' }))).ok).toBe(true);
    state = await ledger.walletOf(db, userId);
    expect([money.format(state.balance), money.format(state.available), money.format(state.frozen)]).toEqual(['30.00', '30.00', '0.00']);
    await expectLedgerConsistent(t);
  });

  it('creates a fresh account once, and moves money with rows the transaction already locked as it would after locking them', async () => {
    const { userId, account } = await wallet();
    await deposit(account.id, '50');
    const code = `test:${userId}:escrow`;
    const outcome = await db.transaction(async (tx) => {
      const locked = await ledger.lockWallet(tx, userId);
      const escrow = await ledger.freshAccount(tx, code, 'order_escrow');
      expect(escrow.created).toBe(true);
      const first = await ledger.postTransfer(tx, { kind: 'test', debitAccountId: locked.id, creditAccountId: escrow.account.id, amount: m('30'), locked: [locked, escrow.account] });
      if (!first.ok) throw new Error('first transfer refused');
      // the wallet as the first transfer left it: 20 left, so 20.01 is refused and 20 is not
      const over = await ledger.postTransfer(tx, { kind: 'test', debitAccountId: locked.id, creditAccountId: escrow.account.id, amount: m('20.01'), locked: [first.debit, first.credit] });
      expect(over).toEqual({ ok: false, reason: 'insufficient_funds' });
      const second = await ledger.postTransfer(tx, { kind: 'test', debitAccountId: locked.id, creditAccountId: escrow.account.id, amount: m('20'), locked: [first.debit, first.credit] });
      if (!second.ok) throw new Error('second transfer refused');
      return { first, second, escrowId: escrow.account.id };
    });
    expect(money.format(outcome.second.debit.creditsPosted)).toBe('50.00');
    expect(money.format(outcome.second.debit.debitsPosted)).toBe('50.00');
    expect(money.format(outcome.second.credit.creditsPosted)).toBe('50.00');
    expect(money.isZero((await ledger.walletOf(db, userId)).balance)).toBe(true);
    // the account exists now: a second call answers it, not a new one, and says so
    const again = await db.transaction((tx) => ledger.freshAccount(tx, code, 'order_escrow'));
    expect(again).toMatchObject({ created: false, account: { id: outcome.escrowId } });
    const stored = await t.database.pool.query<{ credits: string }>('select credits_posted::text as credits from ledger_accounts where id = $1', [outcome.escrowId]);
    expect(money.format(money.fromDb(stored.rows[0]?.credits ?? ''))).toBe('50.00');
    await expectLedgerConsistent(t);
  });

  it('posts between rows the transaction holds without waiting for the answer: two transfers and a statement behind them in one wait, a refusal writing nothing', async () => {
    const { userId, account } = await wallet();
    await deposit(account.id, '50');
    const code = `test:${userId}:escrow-ahead`;
    const { result, statements } = await recordStatements(() =>
      db.transaction(async (tx) => {
        const [locked, escrow] = await Promise.all([ledger.lockWallet(tx, userId), ledger.freshAccount(tx, code, 'order_escrow')]);
        const first = ledger.postLockedTransfer(tx, { kind: 'test', debitAccountId: locked.id, creditAccountId: escrow.account.id, amount: m('30'), locked: [locked, escrow.account] });
        if (!first.result.ok) throw new Error('first transfer refused');
        // the wallet as the first transfer left it: 20 left, so 20.01 is refused and writes nothing
        const over = ledger.postLockedTransfer(tx, { kind: 'test', debitAccountId: locked.id, creditAccountId: escrow.account.id, amount: m('20.01'), locked: [first.result.debit, first.result.credit] });
        expect(over.result).toEqual({ ok: false, reason: 'insufficient_funds' });
        const second = ledger.postLockedTransfer(tx, { kind: 'test', debitAccountId: locked.id, creditAccountId: escrow.account.id, amount: m('20'), locked: [first.result.debit, first.result.credit] });
        if (!second.result.ok) throw new Error('second transfer refused');
        await answersInOrder([first.written, over.written, second.written, tx.execute(sql`select 1`)]);
        // both accounts must be held already: an account it would have to lock is a programming error
        const other = await ledger.platformAccount(tx, PLATFORM_ACCOUNTS.cashInUsdtTrc20);
        expect(() => ledger.postLockedTransfer(tx, { kind: 'test', debitAccountId: other.id, creditAccountId: escrow.account.id, amount: m('1'), locked: [escrow.account] })).toThrow(RangeError);
        return second.result;
      }),
    );
    expect(money.format(result.debit.debitsPosted)).toBe('50.00');
    const transfers = statements.filter((statement) => statement.text.includes('new_transfer'));
    expect(transfers).toHaveLength(2);
    // the second transfer and the select were written behind the first, unanswered
    const fromFirst = statements.slice(statements.indexOf(transfers[0]!));
    expect(fromFirst.slice(1, 3).every((statement) => statement.behind === true)).toBe(true);
    expect(money.isZero((await ledger.walletOf(db, userId)).balance)).toBe(true);
    const stored = await t.database.pool.query<{ credits: string }>('select credits_posted::text as credits from ledger_accounts where code = $1', [code]);
    expect(money.format(money.fromDb(stored.rows[0]?.credits ?? ''))).toBe('50.00');
    await expectLedgerConsistent(t);
  });

  it('corrects with a reversing transfer, once, and never edits a posted one', async () => {
    const { userId, account } = await wallet();
    const original = await deposit(account.id, '25');
    if (!original.ok) throw new Error('deposit refused');
    const reversal = await db.transaction((tx) => ledger.reverse(tx, original.transfer.id, { kind: 'recharge_reversal', metadata: { reason: 'credited twice' } }));
    expect(reversal.ok).toBe(true);
    if (reversal.ok) expect(reversal.transfer).toMatchObject({ reversalOf: original.transfer.id, debitAccountId: account.id, amount: original.transfer.amount });
    expect(await db.transaction((tx) => ledger.reverse(tx, original.transfer.id, { kind: 'recharge_reversal' }))).toEqual({ ok: false, reason: 'already_reversed' });
    expect(money.isZero((await ledger.walletOf(db, userId)).balance)).toBe(true);

    // a wallet that spent the money cannot be reversed below zero
    const again = await deposit(account.id, '5');
    if (!again.ok) throw new Error('deposit refused');
    const payout = await ledger.platformAccount(db, PLATFORM_ACCOUNTS.payout);
    await db.transaction((tx) => ledger.postTransfer(tx, { kind: 'spend', debitAccountId: account.id, creditAccountId: payout.id, amount: m('5') }));
    expect(await db.transaction((tx) => ledger.reverse(tx, again.transfer.id, { kind: 'recharge_reversal' }))).toEqual({ ok: false, reason: 'insufficient_funds' });

    await expect(t.database.pool.query("update ledger_entries set amount = 0 where transfer_id = $1", [original.transfer.id])).rejects.toThrow(/append-only/);
    await expect(t.database.pool.query('delete from ledger_entries where transfer_id = $1', [original.transfer.id])).rejects.toThrow(/append-only/);
    await expectLedgerConsistent(t);
  });

  it('refuses malformed transfers outright', async () => {
    const { account } = await wallet();
    await expect(db.transaction((tx) => ledger.postTransfer(tx, { kind: 'x', debitAccountId: account.id, creditAccountId: account.id, amount: m('1') }))).rejects.toThrow(RangeError);
    const payout = await ledger.platformAccount(db, PLATFORM_ACCOUNTS.payout);
    await expect(db.transaction((tx) => ledger.postTransfer(tx, { kind: 'x', debitAccountId: payout.id, creditAccountId: account.id, amount: money.zero }))).rejects.toThrow(RangeError);
    await expect(db.transaction((tx) => ledger.postTransfer(tx, { kind: 'x', debitAccountId: payout.id, creditAccountId: account.id, amount: money.neg(m('1')) }))).rejects.toThrow(RangeError);
    await expectLedgerConsistent(t);
  });

  it('keeps concurrent transfers between the same accounts consistent (no lost update, no deadlock)', async () => {
    const a = await wallet();
    const b = await wallet();
    await deposit(a.account.id, '100');
    await deposit(b.account.id, '100');
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        db.transaction((tx) =>
          index % 2 === 0
            ? ledger.postTransfer(tx, { kind: 'p2p', debitAccountId: a.account.id, creditAccountId: b.account.id, amount: m('1.5') })
            : ledger.postTransfer(tx, { kind: 'p2p', debitAccountId: b.account.id, creditAccountId: a.account.id, amount: m('0.5') }),
        ),
      ),
    );
    expect(money.format((await ledger.walletOf(db, a.userId)).balance)).toBe('80.00');
    expect(money.format((await ledger.walletOf(db, b.userId)).balance)).toBe('120.00');
    await expectLedgerConsistent(t);
  });
});
