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
//
// The catalogue grows to `goods` goods by copying the seeded one (seed/catalogue.ts) in SQL: good n
// copies good n mod B of the B seeded before it (its category, pictures, variants, prices and its
// listings in the same shops) under the ids, model number and search text the catalogue seeder would
// have given a good n, so the copies are served exactly like seeded goods (scale-goods.test.ts).

export interface ScaleSize {
  users: number;
  orders: number;
  /** ledger entries to reach (two per transfer); deposits fill what the orders leave */
  ledgerEntries: number;
  /** goods in the catalogue to reach, copied from the seeded catalogue with their SKUs and listings */
  goods: number;
}

export const SCALE_DEFAULTS: ScaleSize = { users: 100_000, orders: 100_000, ledgerEntries: 1_000_000, goods: 500_000 };

/** Names of the generated users: scale000001 ... (their password is SCALE_PASSWORD). */
export const SCALE_PREFIX = 'scale';
export const SCALE_PASSWORD = 'Scale#Bench2026';

/** The admin the bench signs in to the console as. */
export const SCALE_OPERATOR = { username: 'bench.console', password: 'Bench#Console2026' } as const;

/** Pending deposits left in the review queue. */
const PENDING_DEPOSITS = 1_000;

export interface ScaleResult {
  operator: typeof SCALE_OPERATOR;
  catalogue: ScaleGoodsResult;
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

export interface ScaleGoodsResult {
  /** goods in the catalogue afterwards */
  goods: number;
  /** visible listings afterwards */
  listings: number;
  /** goods added by this run (0 when the catalogue was that large already) */
  added: number;
  seconds: number;
}

/** The model number the catalogue seeder gives good n (`A100` ... `Z999`), as SQL over an integer expression. */
const modelOf = (n: string) => `(chr(65 + (${n}) % 26) || (100 + (${n}) % 900)::text)`;
/** The id the catalogue seeder gives an entity (seedId in seed/rng.ts), as SQL. */
const seedIdOf = (kind: string, index: string) => `md5('caravan-seed-id:${kind}:' || ${index})`;

/**
 * Grows the seeded catalogue to `target` goods (nothing to do when it holds as many). The new goods are
 * numbered on from the seeded ones, so a later `caravan seed` with more products finds them there.
 */
export async function seedScaleGoods(db: Database, target: number, log: (line: string) => void): Promise<ScaleGoodsResult> {
  const started = Date.now();
  const figures = async () => {
    const counts = await db.execute<{ goods: number; listings: number }>(
      sql`select (select count(*)::int from goods) as goods, (select count(*)::int from seller_goods where visible) as listings`,
    );
    return { goods: counts.rows[0]?.goods ?? 0, listings: counts.rows[0]?.listings ?? 0 };
  };
  const before = await figures();
  if (before.goods >= target) return { ...before, added: 0, seconds: 0 };
  const step = (what: string) => log(`scale: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const seeded = await db.execute<{ n: number }>(
    sql.raw(`select count(*)::int as n from generate_series(0, ${before.goods - 1}) as i join goods g on g.id = ${seedIdOf('goods', 'i')}`),
  );
  // the copies need the seeder's goods 0 .. B-1; goods created otherwise (the console's) are counted, not copied
  const base = seeded.rows[0]?.n ?? 0;
  const complete = await db.execute<{ n: number }>(
    sql.raw(`select count(*)::int as n from generate_series(0, ${base - 1}) as i join goods g on g.id = ${seedIdOf('goods', 'i')}`),
  );
  if (base === 0 || complete.rows[0]?.n !== base) throw new Error('seed the catalogue first (caravan seed): scale goods copy its goods');
  const first = base;
  const last = base + (target - before.goods) - 1;

  await db.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement));
    await run('set local synchronous_commit = off');
    await run(`set local maintenance_work_mem = '256MB'`);
    // Building an index once over the loaded rows is several times faster than inserting into it row by
    // row (the trigram and full-text GIN indexes most), so the secondary indexes of the three tables are
    // dropped and rebuilt from their own definitions, all in this transaction.
    const indexes = await tx.execute<{ name: string; definition: string }>(sql.raw(`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
       where i.indrelid in ('goods'::regclass, 'goods_skus'::regclass, 'seller_goods'::regclass) and not i.indisprimary and not i.indisunique`));
    for (const index of indexes.rows) await run(`drop index ${index.name}`);

    // good n copies good n mod B; its names keep the copied words and take n's model number
    await run(`create temp table scale_goods on commit drop as
      select n, ${seedIdOf('goods', 'n')} as id, n % ${base} as base_n, ${seedIdOf('goods', `(n % ${base})`)} as base_id,
             ${modelOf(`n % ${base}`)} as base_model, ${modelOf('n')} as model
        from generate_series(${first}, ${last}) as n`);
    await run(`create temp table scale_names on commit drop as
      select s.*, g.names as base_names, jsonb_object_agg(l.key, regexp_replace(l.value, s.base_model || '$', s.model)) as names
        from scale_goods s join goods g on g.id = s.base_id cross join lateral jsonb_each_text(g.names) as l
       group by s.n, s.id, s.base_n, s.base_id, s.base_model, s.model, g.names`);
    // descriptions open with the name (seed/catalogue.ts)
    await run(`insert into goods (id, category_id, top_category_id, names, descriptions, units, images, system_price, buy_min,
        freight_dispatch, freight_long_distance, freight_delivery, attributes, enabled, created_at, updated_at)
      select s.id, g.category_id, g.top_category_id, s.names,
             (select jsonb_object_agg(d.key, case when starts_with(d.value, coalesce(s.base_names ->> d.key, chr(1)))
                                                  then (s.names ->> d.key) || substr(d.value, length(s.base_names ->> d.key) + 1) else d.value end)
                from jsonb_each_text(g.descriptions) as d),
             g.units, g.images, g.system_price, g.buy_min, g.freight_dispatch, g.freight_long_distance, g.freight_delivery,
             g.attributes, g.enabled, g.created_at, g.updated_at
        from scale_names s join goods g on g.id = s.base_id`);
    await run(`insert into goods_skus (id, goods_id, value_ids, price, stock, sort)
      select ${seedIdOf('sku', `s.n || ':' || k.sort`)}, s.id, k.value_ids, k.price, k.stock, k.sort
        from scale_goods s join goods_skus k on k.goods_id = s.base_id`);
    step(`${last - first + 1} goods with their SKUs`);
    // the seeded listings of the copied good (the k-th in its id), in the same shops; sales and reviews start at 0
    // as the seeder's do, and the search text is the copied one with the model number changed
    await run(`insert into seller_goods (id, shop_id, goods_id, category_id, top_category_id, profit_ratio, selling_price, discount_ratio,
        discount_start_at, discount_end_at, is_shelf, visible, is_new, new_at, is_hot, rec_at, search_text, search_tokens, created_at, updated_at)
      select ${seedIdOf('listing', `s.n || ':' || k.k`)}, sg.shop_id, s.id, sg.category_id, sg.top_category_id, sg.profit_ratio, sg.selling_price,
             sg.discount_ratio, sg.discount_start_at, sg.discount_end_at, sg.is_shelf, sg.visible, sg.is_new, sg.new_at, sg.is_hot, sg.rec_at,
             replace(sg.search_text, lower(s.base_model), lower(s.model)), replace(sg.search_tokens, lower(s.base_model), lower(s.model)),
             sg.created_at, sg.updated_at
        from scale_goods s
        join seller_goods sg on sg.goods_id = s.base_id
        cross join lateral (select k from generate_series(0, 1) as k where sg.id = ${seedIdOf('listing', `s.base_n || ':' || k`)}) as k
       where sg.deleted_at is null`);
    step('their listings');
    for (const index of indexes.rows) await run(index.definition);
    step(`${indexes.rows.length} indexes rebuilt`);
  });
  // statistics for the planner, and the visibility map that lets list pages use index-only scans
  await db.execute(sql.raw('vacuum analyze goods, goods_skus, seller_goods'));
  const after = await figures();
  return { ...after, added: after.goods - before.goods, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

export async function seedScale(services: Services, db: Database, hasher: PasswordHasher, size: ScaleSize, log: (line: string) => void): Promise<ScaleResult> {
  await services.operators.create({ ...SCALE_OPERATOR, role: 'admin' }, 'bench');
  // the catalogue first: its own check of what is there already, so a database seeded at scale before the
  // goods were part of it gets them too
  const catalogue = await seedScaleGoods(db, size.goods, log);
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from users where username_key like ${`${SCALE_PREFIX}%`}`);
  if ((existing.rows[0]?.n ?? 0) >= size.users) {
    const counts = await db.execute<{ orders: number; entries: number }>(
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from ledger_entries) as entries`,
    );
    return { operator: SCALE_OPERATOR, catalogue, users: size.users, orders: counts.rows[0]?.orders ?? 0, transfers: 0, entries: counts.rows[0]?.entries ?? 0, skipped: true };
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

    // deposits: user j gets floor(D/U) or one more, 100..999 USDT each, an hour apart from sign-up; each
    // times the user's orders per deposit (rounded up) when they have fewer deposits than orders, so that
    // what they paid (at most 95.99 an order, below) never exceeds what they deposited
    await run(`create temp table scale_deposits on commit drop as
      select u.j, k, md5('scale-recharge-' || u.j || '-' || k) as id, md5('scale-tr-r-' || u.j || '-' || k) as transfer_id,
             u.wallet_id, ((100 + (u.j * 37 + k * 101) % 900) * greatest(1, (c.orders + c.deposits - 1) / c.deposits))::numeric as amount,
             u.created_at + k * interval '1 hour' as created_at
        from scale_users u
        cross join lateral (select ${Math.floor(deposits / users)} + (case when u.j <= ${deposits % users} then 1 else 0 end) as deposits,
                                   ${Math.floor(orders / users)} + (case when u.j <= ${orders % users} then 1 else 0 end) as orders) c
        cross join lateral generate_series(1, c.deposits) as k`);
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
        payment_transfer_id, created_at, paid_at, shipped_at, received_at, completed_at, cancelled_at, updated_at, first_item_names, first_item_image)
      select id, buyer_id, shop_id, md5('scale-checkout-' || i), status, 'Scale Buyer', '+1 718 555 0100', 'United States', 'New York', 'Brooklyn', '1 Scale Street', 1,
             total, total, total, 0, 0, 0, 0, total, 0,
             case when status = 'cancelled' then 'timeout' end, case when status = 'cancelled' then 'timeout' end,
             case when status not in ('pending_payment', 'cancelled') then md5('scale-tr-p-' || i) end,
             created_at,
             case when status not in ('pending_payment', 'cancelled') then created_at + interval '5 minutes' end,
             case when status in ('shipped', 'received', 'completed') then created_at + interval '2 days' end,
             case when status in ('received', 'completed') then created_at + interval '6 days' end,
             case when status = 'completed' then created_at + interval '10 days' end,
             case when status = 'cancelled' then created_at + interval '1 hour' end,
             created_at + interval '10 days', names, ''
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
  return { operator: SCALE_OPERATOR, catalogue, users, orders, transfers: counts.rows[0]?.transfers ?? 0, entries: counts.rows[0]?.entries ?? 0, skipped: false };
}
