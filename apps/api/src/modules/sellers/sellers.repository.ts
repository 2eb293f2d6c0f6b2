import type { Executor } from '@caravan/db/client';
import { sellerApplications } from '@caravan/db/schema/sellers';
import type { SellerApplicationState } from '@caravan/contract/sellers';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';

export type SellerApplicationRow = typeof sellerApplications.$inferSelect;

export interface ApplicationFilter {
  state?: SellerApplicationState | undefined;
  userId?: string | undefined;
  limit: number;
  offset: number;
}

function conditions(filter: Pick<ApplicationFilter, 'state' | 'userId'>): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.state) parts.push(eq(sellerApplications.state, filter.state));
  if (filter.userId) parts.push(eq(sellerApplications.userId, filter.userId));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The only code touching `seller_applications`. */
export class SellerApplicationsRepository {
  async insert(executor: Executor, row: typeof sellerApplications.$inferInsert): Promise<void> {
    await executor.insert(sellerApplications).values(row);
  }

  async findById(executor: Executor, id: string): Promise<SellerApplicationRow | undefined> {
    const [row] = await executor.select().from(sellerApplications).where(eq(sellerApplications.id, id)).limit(1);
    return row;
  }

  async findByIdForUpdate(executor: Executor, id: string): Promise<SellerApplicationRow | undefined> {
    const [row] = await executor.select().from(sellerApplications).where(eq(sellerApplications.id, id)).limit(1).for('update');
    return row;
  }

  /**
   * The user's current application: a waiting or approved one is always the latest (nothing can be
   * submitted after it), else the newest refusal.
   */
  async latestOfUser(executor: Executor, userId: string): Promise<SellerApplicationRow | undefined> {
    const [row] = await executor
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, userId))
      .orderBy(sql`${sellerApplications.state} in ('pending', 'approved') desc`, desc(sellerApplications.createdAt), desc(sellerApplications.id))
      .limit(1);
    return row;
  }

  async pendingOfUser(executor: Executor, userId: string): Promise<SellerApplicationRow | undefined> {
    const [row] = await executor
      .select()
      .from(sellerApplications)
      .where(and(eq(sellerApplications.userId, userId), eq(sellerApplications.state, 'pending')))
      .limit(1);
    return row;
  }

  /** Another user's application waiting under this shop name (case-insensitive). */
  async pendingNameOfOthers(executor: Executor, name: string, userId: string): Promise<boolean> {
    const rows = await executor
      .select({ id: sellerApplications.id })
      .from(sellerApplications)
      .where(and(eq(sellerApplications.state, 'pending'), ne(sellerApplications.userId, userId), sql`lower(${sellerApplications.shopName}) = ${name.toLowerCase()}`))
      .limit(1);
    return rows.length > 0;
  }

  async update(executor: Executor, id: string, changes: Partial<typeof sellerApplications.$inferInsert>): Promise<void> {
    await executor.update(sellerApplications).set(changes).where(eq(sellerApplications.id, id));
  }

  async page(executor: Executor, filter: ApplicationFilter): Promise<SellerApplicationRow[]> {
    return executor
      .select()
      .from(sellerApplications)
      .where(conditions(filter))
      .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async count(executor: Executor, filter: Pick<ApplicationFilter, 'state' | 'userId'>): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(sellerApplications).where(conditions(filter));
    return row?.n ?? 0;
  }

  async recentOfUser(executor: Executor, userId: string, exceptId: string, limit: number): Promise<SellerApplicationRow[]> {
    return executor
      .select()
      .from(sellerApplications)
      .where(and(eq(sellerApplications.userId, userId), ne(sellerApplications.id, exceptId)))
      .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
      .limit(limit);
  }
}
