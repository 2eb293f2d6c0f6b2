import type { Executor } from '@caravan/db/client';
import { goods, goodsNamesText, goodsSkus, type LocalizedText } from '@caravan/db/schema/catalog';
import { money, type Money } from '@caravan/contract/money';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { cappedCount } from '../../platform/capped-count.ts';
import { containing } from '../../platform/sql.ts';

// The console's reads and writes of the platform catalogue (goods, their variants, and the listings'
// copies of what follows from a good: visibility, selling prices and search texts). The buyer-facing
// read side stays in goods.repository.ts, as prepared statements.

export type GoodsAdminRow = typeof goods.$inferSelect;

export interface GoodsAdminFilter {
  /** a goods id, or words of its name */
  q?: string | undefined;
  categoryId?: string | undefined;
  enabled?: boolean | undefined;
}

export interface ListingFigures {
  listings: number;
  visibleListings: number;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

function conditions(filter: GoodsAdminFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    q ? (ID_PATTERN.test(q) ? eq(goods.id, q) : ilike(goodsNamesText(goods), containing(q))) : undefined,
    filter.categoryId ? or(eq(goods.categoryId, filter.categoryId), eq(goods.topCategoryId, filter.categoryId)) : undefined,
    filter.enabled !== undefined ? eq(goods.enabled, filter.enabled) : undefined,
  );
}

export class GoodsAdminRepository {
  /** A page, newest first (goods_created_idx), and the capped count of matches. */
  async list(executor: Executor, filter: GoodsAdminFilter, limit: number, offset: number): Promise<{ rows: GoodsAdminRow[]; counted: number }> {
    const where = conditions(filter);
    const [rows, counted] = await Promise.all([
      executor.select().from(goods).where(where).orderBy(sql`${goods.createdAt} desc nulls last`, sql`${goods.id} desc nulls last`).limit(limit).offset(offset),
      cappedCount(executor, goods, where),
    ]);
    return { rows, counted };
  }

  async findById(executor: Executor, id: string): Promise<GoodsAdminRow | undefined> {
    const rows = await executor.select().from(goods).where(eq(goods.id, id)).limit(1);
    return rows[0];
  }

  async findByIdForUpdate(executor: Executor, id: string): Promise<GoodsAdminRow | undefined> {
    const rows = await executor.select().from(goods).where(eq(goods.id, id)).limit(1).for('update');
    return rows[0];
  }

  async skus(executor: Executor, goodsId: string, lock = false) {
    const query = executor.select({ id: goodsSkus.id, price: goodsSkus.price, stock: goodsSkus.stock }).from(goodsSkus).where(eq(goodsSkus.goodsId, goodsId)).orderBy(asc(goodsSkus.sort), asc(goodsSkus.id));
    return lock ? query.for('update') : query;
  }

  /** How many shops list each good, and how many of those listings buyers see. */
  async listingFigures(executor: Executor, goodsIds: string[]): Promise<Map<string, ListingFigures>> {
    if (goodsIds.length === 0) return new Map();
    const result = await executor.execute<{ goods_id: string; listings: number; visible: number }>(
      sql`select goods_id, count(*)::int as listings, count(*) filter (where visible)::int as visible
          from seller_goods where goods_id in ${goodsIds} group by goods_id`,
    );
    return new Map(result.rows.map((row) => [row.goods_id, { listings: row.listings, visibleListings: row.visible }]));
  }

  async update(executor: Executor, id: string, changes: { names: LocalizedText; descriptions: LocalizedText; systemPrice: Money; updatedAt: Date }): Promise<GoodsAdminRow | undefined> {
    const rows = await executor.update(goods).set(changes).where(eq(goods.id, id)).returning();
    return rows[0];
  }

  async setEnabled(executor: Executor, id: string, enabled: boolean, updatedAt: Date): Promise<void> {
    await executor.update(goods).set({ enabled, updatedAt }).where(eq(goods.id, id));
  }

  async setSkuPrices(executor: Executor, prices: { id: string; price: Money }[]): Promise<void> {
    for (const sku of prices) await executor.update(goodsSkus).set({ price: sku.price }).where(eq(goodsSkus.id, sku.id));
  }

  /** Every shop's listing of a good, locked: its selling price and search texts follow the good. */
  async listingsForUpdate(executor: Executor, goodsId: string): Promise<{ id: string; profitRatio: string }[]> {
    const result = await executor.execute<{ id: string; profit_ratio: string }>(sql`select id, profit_ratio::text as profit_ratio from seller_goods where goods_id = ${goodsId} order by id for update`);
    return result.rows.map((row) => ({ id: row.id, profitRatio: row.profit_ratio }));
  }

  async updateListings(executor: Executor, goodsId: string, changes: { sellingPrices: Map<string, Money>; searchText: string; searchTokens: string; updatedAt: Date }): Promise<void> {
    const ids = [...changes.sellingPrices.keys()];
    if (ids.length === 0) return;
    const prices = ids.map((id) => money.toDb(changes.sellingPrices.get(id) as Money));
    await executor.execute(
      sql`update seller_goods sg set selling_price = p.price::numeric, search_text = ${changes.searchText}, search_tokens = ${changes.searchTokens}, updated_at = ${changes.updatedAt}
          from unnest(${sql.param(ids)}::text[], ${sql.param(prices)}::text[]) as p(id, price)
          where sg.id = p.id and sg.goods_id = ${goodsId}`,
    );
  }
}
