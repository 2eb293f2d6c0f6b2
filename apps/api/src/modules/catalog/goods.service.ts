import { MAX_KEYWORD_LENGTH, type GoodsDetail, type GoodsVo, type SellerVo } from '@caravan/contract/catalog';
import type { Locale } from '@caravan/contract/languages';
import { resolvePage, type PageInfo } from '@caravan/contract/paging';
import type { Clock } from '../../platform/clock.ts';
import { CounterBuffer } from '../../platform/counter-buffer.ts';
import { AppError } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { SettingsService } from '../content/settings.ts';
import type { CategoriesService } from './categories.service.ts';
import { toGoodsDetail, toGoodsVo, type MapContext } from './goods.mapper.ts';
import type { Executor } from '@caravan/db/client';
import { SEARCH_TOTAL_CAP, anchoredOrderOf, type AnchoredOrder, type GoodsDetailRow, type GoodsFilter, type GoodsRepository, type GoodsRow, type GoodsSort, type RelevanceWalks, type SearchClause, type VisibilityScope } from './goods.repository.ts';
import { decodeKeyword, queryTerms, searchText, tsQueryOf, type QueryTerm } from './search-text.ts';
import { ANCHOR_SPACING, PageAnchors, type PageStart } from './page-anchors.ts';
import { LiveSuggestionIndex } from './suggestion-index.ts';
import { LiveRead } from '../../platform/live-read.ts';

/** What the catalogue needs from the shops and favourites modules. */
export interface GoodsPorts {
  sellerCards(shopIds: string[], viewerId?: string): Promise<Map<string, SellerVo>>;
  searchShops(keyword: string, limit: number, viewerId?: string): Promise<SellerVo[]>;
  keptIds(userId: string, sellerGoodsIds: string[]): Promise<Set<string>>;
}

export interface ListFlags {
  isNew?: boolean | undefined;
  isHot?: boolean | undefined;
  isRec?: boolean | undefined;
  recTime?: number | undefined;
  discount?: boolean | undefined;
  isPrice?: string | undefined;
}
export interface PageRequest {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}
export interface Viewer {
  locale: Locale;
  userId?: string | undefined;
}

/** List totals may lag this much behind (counting on every page request would cost more than the page). */
export const LIST_TOTAL_TTL_MS = 30_000;
/**
 * Pages and detail rows are the same for every buyer for a few seconds: a short micro-cache absorbs
 * bursts on popular pages. Prices are checked again at checkout; counters catch up within seconds.
 */
export const LIST_PAGE_TTL_MS = 5_000;
export const DETAIL_TTL_MS = 3_000;
/** What people type repeats a lot: goods suggestions are reused for a minute. */
export const SUGGESTION_TTL_MS = 60_000;
/** The suggestion index is read again in the background when this old, or after this process changed listings ... */
export const SUGGESTION_INDEX_TTL_MS = 60_000;
/** ... but at most this often (a rebuild over 50,000 goods costs about a second of CPU). */
export const SUGGESTION_INDEX_MIN_INTERVAL_MS = 10_000;
/** A search's total is the cap without counting when the suggestion index finds this many times the cap of goods (surelyCapped) ... */
const SURELY_CAPPED_GOODS = 2;
/** ... in an index at most this old. */
export const TOTAL_INDEX_MAX_AGE_MS = 10 * 60_000;
/**
 * A deep page of the whole catalogue starts from anchors read at most this long ago (ADR 0022): it may be
 * shifted by the listings that moved across its anchor since, as a page read then would have been ...
 */
export const PAGE_ANCHORS_MAX_AGE_MS = 60_000;
/** ... and they are read again in the background once this old, or after this process changed listings, at most this often. */
export const PAGE_ANCHORS_TTL_MS = 20_000;
export const PAGE_ANCHORS_MIN_INTERVAL_MS = 10_000;
export const VIEW_FLUSH_MS = 5_000;
export const SUGGESTED_GOODS = 10;
export const SUGGESTED_SHOPS = 5;
/** goods the index proposes for SUGGESTED_GOODS suggestions: room for a few hidden since the index was read */
const SUGGESTION_CANDIDATES = 2 * SUGGESTED_GOODS;
export const HOME_PAGE_SIZE = 12;
export const LIKE_LIMIT = 12;

function fulltextOf(keyword: string): SearchClause | undefined {
  const tsQuery = tsQueryOf(keyword);
  const exactQuery = tsQueryOf(keyword, true);
  return tsQuery && exactQuery ? { mode: 'fulltext', tsQuery, exactQuery, terms: queryTerms(keyword) } : undefined;
}

function trigramOf(keyword: string): SearchClause | undefined {
  const text = searchText([keyword]);
  // trigrams need three characters to say anything
  return [...text].length >= 3 ? { mode: 'trigram', text } : undefined;
}

function sortOf(flags: ListFlags, fallback: GoodsSort): GoodsSort {
  if (flags.isPrice === '1' || flags.isPrice === 'asc') return 'price_asc';
  if (flags.isPrice === '2' || flags.isPrice === 'desc') return 'price_desc';
  if (flags.isNew) return 'new';
  if (flags.isRec || (flags.recTime ?? 0) > 0) return 'rec';
  if (flags.isHot) return 'hot';
  return fallback;
}

function filterOf(flags: ListFlags): GoodsFilter {
  return {
    isNew: flags.isNew,
    isHot: flags.isHot,
    isRec: flags.isRec || (flags.recTime ?? 0) > 0,
    discount: flags.discount,
  };
}

/**
 * The full-text search of a filter that searches the whole catalogue (no category, shop or flag): the
 * only search whose matches the suggestion index counts.
 */
function wholeCatalogueSearch(filter: GoodsFilter): Extract<SearchClause, { mode: 'fulltext' }> | undefined {
  const { search, ...rest } = filter;
  return search?.mode === 'fulltext' && wholeCatalogue(rest) ? search : undefined;
}

/** Whether a filter keeps every visible listing (no category, shop, flag or search). */
function wholeCatalogue(filter: GoodsFilter): boolean {
  return !Object.values(filter).some(Boolean);
}

export class GoodsService {
  private readonly totals: TtlCache<number>;
  private readonly pages: TtlCache<GoodsRow[]>;
  private readonly details: TtlCache<GoodsDetailRow | undefined>;
  /** by language and keyword: the names come in the viewer's language */
  private readonly suggestionCache: TtlCache<{ goods_id: string; name: string }[]>;
  private readonly shopSuggestionCache: TtlCache<SellerVo[]>;
  private readonly suggestionIndex: LiveSuggestionIndex;
  private readonly anchors: Record<AnchoredOrder, LiveRead<PageAnchors>>;
  readonly views: CounterBuffer;

  constructor(
    private readonly repository: GoodsRepository,
    private readonly categories: CategoriesService,
    private readonly ports: GoodsPorts,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly timeZone: string,
    microCache = true,
  ) {
    const ttl = (ms: number) => (microCache ? ms : 0);
    this.totals = new TtlCache(clock, LIST_TOTAL_TTL_MS);
    this.pages = new TtlCache(clock, ttl(LIST_PAGE_TTL_MS), 5_000);
    this.details = new TtlCache(clock, ttl(DETAIL_TTL_MS), 20_000);
    this.suggestionCache = new TtlCache(clock, ttl(SUGGESTION_TTL_MS), 5_000);
    this.shopSuggestionCache = new TtlCache(clock, ttl(SUGGESTION_TTL_MS), 5_000);
    // an index, not a cache of answers: kept with the micro-caches off too
    this.suggestionIndex = new LiveSuggestionIndex((add) => repository.eachSuggestionEntry(add), clock, SUGGESTION_INDEX_TTL_MS, SUGGESTION_INDEX_MIN_INTERVAL_MS);
    const anchors = (order: AnchoredOrder) =>
      new LiveRead(async () => new PageAnchors(await repository.pageAnchors(order, ANCHOR_SPACING)), clock, PAGE_ANCHORS_TTL_MS, PAGE_ANCHORS_MIN_INTERVAL_MS);
    this.anchors = { sales: anchors('sales'), price_asc: anchors('price_asc'), price_desc: anchors('price_desc') };
    // once written, cached rows would show fewer views than before the flush: forget them
    this.views = new CounterBuffer(async (counts) => {
      await repository.addViews(counts);
      for (const id of counts.keys()) this.details.delete(id);
      this.pages.clear();
    });
  }

  private async context(viewer: Viewer, ids: string[]): Promise<MapContext> {
    return {
      locale: viewer.locale,
      now: this.clock.now(),
      timeZone: this.timeZone,
      minQuantity: this.settings.get('mall_min_goods_number_in_order'),
      keptIds: viewer.userId ? await this.ports.keptIds(viewer.userId, ids) : undefined,
      pendingViews: (id) => this.views.pending(id),
    };
  }

  async cards(rows: GoodsRow[], viewer: Viewer): Promise<GoodsVo[]> {
    const ctx = await this.context(viewer, rows.map((row) => row.id));
    return rows.map((row) => toGoodsVo(row, ctx));
  }

  private total(filter: GoodsFilter): Promise<number> {
    return this.totals.get(JSON.stringify(filter), async () => (this.surelyCapped(filter) ? SEARCH_TOTAL_CAP : this.repository.count(filter, this.clock.now())));
  }

  /**
   * Whether a search's total is surely its cap without counting (ADR 0021, addendum): a full-text search
   * of the whole catalogue whose words the suggestion index finds on twice the cap of goods (each with a
   * visible listing when the index was read) matches at least the cap of listings unless half of those
   * goods lost every visible listing since. Counting the cap's listings read a thousand heap pages and
   * the text index's every match: 8-10 ms of PostgreSQL for each frequent word at 500,000 goods. The index
   * is trusted only while this process has changed no listing since it was read, and for
   * TOTAL_INDEX_MAX_AGE_MS.
   */
  private surelyCapped(filter: GoodsFilter): boolean {
    const search = wholeCatalogueSearch(filter);
    if (!search) return false;
    const index = this.suggestionIndex.peekUnchanged(TOTAL_INDEX_MAX_AGE_MS);
    const enough = SURELY_CAPPED_GOODS * SEARCH_TOTAL_CAP;
    return index !== undefined && index.matchBound(search.terms) >= enough && index.countUpTo(search.terms, enough) >= enough;
  }

  private async page(filter: GoodsFilter, sort: GoodsSort, request: PageRequest, viewer: Viewer, withTotal = true): Promise<{ pageInfo: PageInfo; pageList: GoodsVo[] }> {
    const page = resolvePage(request.pageNum, request.pageSize, 20);
    const key = JSON.stringify([filter, sort, page.pageSize, page.offset]);
    const walks = () => (sort === 'relevance' ? this.relevanceWalks(filter, page.offset + page.pageSize) : {});
    const read = async () => {
      const start = await this.pageStart(filter, sort, page.offset);
      return start
        ? this.repository.listFrom(start.order, start, page.pageSize)
        : this.repository.list(filter, sort, page.pageSize, page.offset, this.clock.now(), walks());
    };
    const [rows, total] = await Promise.all([
      this.pages.get(key, read),
      withTotal ? this.total(filter) : Promise.resolve(0),
    ]);
    return { pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total }, pageList: await this.cards(rows, viewer) };
  }

  /**
   * Where a deep page of the whole catalogue in an anchored order starts (ADR 0022): from the anchor at or
   * before its offset, when this process has read the order's anchors since it last changed a listing,
   * at most PAGE_ANCHORS_MAX_AGE_MS ago. Anchors missing or too old are read, and a read under way is
   * waited for (one walk of the order's index: every deep page walking its own offset meanwhile made it
   * slower); when none may start yet (right after this process's own change) the page walks its offset.
   */
  private async pageStart(filter: GoodsFilter, sort: GoodsSort, offset: number): Promise<(PageStart & { order: AnchoredOrder }) | undefined> {
    const order = anchoredOrderOf(sort);
    if (!order || offset < ANCHOR_SPACING || !wholeCatalogue(filter)) return undefined;
    const live = this.anchors[order];
    let anchors = live.peekUnchangedOrRead(PAGE_ANCHORS_MAX_AGE_MS);
    const reading = anchors ? undefined : live.pending();
    if (reading) anchors = await reading.then(() => live.peekUnchanged(PAGE_ANCHORS_MAX_AGE_MS), () => undefined);
    const start = anchors?.from(offset);
    return start && { order, ...start };
  }

  /** Reads the anchors of the order a sort of the whole catalogue pages in (ADR 0022) now; answers how many it has. */
  async readPageAnchors(sort: GoodsSort): Promise<number> {
    const order = anchoredOrderOf(sort);
    return order ? (await this.anchors[order].read()).size : 0;
  }

  /**
   * Whether a search page by relevance walks the sales index for its whole-word and its prefix-only
   * matches (GoodsRepository.relevancePage), and how far: by the suggestion index's counts of goods, when it
   * has been read (it is not waited for). Walking to the `reach`-th match of words that m of G goods have
   * reads about reach * G / m listings; reading the matches from the text index and sorting them costs
   * about m listings at some four times the price of a walked one. So a part is walked when 4 m^2 > reach
   * * G, at most four times as far as expected: the counts are an upper bound (a good with two words of a
   * prefix's range counts twice, several words count as the rarest one) and may be minutes old. Only the
   * catalogue's own search is walked; within a shop or a list filter the matches' share is not known.
   */
  private relevanceWalks(filter: GoodsFilter, reach: number): RelevanceWalks {
    const search = wholeCatalogueSearch(filter);
    if (!search) return {};
    const index = this.suggestionIndex.peek();
    if (!index || index.size === 0) return {};
    const bound = (terms: QueryTerm[]) => {
      const goods = index.matchBound(terms);
      return 4 * goods * goods > reach * index.size ? Math.max(reach, Math.ceil((4 * reach * index.size) / goods)) : undefined;
    };
    return { exact: bound(search.terms.map((term) => ({ ...term, prefix: false }))), prefixed: bound(search.terms) };
  }

  private async categoryFilter(categoryId: string | undefined): Promise<Pick<GoodsFilter, 'categoryId' | 'categoryLevel'>> {
    if (!categoryId) return {};
    const level = await this.categories.levelOf(categoryId);
    if (!level) throw new AppError('catalog.category_invalid');
    return { categoryId, categoryLevel: level };
  }

  /** sellerGoods!list: every filter and sort of the legacy call. */
  async list(input: ListFlags & PageRequest & { categoryId?: string | undefined; sellerId?: string | undefined }, viewer: Viewer) {
    const filter: GoodsFilter = { ...filterOf(input), ...(await this.categoryFilter(input.categoryId)), shopId: input.sellerId };
    return this.page(filter, sortOf(input, 'default'), input, viewer);
  }

  private keyword(raw: string): string {
    const keyword = decodeKeyword(raw);
    if (keyword.length === 0) throw new AppError('catalog.keyword_required');
    if ([...keyword].length > MAX_KEYWORD_LENGTH) throw new AppError('catalog.keyword_too_long');
    return keyword;
  }

  /**
   * The ways to read a keyword, tried in turn until one finds something: full-text (words by prefix,
   * Chinese by character pairs); full-text again with typos corrected against the catalogue's
   * vocabulary (the suggestion index's words); trigram similarity of the whole text.
   */
  private async *readings(keyword: string): AsyncGenerator<SearchClause> {
    const fulltext = fulltextOf(keyword);
    if (fulltext) yield fulltext;
    const corrected = (await this.suggestionIndex.current()).vocabulary().correct(keyword);
    const correctedSearch = corrected ? fulltextOf(corrected) : undefined;
    if (correctedSearch) yield correctedSearch;
    const trigram = trigramOf(keyword);
    if (trigram) yield trigram;
  }

  /** sellerGoods!search: relevance first, then sales, unless a sort is asked for. */
  async search(input: ListFlags & PageRequest & { keyword: string }, viewer: Viewer) {
    const keyword = this.keyword(input.keyword);
    let result: { pageInfo: PageInfo; pageList: GoodsVo[] } | undefined;
    for await (const search of this.readings(keyword)) {
      result = await this.page({ ...filterOf(input), search }, sortOf(input, 'relevance'), input, viewer);
      if (result.pageInfo.totalElements > 0) return result;
    }
    const page = resolvePage(input.pageNum, input.pageSize, 20);
    return result ?? { pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: 0 }, pageList: [] };
  }

  /** sellerGoods!searchSellerGoods: search within one shop. */
  async searchInShop(input: PageRequest & { keyword: string; sellerId: string }, viewer: Viewer) {
    const keyword = this.keyword(input.keyword);
    const search: SearchClause = fulltextOf(keyword) ?? { mode: 'trigram', text: searchText([keyword]) };
    return this.page({ shopId: input.sellerId, search }, 'relevance', input, viewer, false);
  }

  /** sellerGoods!search-goods: every shop selling one system good. */
  async shopsSelling(input: ListFlags & PageRequest & { goodsId: string }, viewer: Viewer) {
    return this.page({ ...filterOf(input), goodsId: input.goodsId }, sortOf(input, 'price_asc'), input, viewer, false);
  }

  /**
   * sellerGoods!search-keyword: matching shops and system goods while typing. Goods come from the
   * suggestion index (the keyword as typed, then with typos corrected), their names from one statement
   * that also leaves out goods hidden since the index was read; trigram similarity is the last resort.
   */
  private async suggestedGoods(keyword: string, locale: Locale): Promise<{ goods_id: string; name: string }[]> {
    const index = await this.suggestionIndex.current();
    let ids = index.search(queryTerms(keyword), SUGGESTION_CANDIDATES);
    if (ids.length === 0) {
      const corrected = index.vocabulary().correct(keyword);
      if (corrected) ids = index.search(queryTerms(corrected), SUGGESTION_CANDIDATES);
    }
    if (ids.length > 0) return this.listedNames(ids, locale);
    const trigram = trigramOf(keyword);
    const rows = trigram ? await this.repository.suggest(trigram, SUGGESTED_GOODS) : [];
    return rows.map((row) => ({ goods_id: row.goods_id, name: row.names[locale] ?? row.names.en }));
  }

  /**
   * The names of the first SUGGESTED_GOODS of these candidates that still have a visible listing: the
   * first SUGGESTED_GOODS are asked for, the others only when some of those were hidden since the index was
   * read (a second statement, until the index is read again). Asking for every candidate at once read twice
   * the goods' pages a keyword needs.
   */
  private async listedNames(candidates: string[], locale: Locale): Promise<{ goods_id: string; name: string }[]> {
    const first = candidates.slice(0, SUGGESTED_GOODS);
    const named = await this.repository.namesOfListed(first, locale);
    if (named.length < first.length && candidates.length > first.length) named.push(...(await this.repository.namesOfListed(candidates.slice(SUGGESTED_GOODS), locale)));
    const byId = new Map(named.map((row) => [row.goods_id, row]));
    return candidates.flatMap((id) => byId.get(id) ?? []).slice(0, SUGGESTED_GOODS);
  }

  /**
   * Reads the suggestion index ahead of the first keyword (a serving process calls it as it starts): at
   * 500,000 goods the read and build take seconds, which the first keywords would otherwise wait for.
   */
  async prepareSuggestions(): Promise<number> {
    return (await this.suggestionIndex.current()).size;
  }

  async suggestions(raw: string, viewer: Viewer) {
    const keyword = this.keyword(raw);
    const [shops, goods] = await Promise.all([
      this.shopSuggestionCache.get(keyword.toLowerCase(), () => this.ports.searchShops(searchText([keyword]), SUGGESTED_SHOPS)),
      this.suggestionCache.get(`${viewer.locale}:${keyword.toLowerCase()}`, () => this.suggestedGoods(keyword, viewer.locale)),
    ]);
    return { sellerList: shops, goodsList: goods.map((row) => ({ goodsId: row.goods_id, name: row.name })) };
  }

  /** sellerGoods!recommend_new: type 0 daily new, 1 recommended, 2 hot sales. */
  async recommend(type: string | undefined, request: PageRequest, viewer: Viewer) {
    const flags: ListFlags = type === '1' ? { isRec: true } : type === '2' ? { isHot: true } : { isNew: true };
    const page = await this.page(filterOf(flags), sortOf(flags, 'default'), { pageNum: request.pageNum, pageSize: request.pageSize ?? HOME_PAGE_SIZE }, viewer, false);
    return { result: page.pageList };
  }

  /** sellerGoods!recommend_like: more from the same shop. */
  async moreFromShop(sellerId: string, type: string | undefined, viewer: Viewer): Promise<GoodsVo[]> {
    const sort: GoodsSort = type === '1' ? 'rec' : type === '2' ? 'hot' : 'new';
    const rows = await this.repository.list({ shopId: sellerId }, sort, LIKE_LIMIT, 0, this.clock.now());
    return this.cards(rows, viewer);
  }

  /** sellerGoods!info: the detail page, counting the view. */
  async info(sellerGoodsId: string, skuId: string | undefined, viewer: Viewer): Promise<GoodsDetail> {
    const row = await this.details.get(sellerGoodsId, () => this.repository.findDetail(sellerGoodsId));
    if (!row || !row.goods_enabled) throw new AppError('catalog.goods_not_found');
    if (!row.is_shelf) throw new AppError('catalog.goods_off_shelf');
    if (!row.visible) throw new AppError('shops.shop_unavailable');
    const chosenSku = skuId && skuId !== '-1' ? skuId : undefined;
    if (chosenSku && !row.skus.some((sku) => sku.id === chosenSku)) throw new AppError('common.param_invalid', { field: 'skuId' });
    this.views.add(row.id);
    const [sellers, ctx] = await Promise.all([this.ports.sellerCards([row.shop_id], viewer.userId), this.context(viewer, [row.id])]);
    const seller = sellers.get(row.shop_id);
    if (!seller) throw new AppError('shops.shop_unavailable');
    return toGoodsDetail(row, seller, chosenSku, ctx);
  }

  /** Listings by id in the given order (favourites), hidden ones left out. */
  async cardsByIds(ids: string[], viewer: Viewer): Promise<GoodsVo[]> {
    const rows = await this.repository.byIds(ids);
    const byId = new Map(rows.filter((row) => row.visible).map((row) => [row.id, row]));
    return this.cards(ids.map((id) => byId.get(id)).filter((row) => row !== undefined), viewer);
  }

  async isVisible(sellerGoodsId: string): Promise<boolean> {
    return this.repository.existsVisible(sellerGoodsId);
  }

  async shopCategoryIds(shopId: string, includeHidden: boolean): Promise<Set<string>> {
    return new Set(await this.repository.shopCategoryIds(shopId, includeHidden));
  }

  /** After a shop's status or a good's state changed (in the caller's transaction): which listings buyers see. */
  async refreshVisibility(executor: Executor, scope: VisibilityScope): Promise<void> {
    await this.repository.refreshVisibility(executor, scope);
    this.forgetCached();
  }

  /** After a change to listings: this process answers fresh data at once, others within seconds. */
  forgetCached(): void {
    this.suggestionIndex.forget();
    for (const anchors of Object.values(this.anchors)) anchors.forget();
    this.totals.clear();
    this.pages.clear();
    this.details.clear();
    this.suggestionCache.clear();
    this.shopSuggestionCache.clear();
  }

  /** Drops expired cached answers (run on a timer: see sweepEvery in app.ts). */
  sweepExpired(): void {
    for (const cache of [this.totals, this.pages, this.details, this.suggestionCache, this.shopSuggestionCache]) cache.sweepExpired();
  }
}
