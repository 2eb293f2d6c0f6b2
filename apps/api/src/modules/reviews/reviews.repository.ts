import type { Executor } from '@caravan/db/client';
import { sellerGoods } from '@caravan/db/schema/catalog';
import { reviews } from '@caravan/db/schema/reviews';
import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewFilter = 'all' | 'good' | 'medium' | 'bad' | 'pictures';

/** Reviews of one listing, or of every listing of a shop (the seller panel). */
export type ReviewScope = { sellerGoodsId: string } | { shopId: string };

function conditionOf(scope: string | ReviewScope, filter: ReviewFilter): SQL | undefined {
  const of = typeof scope === 'string' ? { sellerGoodsId: scope } : scope;
  const base = 'shopId' in of ? eq(reviews.shopId, of.shopId) : eq(reviews.sellerGoodsId, of.sellerGoodsId);
  if (filter === 'all') return base;
  if (filter === 'pictures') return and(base, eq(reviews.hasImages, true));
  return and(base, eq(reviews.rating, filter));
}

export class ReviewsRepository {
  async page(executor: Executor, scope: string | ReviewScope, filter: ReviewFilter, limit: number, offset: number): Promise<ReviewRow[]> {
    return executor
      .select()
      .from(reviews)
      .where(conditionOf(scope, filter))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset);
  }

  async counts(executor: Executor, scope: string | ReviewScope) {
    const rows = await executor
      .select({
        all: sql<number>`count(*)::int`,
        good: sql<number>`count(*) filter (where ${reviews.rating} = 'good')::int`,
        medium: sql<number>`count(*) filter (where ${reviews.rating} = 'medium')::int`,
        bad: sql<number>`count(*) filter (where ${reviews.rating} = 'bad')::int`,
        pictures: sql<number>`count(*) filter (where ${reviews.hasImages})::int`,
      })
      .from(reviews)
      .where(conditionOf(scope, 'all'));
    return rows[0] ?? { all: 0, good: 0, medium: 0, bad: 0, pictures: 0 };
  }

  /** Reviews buyers wrote (default reviews left out) for a shop since a time, and how many were good. */
  async writtenSince(executor: Executor, shopId: string, since: Date): Promise<{ written: number; good: number }> {
    const rows = await executor
      .select({ written: sql<number>`count(*)::int`, good: sql<number>`count(*) filter (where ${reviews.rating} = 'good')::int` })
      .from(reviews)
      .where(and(eq(reviews.shopId, shopId), eq(reviews.isSystem, false), gte(reviews.createdAt, since)));
    return rows[0] ?? { written: 0, good: 0 };
  }

  /** Writes a review and moves the listing's review counters (which feed the shop's rate too). */
  async insert(executor: Executor, row: typeof reviews.$inferInsert): Promise<void> {
    await executor.insert(reviews).values(row);
    const one = (condition: boolean) => (condition ? 1 : 0);
    await executor
      .update(sellerGoods)
      .set({
        reviewCount: sql`${sellerGoods.reviewCount} + 1`,
        goodReviewCount: sql`${sellerGoods.goodReviewCount} + ${one(row.rating === 'good')}`,
        mediumReviewCount: sql`${sellerGoods.mediumReviewCount} + ${one(row.rating === 'medium')}`,
        badReviewCount: sql`${sellerGoods.badReviewCount} + ${one(row.rating === 'bad')}`,
        pictureReviewCount: sql`${sellerGoods.pictureReviewCount} + ${one(row.hasImages === true)}`,
      })
      .where(eq(sellerGoods.id, row.sellerGoodsId));
  }
}
