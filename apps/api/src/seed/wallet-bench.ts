import { money, parseMoney } from '@caravan/contract/money';
import type { Database } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import type { Services } from '../app.ts';
import { PLATFORM_ACCOUNTS } from '../modules/wallet/ledger/chart-of-accounts.ts';
import { mapLimit } from './images.ts';

// Fixtures of the wallet bench scenarios (`npm run bench`): users with a fund password, a bound
// address, a funded wallet and a fresh login, and no withdrawal left open by an earlier run. Created
// once in the bench database, refreshed on every run.

export const WALLET_BENCH = {
  prefix: 'benchwallet',
  password: 'Bench#Wallet2026',
  safeword: '424242',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  balance: '100000',
} as const;

const SYSTEM = { type: 'system' as const, id: 'bench', reason: 'bench fixtures' };

/** Where bench buyers' orders go. */
const BENCH_ADDRESS = { contacts: 'Bench Buyer', phone: '+1 718 555 0100', address: '1 Bench Street', postcode: '11201', countryId: 233, provinceId: 1452, cityId: 112872 };
/** Listings the checkout scenario buys from, each with stock enough for any run. */
export const BENCH_LISTINGS = 20;
/** Orders every bench user has at least: `order!listMain`'s scenario reads full pages of 20, as its ceiling does. */
export const BENCH_ORDER_HISTORY = 20;

export async function prepareWalletBench(
  services: Services,
  db: Database,
  count: number,
  log: (line: string) => void,
): Promise<{ users: { userId: string; token: string; addressId: string }[]; listings: string[] }> {
  const rows = await db.execute<{ id: string; username: string }>(sql`select id, username from users where username like ${`${WALLET_BENCH.prefix}%`} and status = 'active'`);
  const existing = new Map(rows.rows.map((row) => [row.username, row.id]));
  const names = Array.from({ length: count }, (_, index) => `${WALLET_BENCH.prefix}${String(index + 1).padStart(5, '0')}`);
  const missing = names.filter((name) => !existing.has(name));
  if (missing.length > 0) log(`creating ${missing.length} wallet bench users (argon2id hashes: once per bench database)`);

  const users = await mapLimit(names, 4, async (username) => {
    let userId = existing.get(username);
    if (!userId) {
      const grant = await services.accounts.register(
        { username, password: WALLET_BENCH.password, re_password: WALLET_BENCH.password, type: '3' },
        { ip: '127.0.0.1', userAgent: 'caravan-bench' },
        { requireCode: false },
      );
      const session = await services.sessions.authenticate(grant.token);
      if (!session.ok) throw new Error('bench session did not authenticate');
      userId = session.user.id;
      await services.accounts.setSafeword(userId, { safeword: WALLET_BENCH.safeword }, {});
      await services.wallet.bindAddress(userId, { blockchain_name: 'TRC20', channel_address: WALLET_BENCH.address });
    }
    const id = userId;
    const [address] = await services.addresses.list(id);
    const addressId = address?.id ?? (await services.addresses.add(id, BENCH_ADDRESS)).id;
    // withdrawals left open by the previous run are refused, so each user may apply again
    const open = await db.execute<{ id: string }>(sql`select id from withdraw_orders where user_id = ${id} and state = 'pending'`);
    for (const row of open.rows) await services.withdrawals.reject(row.id, SYSTEM);
    const { token } = await db.transaction(async (tx) => {
      const wallet = await services.ledger.userWallet(tx, id);
      const state = await services.ledger.walletOf(tx, id);
      const topUp = money.sub(parseMoney(WALLET_BENCH.balance), state.available);
      if (money.isPositive(topUp)) {
        const cashIn = await services.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.cashInUsdtTrc20);
        const posted = await services.ledger.postTransfer(tx, { kind: 'recharge', debitAccountId: cashIn.id, creditAccountId: wallet.id, amount: topUp, metadata: { bench: true } });
        if (!posted.ok) throw new Error(`bench funding refused: ${posted.reason}`);
      }
      return services.sessions.create(tx, id, { ip: '127.0.0.1', userAgent: 'caravan-bench' });
    });
    return { userId: id, token, addressId };
  });
  // every bench user applies once per run; the daily cap must not stop a second run on the same day
  await services.settings.set(db, 'withdraw_limit_num', 1000, { ...SYSTEM, reason: 'bench: applications per user per day' });
  await services.settings.set(db, 'order_max_unpaid', 1000, { ...SYSTEM, reason: 'bench: checkouts in flight per buyer' });
  const listings = await db.execute<{ id: string; sku: string }>(sql`
    select sg.id, (select s.id from goods_skus s where s.goods_id = sg.goods_id order by s.sort, s.id limit 1) as sku
      from seller_goods sg join goods g on g.id = sg.goods_id
     where sg.visible and g.buy_min = 1 order by sg.id limit ${BENCH_LISTINGS}`);
  for (const row of listings.rows) await db.execute(sql`update goods_skus set stock = 100000000 where id = ${row.sku}`);
  await fillOrderHistory(db, users.map((user) => user.userId), listings.rows.map((row) => row.id), log);
  return { users, listings: listings.rows.map((row) => row.id) };
}

/**
 * Gives every bench user at least BENCH_ORDER_HISTORY orders, so the order list's scenario reads full
 * pages on a fresh bench database as on one where many checkout runs placed them. The added orders are
 * a month old and were cancelled unpaid an hour after they were placed (by the pay timeout): no money
 * moved and no stock is held, so the ledger audit and the stock counts are untouched. Each has one
 * line of a bench listing (the checkout scenario's).
 */
async function fillOrderHistory(db: Database, userIds: string[], listingIds: string[], log: (line: string) => void): Promise<void> {
  const missing = await db.execute<{ n: number }>(sql`
    select coalesce(sum(greatest(0, ${BENCH_ORDER_HISTORY} - (select count(*) from orders o where o.buyer_id = u.id))), 0)::int as n
      from unnest(${sql.param(userIds)}::text[]) as u(id)`);
  const count = missing.rows[0]?.n ?? 0;
  if (count === 0) return;
  if (listingIds.length === 0) throw new Error('seed the catalogue first: the bench orders buy its listings');
  log(`adding ${count} cancelled orders so that every bench user has ${BENCH_ORDER_HISTORY} (order!listMain reads full pages)`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temp table bench_history on commit drop as
      select md5('bench-history-' || u.id || '-' || k) as id, u.id as buyer_id, k, l.id as listing_id, l.goods_id, l.shop_id, l.names, l.image, l.sku_id,
             l.price as total, now() - interval '30 days' + k * interval '1 minute' as created_at
        from unnest(${sql.param(userIds)}::text[]) as u(id)
        cross join lateral generate_series(1, ${BENCH_ORDER_HISTORY} - (select count(*)::int from orders o where o.buyer_id = u.id)) as k
        join lateral (
          select sg.id, sg.goods_id, sg.shop_id, g.names, coalesce(g.images -> 0 ->> 'thumb', '') as image, sg.selling_price as price,
                 (select s.id from goods_skus s where s.goods_id = sg.goods_id order by s.sort, s.id limit 1) as sku_id
            from seller_goods sg join goods g on g.id = sg.goods_id
           where sg.id = (${sql.param(listingIds)}::text[])[1 + k % ${listingIds.length}]
        ) l on true`);
    await tx.execute(sql`
      insert into orders (id, buyer_id, shop_id, checkout_id, status, contacts, phone, country, province, city, address, goods_count,
        original_amount, goods_amount, system_amount, profit, freight, tax, service_fee, total, commission_rate, cancel_reason, cancelled_by,
        created_at, cancelled_at, updated_at, first_item_names, first_item_image)
      select id, buyer_id, shop_id, md5('bench-history-checkout-' || id), 'cancelled', ${BENCH_ADDRESS.contacts}, ${BENCH_ADDRESS.phone},
             'United States', 'New York', 'Brooklyn', ${BENCH_ADDRESS.address}, 1, total, total, total, 0, 0, 0, 0, total, 0, 'timeout', 'timeout',
             created_at, created_at + interval '1 hour', created_at + interval '1 hour', names, image
        from bench_history`);
    await tx.execute(sql`
      insert into order_items (id, order_id, seller_goods_id, goods_id, sku_id, names, attributes, image, quantity, original_price, unit_price, system_price, freight, tax, service_fee, line_amount)
      select md5('bench-history-item-' || id), id, listing_id, goods_id, sku_id, names, '{"en": ""}'::jsonb, image, 1, total, total, total, 0, 0, 0, total
        from bench_history`);
  });
}
