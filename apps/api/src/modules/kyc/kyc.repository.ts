import type { KycLevel, KycState } from '@caravan/contract/kyc';
import type { Executor } from '@caravan/db/client';
import { kycSubmissions } from '@caravan/db/schema/kyc';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';

export type KycRow = typeof kycSubmissions.$inferSelect;

export interface KycFilter {
  state?: KycState | undefined;
  level?: KycLevel | undefined;
  userId?: string | undefined;
}

function conditions(filter: KycFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.state) parts.push(eq(kycSubmissions.state, filter.state));
  if (filter.level) parts.push(eq(kycSubmissions.level, filter.level));
  if (filter.userId) parts.push(eq(kycSubmissions.userId, filter.userId));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** A user's current submission first: a waiting or passed one (nothing can follow it), else the newest refusal. */
const currentFirst = sql`${kycSubmissions.state} in ('pending', 'approved') desc`;

/** The only code touching `kyc_submissions`. */
export class KycRepository {
  async insert(executor: Executor, row: typeof kycSubmissions.$inferInsert): Promise<void> {
    await executor.insert(kycSubmissions).values(row);
  }

  async findById(executor: Executor, id: string): Promise<KycRow | undefined> {
    const [row] = await executor.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
    return row;
  }

  async findByIdForUpdate(executor: Executor, id: string): Promise<KycRow | undefined> {
    const [row] = await executor.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1).for('update');
    return row;
  }

  async currentOfUser(executor: Executor, userId: string, level: KycLevel): Promise<KycRow | undefined> {
    const [row] = await executor
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.level, level)))
      .orderBy(currentFirst, desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
      .limit(1);
    return row;
  }

  /** The current submission of each level for several users (console user detail, localuser!get). */
  async currentOfUsers(executor: Executor, userIds: string[]): Promise<KycRow[]> {
    if (userIds.length === 0) return [];
    return executor
      .selectDistinctOn([kycSubmissions.userId, kycSubmissions.level])
      .from(kycSubmissions)
      .where(inArray(kycSubmissions.userId, userIds))
      .orderBy(kycSubmissions.userId, kycSubmissions.level, currentFirst, desc(kycSubmissions.createdAt), desc(kycSubmissions.id));
  }

  async update(executor: Executor, id: string, changes: Partial<typeof kycSubmissions.$inferInsert>): Promise<void> {
    await executor.update(kycSubmissions).set(changes).where(eq(kycSubmissions.id, id));
  }

  async page(executor: Executor, filter: KycFilter & { limit: number; offset: number }): Promise<KycRow[]> {
    return executor
      .select()
      .from(kycSubmissions)
      .where(conditions(filter))
      .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async count(executor: Executor, filter: KycFilter): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(kycSubmissions).where(conditions(filter));
    return row?.n ?? 0;
  }

  async recentOfUser(executor: Executor, userId: string, exceptId: string, limit: number): Promise<KycRow[]> {
    return executor
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), ne(kycSubmissions.id, exceptId)))
      .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
      .limit(limit);
  }
}
