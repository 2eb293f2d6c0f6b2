import type { Locale } from '@caravan/contract/languages';
import { eachRow, type Database, type Executor } from '@caravan/db/client';
import type { AttributeDefinition, GoodsImage, LocalizedText } from '@caravan/db/schema/catalog';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { Params, prepared, statementName } from '../../platform/sql.ts';
import type { QueryTerm } from './search-text.ts';
import type { AnchorKey, PageStart } from './page-anchors.ts';
import type { SuggestionEntry } from './suggestion-index.ts';

// Read side of the sellable catalogue (seller goods joined with system goods and the shop name).
// Hand-written SQL as prepared statements: these are the hottest queries of the server.

/**
 * Full-text: `tsQuery` matches (words by prefix; `terms` are the same words as the suggestion index reads
 * them); relevance is whether `exactQuery` (whole words) matches too, which costs far less than ts_rank
 * and ranks the same way for names this short.
 * Trigram: similarity of the whole keyword, the last resort for typos.
 */
export type SearchClause = { mode: 'fulltext'; tsQuery: string; exactQuery: string; terms: QueryTerm[] } | { mode: 'trigram'; text: string };

/** Search totals count at most this many matches ("1000+" is what a buyer needs to know). */
export const SEARCH_TOTAL_CAP = 1000;

/** The listings whose visibility to recompute: a shop's or a good's. */
export type VisibilityScope = { shopId: string } | { goodsId: string };

export type GoodsSort = 'default' | 'new' | 'hot' | 'rec' | 'price_asc' | 'price_desc' | 'relevance';

export interface GoodsFilter {
  categoryId?: string | undefined;
  categoryLevel?: 1 | 2 | undefined;
  shopId?: string | undefined;
  goodsId?: string | undefined;
  isNew?: boolean | undefined;
  isHot?: boolean | undefined;
  isRec?: boolean | undefined;
  discount?: boolean | undefined;
  /** a full-text expression (see search-text.ts), or a lower-cased keyword matched by trigram similarity */
  search?: SearchClause | undefined;
  /** shop listings for their own seller include goods off the shelf */
  includeHidden?: boolean | undefined;
}

export interface GoodsRow {
  id: string;
  shop_id: string;
  shop_name: string;
  goods_id: string;
  category_id: string;
  top_category_id: string;
  selling_price: string;
  discount_ratio: string | null;
  discount_start_at: Date | null;
  discount_end_at: Date | null;
  is_shelf: boolean;
  visible: boolean;
  is_new: boolean;
  new_at: Date | null;
  is_hot: boolean;
  rec_at: Date | null;
  sold_num: number;
  views_num: number;
  review_count: number;
  good_review_count: number;
  names: LocalizedText;
  units: LocalizedText;
  images: GoodsImage[];
  buy_min: number;
  freight_dispatch: string;
  freight_long_distance: string;
  freight_delivery: string;
}

export interface GoodsDetailRow extends GoodsRow {
  descriptions: LocalizedText;
  attributes: AttributeDefinition[];
  profit_ratio: string;
  goods_enabled: boolean;
  skus: { id: string; valueIds: string[]; price: string; stock: number }[];
}

const COLUMNS = `sg.id, sg.shop_id, s.name as shop_name, sg.goods_id, sg.category_id, sg.top_category_id,
  sg.selling_price::text as selling_price, sg.discount_ratio::text as discount_ratio, sg.discount_start_at,
  sg.discount_end_at, sg.is_shelf, sg.visible, sg.is_new, sg.new_at, sg.is_hot, sg.rec_at, sg.sold_num,
  coalesce(v.views_num, 0) as views_num, sg.review_count, sg.good_review_count, g.names, g.units, g.images, g.buy_min,
  g.freight_dispatch::text as freight_dispatch, g.freight_long_distance::text as freight_long_distance,
  g.freight_delivery::text as freight_delivery`;

const ORDER: Record<GoodsSort, string> = {
  default: 'sg.sold_num desc nulls last, sg.id',
  hot: 'sg.sold_num desc nulls last, sg.id',
  new: 'sg.new_at desc nulls last, sg.id',
  rec: 'sg.rec_at desc nulls last, sg.id',
  price_asc: 'sg.selling_price, sg.id',
  price_desc: 'sg.selling_price desc, sg.id desc',
  relevance: 'rank desc, sg.sold_num desc nulls last, sg.id',
};

/**
 * The orders of the whole catalogue whose deep pages start from anchors (page-anchors.ts, ADR 0022), each
 * the ORDER of its sort spelled out: its column (never null), that column's direction and the ids'.
 */
export type AnchoredOrder = 'sales' | 'price_asc' | 'price_desc';
const ANCHORED_ORDERS: Record<AnchoredOrder, { sort: GoodsSort; column: 'sold_num' | 'selling_price'; descending: boolean; idsDescending: boolean }> = {
  sales: { sort: 'default', column: 'sold_num', descending: true, idsDescending: false },
  price_asc: { sort: 'price_asc', column: 'selling_price', descending: false, idsDescending: false },
  price_desc: { sort: 'price_desc', column: 'selling_price', descending: true, idsDescending: true },
};
const ANCHORED_SORTS: Partial<Record<GoodsSort, AnchoredOrder>> = { default: 'sales', hot: 'sales', price_asc: 'price_asc', price_desc: 'price_desc' };

/** The anchored order a sort of the whole catalogue reads, if it has one. */
export function anchoredOrderOf(sort: GoodsSort): AnchoredOrder | undefined {
  return ANCHORED_SORTS[sort];
}

interface Clauses {
  /** every condition of the filter, the search's match included */
  where: string;
  /** the relevance expression of the search (0 without one), built on demand */
  rank: () => string;
  /**
   * Of a full-text search: the filter's other conditions, the match of the words as prefixes, and the
   * match of the whole words (built on demand: a subset of the prefix match); `search`: the search itself,
   * and `whole`: whether the other conditions are the visibility alone (the whole catalogue).
   */
  fulltext?: { base: string; match: string; exact: () => string; search: Extract<SearchClause, { mode: 'fulltext' }>; whole: boolean } | undefined;
}

/**
 * How a page by relevance reads each of its two parts (whole-word matches, prefix-only matches): a walk
 * of the sales index that gives up after this many listings (then the matches are read from the text
 * index and sorted), or, when undefined, the text index straight away.
 */
export interface RelevanceWalks {
  exact?: number | undefined;
  prefixed?: number | undefined;
}

/**
 * Whether a listing's words match a full-text query (search-text.ts). `once`: the query is parsed once per
 * execution (an InitPlan); in a generic plan `to_tsquery` of a parameter is not folded to a constant, and a
 * filter parsed it again for every row it tested.
 */
function tsMatch(params: Params, query: string, once = false): string {
  const parsed = `to_tsquery('simple', ${params.add(query)})`;
  return `sg.search_vector @@ ${once ? `(select ${parsed})` : parsed}`;
}

/**
 * The WHERE clause of a filter, and the relevance expression of its search (0 without one), built
 * on demand: a parameter only the relevance uses must not be sent with a query that does not use it.
 */
function clausesOf(filter: GoodsFilter, now: Date, params: Params): Clauses {
  const conditions: string[] = [filter.includeHidden ? 'sg.deleted_at is null' : 'sg.visible'];
  let rank = () => '0';
  if (filter.categoryId) {
    conditions.push(`${filter.categoryLevel === 1 ? 'sg.top_category_id' : 'sg.category_id'} = ${params.add(filter.categoryId)}`);
  }
  if (filter.shopId) conditions.push(`sg.shop_id = ${params.add(filter.shopId)}`);
  if (filter.goodsId) conditions.push(`sg.goods_id = ${params.add(filter.goodsId)}`);
  if (filter.isNew) conditions.push('sg.is_new');
  if (filter.isHot) conditions.push('sg.is_hot');
  if (filter.isRec) conditions.push('sg.rec_at is not null');
  if (filter.discount) {
    const at = params.add(now);
    conditions.push(`sg.discount_ratio is not null and sg.discount_start_at <= ${at} and sg.discount_end_at > ${at}`);
  }
  let fulltext: Clauses['fulltext'];
  if (filter.search?.mode === 'fulltext') {
    const base = conditions.join(' and ');
    const whole = conditions.length === 1 && !filter.includeHidden;
    const match = tsMatch(params, filter.search.tsQuery);
    conditions.push(match);
    const exactQuery = filter.search.exactQuery;
    const exact = () => tsMatch(params, exactQuery);
    rank = () => `(${exact()})::int`;
    fulltext = { base, match, exact, search: filter.search, whole };
  } else if (filter.search?.mode === 'trigram') {
    const text = params.add(filter.search.text);
    conditions.push(`${text} <% sg.search_text`);
    rank = () => `word_similarity(${text}, sg.search_text)`;
  }
  return { where: conditions.join(' and '), rank, fulltext };
}

/** GoodsRepository.eachSuggestionEntry's statement. */
const SUGGESTION_ENTRIES = `select * from (
    select distinct on (sg.goods_id) sg.goods_id, sg.sold_num, sg.id as listing_id, sg.search_tokens as tokens
    from seller_goods sg where sg.visible order by sg.goods_id, sg.sold_num desc, sg.id
  ) best order by sold_num desc, listing_id collate "C"`;

export class GoodsRepository {
  private readonly pool: Pool;

  /** the planned pool (createDatabasePools in packages/db), when the database has one */
  private readonly planned: Pool | undefined;

  constructor(db: Database) {
    this.pool = db.$client;
    this.planned = db.$planned;
  }

  /**
   * One page of listings. The page is cut from seller_goods alone (an index scan, often index-only),
   * and only its rows are joined with goods and shops, so deep pages stay cheap.
   */
  async list(filter: GoodsFilter, sort: GoodsSort, limit: number, offset: number, now: Date, walks: RelevanceWalks = {}): Promise<GoodsRow[]> {
    const params = new Params();
    const clauses = clausesOf(filter, now, params);
    if (sort === 'relevance' && clauses.fulltext) return this.relevancePage(clauses.fulltext, limit, offset, params, walks);
    const text = `with page as (
        select sg.id, ${clauses.rank()} as rank from seller_goods sg
        where ${clauses.where}
        order by ${ORDER[sort]}
        limit ${params.add(limit)} offset ${params.add(offset)}
      )
      ${this.pageRows(sort)}`;
    return prepared<GoodsRow>(this.pool, text, params.values);
  }

  /**
   * Every `spacing`-th visible listing in an anchored order (the first, the spacing-th ...), in that
   * order: one walk of the order's index.
   */
  async pageAnchors(order: AnchoredOrder, spacing: number): Promise<AnchorKey[]> {
    const { sort, column } = ANCHORED_ORDERS[order];
    return prepared<AnchorKey>(
      this.pool,
      `select value, id from (
         select sg.${column}::text as value, sg.id, row_number() over (order by ${ORDER[sort]}) as n
         from seller_goods sg where sg.visible
       ) ranked where (n - 1) % $1 = 0 order by n`,
      [spacing],
    );
  }

  /**
   * A page of the whole catalogue in an anchored order that starts `start.skip` listings after the listing
   * `start.key` (included): the listings with the key's value from its id on, then those past its value,
   * each read from the order's index in the order and cut at the page's reach, then merged.
   */
  async listFrom(order: AnchoredOrder, start: PageStart, limit: number): Promise<GoodsRow[]> {
    const { sort, column, descending, idsDescending } = ANCHORED_ORDERS[order];
    const text = `with page as (
        select id, 0 as rank from (
          (select sg.id, sg.${column} from seller_goods sg where sg.visible and sg.${column} = $1 and sg.id ${idsDescending ? '<=' : '>='} $2
           order by ${ORDER[sort]} limit $3)
          union all
          (select sg.id, sg.${column} from seller_goods sg where sg.visible and sg.${column} ${descending ? '<' : '>'} $1
           order by ${ORDER[sort]} limit $3)
        ) sg
        order by ${ORDER[sort]}
        limit $4 offset $5
      )
      ${this.pageRows(sort)}`;
    return prepared<GoodsRow>(this.pool, text, [start.key.value, start.key.id, start.skip + limit, limit, start.skip]);
  }

  /** The page's rows with their goods, shops and views, in the page's order. */
  private pageRows(sort: GoodsSort): string {
    return `select ${COLUMNS}, page.rank
      from page join seller_goods sg on sg.id = page.id join goods g on g.id = sg.goods_id join shops s on s.id = sg.shop_id
        left join seller_goods_views v on v.seller_goods_id = sg.id
      order by ${ORDER[sort]}`;
  }

  /**
   * A page of a full-text search by relevance: the listings matching the keyword's whole words, best
   * sellers first, then those matching its words only as prefixes ("cotton" before "cottons"), best
   * sellers first (ADR 0021). Sorting every match by that order reads all of them: a frequent word matches
   * tens of thousands of listings (`cotton`: 33,080 of 785,230 at 500,000 goods, 240 ms). So the page is
   * taken in two parts, each in the order of seller_goods_sold_idx, each at most `offset + limit` long:
   * - `exact`: the first whole-word matches;
   * - `prefixed`: read only when `exact` is shorter than that (it then holds every whole-word match): the
   *   first prefix matches that are not whole-word ones.
   * A part is read by walking the sales index when `walks` says its words are frequent enough: the walk
   * stops after the part (374 listings for `cotton`, 1-2 ms), and gives up after the number of listings
   * `walks` allows, when the words were rarer than said. Otherwise, and after a walk gave up, its matches
   * are read from the text index and sorted (`sold_num + 0`: never a walk of the sales index, which for a
   * word no listing has would read every listing; PostgreSQL's estimate for a word it keeps no statistics
   * of is far too high for it to be let choose).
   *
   * The application has then chosen the plan, so the whole catalogue's page is a named statement of the
   * planned pool, planned once per connection instead of on every search (1.8-2.7 ms, as much as running
   * it; ADR 0021, addendum of 2026-12-07): each part is walked or sorted, four statements in all. A search
   * within a shop, a category or a flag is sent unnamed, planned for its values: the number of listings
   * its conditions keep decides whether their index or the text index is read.
   */
  private async relevancePage(
    fulltext: NonNullable<Clauses['fulltext']>,
    limit: number,
    offset: number,
    filterParams: Params,
    walks: RelevanceWalks,
  ): Promise<GoodsRow[]> {
    const planned = fulltext.whole ? this.planned : undefined;
    // the whole catalogue's conditions have no parameter of their own: its statement takes its own
    const params = planned ? new Params() : filterParams;
    const { base } = fulltext;
    const match = planned ? tsMatch(params, fulltext.search.tsQuery, true) : fulltext.match;
    const exact = planned ? tsMatch(params, fulltext.search.exactQuery, true) : fulltext.exact();
    const reach = params.add(offset + limit);
    const sorted = (conditions: string) => `select sg.id, sg.sold_num from seller_goods sg where ${conditions}
          order by sg.sold_num + 0 desc, sg.id limit ${reach}`;
    /** the first matches of `condition` among the first `bound` listings in the order of sales, at most `reach` */
    const walk = (bound: number, condition: string, gate?: string) => `select id, sold_num from (
            select sg.id, sg.sold_num, sg.search_vector from seller_goods sg where ${gate ? `${base} and ${gate}` : base}
            order by sg.sold_num desc nulls last, sg.id limit ${params.add(bound)}
          ) sg where ${condition} limit ${reach}`;
    const parts: string[] = [];
    if (walks.exact === undefined) {
      parts.push(`exact as materialized (${sorted(`${base} and ${exact}`)})`);
    } else {
      parts.push(
        `exact_walk as materialized (${walk(walks.exact, exact)})`,
        `exact as materialized (
          select id, sold_num from exact_walk where (select count(*) from exact_walk) >= ${reach}
          union all
          select * from (${sorted(`${base} and ${exact} and (select count(*) from exact_walk) < ${reach}`)}) sorted
        )`,
      );
    }
    const prefixOnly = `${match} and not (${exact})`;
    const needed = `(select count(*) from exact) < ${reach}`;
    if (walks.prefixed === undefined) {
      parts.push(`prefixed as materialized (${sorted(`${base} and ${prefixOnly} and ${needed}`)})`);
    } else {
      const found = `(select count(*) from exact) + (select count(*) from prefixed_walk)`;
      parts.push(
        `prefixed_walk as materialized (${walk(walks.prefixed, prefixOnly, needed)})`,
        `prefixed as materialized (
          select id, sold_num from prefixed_walk where ${found} >= ${reach}
          union all
          select * from (${sorted(`${base} and ${prefixOnly} and ${found} < ${reach}`)}) sorted
        )`,
      );
    }
    const text = `with ${parts.join(',\n      ')},
      page as (
        select id, rank from (
          select id, 1 as rank, sold_num from exact
          union all
          select id, 0, sold_num from prefixed
        ) matches
        order by rank desc, sold_num desc nulls last, id
        limit ${params.add(limit)} offset ${params.add(offset)}
      )
      ${this.pageRows('relevance')}`;
    return planned ? prepared<GoodsRow>(planned, text, params.values) : (await this.pool.query<GoodsRow>(text, params.values)).rows;
  }

  /** Listings matching the filter; with a search, at most SEARCH_TOTAL_CAP. */
  async count(filter: GoodsFilter, now: Date): Promise<number> {
    const params = new Params();
    const where = clausesOf(filter, now, params).where;
    const text = filter.search
      ? `select count(*)::int as count from (select 1 from seller_goods sg where ${where} limit ${SEARCH_TOTAL_CAP}) matches`
      : `select count(*)::int as count from seller_goods sg where ${where}`;
    const rows = await prepared<{ count: number }>(this.pool, text, params.values);
    return rows[0]?.count ?? 0;
  }

  async findDetail(id: string): Promise<GoodsDetailRow | undefined> {
    const rows = await prepared<GoodsDetailRow>(
      this.pool,
      `select ${COLUMNS}, g.descriptions, g.attributes, sg.profit_ratio::text as profit_ratio, g.enabled as goods_enabled,
         coalesce((select json_agg(json_build_object('id', k.id, 'valueIds', k.value_ids, 'price', k.price::text, 'stock', k.stock) order by k.sort)
                   from goods_skus k where k.goods_id = g.id), '[]'::json) as skus
       from seller_goods sg join goods g on g.id = sg.goods_id join shops s on s.id = sg.shop_id
         left join seller_goods_views v on v.seller_goods_id = sg.id
       where sg.id = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * Goods suggestions by a search clause: distinct system goods whose names match, best sellers first
   * (the suggestion index answers the full-text readings; this is left for trigram similarity).
   */
  async suggest(search: SearchClause, limit: number): Promise<{ goods_id: string; names: LocalizedText }[]> {
    const params = new Params();
    const clauses = clausesOf({ search }, new Date(0), params);
    const rows = await prepared<{ goods_id: string; names: LocalizedText }>(
      this.pool,
      `select sg.goods_id, g.names from seller_goods sg join goods g on g.id = sg.goods_id
       where ${clauses.where} order by sg.sold_num desc nulls last, sg.id limit ${params.add(limit * 4)}`,
      params.values,
    );
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.goods_id) && seen.add(row.goods_id)).slice(0, limit);
  }

  /**
   * What the suggestion index reads: each system good with a visible listing, its best listing (most
   * sales, then lowest id: the first the listing order shows) and that listing's words (search_tokens,
   * which search_vector holds as they are), in the index's order (most sales, then listing id by code
   * point, as JavaScript compares): sorted here, not in the serving process's event loop. Each row is
   * handed to `add` as it arrives and none is kept: at 500,000 goods the whole result was some 200 MB of
   * row objects held at once. Answers how many.
   */
  async eachSuggestionEntry(add: (entry: SuggestionEntry) => void): Promise<number> {
    return eachRow<SuggestionEntry>(this.pool, { name: statementName(SUGGESTION_ENTRIES), text: SUGGESTION_ENTRIES }, add);
  }

  /**
   * The names in `locale` (else English) of these system goods that still have a visible listing (the
   * index may be a moment behind). One language, not the 21 of the names column: a suggestion shows one.
   */
  async namesOfListed(goodsIds: string[], locale: Locale): Promise<{ goods_id: string; name: string }[]> {
    if (goodsIds.length === 0) return [];
    return prepared<{ goods_id: string; name: string }>(
      this.pool,
      `select g.id as goods_id, coalesce(g.names ->> $2, g.names ->> 'en') as name from goods g
       where g.id = any($1) and exists (select 1 from seller_goods sg where sg.goods_id = g.id and sg.visible)`,
      [goodsIds, locale],
    );
  }

  /** Second-level categories a shop lists goods in. */
  async shopCategoryIds(shopId: string, includeHidden: boolean): Promise<string[]> {
    const rows = await prepared<{ category_id: string }>(
      this.pool,
      `select distinct category_id from seller_goods where shop_id = $1 and (($2 and deleted_at is null) or visible)`,
      [shopId, includeHidden],
    );
    return rows.map((row) => row.category_id);
  }

  async existsVisible(id: string): Promise<boolean> {
    const rows = await prepared<{ one: number }>(this.pool, 'select 1 as one from seller_goods where id = $1 and visible', [id]);
    return rows.length > 0;
  }

  async byIds(ids: string[]): Promise<GoodsRow[]> {
    if (ids.length === 0) return [];
    return prepared<GoodsRow>(
      this.pool,
      `select ${COLUMNS} from seller_goods sg join goods g on g.id = sg.goods_id join shops s on s.id = sg.shop_id
         left join seller_goods_views v on v.seller_goods_id = sg.id
       where sg.id = any($1)`,
      [ids],
    );
  }

  /** Adds buffered page views in one statement. */
  async addViews(views: Map<string, number>): Promise<void> {
    if (views.size === 0) return;
    await this.pool.query(
      `insert into seller_goods_views (seller_goods_id, views_num)
       select v.id, v.n from unnest($1::text[], $2::int[]) as v(id, n) join seller_goods sg on sg.id = v.id
       on conflict (seller_goods_id) do update set views_num = seller_goods_views.views_num + excluded.views_num`,
      [[...views.keys()], [...views.values()]],
    );
  }

  /**
   * Keeps `visible` true exactly when the listing is on the shelf, its shop open and its good enabled
   * (the one flag every buyer-facing list reads), for the listings of one shop or of one good, in the
   * caller's transaction. Rows already right are not rewritten.
   */
  async refreshVisibility(executor: Executor, scope: VisibilityScope): Promise<void> {
    const scoped = 'shopId' in scope ? sql`sg.shop_id = ${scope.shopId}` : sql`sg.goods_id = ${scope.goodsId}`;
    await executor.execute(sql`
      update seller_goods sg set visible = (sg.is_shelf and g.enabled and s.status = 'open')
      from goods g, shops s
      where g.id = sg.goods_id and s.id = sg.shop_id and ${scoped}
        and sg.visible is distinct from (sg.is_shelf and g.enabled and s.status = 'open')`);
  }
}
