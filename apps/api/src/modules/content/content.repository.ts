import type { Executor } from '@caravan/db/client';
import { activities, banners, informationPages, subscriptions } from '@caravan/db/schema/content';
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';

export type BannerRow = typeof banners.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type InformationPageRow = typeof informationPages.$inferSelect;

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

  /** Enabled activities whose window meets [from, to), to refuse two at once. */
  async overlappingActivities(executor: Executor, from: Date, to: Date): Promise<ActivityRow[]> {
    return executor.select().from(activities).where(and(eq(activities.enabled, true), lt(activities.startsAt, to), gt(activities.endsAt, from)));
  }

  /** The console's list: the latest first (a handful a year). */
  async listActivities(executor: Executor, limit: number): Promise<ActivityRow[]> {
    return executor.select().from(activities).orderBy(desc(activities.startsAt), desc(activities.id)).limit(limit);
  }

  async findActivityForUpdate(executor: Executor, id: string): Promise<ActivityRow | undefined> {
    const rows = await executor.select().from(activities).where(eq(activities.id, id)).limit(1).for('update');
    return rows[0];
  }

  async updateActivity(executor: Executor, id: string, changes: Partial<typeof activities.$inferInsert>): Promise<ActivityRow | undefined> {
    const rows = await executor.update(activities).set(changes).where(eq(activities.id, id)).returning();
    return rows[0];
  }

  /** Serialises activity changes: one create or end at a time, so two overlapping ones cannot both pass the check. */
  async lockActivities(executor: Executor): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(hashtext('content.activities'))`);
  }

  // ---- information pages ----------------------------------------------------------------------

  /** Every version of a brand's pages, without their bodies (the console's overview, the store's list). */
  async listInformationPages(executor: Executor, brand: string, locales?: string[]): Promise<Omit<InformationPageRow, 'body'>[]> {
    return executor
      .select({ brand: informationPages.brand, slug: informationPages.slug, locale: informationPages.locale, title: informationPages.title, updatedBy: informationPages.updatedBy, updatedAt: informationPages.updatedAt })
      .from(informationPages)
      .where(and(eq(informationPages.brand, brand), locales ? inArray(informationPages.locale, locales) : undefined));
  }

  /** The versions of one page in the given languages. */
  async findInformationPages(executor: Executor, brand: string, slug: string, locales: string[]): Promise<InformationPageRow[]> {
    return executor.select().from(informationPages).where(and(eq(informationPages.brand, brand), eq(informationPages.slug, slug), inArray(informationPages.locale, locales)));
  }

  async findInformationPageForUpdate(executor: Executor, brand: string, slug: string, locale: string): Promise<InformationPageRow | undefined> {
    const rows = await executor
      .select()
      .from(informationPages)
      .where(and(eq(informationPages.brand, brand), eq(informationPages.slug, slug), eq(informationPages.locale, locale)))
      .limit(1)
      .for('update');
    return rows[0];
  }

  async upsertInformationPage(executor: Executor, row: InformationPageRow): Promise<void> {
    await executor
      .insert(informationPages)
      .values(row)
      .onConflictDoUpdate({ target: [informationPages.brand, informationPages.slug, informationPages.locale], set: { title: row.title, body: row.body, updatedBy: row.updatedBy, updatedAt: row.updatedAt } });
  }

  /** Inserts the rows that do not exist yet; existing versions are kept. Answers how many were added. */
  async insertMissingInformationPages(executor: Executor, rows: InformationPageRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await executor.insert(informationPages).values(rows).onConflictDoNothing().returning({ slug: informationPages.slug });
    return inserted.length;
  }

  async deleteInformationPage(executor: Executor, brand: string, slug: string, locale: string): Promise<void> {
    await executor.delete(informationPages).where(and(eq(informationPages.brand, brand), eq(informationPages.slug, slug), eq(informationPages.locale, locale)));
  }
}
