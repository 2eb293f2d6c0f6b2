import type { Executor } from '@caravan/db/client';
import { addresses } from '@caravan/db/schema/addresses';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { builtOnce } from '../../platform/sql.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

export class AddressesRepository {
  /** Serialises address changes of one user (limit and default flag stay consistent). */
  async lockUser(executor: Executor, userId: string): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
  }

  async listByUser(executor: Executor, userId: string, limit: number): Promise<AddressRow[]> {
    return executor
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id))
      .limit(limit);
  }

  async countByUser(executor: Executor, userId: string): Promise<number> {
    const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(addresses).where(eq(addresses.userId, userId));
    return rows[0]?.count ?? 0;
  }

  /** The address when it belongs to the user; another user's id reads as missing. */
  async findOwned(executor: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
    const rows = await builtOnce(executor, 'addresses_owned', (on, name) =>
      on
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.userId, sql.placeholder('userId'))))
        .prepare(name),
    ).execute({ id, userId });
    return rows[0];
  }

  async insert(executor: Executor, row: NewAddressRow): Promise<void> {
    await executor.insert(addresses).values(row);
  }

  async update(executor: Executor, userId: string, id: string, changes: Partial<NewAddressRow>): Promise<void> {
    await executor.update(addresses).set(changes).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  }

  async clearDefault(executor: Executor, userId: string, exceptId?: string): Promise<void> {
    await executor
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), exceptId ? ne(addresses.id, exceptId) : undefined));
  }

  async delete(executor: Executor, userId: string, id: string): Promise<number> {
    const result = await executor.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    return result.rowCount ?? 0;
  }

  async deleteAllOf(executor: Executor, userId: string): Promise<number> {
    const result = await executor.delete(addresses).where(eq(addresses.userId, userId));
    return result.rowCount ?? 0;
  }

  async newest(executor: Executor, userId: string): Promise<AddressRow | undefined> {
    const rows = await executor.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt)).limit(1);
    return rows[0];
  }
}
