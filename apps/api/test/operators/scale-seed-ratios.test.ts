import { describe, expect, it } from 'vitest';
import { argon2Hasher } from '../../src/platform/passwords.ts';
import { seedScale } from '../../src/seed/scale.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

// The bench's generator (seed/scale.ts) at sizes other than its own: more orders per buyer than the ledger
// entries asked for give them deposits. Before, a buyer with one deposit and ten orders could pay more
// than they had deposited, and the seed failed on the wallets' constraint (debits above credits).

const t = await useTestApp();

describe('data at scale with few deposits per buyer', () => {
  it('gives each buyer deposits that cover their payments, with the ledger entries asked for', async () => {
    await seedSmallCatalogue(t, { products: 60, shops: 4 });
    const before = await t.database.pool.query<{ n: number }>('select count(*)::int as n from ledger_entries');
    // 20 buyers with 10 orders each, and entries for one deposit each: 2 x (20 deposits + 180 payments + 130 releases)
    const result = await seedScale(t.services, t.database.db, argon2Hasher(), { users: 20, orders: 200, ledgerEntries: 660, goods: 60 }, () => undefined);
    expect(result).toMatchObject({ users: 20, orders: 200, skipped: false });
    expect(result.entries - (before.rows[0]?.n ?? 0)).toBe(660);
    await expectLedgerConsistent(t);

    // every generated buyer holds what they deposited less what they paid, never less than nothing
    const wallets = await t.database.pool.query<{ deposited: string; paid: string; balance: string }>(`
      select (select sum(credit_amount) from recharge_orders r where r.user_id = u.id and r.state = 'approved')::text as deposited,
             (select coalesce(sum(total), 0) from orders o where o.buyer_id = u.id and o.paid_at is not null)::text as paid,
             (a.credits_posted - a.debits_posted)::text as balance
        from users u join ledger_accounts a on a.owner_id = u.id and a.kind = 'user_wallet'
       where u.username like 'scale%'`);
    expect(wallets.rows).toHaveLength(20);
    for (const wallet of wallets.rows) {
      expect(Number(wallet.balance)).toBeGreaterThanOrEqual(0);
      expect(Number(wallet.balance)).toBeCloseTo(Number(wallet.deposited) - Number(wallet.paid), 2);
    }
  });
});
