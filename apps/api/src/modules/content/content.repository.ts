import type { Executor } from '@caravan/db/client';
import { activities, banners, subscriptions } from '@caravan/db/schema/content';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';

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
