import { money } from '@caravan/contract/money';
import type { Executor } from '@caravan/db/client';
import { loans } from '@caravan/db/schema/loans';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import { UNFINISHED_LOAN_STATES, type LoanState } from './loan-state.ts';

export type LoanRow = typeof loans.$inferSelect;

export interface LoanFilter {
  state?: LoanState | undefined;
  userId?: string | undefined;
  /** whole USDT, inclusive */
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  limit: number;
  offset: number;
}

/** The only code touching the `loans` table. */
export class LoansRepository {
  async insert(executor: Executor, row: typeof loans.$inferInsert): Promise<void> {
    await executor.insert(loans).values(row);
  }

  async findById(executor: Executor, id: string): Promise<LoanRow | undefined> {
    const rows = await executor.select().from(loans).where(eq(loans.id, id)).limit(1);
    return rows[0];
  }

  async findByIdForUpdate(executor: Executor, id: string): Promise<LoanRow | undefined> {
    const rows = await executor.select().from(loans).where(eq(loans.id, id)).limit(1).for('update');
    return rows[0];
  }

  /** The user's pending, approved or overdue loan (at most one, by the unique index). */
  async findUnfinished(executor: Executor, userId: string): Promise<LoanRow | undefined> {
    const rows = await executor
      .select()
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.state, [...UNFINISHED_LOAN_STATES])))
      .limit(1);
    return rows[0];
  }

  async update(executor: Executor, id: string, changes: Partial<typeof loans.$inferInsert>): Promise<void> {
    await executor.update(loans).set(changes).where(eq(loans.id, id));
  }

  async pageByUser(executor: Executor, userId: string, limit: number, offset: number): Promise<LoanRow[]> {
    return executor.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.createdAt), desc(loans.id)).limit(limit).offset(offset);
  }

  async countByUser(executor: Executor, userId: string): Promise<number> {
    const rows = await executor.select({ n: count() }).from(loans).where(eq(loans.userId, userId));
    return rows[0]?.n ?? 0;
  }

  /** Another applicant's loans for the console detail, newest first, bounded. */
  async recentByUser(executor: Executor, userId: string, exceptId: string, limit: number): Promise<LoanRow[]> {
    return executor
      .select()
      .from(loans)
      .where(and(eq(loans.userId, userId), ne(loans.id, exceptId)))
      .orderBy(desc(loans.createdAt), desc(loans.id))
      .limit(limit);
  }

  /** Approved loans whose due time passed, earliest first (the overdue sweep). */
  async due(executor: Executor, now: Date, limit: number): Promise<string[]> {
    const rows = await executor
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.state, 'approved'), lte(loans.dueAt, now)))
      .orderBy(asc(loans.dueAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  private conditions(filter: LoanFilter): SQL | undefined {
    return and(
      filter.state ? eq(loans.state, filter.state) : undefined,
      filter.userId ? eq(loans.userId, filter.userId) : undefined,
      filter.amountMin !== undefined ? gte(loans.amount, money.of(filter.amountMin)) : undefined,
      filter.amountMax !== undefined ? lte(loans.amount, money.of(filter.amountMax)) : undefined,
    );
  }

  async consoleList(executor: Executor, filter: LoanFilter): Promise<LoanRow[]> {
    return executor
      .select()
      .from(loans)
      .where(this.conditions(filter))
      .orderBy(desc(loans.createdAt), desc(loans.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async consoleCount(executor: Executor, filter: LoanFilter): Promise<number> {
    const rows = await executor.select({ n: count() }).from(loans).where(this.conditions(filter));
    return rows[0]?.n ?? 0;
  }
}
