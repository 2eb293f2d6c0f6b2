import type { Money } from '@caravan/contract/money';
import type { Executor } from '@caravan/db/client';
import type { LocalizedText } from '@caravan/db/schema/catalog';
import { goods, sellerGoods } from '@caravan/db/schema/catalog';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Pool } from 'pg';
import { containing, Params, prepared } from '../../platform/sql.ts';
import type { GoodsRow } from './goods.repository.ts';

// The seller's side of listings (seller panel, API reference section 10): a shop's own listings
// (off the shelf included, removed ones not), the wholesale catalogue it picks from, and the writes
// that list, change and remove. The buyer-facing reads stay in goods.repository.ts.

export interface ShopListingRow extends GoodsRow {
  profit_ratio: string;
  system_price: string;
  category_names: LocalizedText | null;
  top_category_names: LocalizedText | null;
  stock: number;
  goods_enabled: boolean;
}

export interface ShopListingFilter {
  shopId: string;
  /** lower-cased words matched against the listing's names */
  name?: string | undefined;
  id?: string | undefined;
  /** first- or second-level category */
  categoryId?: string | undefined;
  isShelf?: boolean | undefined;
  isHot?: boolean | undefined;
}

export interface SystemGoodsRow {
  id: string;
  names: LocalizedText;
  units: LocalizedText;
  images: { large: string; thumb: string }[];
  system_price: string;
  category_id: string;
  top_category_id: string;
  category_names: LocalizedText | null;
  top_category_names: LocalizedText | null;
  buy_min: number;
  stock: number;
  seller_goods_id: string | null;
}

export interface SystemGoodsFilter {
  shopId: string;
  categoryId?: string | undefined;
  name?: string | undefined;
  unlisted?: boolean | undefined;
}

/** The wholesale good a listing is made from, as the writes need it. */
export interface ListableGoods {
  id: string;
  names: LocalizedText;
  systemPrice: Money;
  categoryId: string;
  topCategoryId: string;
  enabled: boolean;
}

const LISTING_COLUMNS = `sg.id, sg.shop_id, s.name as shop_name, sg.goods_id, sg.category_id, sg.top_category_id,
  sg.selling_price::text as selling_price, sg.discount_ratio::text as discount_ratio, sg.discount_start_at,
  sg.discount_end_at, sg.is_shelf, sg.visible, sg.is_new, sg.new_at, sg.is_hot, sg.rec_at, sg.sold_num,
  coalesce(v.views_num, 0) as views_num, sg.review_count, sg.good_review_count, g.names, g.units, g.images, g.buy_min,
  g.freight_dispatch::text as freight_dispatch, g.freight_long_distance::text as freight_long_distance,
  g.freight_delivery::text as freight_delivery, sg.profit_ratio::text as profit_ratio, g.system_price::text as system_price,
  c.names as category_names, tc.names as top_category_names, g.enabled as goods_enabled,
  (select coalesce(sum(k.stock), 0)::int from goods_skus k where k.goods_id = g.id) as stock`;

/** The indexed name text of a good (`goodsNamesText` of the schema, as goods_names_trgm_idx has it). */
const GOODS_NAMES = `lower(coalesce(g.names ->> 'en', '') || ' ' || coalesce(g.names ->> 'zh-CN', '') || ' ' || coalesce(g.names ->> 'zh-TW', ''))`;

function listingConditions(filter: ShopListingFilter, params: Params): string {
  const conditions = [`sg.shop_id = ${params.add(filter.shopId)}`, 'sg.deleted_at is null'];
  if (filter.id) conditions.push(`sg.id = ${params.add(filter.id)}`);
  if (filter.categoryId) {
    const category = params.add(filter.categoryId);
    conditions.push(`(sg.category_id = ${category} or sg.top_category_id = ${category})`);
  }
  if (filter.isShelf !== undefined) conditions.push(filter.isShelf ? 'sg.is_shelf' : 'not sg.is_shelf');
  if (filter.isHot) conditions.push('sg.is_hot');
  if (filter.name) conditions.push(`sg.search_text like ${params.add(containing(filter.name))}`);
  return conditions.join(' and ');
}

export class ListingsRepository {
  constructor(private readonly pool: Pool) {}

  /** A page of the shop's listings, newest first. */
  async shopPage(filter: ShopListingFilter, limit: number, offset: number): Promise<ShopListingRow[]> {
    const params = new Params();
    const where = listingConditions(filter, params);
    return prepared<ShopListingRow>(
      this.pool,
      `with page as (
         select sg.id from seller_goods sg where ${where}
         order by sg.created_at desc, sg.id desc limit ${params.add(limit)} offset ${params.add(offset)})
       select ${LISTING_COLUMNS}
       from page p join seller_goods sg on sg.id = p.id join goods g on g.id = sg.goods_id join shops s on s.id = sg.shop_id
         left join categories c on c.id = sg.category_id left join categories tc on tc.id = sg.top_category_id
         left join seller_goods_views v on v.seller_goods_id = sg.id
       order by sg.created_at desc, sg.id desc`,
      params.values,
    );
  }

  async shopCount(filter: ShopListingFilter): Promise<number> {
    const params = new Params();
    const where = listingConditions(filter, params);
    const rows = await prepared<{ n: number }>(this.pool, `select count(*)::int as n from seller_goods sg where ${where}`, params.values);
    return rows[0]?.n ?? 0;
  }

  /** The shop's listings (not removed) and the reviews of all it ever listed. */
  async shopFigures(shopId: string): Promise<{ listings: number; reviews: number }> {
    const rows = await prepared<{ listings: number; reviews: number }>(
      this.pool,
      `select count(*) filter (where deleted_at is null)::int as listings, coalesce(sum(review_count), 0)::int as reviews
       from seller_goods where shop_id = $1`,
      [shopId],
    );
    return rows[0] ?? { listings: 0, reviews: 0 };
  }

  async enabledGoodsCount(): Promise<number> {
    const rows = await prepared<{ n: number }>(this.pool, 'select count(*)::int as n from goods where enabled');
    return rows[0]?.n ?? 0;
  }

  private systemConditions(filter: SystemGoodsFilter, params: Params): string {
    const conditions = ['g.enabled'];
    if (filter.categoryId) {
      const category = params.add(filter.categoryId);
      conditions.push(`(g.category_id = ${category} or g.top_category_id = ${category})`);
    }
    if (filter.name) conditions.push(`${GOODS_NAMES} like ${params.add(containing(filter.name))}`);
    if (filter.unlisted) {
      conditions.push(`not exists (select 1 from seller_goods l where l.shop_id = ${params.add(filter.shopId)} and l.goods_id = g.id and l.deleted_at is null)`);
    }
    return conditions.join(' and ');
  }

  /** A page of the enabled wholesale catalogue, with the shop's listing of each good. */
  async systemPage(filter: SystemGoodsFilter, limit: number, offset: number): Promise<SystemGoodsRow[]> {
    const params = new Params();
    const where = this.systemConditions(filter, params);
    const shop = params.add(filter.shopId);
    return prepared<SystemGoodsRow>(
      this.pool,
      `with page as (
         select g.id from goods g where ${where} order by g.created_at desc nulls last, g.id desc nulls last limit ${params.add(limit)} offset ${params.add(offset)})
       select g.id, g.names, g.units, g.images, g.system_price::text as system_price, g.category_id, g.top_category_id,
              c.names as category_names, tc.names as top_category_names, g.buy_min,
              (select coalesce(sum(k.stock), 0)::int from goods_skus k where k.goods_id = g.id) as stock,
              (select l.id from seller_goods l where l.shop_id = ${shop} and l.goods_id = g.id and l.deleted_at is null
                 order by l.created_at limit 1) as seller_goods_id
       from page p join goods g on g.id = p.id
         left join categories c on c.id = g.category_id left join categories tc on tc.id = g.top_category_id
       order by g.created_at desc nulls last, g.id desc nulls last`,
      params.values,
    );
  }

  async systemCount(filter: SystemGoodsFilter): Promise<number> {
    const params = new Params();
    const where = this.systemConditions(filter, params);
    const rows = await prepared<{ n: number }>(this.pool, `select count(*)::int as n from goods g where ${where}`, params.values);
    return rows[0]?.n ?? 0;
  }

  /** Names of enabled goods containing the keyword (suggestions while picking). */
  async suggestSystem(keyword: string, limit: number): Promise<{ id: string; names: LocalizedText }[]> {
    return prepared<{ id: string; names: LocalizedText }>(
      this.pool,
      `select g.id, g.names from goods g where g.enabled and ${GOODS_NAMES} like $1 order by g.created_at desc, g.id limit $2`,
      [containing(keyword), limit],
    );
  }

  async goodsLabels(ids: string[]): Promise<{ id: string; names: LocalizedText; images: { large: string; thumb: string }[] }[]> {
    if (ids.length === 0) return [];
    return prepared(this.pool, 'select id, names, images from goods where id = any($1)', [ids]);
  }

  // ---- writes (in the caller's transaction, the shop row locked) ------------------------------------

  async goodsForListing(executor: Executor, ids: string[]): Promise<ListableGoods[]> {
    return executor
      .select({ id: goods.id, names: goods.names, systemPrice: goods.systemPrice, categoryId: goods.categoryId, topCategoryId: goods.topCategoryId, enabled: goods.enabled })
      .from(goods)
      .where(inArray(goods.id, ids));
  }

  /** The shop's listings of these goods, removed ones included (re-listing revives them). */
  async listingsOfGoods(executor: Executor, shopId: string, goodsIds: string[]) {
    return executor
      .select({ id: sellerGoods.id, goodsId: sellerGoods.goodsId, deletedAt: sellerGoods.deletedAt })
      .from(sellerGoods)
      .where(and(eq(sellerGoods.shopId, shopId), inArray(sellerGoods.goodsId, goodsIds)));
  }

  /** Any listing of the shop ever (the "first listing" rule looks at it). */
  async hasListed(executor: Executor, shopId: string): Promise<boolean> {
    const rows = await executor.select({ id: sellerGoods.id }).from(sellerGoods).where(eq(sellerGoods.shopId, shopId)).limit(1);
    return rows.length > 0;
  }

  async findOwn(executor: Executor, shopId: string, id: string) {
    const [row] = await executor
      .select()
      .from(sellerGoods)
      .where(and(eq(sellerGoods.id, id), eq(sellerGoods.shopId, shopId), isNull(sellerGoods.deletedAt)))
      .for('update');
    return row;
  }

  async insert(executor: Executor, row: typeof sellerGoods.$inferInsert): Promise<void> {
    await executor.insert(sellerGoods).values(row);
  }

  async update(executor: Executor, id: string, changes: Partial<typeof sellerGoods.$inferInsert>): Promise<void> {
    await executor.update(sellerGoods).set(changes).where(eq(sellerGoods.id, id));
  }

  /** Removes listings of the shop (kept for orders, reviews and figures); the number removed. */
  async remove(executor: Executor, shopId: string, ids: string[], now: Date): Promise<number> {
    const rows = await executor
      .update(sellerGoods)
      .set({ deletedAt: now, isShelf: false, visible: false, updatedAt: now })
      .where(and(eq(sellerGoods.shopId, shopId), inArray(sellerGoods.id, ids), isNull(sellerGoods.deletedAt)))
      .returning({ id: sellerGoods.id });
    return rows.length;
  }
}
