import type { Executor } from '@caravan/db/client';
import { activities, banners, subscriptions } from '@caravan/db/schema/content';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';

export type BannerRow = typeof banners.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

export class ContentRepository {
  async listBanners(executor: Executor, type: string, imgType: string | undefined, limit: number, offset: number): Promise<BannerRow[]> {
    return executor
      .select()
      .from(banners)
      .where(and(eq(banners.type, type), eq(banners.enabled, true), imgType ? eq(banners.imgType, imgType) : undefined))
      .orderBy(asc(banners.sort), asc(banners.id))
      .limit(limit)
      .offset(offset);
  }

  async insertBanner(executor: Executor, row: typeof banners.$inferInsert): Promise<void> {
    await executor.insert(banners).values(row).onConflictDoNothing();
  }

  /** The console's list: by placement, in the store's order. */
  async listBannersForConsole(executor: Executor, type: string | undefined, limit: number, offset: number): Promise<{ rows: BannerRow[]; total: number }> {
    const where = type ? eq(banners.type, type) : undefined;
    const [rows, total] = await Promise.all([
      executor.select().from(banners).where(where).orderBy(asc(banners.type), asc(banners.sort), asc(banners.id)).limit(limit).offset(offset),
      // a handful of banners: an exact count is cheap
      executor.$count(banners, where),
    ]);
    return { rows, total };
  }

  async findBannerForUpdate(executor: Executor, id: string): Promise<BannerRow | undefined> {
    const rows = await executor.select().from(banners).where(eq(banners.id, id)).limit(1).for('update');
    return rows[0];
  }

  /** The banners of one placement in their order, locked: one reorder at a time. */
  async placementForUpdate(executor: Executor, type: string): Promise<BannerRow[]> {
    return executor.select().from(banners).where(eq(banners.type, type)).orderBy(asc(banners.sort), asc(banners.id)).for('update');
  }

  async updateBanner(executor: Executor, id: string, changes: Partial<typeof banners.$inferInsert>): Promise<BannerRow | undefined> {
    const rows = await executor.update(banners).set(changes).where(eq(banners.id, id)).returning();
    return rows[0];
  }

  async deleteBanner(executor: Executor, id: string): Promise<void> {
    await executor.delete(banners).where(eq(banners.id, id));
  }

  /** Sort numbers 0, 1, 2 ... in the order of `ids`. */
  async setBannerOrder(executor: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await executor.execute(sql`update banners b set sort = o.n - 1 from unnest(${sql.param(ids)}::text[]) with ordinality as o(id, n) where b.id = o.id`);
  }

  /** true when inserted, false when the address was already subscribed */
  async insertSubscription(executor: Executor, row: typeof subscriptions.$inferInsert): Promise<boolean> {
    const inserted = await executor.insert(subscriptions).values(row).onConflictDoNothing().returning({ id: subscriptions.id });
    return inserted.length === 1;
  }

  async findRunningActivity(executor: Executor, now: Date): Promise<ActivityRow | undefined> {
    const rows = await executor
      .select()
      .from(activities)
      .where(and(eq(activities.enabled, true), lte(activities.startsAt, now), gt(activities.endsAt, now)))
      .orderBy(desc(activities.startsAt))
      .limit(1);
    return rows[0];
  }

  async insertActivity(executor: Executor, row: typeof activities.$inferInsert): Promise<void> {
    await executor.insert(activities).values(row).onConflictDoNothing();
  }
}
