import type { Database, Executor } from '@caravan/db/client';
import { favoriteGoods, shopFollows } from '@caravan/db/schema/favorites';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { prepared } from '../../platform/sql.ts';

export class FavoritesRepository {
  private readonly pool: Pool;

  constructor(db: Database) {
    this.pool = db.$client;
  }

  /** true when added, false when already there */
  async addGoods(executor: Executor, row: typeof favoriteGoods.$inferInsert): Promise<boolean> {
    const inserted = await executor.insert(favoriteGoods).values(row).onConflictDoNothing().returning({ id: favoriteGoods.id });
    return inserted.length === 1;
  }

  async removeGoods(executor: Executor, userId: string, sellerGoodsId: string): Promise<number> {
    const result = await executor.delete(favoriteGoods).where(and(eq(favoriteGoods.userId, userId), eq(favoriteGoods.sellerGoodsId, sellerGoodsId)));
    return result.rowCount ?? 0;
  }

  async pageGoodsIds(executor: Executor, userId: string, limit: number, offset: number): Promise<string[]> {
    const rows = await executor
      .select({ id: favoriteGoods.sellerGoodsId })
      .from(favoriteGoods)
      .where(eq(favoriteGoods.userId, userId))
      .orderBy(desc(favoriteGoods.createdAt), desc(favoriteGoods.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => row.id);
  }

  async countGoods(executor: Executor, userId: string): Promise<number> {
    const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(favoriteGoods).where(eq(favoriteGoods.userId, userId));
    return rows[0]?.count ?? 0;
  }

  async keptIds(userId: string, sellerGoodsIds: string[]): Promise<Set<string>> {
    if (sellerGoodsIds.length === 0) return new Set();
    const rows = await prepared<{ seller_goods_id: string }>(
      this.pool,
      'select seller_goods_id from favorite_goods where user_id = $1 and seller_goods_id = any($2)',
      [userId, sellerGoodsIds],
    );
    return new Set(rows.map((row) => row.seller_goods_id));
  }

  async addFollow(executor: Executor, row: typeof shopFollows.$inferInsert): Promise<boolean> {
    const inserted = await executor.insert(shopFollows).values(row).onConflictDoNothing().returning({ id: shopFollows.id });
    return inserted.length === 1;
  }

  async removeFollow(executor: Executor, userId: string, shopId: string): Promise<number> {
    const result = await executor.delete(shopFollows).where(and(eq(shopFollows.userId, userId), eq(shopFollows.shopId, shopId)));
    return result.rowCount ?? 0;
  }

  async pageFollows(executor: Executor, userId: string, limit: number, offset: number) {
    return executor
      .select()
      .from(shopFollows)
      .where(eq(shopFollows.userId, userId))
      .orderBy(desc(shopFollows.createdAt), desc(shopFollows.id))
      .limit(limit)
      .offset(offset);
  }

  async countFollows(executor: Executor, userId: string): Promise<number> {
    const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(shopFollows).where(eq(shopFollows.userId, userId));
    return rows[0]?.count ?? 0;
  }

  async followerCount(executor: Executor, shopId: string): Promise<number> {
    const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(shopFollows).where(eq(shopFollows.shopId, shopId));
    return rows[0]?.count ?? 0;
  }

  async followedShopIds(userId: string, shopIds: string[]): Promise<Set<string>> {
    if (shopIds.length === 0) return new Set();
    const rows = await prepared<{ shop_id: string }>(
      this.pool,
      'select shop_id from shop_follows where user_id = $1 and shop_id = any($2)',
      [userId, shopIds],
    );
    return new Set(rows.map((row) => row.shop_id));
  }
}
