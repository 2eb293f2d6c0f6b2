import { describe, expect, it } from 'vitest';
import { argon2Hasher } from '../../src/platform/passwords.ts';
import { SCALE_PASSWORD, SCALE_PREFIX, seedScale, type ScaleSize } from '../../src/seed/scale.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { nextAddress, useTestApp, type TestApp } from '../support/test-app.ts';
import { consoleCall, expectLedgerConsistent, operatorToken } from '../support/wallet.ts';

// The bench's data at scale (seed/scale.ts), made small: the generated money must be as consistent as
// the product's own, and the product must work on it.

const t = await useTestApp();
// a database of its own: the generator leaves alone a database that holds its users already
const few = await useTestApp();

/** Seeds a catalogue and the data at scale of `size`; checks the entries asked for and the ledger's audit. */
async function seedAudited(app: TestApp, size: ScaleSize) {
  await seedSmallCatalogue(app, { products: 60, shops: 4 });
  const before = await app.database.pool.query<{ n: number }>('select count(*)::int as n from ledger_entries');
  const result = await seedScale(app.services, app.database.db, argon2Hasher(), size, () => undefined);
  expect(result).toMatchObject({ users: size.users, orders: size.orders, skipped: false });
  expect(result.entries - (before.rows[0]?.n ?? 0)).toBe(size.ledgerEntries);
  await expectLedgerConsistent(app);
}

describe('data at scale for the bench', () => {
  it('generates users, deposits, orders and exactly the ledger entries asked for, and the ledger audit passes', async () => {
    await seedAudited(t, { users: 40, orders: 60, ledgerEntries: 600, goods: 60 });

    const counts = await t.database.pool.query<{ status: string; n: number }>('select status, count(*)::int as n from orders group by status order by status');
    expect(Object.fromEntries(counts.rows.map((row) => [row.status, row.n]))).toEqual({ cancelled: 3, completed: 39, paid: 6, pending_payment: 3, received: 3, shipped: 6 });
    // completed orders' escrow is released, paid ones' is held
    const escrow = await t.database.pool.query<{ status: string; held: string }>(`
      select o.status, sum(a.credits_posted - a.debits_posted)::text as held
        from orders o join ledger_accounts a on a.code = 'order:' || o.id || ':escrow' group by o.status order by o.status`);
    const held = Object.fromEntries(escrow.rows.map((row) => [row.status, Number(row.held)]));
    expect(held.completed).toBe(0);
    expect(held.paid).toBeGreaterThan(0);

    // a generated buyer logs in and sees deposits less payments
    const login = await t.call<{ token: string }>('user!newlogin', { username: `${SCALE_PREFIX}000001`, password: SCALE_PASSWORD }, { remoteAddress: nextAddress() });
    expect(login.code).toBe('0');
    const expected = await t.database.pool.query<{ balance: string }>(`
      select ((select coalesce(sum(credit_amount), 0) from recharge_orders where user_id = u.id and state = 'approved')
            - (select coalesce(sum(total), 0) from orders where buyer_id = u.id and paid_at is not null))::numeric(20, 2)::text as balance
        from users u where u.username = $1`, [`${SCALE_PREFIX}000001`]);
    const balance = await t.call<{ money: string }>('wallet!getUsdt', {}, { token: login.data?.token ?? '' });
    expect(balance.data?.money).toBe(expected.rows[0]?.balance);

    // the console lists them
    const admin = await operatorToken(t, 'admin');
    const page = await consoleCall<{ items: { status: string }[]; total: number }>(t, 'GET', '/orders?page=1&pageSize=20&status=completed', admin.token);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(39);
    const someOrder = await t.database.pool.query<{ id: string }>("select id from orders where status = 'completed' limit 1");
    const detail = await consoleCall<{ items: unknown[] }>(t, 'GET', `/orders/${someOrder.rows[0]?.id ?? ''}`, admin.token);
    expect(detail.status).toBe(200);
    expect(detail.body.items).toHaveLength(1);
    const pending = await consoleCall<{ total: number }>(t, 'GET', '/recharges?state=pending&page=1&pageSize=20', admin.token);
    expect(pending.body.total).toBeGreaterThan(0);

    // a second run finds the data and leaves it alone
    const again = await seedScale(t.services, t.database.db, argon2Hasher(), { users: 40, orders: 60, ledgerEntries: 600, goods: 60 }, () => undefined);
    expect(again.skipped).toBe(true);
    await expectLedgerConsistent(t);
  });

  // sizes other than the bench's: more orders per buyer than the ledger entries asked for give them deposits.
  // Before, a buyer with one deposit and ten orders could pay more than they had deposited, and the seed
  // failed on the wallets' constraint (debits above credits).
  it('gives each buyer deposits that cover their payments, with the ledger entries asked for', async () => {
    // 20 buyers with 10 orders each, and entries for one deposit each: 2 x (20 deposits + 180 payments + 130 releases)
    await seedAudited(few, { users: 20, orders: 200, ledgerEntries: 660, goods: 60 });

    // every generated buyer holds what they deposited less what they paid, never less than nothing
    const wallets = await few.database.pool.query<{ buyers: number; wrong: number }>(
      `select count(*)::int as buyers, count(*) filter (where w.balance < 0 or w.balance <> w.deposited - w.paid)::int as wrong
         from (select (select sum(credit_amount) from recharge_orders r where r.user_id = u.id and r.state = 'approved') as deposited,
                      (select coalesce(sum(total), 0) from orders o where o.buyer_id = u.id and o.paid_at is not null) as paid,
                      a.credits_posted - a.debits_posted as balance
                 from users u join ledger_accounts a on a.owner_id = u.id and a.kind = 'user_wallet'
                where u.username like $1 || '%') w`,
      [SCALE_PREFIX],
    );
    expect(wallets.rows[0]).toEqual({ buyers: 20, wrong: 0 });
  });
});
