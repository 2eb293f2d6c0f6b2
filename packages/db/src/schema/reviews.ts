import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { newestFirst, timestamptz } from '../columns.ts';

/** Reviews of purchased goods (written by the orders flow; read by the catalogue). */
export const reviews = pgTable(
  'reviews',
  {
    id: text().primaryKey(),
    orderId: text().notNull(),
    orderItemId: text().notNull(),
    userId: text().notNull(),
    shopId: text().notNull(),
    sellerGoodsId: text().notNull(),
    goodsId: text().notNull(),
    skuId: text(),
    /** 'good' | 'medium' | 'bad' (legacy evaluationType 1 | 2 | 3) */
    rating: text().notNull(),
    /** 1-5 stars (legacy `rating`) */
    score: integer().notNull(),
    content: text().notNull().default(''),
    images: jsonb().$type<string[]>().notNull(),
    hasImages: boolean().notNull().default(false),
    /** the default good review set after the review period */
    isSystem: boolean().notNull().default(false),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index('reviews_goods_idx').on(table.sellerGoodsId, ...newestFirst(table)),
    index('reviews_goods_rating_idx').on(table.sellerGoodsId, table.rating, table.createdAt.desc()),
    index('reviews_order_item_idx').on(table.orderItemId),
    index('reviews_shop_idx').on(table.shopId, ...newestFirst(table)),
  ],
);
