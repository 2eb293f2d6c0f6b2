import type { Database, Executor } from '@caravan/db/client';
import { shops } from '@caravan/db/schema/shops';
import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { cappedCount } from '../../platform/capped-count.ts';
import { containing, escapeLike, prepared } from '../../platform/sql.ts';
import type { ShopDirectorySource } from './shop-name-filter.ts';

export type ShopRow = typeof shops.$inferSelect;
export type ShopStatus = 'pending' | 'open' | 'suspended' | 'closed';

/** Listing and follower figures of one shop (its card's counters). */
export interface ShopFiguresRow {
  shop_id: string;
  goods: number;
  sold: number;
  reviews: number;
  good_reviews: number;
  followers: number;
}

/**
 * The figures of the shops of `s` (a relation with the shop id as `s.id`), joined to each: visible
 * listings, sales and reviews of its listings (index-only on seller_goods_shop_sold_idx) and its
 * followers (index-only on shop_follows_shop_idx). One lateral select each, in the caller's statement.
 */
const FIGURES_COLUMNS = `s.id as shop_id, coalesce(l.goods, 0) as goods, coalesce(l.sold, 0) as sold, coalesce(l.reviews, 0) as reviews,
  coalesce(l.good_reviews, 0) as good_reviews, coalesce(f.followers, 0) as followers`;
/**
 * Each shop's figures from its listings and followers; with `skipped` (an SQL array of shop ids), the shops
 * in it get none (zeros): their figures are known, and counting them reads every listing of the shop.
 */
function figuresJoins(skipped?: string): string {
  const read = skipped ? ` and not (s.id = any(${skipped}))` : '';
  return `left join lateral (
    select count(*) filter (where sg.visible)::int as goods, sum(sg.sold_num)::int as sold,
           sum(sg.review_count)::int as reviews, sum(sg.good_review_count)::int as good_reviews
    from seller_goods sg where sg.shop_id = s.id${read}) l on true
  left join lateral (select count(*)::int as followers from shop_follows sf where sf.shop_id = s.id${read}) f on true`;
}
const FIGURES_JOINS = figuresJoins();

function figuresOfRow(row: ShopFiguresRow): ShopFiguresRow {
  return { shop_id: row.shop_id, goods: row.goods, sold: row.sold, reviews: row.reviews, good_reviews: row.good_reviews, followers: row.followers };
}

export interface ShopListFilter {
  status?: ShopStatus | undefined;
  /** the shop's id, or words of its name */
  q?: string | undefined;
}

export class ShopsRepository {
  private readonly pool: Pool;

  constructor(db: Database) {
    this.pool = db.$client;
  }

  async byIds(ids: string[]): Promise<ShopRow[]> {
    if (ids.length === 0) return [];
    const rows = await prepared<Record<string, unknown>>(this.pool, 'select * from shops where id = any($1)', [ids]);
    return rows.map(toShopRow);
  }

  /** The shops of these ids with their figures, in one statement (a card read cold). */
  async byIdsWithFigures(ids: string[]): Promise<{ shop: ShopRow; figures: ShopFiguresRow }[]> {
    if (ids.length === 0) return [];
    const rows = await prepared<Record<string, unknown> & ShopFiguresRow>(this.pool, `select s.*, ${FIGURES_COLUMNS} from shops s ${FIGURES_JOINS} where s.id = any($1)`, [ids]);
    return rows.map((row) => ({ shop: toShopRow(row), figures: figuresOfRow(row) }));
  }

  async findById(executor: Executor, id: string): Promise<ShopRow | undefined> {
    const rows = await executor.select().from(shops).where(eq(shops.id, id)).limit(1);
    return rows[0];
  }

  /** Locks the shop row: follows of one shop are counted and added one at a time. */
  async findByIdForUpdate(executor: Executor, id: string): Promise<ShopRow | undefined> {
    const rows = await executor.select().from(shops).where(eq(shops.id, id)).limit(1).for('update');
    return rows[0];
  }

  async listOpen(recommendedOnly: boolean, limit: number, offset: number): Promise<ShopRow[]> {
    const rows = await prepared<Record<string, unknown>>(
      this.pool,
      recommendedOnly
        ? `select * from shops where status = 'open' and rec_at is not null order by rec_at desc nulls last, id limit $1 offset $2`
        : `select * from shops where status = 'open' order by created_at desc nulls last, id limit $1 offset $2`,
      [limit, offset],
    );
    return rows.map(toShopRow);
  }

  async countOpen(recommendedOnly: boolean): Promise<number> {
    const rows = await prepared<{ count: number }>(
      this.pool,
      `select count(*)::int as count from shops where status = 'open' and ($1 = false or rec_at is not null)`,
      [recommendedOnly],
    );
    return rows[0]?.count ?? 0;
  }

  /** The figures of these shops, in one statement. */
  async figures(shopIds: string[]): Promise<ShopFiguresRow[]> {
    if (shopIds.length === 0) return [];
    return prepared<ShopFiguresRow>(this.pool, `select ${FIGURES_COLUMNS} from unnest($1::text[]) as s(id) ${FIGURES_JOINS}`, [shopIds]);
  }

  /**
   * Open shops whose name matches the keyword (trigram word similarity or substring), the most similar
   * first, with their figures: one statement. The matching shops come from `open_shops_named` (migration
   * 0021), which finds them through shops_name_trgm_idx: on a few hundred shops the planner would rather
   * compute the similarity of every name, several times slower. The shops in `knownFigures` (whose figures
   * the caller has) get zeros: none of their listings is read.
   */
  async searchByName(keyword: string, limit: number, knownFigures: string[] = []): Promise<{ shop: ShopRow; figures: ShopFiguresRow }[]> {
    const rows = await prepared<Record<string, unknown> & ShopFiguresRow>(
      this.pool,
      `select s.*, ${FIGURES_COLUMNS}
       from unnest(array(select open_shops_named($1, $2, $3))) with ordinality as m(id, rank)
         join shops s on s.id = m.id
         ${figuresJoins('$4::text[]')}
       order by m.rank`,
      [keyword, `%${escapeLike(keyword)}%`, limit, knownFigures],
    );
    return rows.map((row) => ({ shop: toShopRow(row), figures: figuresOfRow(row) }));
  }

  /**
   * Every shop's id, name and whether it is open, and the similarity threshold the open shops' search
   * uses (the shop directory's read: a few hundred rows, a few thousand on a large marketplace).
   */
  async directory(): Promise<ShopDirectorySource> {
    const [rows, threshold] = await Promise.all([
      prepared<{ id: string; name: string; open: boolean }>(this.pool, `select id, name, status = 'open' as open from shops`, []),
      // (pg_trgm defines its settings once loaded in the session: show_limit() loads it first)
      prepared<{ threshold: number | null }>(
        this.pool,
        `with loaded as materialized (select show_limit()) select current_setting('pg_trgm.word_similarity_threshold', true)::float8 as threshold from loaded`,
        [],
      ),
    ]);
    // without a threshold every keyword is asked of PostgreSQL (a threshold of 0 lets every name through)
    return { shops: rows, threshold: threshold[0]?.threshold ?? 0 };
  }

  /** The console's list: by state, by id or words of the name (shops_name_trgm_idx), newest first; the count capped. */
  async listForConsole(executor: Executor, filter: ShopListFilter, limit: number, offset: number): Promise<{ rows: ShopRow[]; counted: number }> {
    const q = filter.q?.trim();
    const where = and(
      filter.status ? eq(shops.status, filter.status) : undefined,
      q ? or(eq(shops.id, q), ilike(sql`lower(${shops.name})`, containing(q))) : undefined,
    );
    const [rows, counted] = await Promise.all([
      executor.select().from(shops).where(where).orderBy(sql`${shops.createdAt} desc nulls last`, sql`${shops.id} desc nulls last`).limit(limit).offset(offset),
      cappedCount(executor, shops, where),
    ]);
    return { rows, counted };
  }

  /** A new open shop; a closed one of the same seller reopens with these details, any other stays. */
  async upsertOpen(executor: Executor, row: typeof shops.$inferInsert): Promise<void> {
    const { id: _id, createdAt: _createdAt, viewsNum: _views, ...details } = row;
    await executor.insert(shops).values(row).onConflictDoUpdate({ target: shops.id, set: details, setWhere: eq(shops.status, 'closed') });
  }

  async nameTaken(executor: Executor, name: string, exceptShopId: string): Promise<boolean> {
    const rows = await executor
      .select({ id: shops.id })
      .from(shops)
      .where(and(sql`lower(${shops.name}) = ${name.toLowerCase()}`, ne(shops.id, exceptShopId), ne(shops.status, 'closed')))
      .limit(1);
    return rows.length > 0;
  }

  async update(executor: Executor, id: string, changes: Partial<typeof shops.$inferInsert>): Promise<void> {
    await executor.update(shops).set(changes).where(eq(shops.id, id));
  }

  async addViews(views: Map<string, number>): Promise<void> {
    if (views.size === 0) return;
    await this.pool.query(
      `update shops s set views_num = s.views_num + v.n from unnest($1::text[], $2::int[]) as v(id, n) where s.id = v.id`,
      [[...views.keys()], [...views.values()]],
    );
  }
}

function toShopRow(row: Record<string, unknown>): ShopRow {
  return {
    id: row.id as string,
    name: row.name as string,
    avatarUrl: row.avatar_url as string,
    bannerUrl: row.banner_url as string,
    remark: row.remark as string,
    phone: row.phone as string,
    address: row.address as string,
    status: row.status as string,
    recAt: (row.rec_at as Date | null) ?? null,
    viewsNum: row.views_num as number,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
  };
}
