import type { Executor } from '@caravan/db/client';
import { categories } from '@caravan/db/schema/catalog';
import { asc } from 'drizzle-orm';

export type CategoryRow = typeof categories.$inferSelect;

export class CategoriesRepository {
  async all(executor: Executor): Promise<CategoryRow[]> {
    return executor.select().from(categories).orderBy(asc(categories.level), asc(categories.rank), asc(categories.id));
  }

  async insert(executor: Executor, rows: (typeof categories.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await executor.insert(categories).values(rows).onConflictDoNothing();
  }
}
