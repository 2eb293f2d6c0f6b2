import { CATALOGUE_LOCALES } from '@caravan/contract/catalog-console';
import { money, parseMoney, type Money } from '@caravan/contract/money';
import type { Database } from '@caravan/db/client';
import type { LocalizedText } from '@caravan/db/schema/catalog';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import { pageTotal } from '../../platform/capped-count.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { GoodsAdminFilter, GoodsAdminRepository, GoodsAdminRow, ListingFigures } from './goods-admin.repository.ts';
import { sellingPriceOf } from '@caravan/contract/pricing';
import type { GoodsService } from './goods.service.ts';
import { indexTokens, searchText } from './search-text.ts';

// The console's side of the platform catalogue: the goods list, one good with its variants, its texts
// and wholesale price, and taking it off every shop's shelf (or back). What follows from a good is kept
// in step in the same transaction: the variants' prices, every listing's selling price and search
// texts, and which listings buyers see.

const TARGET = 'goods';
const NO_LISTINGS: ListingFigures = { listings: 0, visibleListings: 0 };

export interface GoodsEdit {
  names: LocalizedText;
  descriptions: LocalizedText;
  /** the new wholesale price of the base variant, a decimal string */
  systemPrice: string;
}

/**
 * A variant's wholesale price after the base price moved from `before` to `after`: the same ratio to
 * the base, truncated to cents (exact: bigint arithmetic, never floats).
 */
export function scaledVariantPrice(variant: Money, before: Money, after: Money): Money {
  if (variant === before) return after;
  return money.round(money.div(money.mulRatio(variant, after, 'down'), before, 'down'), 2, 'down');
}

function namesForSearch(names: LocalizedText): string[] {
  return CATALOGUE_LOCALES.map((locale) => names[locale] ?? '');
}

export class GoodsAdminService {
  constructor(
    private readonly db: Database,
    private readonly repository: GoodsAdminRepository,
    private readonly goods: GoodsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async list(filter: GoodsAdminFilter, page: { page: number; pageSize: number }) {
    const { rows, counted } = await this.repository.list(this.db, filter, page.pageSize, (page.page - 1) * page.pageSize);
    const figures = await this.repository.listingFigures(this.db, rows.map((row) => row.id));
    return { items: rows.map((row) => ({ row, figures: figures.get(row.id) ?? NO_LISTINGS })), ...pageTotal(counted) };
  }

  async detail(id: string) {
    const row = await this.repository.findById(this.db, id);
    if (!row) throw new AppError('catalog.goods_not_found');
    const [skus, figures] = await Promise.all([this.repository.skus(this.db, id), this.repository.listingFigures(this.db, [id])]);
    return { row, skus, figures: figures.get(id) ?? NO_LISTINGS };
  }

  /**
   * New names, description and wholesale price. Variants keep their ratio to the base price; every
   * listing's selling price (wholesale x (1 + its profit ratio), as at checkout) and search texts follow.
   */
  async update(id: string, edit: GoodsEdit, actor: OperatorActor) {
    await this.db.transaction(async (tx) => {
      const before = await this.repository.findByIdForUpdate(tx, id);
      if (!before) throw new AppError('catalog.goods_not_found');
      const price = parseMoney(edit.systemPrice, { maxDecimals: 2 });
      if (!money.isPositive(price)) throw new AppError('common.amount_invalid');
      const skus = await this.repository.skus(tx, id, true);
      const skuPrices = skus.map((sku) => ({ id: sku.id, before: sku.price, price: scaledVariantPrice(sku.price, before.systemPrice, price) }));
      if (skuPrices.some((sku) => !money.isPositive(sku.price))) throw new AppError('common.amount_invalid');
      const now = this.clock.now();
      await this.repository.update(tx, id, { names: edit.names, descriptions: edit.descriptions, systemPrice: price, updatedAt: now });
      await this.repository.setSkuPrices(tx, skuPrices);
      const listings = await this.repository.listingsForUpdate(tx, id);
      const texts = namesForSearch(edit.names);
      await this.repository.updateListings(tx, id, {
        sellingPrices: new Map(listings.map((listing) => [listing.id, sellingPriceOf(price, listing.profitRatio)])),
        searchText: searchText(texts),
        searchTokens: indexTokens(texts),
        updatedAt: now,
      });
      await this.audit.record(
        tx,
        operatorEntry(actor, 'goods.update', { type: TARGET, id }, {
          before: { names: before.names, descriptions: before.descriptions, systemPrice: money.format(before.systemPrice), skuPrices: Object.fromEntries(skuPrices.map((sku) => [sku.id, money.format(sku.before)])) },
          after: { names: edit.names, descriptions: edit.descriptions, systemPrice: money.format(price), skuPrices: Object.fromEntries(skuPrices.map((sku) => [sku.id, money.format(sku.price)])) },
          listings: listings.length,
        }),
      );
    });
    this.goods.forgetCached();
    return this.detail(id);
  }

  /** On or off the shelf of every shop that lists it (buyers stop or start seeing those listings). Nothing to do when already so. */
  async setEnabled(id: string, enabled: boolean, actor: OperatorActor) {
    await this.db.transaction(async (tx) => {
      const before: GoodsAdminRow | undefined = await this.repository.findByIdForUpdate(tx, id);
      if (!before) throw new AppError('catalog.goods_not_found');
      if (before.enabled === enabled) return;
      await this.repository.setEnabled(tx, id, enabled, this.clock.now());
      await this.goods.refreshVisibility(tx, { goodsId: id });
      await this.audit.record(tx, operatorEntry(actor, enabled ? 'goods.enable' : 'goods.disable', { type: TARGET, id }, { before: { enabled: before.enabled }, after: { enabled } }));
    });
    this.goods.forgetCached();
    return this.detail(id);
  }
}
