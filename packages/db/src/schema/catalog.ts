import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { moneyColumn, newestFirst, timestamptz } from '../columns.ts';

/** Text per locale: at least en, zh-CN and zh-TW are stored; other locales fall back to en. */
export type LocalizedText = Partial<Record<string, string>> & { en: string };

export interface AttributeValueDefinition {
  id: string;
  name: LocalizedText;
}
export interface AttributeDefinition {
  id: string;
  name: LocalizedText;
  values: AttributeValueDefinition[];
}
export interface GoodsImage {
  /** large (800 px) and thumbnail (320 px) WebP renditions */
  large: string;
  thumb: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Two-level category tree of the platform catalogue. */
export const categories = pgTable(
  'categories',
  {
    id: text().primaryKey(),
    parentId: text(),
    /** 1 top level, 2 second level */
    level: smallint().notNull(),
    rank: integer().notNull().default(0),
    iconUrl: text().notNull().default(''),
    names: jsonb().$type<LocalizedText>().notNull(),
    descriptions: jsonb().$type<LocalizedText>().notNull(),
    enabled: boolean().notNull().default(true),
    recommended: boolean().notNull().default(false),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [index('categories_parent_idx').on(table.parentId, table.rank)],
);

/**
 * The names of a good in the stored languages, lower-cased in one text: what the console's goods search
 * matches (by trigram index) words against.
 */
export const goodsNamesText = (table: { names: unknown }): SQL =>
  sql`lower(coalesce(${table.names} ->> 'en', '') || ' ' || coalesce(${table.names} ->> 'zh-CN', '') || ' ' || coalesce(${table.names} ->> 'zh-TW', ''))`;

/** Platform catalogue ("system goods"): what shops list and the platform warehouse ships. */
export const goods = pgTable(
  'goods',
  {
    id: text().primaryKey(),
    /** second-level category */
    categoryId: text().notNull(),
    topCategoryId: text().notNull(),
    names: jsonb().$type<LocalizedText>().notNull(),
    descriptions: jsonb().$type<LocalizedText>().notNull(),
    units: jsonb().$type<LocalizedText>().notNull(),
    images: jsonb().$type<GoodsImage[]>().notNull(),
    /** wholesale price of the base SKU */
    systemPrice: moneyColumn().notNull(),
    buyMin: integer().notNull().default(1),
    freightDispatch: moneyColumn().notNull(),
    freightLongDistance: moneyColumn().notNull(),
    freightDelivery: moneyColumn().notNull(),
    attributes: jsonb().$type<AttributeDefinition[]>().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    index('goods_category_idx').on(table.categoryId),
    index('goods_top_category_idx').on(table.topCategoryId),
    // the console's goods list: newest first
    index('goods_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('goods_names_trgm_idx').using('gin', sql`${goodsNamesText(table)} gin_trgm_ops`),
  ],
);

/** Sellable variants: one per combination of attribute values, with its own price and stock. */
export const goodsSkus = pgTable(
  'goods_skus',
  {
    id: text().primaryKey(),
    goodsId: text().notNull(),
    valueIds: jsonb().$type<string[]>().notNull(),
    /** wholesale price of this variant */
    price: moneyColumn().notNull(),
    stock: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  (table) => [index('goods_skus_goods_idx').on(table.goodsId, table.sort)],
);

const visible = (table: { visible: unknown }): SQL => sql`${table.visible}`;

/**
 * Page views of listings, apart from the listings themselves: views change all the time, and
 * rewriting the wide, heavily indexed listing rows would keep their pages from staying all-visible
 * (which index-only scans of deep list pages rely on).
 */
export const sellerGoodsViews = pgTable('seller_goods_views', {
  sellerGoodsId: text().primaryKey(),
  viewsNum: integer().notNull().default(0),
});

/**
 * A shop's listing of a system good. `visible` is kept true exactly when the listing is on the shelf,
 * its shop is open and the good is enabled, so every buyer-facing list reads one flag.
 */
export const sellerGoods = pgTable(
  'seller_goods',
  {
    id: text().primaryKey(),
    shopId: text().notNull(),
    goodsId: text().notNull(),
    categoryId: text().notNull(),
    topCategoryId: text().notNull(),
    profitRatio: numeric({ precision: 10, scale: 4 }).notNull(),
    /** wholesale x (1 + profit ratio), truncated to 2 decimals */
    sellingPrice: moneyColumn().notNull(),
    discountRatio: numeric({ precision: 10, scale: 4 }),
    discountStartAt: timestamptz(),
    discountEndAt: timestamptz(),
    isShelf: boolean().notNull().default(true),
    visible: boolean().notNull().default(true),
    isNew: boolean().notNull().default(false),
    newAt: timestamptz(),
    isHot: boolean().notNull().default(false),
    /** recommended since (legacy recTime); null when not recommended */
    recAt: timestamptz(),
    soldNum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    goodReviewCount: integer().notNull().default(0),
    mediumReviewCount: integer().notNull().default(0),
    badReviewCount: integer().notNull().default(0),
    pictureReviewCount: integer().notNull().default(0),
    /** lower-cased names in every stored language (trigram matching, suggestions) */
    searchText: text().notNull(),
    /** words and CJK bigrams of the names (full-text matching) */
    searchTokens: text().notNull(),
    searchVector: tsvector().generatedAlwaysAs((): SQL => sql`to_tsvector('simple'::regconfig, search_tokens)`),
    /** the seller removed the listing: it stays (off the shelf) for its orders, reviews and figures */
    deletedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    index('seller_goods_sold_idx').on(table.soldNum.desc(), table.id).where(visible(table)),
    index('seller_goods_category_sold_idx').on(table.categoryId, table.soldNum.desc(), table.id).where(visible(table)),
    index('seller_goods_top_category_sold_idx').on(table.topCategoryId, table.soldNum.desc(), table.id).where(visible(table)),
    index('seller_goods_price_idx').on(table.sellingPrice, table.id).where(visible(table)),
    index('seller_goods_category_price_idx').on(table.categoryId, table.sellingPrice, table.id).where(visible(table)),
    index('seller_goods_top_category_price_idx').on(table.topCategoryId, table.sellingPrice, table.id).where(visible(table)),
    index('seller_goods_new_idx').on(table.newAt.desc(), table.id).where(sql`${table.visible} and ${table.isNew}`),
    index('seller_goods_hot_idx').on(table.soldNum.desc(), table.id).where(sql`${table.visible} and ${table.isHot}`),
    index('seller_goods_rec_idx').on(table.recAt.desc(), table.id).where(sql`${table.visible} and ${table.recAt} is not null`),
    index('seller_goods_discount_idx').on(table.discountEndAt).where(sql`${table.visible} and ${table.discountRatio} is not null`),
    // a shop's listings by sales; the trailing columns let a shop card's figures (shops.repository.ts) be read index-only
    index('seller_goods_shop_sold_idx').on(table.shopId, table.soldNum.desc(), table.id, table.visible, table.reviewCount, table.goodReviewCount),
    index('seller_goods_shop_listed_idx').on(table.shopId, ...newestFirst(table)).where(sql`${table.deletedAt} is null`),
    index('seller_goods_shop_goods_idx').on(table.shopId, table.goodsId),
    index('seller_goods_goods_idx').on(table.goodsId),
    index('seller_goods_search_vector_idx').using('gin', table.searchVector),
    index('seller_goods_search_text_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
