import type { Executor } from '@caravan/db/client';
import { categories } from '@caravan/db/schema/catalog';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

export type CategoryRow = typeof categories.$inferSelect;

export class CategoriesRepository {
  async all(executor: Executor): Promise<CategoryRow[]> {
    return executor.select().from(categories).orderBy(asc(categories.level), asc(categories.rank), asc(categories.id));
  }

  async insert(executor: Executor, rows: (typeof categories.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await executor.insert(categories).values(rows).onConflictDoNothing();
  }

  async findByIdForUpdate(executor: Executor, id: string): Promise<CategoryRow | undefined> {
    const rows = await executor.select().from(categories).where(eq(categories.id, id)).limit(1).for('update');
    return rows[0];
  }

  /** The children of a parent (the top level when null) in their order, locked: one reorder at a time. */
  async siblingsForUpdate(executor: Executor, parentId: string | null): Promise<CategoryRow[]> {
    return executor
      .select()
      .from(categories)
      .where(parentId ? eq(categories.parentId, parentId) : and(isNull(categories.parentId), eq(categories.level, 1)))
      .orderBy(asc(categories.rank), asc(categories.id))
      .for('update');
  }

  async update(executor: Executor, id: string, changes: Partial<typeof categories.$inferInsert>): Promise<CategoryRow | undefined> {
    const rows = await executor.update(categories).set(changes).where(eq(categories.id, id)).returning();
    return rows[0];
  }

  /** Ranks 0, 1, 2 ... in the order of `ids`. */
  async setRanks(executor: Executor, ids: string[], updatedAt: Date): Promise<void> {
    if (ids.length === 0) return;
    await executor.execute(
      sql`update categories c set rank = o.rank - 1, updated_at = ${updatedAt}
          from unnest(${sql.param(ids)}::text[]) with ordinality as o(id, rank) where c.id = o.id`,
    );
  }
}
