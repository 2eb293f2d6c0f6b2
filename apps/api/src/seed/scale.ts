import type { Database } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import type { Services } from '../app.ts';
import type { PasswordHasher } from '../platform/passwords.ts';
import { PLATFORM_ACCOUNTS } from '../modules/wallet/ledger/chart-of-accounts.ts';

// Data at scale for the bench (`npm run bench -- --scale`, and the console list latencies): users with
// wallets, approved deposits, orders in every state with their escrow payments and releases, and the
// ledger entries of all of it, generated in SQL (INSERT ... SELECT over generate_series) in one
// transaction. The money is as consistent as the product's own: every transfer has its two entries,
// every account's totals equal its entries, every account's entries chain (balance before = previous
// after), wallets never go below zero, and the ledger audit passes afterwards. What is synthetic: the
// deposits are approved without proofs, the goods are sold at their wholesale price (completion pays
// the platform's goods revenue only), and the orders carry no deadlines, so the sweeps leave them alone.

export interface ScaleSize {
  users: number;
  orders: number;
  /** ledger entries to reach (two per transfer); deposits fill what the orders leave */
  ledgerEntries: number;
}

export const SCALE_DEFAULTS: ScaleSize = { users: 100_000, orders: 100_000, ledgerEntries: 1_000_000 };

/** Names of the generated users: scale000001 ... (their password is SCALE_PASSWORD). */
export const SCALE_PREFIX = 'scale';
export const SCALE_PASSWORD = 'Scale#Bench2026';

/** The admin the bench signs in to the console as. */
export const SCALE_OPERATOR = { username: 'bench.console', password: 'Bench#Console2026' } as const;

/** Pending deposits left in the review queue. */
const PENDING_DEPOSITS = 1_000;

export interface ScaleResult {
  operator: typeof SCALE_OPERATOR;
  users: number;
  orders: number;
  transfers: number;
  entries: number;
  skipped: boolean;
}

/** Orders by position: 5% unpaid, 5% cancelled, 10% paid, 10% shipped, 5% received, 65% completed. */
const STATUS_OF = `(case
  when i % 20 = 0 then 'pending_payment' when i % 20 = 1 then 'cancelled'
  when i % 20 in (2, 3) then 'paid' when i % 20 in (4, 5) then 'shipped' when i % 20 = 6 then 'received'
  else 'completed' end)`;

export async function seedScale(services: Services, db: Database, hasher: PasswordHasher, size: ScaleSize, log: (line: string) => void): Promise<ScaleResult> {
  await services.operators.create({ ...SCALE_OPERATOR, role: 'admin' }, 'bench');
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from users where username_key like ${`${SCALE_PREFIX}%`}`);
  if ((existing.rows[0]?.n ?? 0) >= size.users) {
    const counts = await db.execute<{ orders: number; entries: number }>(
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from ledger_entries) as entries`,
    );
    return { operator: SCALE_OPERATOR, users: size.users, orders: counts.rows[0]?.orders ?? 0, transfers: 0, entries: counts.rows[0]?.entries ?? 0, skipped: true };
  }
  const users = size.users;
  const orders = size.orders;
  const paidShare = (i: number) => i % 20 >= 2; // paid, shipped, received, completed
  const completedShare = (i: number) => i % 20 >= 7;
  let payments = 0;
  let completions = 0;
  for (let i = 1; i <= orders; i += 1) {
    if (paidShare(i)) payments += 1;
    if (completedShare(i)) completions += 1;
  }
  const deposits = Math.max(users, Math.floor(size.ledgerEntries / 2) - payments - completions);
  const pending = Math.min(PENDING_DEPOSITS, users);
  const passwordHash = await hasher.hash(SCALE_PASSWORD);

  const started = Date.now();
  const step = (what: string) => log(`scale: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await db.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement));
    const cashIn = await services.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.cashInUsdtTrc20);
    const revenue = await services.ledger.platformAccount(tx, PLATFORM_ACCOUNTS.goodsRevenue);
    await run('set local synchronous_commit = off');

    // users over [now - 300 days, now - 20 days], each with a wallet
    await run(`create temp table scale_users on commit drop as
      select j, md5('scale-user-' || j) as id, md5('scale-wallet-' || j) as wallet_id,
             now() - interval '300 days' + (j::float8 / ${users}) * interval '280 days' as created_at
        from generate_series(1, ${users}) as j`);
    await run(`insert into users (id, username, username_key, login_kind, usercode, password_hash, role, status, created_at, updated_at)
      select id, '${SCALE_PREFIX}' || lpad(j::text, 6, '0'), '${SCALE_PREFIX}' || lpad(j::text, 6, '0'), 'username', (10000000 + j)::text,
             '${passwordHash.replaceAll("'", "''")}', 'buyer', 'active', created_at, created_at
        from scale_users`);
    await run(`insert into ledger_accounts (id, code, kind, owner_id, currency, debits_posted, credits_posted, debits_pending, credits_pending, debits_must_not_exceed_credits, created_at)
      select wallet_id, 'user:' || id || ':wallet', 'user_wallet', id, 'USDT', 0, 0, 0, 0, true, created_at from scale_users`);
    step(`${users} users and wallets`);

    // deposits: user j gets floor(D/U) or one more, 100..999 USDT each, an hour apart from sign-up
    await run(`create temp table scale_deposits on commit drop as
      select u.j, k, md5('scale-recharge-' || u.j || '-' || k) as id, md5('scale-tr-r-' || u.j || '-' || k) as transfer_id,
             u.wallet_id, (100 + (u.j * 37 + k * 101) % 900)::numeric as amount, u.created_at + k * interval '1 hour' as created_at
        from scale_users u
        cross join lateral generate_series(1, ${Math.floor(deposits / users)} + (case when u.j <= ${deposits % users} then 1 else 0 end)) as k`);
    await run(`insert into recharge_orders (id, order_no, user_id, method, coin, blockchain_name, channel_address, from_address, amount, rate, credit_amount, fee, state, reviewed_at, transfer_id, created_at, updated_at)
      select d.id, 'RS' || lpad(d.j::text, 7, '0') || lpad(d.k::text, 3, '0'), u.id, 'blockchain', 'USDT', 'TRC20', 'TScaleBenchChannelAddress000000001', 'TScaleBenchSenderAddress0000000001',
             d.amount, 1, d.amount, 0, 'approved', d.created_at + interval '10 minutes', d.transfer_id, d.created_at, d.created_at + interval '10 minutes'
        from scale_deposits d join scale_users u on u.j = d.j`);
    await run(`insert into recharge_orders (id, order_no, user_id, method, coin, blockchain_name, channel_address, from_address, amount, rate, credit_amount, fee, state, created_at, updated_at)
      select md5('scale-pending-' || n), 'RP' || lpad(n::text, 9, '0'), md5('scale-user-' || (1 + n * 97 % ${users})), 'blockchain', 'USDT', 'TRC20',
             'TScaleBenchChannelAddress000000001', 'TScaleBenchSenderAddress0000000001', (50 + n % 400)::numeric, 1, (50 + n % 400)::numeric, 0, 'pending',
             now() - n * interval '1 minute', now() - n * interval '1 minute'
        from generate_series(1, ${pending}) as n`);
    step(`${deposits} approved and ${pending} pending deposits`);

    // orders: buyer i (cycling), a seeded listing, 5.00..95.99 USDT (under any buyer's first deposit)
    await run(`create temp table scale_listings on commit drop as
      select row_number() over (order by sg.id) as n, sg.id, sg.goods_id, sg.shop_id, g.names,
             (select s.id from goods_skus s where s.goods_id = sg.goods_id order by s.sort, s.id limit 1) as sku_id
        from (select id, goods_id, shop_id from seller_goods where visible order by id limit 2000) sg join goods g on g.id = sg.goods_id`);
    const listings = await tx.execute<{ n: number }>(sql`select count(*)::int as n from scale_listings`);
    const listingCount = listings.rows[0]?.n ?? 0;
    if (listingCount === 0) throw new Error('seed the catalogue first: scale orders buy its listings');
    await run(`create temp table scale_orders on commit drop as
      select i, md5('scale-order-' || i) as id, u.id as buyer_id, u.wallet_id, l.id as listing_id, l.goods_id, l.shop_id, l.names, l.sku_id,
             (5 + (i * 13) % 91)::numeric + ((i * 7) % 100)::numeric / 100 as total, ${STATUS_OF} as status,
             u.created_at + interval '2 days' + ((i - 1) / ${users}) * interval '1 day' as created_at
        from generate_series(1, ${orders}) as i
        join scale_users u on u.j = 1 + (i - 1) % ${users}
        join scale_listings l on l.n = 1 + (i * 31) % ${listingCount}`);
    await run(`insert into ledger_accounts (id, code, kind, currency, debits_posted, credits_posted, debits_pending, credits_pending, created_at)
      select md5('scale-escrow-' || i), 'order:' || id || ':escrow', 'order_escrow', 'USDT', 0, 0, 0, 0, created_at from scale_orders where status not in ('pending_payment', 'cancelled')`);
    await run(`insert into orders (id, buyer_id, shop_id, checkout_id, status, contacts, phone, country, province, city, address, goods_count,
        original_amount, goods_amount, system_amount, profit, freight, tax, service_fee, total, commission_rate, cancel_reason, cancelled_by,
        payment_transfer_id, created_at, paid_at, shipped_at, received_at, completed_at, cancelled_at, updated_at)
      select id, buyer_id, shop_id, md5('scale-checkout-' || i), status, 'Scale Buyer', '+1 718 555 0100', 'United States', 'New York', 'Brooklyn', '1 Scale Street', 1,
             total, total, total, 0, 0, 0, 0, total, 0,
             case when status = 'cancelled' then 'timeout' end, case when status = 'cancelled' then 'system' end,
             case when status not in ('pending_payment', 'cancelled') then md5('scale-tr-p-' || i) end,
             created_at,
             case when status not in ('pending_payment', 'cancelled') then created_at + interval '5 minutes' end,
             case when status in ('shipped', 'received', 'completed') then created_at + interval '2 days' end,
             case when status in ('received', 'completed') then created_at + interval '6 days' end,
             case when status = 'completed' then created_at + interval '10 days' end,
             case when status = 'cancelled' then created_at + interval '1 hour' end,
             created_at + interval '10 days'
        from scale_orders`);
    await run(`insert into order_items (id, order_id, seller_goods_id, goods_id, sku_id, names, attributes, image, quantity, original_price, unit_price, system_price, freight, tax, service_fee, line_amount)
      select md5('scale-item-' || i), id, listing_id, goods_id, sku_id, names, '{"en": ""}'::jsonb, '', 1, total, total, total, 0, 0, 0, total from scale_orders`);
    step(`${orders} orders with their items`);

    // every transfer, in time order: deposits, payments (wallet -> the order's escrow), releases (escrow -> goods revenue)
    await run(`create temp table scale_transfers on commit drop as
      select d.transfer_id as id, 'recharge' as kind, '${cashIn.id}' as debit_id, d.wallet_id as credit_id, d.amount, 'recharge' as ref_type, d.id as ref_id, d.created_at + interval '10 minutes' as at
        from scale_deposits d
      union all
      select md5('scale-tr-p-' || i), 'order_payment', wallet_id, md5('scale-escrow-' || i), total, 'order', id, created_at + interval '5 minutes'
        from scale_orders where status not in ('pending_payment', 'cancelled')
      union all
      select md5('scale-tr-c-' || i), 'order_goods_revenue', md5('scale-escrow-' || i), '${revenue.id}', total, 'order', id, created_at + interval '10 days'
        from scale_orders where status = 'completed'`);
    await run(`insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount, currency, phase, reference_type, reference_id, created_at)
      select id, kind, debit_id, credit_id, amount, 'USDT', 'single', ref_type, ref_id, at from scale_transfers`);
    // one entry per side, numbered in time order; each account's balances run on from what it held before
    await run(`create temp table scale_entries on commit drop as
      select row_number() over (order by at, transfer_id, side) as ord, * from (
        select id as transfer_id, debit_id as account_id, -amount as amount, at, 0 as side from scale_transfers
        union all
        select id, credit_id, amount, at, 1 from scale_transfers) sides`);
    await run(`insert into ledger_entries (transfer_id, account_id, amount, pending_debit_change, pending_credit_change, balance_before, balance_after, available_before, available_after, created_at)
      select transfer_id, account_id, amount, 0, 0, after - amount, after, after - amount - held, after - held, at
        from (
          select e.*, a.credits_posted - a.debits_posted + sum(e.amount) over (partition by e.account_id order by e.ord) as after, a.debits_pending as held
            from scale_entries e join ledger_accounts a on a.id = e.account_id) chained
       order by ord`);
    await run(`update ledger_accounts a set
        debits_posted = a.debits_posted + coalesce(s.debits, 0), credits_posted = a.credits_posted + coalesce(s.credits, 0), version = a.version + s.n
      from (select account_id, sum(-amount) filter (where amount < 0) as debits, sum(amount) filter (where amount > 0) as credits, count(*) as n
              from scale_entries group by account_id) s
      where a.id = s.account_id`);
    step('ledger transfers and entries');
  });
  const counts = await db.execute<{ transfers: number; entries: number }>(
    sql`select (select count(*)::int from ledger_transfers) as transfers, (select count(*)::int from ledger_entries) as entries`,
  );
  await db.execute(sql.raw('analyze users, orders, order_items, recharge_orders, ledger_accounts, ledger_transfers, ledger_entries'));
  return { operator: SCALE_OPERATOR, users, orders, transfers: counts.rows[0]?.transfers ?? 0, entries: counts.rows[0]?.entries ?? 0, skipped: false };
}
