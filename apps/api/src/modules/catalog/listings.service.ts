import type { Locale } from '@caravan/contract/languages';
import { money, parseMoney, type Money } from '@caravan/contract/money';
import { resolvePage } from '@caravan/contract/paging';
import { sellingPriceOf } from '@caravan/contract/pricing';
import type { SellerGoodsVo, SystemGoodsVo } from '@caravan/contract/sellers';
import type { Database, Executor, Transaction } from '@caravan/db/client';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { parseLegacyDateTime } from '../../platform/time-zone.ts';
import type { SettingsService } from '../content/settings.ts';
import { price, toGoodsVo } from './goods.mapper.ts';
import type { ListingsRepository, ShopListingFilter, ShopListingRow, SystemGoodsRow } from './listings.repository.ts';
import { localized } from './localized.ts';
import { indexTokens, searchText } from './search-text.ts';

// A seller's listings (seller panel, API reference section 10): picked from the platform's wholesale
// catalogue with a profit ratio inside the configured range and an optional time-boxed discount.
// Selling price = wholesale x (1 + profit), truncated to 2 decimals (contract pricing). `visible`
// stays true exactly when the listing is on the shelf, its shop open and the good enabled.
// Honesty (ARCHITECTURE section 4): no "recharge before listing" unless a platform configures a
// minimum (onshelf_recharge_amount_limit, default 0 = off), and no invented counters.

export const MAX_GOODS_PER_CALL = 100;
const SUGGESTIONS = 10;

export interface ListingPorts {
  /** Locks the shop row for the write; undefined when the user has no shop. */
  lockShop(tx: Transaction, shopId: string): Promise<{ status: string } | undefined>;
  /** Deposits credited to the user's wallet so far. */
  totalDeposited(executor: Executor, userId: string): Promise<Money>;
  /** Buyer-facing caches forget listings after a change. */
  listingsChanged(): void;
}

export interface DiscountInput {
  discount?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

type Discount = { ratio: string; startAt: Date; endAt: Date } | null;

function ids(raw: string, invalid: 'sellers.goods_invalid' | 'sellers.listing_not_found'): string[] {
  const list = [...new Set(raw.split(',').map((id) => id.trim()).filter((id) => id.length > 0))];
  if (list.length > MAX_GOODS_PER_CALL || list.some((id) => !/^[0-9a-f]{32}$/.test(id))) throw new AppError(invalid);
  return list;
}

export class ListingsService {
  constructor(
    private readonly db: Database,
    private readonly repository: ListingsRepository,
    private readonly ports: ListingPorts,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  /** api/sysParaProduct!info: what a seller may set. */
  productParams() {
    return {
      profitMin: this.settings.get('seller_profit_min'),
      profitMax: this.settings.get('seller_profit_max'),
      discountMax: this.settings.get('seller_discount_max'),
      onShelfRechargeLimit: this.settings.get('onshelf_recharge_amount_limit'),
    };
  }

  // ---- reads ----------------------------------------------------------------------------------

  private toVo(row: ShopListingRow, locale: Locale): SellerGoodsVo {
    const now = this.clock.now();
    const card = toGoodsVo(row, { locale, now, timeZone: this.timeZone, minQuantity: this.settings.get('mall_min_goods_number_in_order') });
    return {
      ...card,
      systemPrice: price(money.fromDb(row.system_price)),
      profitRatio: money.format(parseMoney(row.profit_ratio), { minDecimals: 2 }),
      categoryName: localized(row.top_category_names, locale),
      secondaryCateName: localized(row.category_names, locale),
      isCombo: 0,
      stock: row.stock,
      visible: row.visible ? 1 : 0,
    };
  }

  /** goods!list: the shop's listings with the panel's counters. */
  async shopList(shopId: string, input: { pageNum?: number | undefined; pageSize?: number | undefined; name?: string | undefined; id?: string | undefined; categoryId?: string | undefined; isShelf?: boolean | undefined; isHot?: boolean | undefined }, locale: Locale) {
    const page = resolvePage(input.pageNum, input.pageSize, 10);
    const filter: ShopListingFilter = { shopId, name: input.name?.trim() || undefined, id: input.id, categoryId: input.categoryId, isShelf: input.isShelf, isHot: input.isHot };
    const [rows, total, figures, systemGoodsNum] = await Promise.all([
      this.repository.shopPage(filter, page.pageSize, page.offset),
      this.repository.shopCount(filter),
      this.repository.shopFigures(shopId),
      this.repository.enabledGoodsCount(),
    ]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: rows.map((row) => this.toVo(row, locale)),
      systemGoodsNum,
      sellerGoodsNum: figures.listings,
      evaluations: figures.reviews,
      leftPromoteNum: 0,
    };
  }

  /** goods!search-goods: the shop's own listings by name. */
  async shopSearch(shopId: string, input: { keyword: string; pageNum?: number | undefined; pageSize?: number | undefined }, locale: Locale) {
    const page = resolvePage(input.pageNum, input.pageSize, 10);
    const filter: ShopListingFilter = { shopId, name: input.keyword.trim() };
    const [rows, total] = await Promise.all([this.repository.shopPage(filter, page.pageSize, page.offset), this.repository.shopCount(filter)]);
    return { pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total }, pageList: rows.map((row) => this.toVo(row, locale)) };
  }

  /** Listings of the shop (for the panel's counters). */
  async shopFigures(shopId: string) {
    return this.repository.shopFigures(shopId);
  }

  private toSystemVo(row: SystemGoodsRow, locale: Locale): SystemGoodsVo {
    return {
      id: row.id,
      name: localized(row.names, locale),
      unit: localized(row.units, locale),
      imgUrl1: row.images[0]?.thumb ?? '',
      systemPrice: price(money.fromDb(row.system_price)),
      categoryId: row.top_category_id,
      categoryName: localized(row.top_category_names, locale),
      secondaryCategoryId: row.category_id,
      secondaryCateName: localized(row.category_names, locale),
      buyMin: row.buy_min,
      stock: row.stock,
      sellerGoodsId: row.seller_goods_id ?? '',
      isListed: row.seller_goods_id ? 1 : 0,
    };
  }

  /** systemGoods!list: the wholesale catalogue, with what the shop already lists. */
  async systemList(shopId: string, input: { pageNum?: number | undefined; pageSize?: number | undefined; categoryId?: string | undefined; name?: string | undefined; unlisted?: boolean | undefined }, locale: Locale) {
    const page = resolvePage(input.pageNum, input.pageSize, 10);
    const filter = { shopId, categoryId: input.categoryId, name: input.name?.trim() || undefined, unlisted: input.unlisted };
    const [rows, total] = await Promise.all([this.repository.systemPage(filter, page.pageSize, page.offset), this.repository.systemCount(filter)]);
    return { pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total }, pageList: rows.map((row) => this.toSystemVo(row, locale)) };
  }

  /** systemGoods!search-keyword: names of wholesale goods containing the keyword. */
  async systemSuggestions(keyword: string, locale: Locale) {
    const rows = await this.repository.suggestSystem(keyword.trim(), SUGGESTIONS);
    return rows.map((row) => ({ goodsId: row.id, name: localized(row.names, locale) }));
  }

  /** Names and thumbnails of wholesale goods (review lists of the panel). */
  async goodsLabels(ids: string[], locale: Locale): Promise<Map<string, { name: string; image: string }>> {
    const rows = await this.repository.goodsLabels(ids);
    return new Map(rows.map((row) => [row.id, { name: localized(row.names, locale), image: row.images[0]?.thumb ?? '' }]));
  }

  // ---- rules ----------------------------------------------------------------------------------

  private profitOf(input: { percent?: string | undefined; profit?: string | undefined }, required: true): string;
  private profitOf(input: { percent?: string | undefined; profit?: string | undefined }, required: false): string | undefined;
  private profitOf(input: { percent?: string | undefined; profit?: string | undefined }, required: boolean): string | undefined {
    const raw = input.percent ?? input.profit;
    if (raw === undefined) {
      if (required) throw new AppError('sellers.profit_required');
      return undefined;
    }
    const value = parseMoney(raw);
    const min = parseMoney(this.settings.get('seller_profit_min'));
    const max = parseMoney(this.settings.get('seller_profit_max'));
    if (money.cmp(value, min) < 0 || money.cmp(value, max) > 0) {
      throw new AppError('sellers.profit_out_of_range', { min: this.settings.get('seller_profit_min'), max: this.settings.get('seller_profit_max') });
    }
    return money.format(value, { minDecimals: 0 });
  }

  /** A discount from its ratio and times; null for none ("0" or no ratio). */
  private discountOf(input: DiscountInput): Discount {
    if (input.discount === undefined || money.isZero(parseMoney(input.discount))) return null;
    const ratio = parseMoney(input.discount);
    const maxText = this.settings.get('seller_discount_max');
    if (money.cmp(ratio, parseMoney(maxText)) > 0 || money.cmp(ratio, parseMoney('1')) >= 0) throw new AppError('sellers.discount_invalid', { max: maxText });
    if (!input.startTime || !input.endTime) throw new AppError('sellers.discount_time_required');
    const startAt = parseLegacyDateTime(this.timeZone, input.startTime);
    const endAt = parseLegacyDateTime(this.timeZone, input.endTime);
    if (!startAt || !endAt || endAt <= startAt || endAt <= this.clock.now()) throw new AppError('sellers.discount_time_invalid');
    return { ratio: money.format(ratio, { minDecimals: 0 }), startAt, endAt };
  }

  private async openShop(tx: Transaction, shopId: string): Promise<void> {
    const shop = await this.ports.lockShop(tx, shopId);
    if (!shop || shop.status !== 'open') throw new AppError('sellers.shop_not_open');
  }

  /** The legacy first-listing deposit rule, only when a platform configures a minimum. */
  private async checkFirstListing(tx: Transaction, shopId: string): Promise<void> {
    const limitText = this.settings.get('onshelf_recharge_amount_limit');
    const limit = parseMoney(limitText);
    if (!money.isPositive(limit) || (await this.repository.hasListed(tx, shopId))) return;
    const deposited = await this.ports.totalDeposited(tx, shopId);
    if (money.cmp(deposited, limit) < 0) throw new AppError('sellers.onshelf_recharge_required', { amount: limitText }, { _$1: limitText });
  }

  private discountColumns(discount: Discount) {
    return { discountRatio: discount?.ratio ?? null, discountStartAt: discount?.startAt ?? null, discountEndAt: discount?.endAt ?? null };
  }

  // ---- writes ---------------------------------------------------------------------------------

  /** goods!addOrUpdate: lists each good (or sets its listing) with one profit ratio and discount. */
  async addOrUpdate(shopId: string, input: { goodsIds: string; percent?: string | undefined; profit?: string | undefined } & DiscountInput) {
    const goodsIds = ids(input.goodsIds, 'sellers.goods_invalid');
    if (goodsIds.length === 0) throw new AppError('sellers.goods_required');
    const profit = this.profitOf(input, true);
    const discount = this.discountOf(input);
    const result = await this.db.transaction(async (tx) => {
      // the shop row lock serialises a shop's listing writes: one listing per good, even when racing
      await this.openShop(tx, shopId);
      await this.checkFirstListing(tx, shopId);
      const goods = await this.repository.goodsForListing(tx, goodsIds);
      if (goods.length !== goodsIds.length || goods.some((row) => !row.enabled)) throw new AppError('sellers.goods_invalid');
      const existing = await this.repository.listingsOfGoods(tx, shopId, goodsIds);
      const now = this.clock.now();
      let added = 0;
      let updated = 0;
      for (const good of goods) {
        const price = { profitRatio: profit, sellingPrice: sellingPriceOf(good.systemPrice, profit), ...this.discountColumns(discount), updatedAt: now };
        const listings = existing.filter((row) => row.goodsId === good.id);
        const live = listings.filter((row) => row.deletedAt === null);
        if (live.length > 0) {
          for (const row of live) await this.repository.update(tx, row.id, price);
          updated += 1;
          continue;
        }
        const removed = listings[0];
        if (removed) {
          // listing a removed good again brings back its listing, with its sales and reviews
          await this.repository.update(tx, removed.id, { ...price, deletedAt: null, isShelf: true, visible: true, createdAt: now });
        } else {
          const texts = [good.names.en, good.names['zh-CN'] ?? '', good.names['zh-TW'] ?? ''];
          await this.repository.insert(tx, {
            id: newId(),
            shopId,
            goodsId: good.id,
            categoryId: good.categoryId,
            topCategoryId: good.topCategoryId,
            ...price,
            isShelf: true,
            visible: true,
            searchText: searchText(texts),
            searchTokens: indexTokens(texts),
            createdAt: now,
          });
        }
        added += 1;
      }
      return { added, updated };
    });
    this.ports.listingsChanged();
    return result;
  }

  /** goods!update: one listing's profit, discount or shelf state (absent fields stay). */
  async update(shopId: string, input: { id: string; percent?: string | undefined; profit?: string | undefined; isShelf?: boolean | undefined; clearDiscount?: boolean | undefined } & DiscountInput, locale: Locale): Promise<SellerGoodsVo> {
    const profit = this.profitOf(input, false);
    const discount = input.clearDiscount ? null : input.discount !== undefined ? this.discountOf(input) : undefined;
    await this.db.transaction(async (tx) => {
      await this.openShop(tx, shopId);
      const listing = await this.repository.findOwn(tx, shopId, input.id);
      if (!listing) throw new AppError('sellers.listing_not_found');
      const changes: Parameters<ListingsRepository['update']>[2] = { updatedAt: this.clock.now() };
      const [good] = await this.repository.goodsForListing(tx, [listing.goodsId]);
      if (!good) throw new AppError('sellers.listing_not_found');
      if (profit !== undefined) Object.assign(changes, { profitRatio: profit, sellingPrice: sellingPriceOf(good.systemPrice, profit) });
      if (discount !== undefined) Object.assign(changes, this.discountColumns(discount));
      // the shop is open (checked above): visible follows the shelf and the good
      if (input.isShelf !== undefined) Object.assign(changes, { isShelf: input.isShelf, visible: input.isShelf && good.enabled });
      await this.repository.update(tx, listing.id, changes);
    });
    this.ports.listingsChanged();
    const [row] = await this.repository.shopPage({ shopId, id: input.id }, 1, 0);
    if (!row) throw new AppError('sellers.listing_not_found');
    return this.toVo(row, locale);
  }

  /** goods!delete: removes listings of the shop (ids joined by commas); all must be the shop's. */
  async remove(shopId: string, raw: string): Promise<{ deleted: number }> {
    const list = ids(raw, 'sellers.listing_not_found');
    if (list.length === 0) throw new AppError('sellers.listing_required');
    const deleted = await this.db.transaction(async (tx) => {
      const count = await this.repository.remove(tx, shopId, list, this.clock.now());
      // another shop's id, or one removed already: nothing changes
      if (count !== list.length) throw new AppError('sellers.listing_not_found');
      return count;
    });
    this.ports.listingsChanged();
    return { deleted };
  }
}
