import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { newestFirst, timestamptz } from '../columns.ts';

export const favoriteGoods = pgTable(
  'favorite_goods',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    sellerGoodsId: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('favorite_goods_user_goods_uq').on(table.userId, table.sellerGoodsId),
    index('favorite_goods_user_idx').on(table.userId, ...newestFirst(table)),
  ],
);

export const shopFollows = pgTable(
  'shop_follows',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    shopId: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('shop_follows_user_shop_uq').on(table.userId, table.shopId),
    index('shop_follows_user_idx').on(table.userId, ...newestFirst(table)),
    index('shop_follows_shop_idx').on(table.shopId),
  ],
);
