import { money } from '@caravan/contract/money';
import type { Database, Executor, Transaction } from '@caravan/db/client';
import { goods, goodsSkus, sellerGoods } from '@caravan/db/schema/catalog';
import { orderItems, orderLogs, orders, orderSubmissions } from '@caravan/db/schema/orders';
import { shops } from '@caravan/db/schema/shops';
import { cappedCount, LIST_COUNT_CAP } from '../../platform/capped-count.ts';
import { builtOnce, builtSqlOnce, executeNamed, fillList, fillRow, listPlaceholders, placeholderRow, rowShape } from '../../platform/sql.ts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { REFUND_BUSY, UNFINISHED_ORDER_STATES, type OrderState } from './order-state.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderLogRow = typeof orderLogs.$inferSelect;

export interface ListingForOrder {
  listing: typeof sellerGoods.$inferSelect;
  goods: Pick<typeof goods.$inferSelect, 'names' | 'images' | 'buyMin' | 'freightDispatch' | 'freightLongDistance' | 'freightDelivery' | 'attributes' | 'enabled'>;
  shopName: string;
  shopStatus: string;
  /** the goods' SKUs in their display order (the first is the default variant) */
  skus: SkuForOrder[];
}

export type SkuForOrder = Pick<typeof goodsSkus.$inferSelect, 'id' | 'valueIds' | 'price'>;

/** The order deadlines the scheduler delivers, with the states in which each one is armed. */
const DEADLINES = {
  pay: { column: orders.payDeadlineAt, states: ['pending_payment'] },
  ship: { column: orders.shipDeadlineAt, states: ['paid', 'confirmed'] },
  receive: { column: orders.autoReceiveAt, states: ['shipped'] },
  review: { column: orders.autoReviewAt, states: ['received'] },
} as const satisfies Record<string, { column: unknown; states: OrderState[] }>;
export type DeadlineKind = keyof typeof DEADLINES;

/**
 * What a line of the buyer's order list shows of its order (the list reads no more): of the seller's
 * confirmation only whether there is one, and of the first item's names only the one in the reader's
 * language (`locale`), as textIn picks it (that language's, else the English one). PostgreSQL writes a
 * boolean and a text instead of a timestamp and a jsonb of every stored language, and the API parses
 * neither (issue 17).
 */
const ORDER_LIST_COLUMNS = {
  id: orders.id,
  buyerId: orders.buyerId,
  shopId: orders.shopId,
  status: orders.status,
  refundState: orders.refundState,
  goodsCount: orders.goodsCount,
  total: orders.total,
  freight: orders.freight,
  tax: orders.tax,
  confirmed: sql<boolean>`(${orders.confirmedAt} is not null)`,
  createdAt: orders.createdAt,
  firstItemName: sql<string>`coalesce(nullif(${orders.firstItemNames} ->> ${sql.placeholder('locale')}::text, ''), ${orders.firstItemNames} ->> 'en', '')`,
  firstItemImage: orders.firstItemImage,
};

/** The columns as they are, and the two PostgreSQL works out (typed by their `sql<T>`). */
type ComputedListColumn = 'confirmed' | 'firstItemName';
export type OrderListRow = Pick<OrderRow, Exclude<keyof typeof ORDER_LIST_COLUMNS, ComputedListColumn>> & {
  [K in ComputedListColumn]: (typeof ORDER_LIST_COLUMNS)[K]['_']['type'];
};

export interface ShopFilter {
  shopId: string;
  states?: OrderState[] | undefined;
  orderId?: string | undefined;
  paid?: boolean | undefined;
  confirmed?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** only orders whose buyer reminded the seller to ship */
  reminded?: boolean | undefined;
  /** refunds and returns only (optionally in these refund states) */
  refunds?: { states?: string[] | undefined } | undefined;
  limit: number;
  offset: number;
}

export interface ConsoleOrderFilter {
  status?: string | undefined;
  refundState?: string | undefined;
  buyerId?: string | undefined;
  shopId?: string | undefined;
  /** the order number */
  id?: string | undefined;
  /** placed at or after */
  from?: Date | undefined;
  /** placed before */
  to?: Date | undefined;
  limit: number;
  offset: number;
}

export interface BuyerFilter {
  buyerId: string;
  states?: OrderState[] | undefined;
  refundsOnly?: boolean;
  limit: number;
  offset: number;
  /** the language of the first item's name on each line */
  locale: string;
}

/**
 * The buyer's filter (OrdersRepository.listForBuyer) with its values as parameters (buyerFilterValues).
 * The refunds tab is a statement of its own: without the refund test the filter names only columns of
 * orders_buyer_status_idx, so the total is counted from that index alone.
 */
function buyerFilter(refundsOnly: boolean): SQL | undefined {
  return and(
    eq(orders.buyerId, sql.placeholder('buyerId')),
    sql`(${sql.placeholder('states')}::text[] is null or ${orders.status} = any(${sql.placeholder('states')}::text[]))`,
    sql`not ${sql.placeholder('noStates')}::boolean`,
    refundsOnly ? sql`${orders.refundState} <> 'none'` : undefined,
  );
}

function buyerFilterValues(filter: Omit<BuyerFilter, 'limit' | 'offset' | 'locale'>) {
  return {
    buyerId: filter.buyerId,
    states: filter.states && filter.states.length > 0 ? filter.states : null,
    // an empty list of states matches nothing
    noStates: filter.states !== undefined && filter.states.length === 0,
  };
}

/**
 * The buyer's order list, built once per tab kind (see buyerFilter): the page from the buyer's index with
 * the total. Each order carries a copy of its first item, so no item is read (migration 0024); the shops'
 * names come from the shop directory (ADR 0020, addendum), the buyer's from the session.
 */
function buyerList(executor: Executor, refundsOnly: boolean) {
  return builtOnce(executor, refundsOnly ? 'orders_list_for_buyer_refunds' : 'orders_list_for_buyer', (on, name) => {
    // the total: an uncorrelated subquery, counted once per statement, from the index alone
    const total = sql<number>`(select count(*) from ${orders} where ${buyerFilter(refundsOnly)})`.mapWith(Number);
    return on
      .select({ order: ORDER_LIST_COLUMNS, total })
      .from(orders)
      .where(buyerFilter(refundsOnly))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

/** How many orders the buyer's filter matches (a page past the end carries no total), built once per tab kind. */
function buyerCount(executor: Executor, refundsOnly: boolean) {
  return builtOnce(executor, refundsOnly ? 'orders_count_for_buyer_refunds' : 'orders_count_for_buyer', (on, name) =>
    on.select({ n: count() }).from(orders).where(buyerFilter(refundsOnly)).prepare(name),
  );
}

/** The listings of a checkout with their goods, shops and SKUs (listingsForOrder), by ids or their placeholders. */
function listingsQuery(executor: Executor, ids: (string | Placeholder)[]) {
  return executor
    .select({
      listing: sellerGoods,
      goods: {
        names: goods.names,
        images: goods.images,
        buyMin: goods.buyMin,
        freightDispatch: goods.freightDispatch,
        freightLongDistance: goods.freightLongDistance,
        freightDelivery: goods.freightDelivery,
        attributes: goods.attributes,
        enabled: goods.enabled,
      },
      shopName: shops.name,
      shopStatus: shops.status,
      // prices travel as text: a JSON number would lose digits
      skus: sql<{ id: string; valueIds: string[]; price: string }[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'valueIds', s.value_ids, 'price', s.price::text) order by s.sort, s.id), '[]'::json) from ${goodsSkus} s where s.goods_id = ${goods.id})`,
    })
    .from(sellerGoods)
    .innerJoin(goods, eq(goods.id, sellerGoods.goodsId))
    .innerJoin(shops, eq(shops.id, sellerGoods.shopId))
    .where(inArray(sellerGoods.id, ids));
}

/** The statement adding what these orders bought to their listings' sold counts (part of changeOrder's). */
function soldCounts(executor: Executor, orderIds: (string | Placeholder)[]): SQL {
  const bought = executor
    .select({ sellerGoodsId: orderItems.sellerGoodsId, quantity: sql<number>`sum(${orderItems.quantity})`.as('quantity') })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.sellerGoodsId)
    .as('bought');
  return executor
    .update(sellerGoods)
    .set({ soldNum: sql`${sellerGoods.soldNum} + ${bought.quantity}` })
    .from(bought)
    .where(eq(sellerGoods.id, bought.sellerGoodsId))
    .getSQL();
}

/** Checkouts of up to this many listings read them with a named statement per count (listingsForOrder). */
const MAX_NAMED_LISTINGS = 20;

/** The only code touching the order tables (and the stock column of the SKUs it reserves). */
export class OrdersRepository {
  // ---- what a checkout reads -------------------------------------------------------------------

  /**
   * The listings of a checkout with their goods, shops and SKUs: one statement (ADR 0014), named per
   * number of listings up to MAX_NAMED_LISTINGS (with `in ($1, ..., $n)` PostgreSQL settles on a generic
   * plan and stops planning it on every checkout; an array parameter kept it planning).
   */
  async listingsForOrder(executor: Executor, ids: string[]): Promise<ListingForOrder[]> {
    if (ids.length === 0) return [];
    const rows =
      ids.length <= MAX_NAMED_LISTINGS
        ? await builtOnce(executor, `orders_listings:${ids.length}`, (on, name) => listingsQuery(on, listPlaceholders('id', ids.length)).prepare(name)).execute(fillList('id', ids, {}))
        : await listingsQuery(executor, ids);
    return rows.map((row) => ({ ...row, skus: row.skus.map((sku) => ({ id: sku.id, valueIds: sku.valueIds, price: money.fromDb(sku.price) })) }));
  }

  /**
   * Takes `quantity` from the SKU's stock if it has that many; the statement raises the refusal
   * `orders.sold_out` when it does not (migration 0025: what is written behind it is rolled back).
   */
  async reserveStock(executor: Executor, skuId: string, quantity: number): Promise<void> {
    await builtSqlOnce(executor, 'skus_reserve_or_refuse', (on) => {
      const taken = sql.placeholder('quantity');
      const reserve = on
        .update(goodsSkus)
        .set({ stock: sql`${goodsSkus.stock} - ${taken}` })
        .where(and(eq(goodsSkus.id, sql.placeholder('skuId')), sql`${goodsSkus.stock} >= ${taken}`))
        .returning({ id: goodsSkus.id })
        .getSQL();
      return sql`with reserved as (${reserve}) select refuse_unless(exists (select 1 from reserved), 'orders.sold_out')`;
    }).execute({ skuId, quantity });
  }

  /** SKUs whose stock is below zero: sold more than they had (an oversell; the bench counts them after its checkouts). */
  async oversoldSkus(executor: Executor): Promise<number> {
    const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(goodsSkus).where(sql`${goodsSkus.stock} < 0`);
    return rows[0]?.count ?? 0;
  }

  async releaseStock(executor: Executor, skuId: string, quantity: number): Promise<void> {
    await executor.update(goodsSkus).set({ stock: sql`${goodsSkus.stock} + ${quantity}` }).where(eq(goodsSkus.id, skuId));
  }

  /**
   * Claims a submission key; the statement raises the refusal `orders.duplicate_submission` when the same
   * key was claimed less than `windowMs` ago (a double click; migration 0025). Concurrent claims of one key
   * wait for each other on the row.
   */
  async claimSubmission(executor: Executor, row: { key: string; buyerId: string; checkoutId: string; createdAt: Date }, windowStart: Date): Promise<void> {
    await builtSqlOnce(executor, 'order_submissions_claim_or_refuse', (on) => {
      const values = placeholderRow('', row);
      const claim = on
        .insert(orderSubmissions)
        .values(values)
        .onConflictDoUpdate({
          target: orderSubmissions.key,
          set: { checkoutId: values.checkoutId, createdAt: values.createdAt },
          setWhere: lt(orderSubmissions.createdAt, sql.placeholder('windowStart')),
        })
        .returning({ key: orderSubmissions.key })
        .getSQL();
      return sql`with claimed as (${claim}) select refuse_unless(exists (select 1 from claimed), 'orders.duplicate_submission')`;
    }).execute(fillRow('', row, { windowStart }));
  }

  // ---- writes ----------------------------------------------------------------------------------

  /**
   * A new order, its items and its first timeline entry in one statement: the inserts of the items and
   * the entry are data-modifying WITH queries, their foreign keys checked at the statement's end (ADR 0014).
   * The order keeps a copy of its first item's names and picture (the item with the smallest id) for the buyer's list.
   */
  async insertOrder(executor: Executor, placed: Omit<typeof orders.$inferInsert, 'firstItemNames' | 'firstItemImage'>, items: (typeof orderItems.$inferInsert)[], log: typeof orderLogs.$inferInsert): Promise<void> {
    const first = items.reduce<(typeof items)[number] | undefined>((least, item) => (least === undefined || item.id < least.id ? item : least), undefined);
    const row: typeof orders.$inferInsert = { ...placed, firstItemNames: first?.names ?? { en: '' }, firstItemImage: first?.image ?? '' };
    const statement = (on: Executor, order: typeof row, lines: typeof items, entry: typeof log) =>
      sql`with new_items as (${on.insert(orderItems).values(lines).getSQL()}), new_log as (${on.insert(orderLogs).values(entry).getSQL()}) ${on.insert(orders).values(order).getSQL()}`;
    // its text grows with the items: an order of many lines is built and planned as it comes
    if (items.length > MAX_NAMED_LISTINGS) return void (await executeNamed(executor, statement(executor, row, items, log), false));
    const shape = `orders_insert:${rowShape(row)}|${items.map(rowShape).join(';')}|${rowShape(log)}`;
    const values = fillRow('o_', row, fillRow('l_', log, {}));
    items.forEach((item, index) => fillRow(`i${index}_`, item, values));
    await builtSqlOnce(executor, shape, (on) =>
      statement(
        on,
        placeholderRow('o_', row),
        items.map((item, index) => placeholderRow(`i${index}_`, item)),
        placeholderRow('l_', log),
      ),
    ).execute(values);
  }

  /**
   * An order's changes and its timeline entry in one statement; `soldFor` adds what those orders bought
   * to their listings' sold counts in the same round trip (a payment's last order). Built once per shape.
   */
  async changeOrder(executor: Executor, id: string, changes: Partial<typeof orders.$inferInsert>, log: typeof orderLogs.$inferInsert, soldFor: string[] = []): Promise<void> {
    const shape = `orders_change:${rowShape(changes)}|${rowShape(log)}|${soldFor.length}`;
    const values = fillList('s', soldFor, fillRow('c_', changes, fillRow('l_', log, { id })));
    await builtSqlOnce(executor, shape, (on) => {
      const parts = [on.insert(orderLogs).values(placeholderRow('l_', log)).getSQL()];
      if (soldFor.length > 0) parts.push(soldCounts(on, listPlaceholders('s', soldFor.length)));
      const update = on
        .update(orders)
        .set({ ...placeholderRow('c_', changes), version: sql`${orders.version} + 1` })
        .where(eq(orders.id, sql.placeholder('id')))
        .getSQL();
      return sql`with ${sql.join(
        parts.map((part, index) => sql`${sql.raw(`part_${index}`)} as (${part})`),
        sql`, `,
      )} ${update}`;
    }).execute(values);
  }

  async updateOrder(executor: Executor, id: string, changes: Partial<typeof orders.$inferInsert>): Promise<void> {
    await executor
      .update(orders)
      .set({ ...changes, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id));
  }

  /** Marks an item reviewed; false when it already was (one review per order item). */
  async markReviewed(executor: Executor, itemId: string, at: Date): Promise<boolean> {
    const rows = await executor
      .update(orderItems)
      .set({ reviewedAt: at })
      .where(and(eq(orderItems.id, itemId), isNull(orderItems.reviewedAt)))
      .returning({ id: orderItems.id });
    return rows.length === 1;
  }

  async insertLog(executor: Executor, row: typeof orderLogs.$inferInsert): Promise<void> {
    await executor.insert(orderLogs).values(row);
  }

  // ---- reads -----------------------------------------------------------------------------------

  async findOrder(executor: Executor, id: string): Promise<OrderRow | undefined> {
    const rows = await executor.select().from(orders).where(eq(orders.id, id)).limit(1);
    return rows[0];
  }

  /** Locks orders in id order (several orders paid together never deadlock). */
  async lockOrders(executor: Executor, ids: string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return [];
    // named per count of ids: the statement's text depends on it
    return builtOnce(executor, `orders_lock:${ids.length}`, (on, name) =>
      on.select().from(orders).where(inArray(orders.id, listPlaceholders('id', ids.length))).orderBy(asc(orders.id)).for('update').prepare(name),
    ).execute(fillList('id', ids, {}));
  }

  async itemsOf(executor: Executor, orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return executor.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.orderId), asc(orderItems.id));
  }

  async logsOf(executor: Executor, orderId: string): Promise<OrderLogRow[]> {
    return executor.select().from(orderLogs).where(eq(orderLogs.orderId, orderId)).orderBy(asc(orderLogs.createdAt), asc(orderLogs.id));
  }

  /**
   * One page of the buyer's list in one statement: the page (newest first, from orders_buyer_idx, each
   * order with its first item's copy) and the total of the whole filter (counted from
   * orders_buyer_status_idx alone: a window count over the page's scan read every order of the buyer from
   * the table, so the call grew with the buyer's history). Only a page past the end (no row to carry the
   * total) needs a second statement. The statement is built once and named (buyerList, builtOnce): building
   * it on every call was most of the call's CPU in the bench's profile. It reads only the columns a list
   * line shows (with all 40 read, parsed and mapped, the call served 2,362 req/s in a profiled run; 2,921 with 11).
   */
  async listForBuyer(db: Database, filter: BuyerFilter): Promise<{ rows: OrderListRow[]; total: number }> {
    const found = await buyerList(db, filter.refundsOnly === true).execute({ ...buyerFilterValues(filter), limit: filter.limit, offset: filter.offset, locale: filter.locale });
    const total = found[0]?.total ?? (filter.offset > 0 ? await this.countForBuyer(db, filter) : 0);
    return { rows: found.map((row) => row.order), total };
  }

  async countForBuyer(db: Database, filter: Omit<BuyerFilter, 'limit' | 'offset' | 'locale'>): Promise<number> {
    const rows = await buyerCount(db, filter.refundsOnly === true).execute(buyerFilterValues(filter));
    return rows[0]?.n ?? 0;
  }

  private shopConditions(filter: Omit<ShopFilter, 'limit' | 'offset'>): SQL | undefined {
    return and(
      eq(orders.shopId, filter.shopId),
      filter.states ? inArray(orders.status, filter.states) : undefined,
      filter.orderId ? eq(orders.id, filter.orderId) : undefined,
      filter.paid === undefined ? undefined : filter.paid ? isNotNull(orders.paidAt) : isNull(orders.paidAt),
      filter.confirmed === undefined ? undefined : filter.confirmed ? isNotNull(orders.confirmedAt) : isNull(orders.confirmedAt),
      filter.from ? gte(orders.createdAt, filter.from) : undefined,
      filter.to ? lt(orders.createdAt, filter.to) : undefined,
      filter.refunds ? ne(orders.refundState, 'none') : undefined,
      filter.reminded ? isNotNull(orders.remindedAt) : undefined,
      filter.refunds?.states ? inArray(orders.refundState, filter.refunds.states) : undefined,
    );
  }

  async pageForShop(executor: Executor, filter: ShopFilter): Promise<OrderRow[]> {
    return executor
      .select()
      .from(orders)
      .where(this.shopConditions(filter))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async countForShop(executor: Executor, filter: Omit<ShopFilter, 'limit' | 'offset'>): Promise<number> {
    const rows = await executor.select({ n: count() }).from(orders).where(this.shopConditions(filter));
    return rows[0]?.n ?? 0;
  }

  /** The console's order search: a page and its match count, counted no further than `countCap + 1`. */
  async search(executor: Executor, filter: ConsoleOrderFilter, countCap = LIST_COUNT_CAP): Promise<{ rows: OrderRow[]; counted: number }> {
    const where = and(
      filter.status ? eq(orders.status, filter.status) : undefined,
      filter.refundState ? eq(orders.refundState, filter.refundState) : undefined,
      filter.buyerId ? eq(orders.buyerId, filter.buyerId) : undefined,
      filter.shopId ? eq(orders.shopId, filter.shopId) : undefined,
      filter.id ? eq(orders.id, filter.id) : undefined,
      filter.from ? gte(orders.createdAt, filter.from) : undefined,
      filter.to ? lt(orders.createdAt, filter.to) : undefined,
    );
    const [rows, counted] = await Promise.all([
      executor.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(filter.limit).offset(filter.offset),
      cappedCount(executor, orders, where, countCap),
    ]);
    return { rows, counted };
  }

  /** The dashboard's order figures: placed and paid (with their value, the GMV) in [from, to), and refunds waiting (partial index). */
  async consoleFigures(executor: Executor, from: Date, to: Date) {
    const [placed, paid, refunds] = await Promise.all([
      executor.select({ n: count() }).from(orders).where(and(gte(orders.createdAt, from), lt(orders.createdAt, to))),
      executor
        .select({ n: count(), sum: sql<string>`coalesce(sum(${orders.total}), 0)::text` })
        .from(orders)
        .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to))),
      executor.select({ n: count() }).from(orders).where(eq(orders.refundState, 'requested')),
    ]);
    return { placed: placed[0]?.n ?? 0, paid: paid[0]?.n ?? 0, gmv: paid[0]?.sum ?? '0', pendingRefunds: refunds[0]?.n ?? 0 };
  }

  /** Orders per state of one buyer, and how many have a refund under way. */
  async countsByState(executor: Executor, buyerId: string): Promise<{ byState: Map<string, number>; refunds: number }> {
    const rows = await executor
      .select({ status: orders.status, n: count(), refunds: sql<number>`count(*) filter (where ${orders.refundState} in ('requested', 'refunding'))::int` })
      .from(orders)
      .where(eq(orders.buyerId, buyerId))
      .groupBy(orders.status);
    return { byState: new Map(rows.map((row) => [row.status, row.n])), refunds: rows.reduce((sum, row) => sum + row.refunds, 0) };
  }

  /** Whether the buyer has an order with an open refund, and one paid but not finished (orders_buyer_status_idx). */
  async openForBuyer(executor: Executor, buyerId: string): Promise<{ refund: boolean; unfinished: boolean }> {
    const rows = await executor
      .select({ refundState: orders.refundState })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), inArray(orders.status, [...UNFINISHED_ORDER_STATES])));
    return { refund: rows.some((row) => (REFUND_BUSY as readonly string[]).includes(row.refundState)), unfinished: rows.length > 0 };
  }

  /**
   * Takes the buyer's checkout lock (held to the end of the transaction), then counts their unpaid orders
   * as they are once it is granted (migration 0022's function); the statement raises the refusal
   * `orders.too_many_unpaid` when `adding` more would pass `cap` (migration 0025). One round trip.
   */
  async lockBuyerBelowCap(executor: Transaction, buyerId: string, adding: number, cap: number): Promise<void> {
    await builtSqlOnce(executor, 'orders_lock_buyer_below_cap', () => sql`select refuse_unless(lock_buyer_unpaid_orders(${sql.placeholder('buyerId')}) + ${sql.placeholder('adding')} <= ${sql.placeholder('cap')}, 'orders.too_many_unpaid')`).execute({ buyerId, adding, cap });
  }

  /** Orders whose deadline of one kind has passed (the sweep); each kind is read through its own partial index. */
  async due(executor: Executor, kind: DeadlineKind, now: Date, limit: number): Promise<string[]> {
    const { column, states } = DEADLINES[kind];
    const rows = await executor
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, states), sql`${column} <= ${now}`))
      .orderBy(asc(column))
      .limit(limit);
    return rows.map((row) => row.id);
  }
}
