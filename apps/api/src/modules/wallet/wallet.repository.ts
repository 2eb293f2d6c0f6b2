import { money, type Money } from '@caravan/contract/money';
import type { Executor } from '@caravan/db/client';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { rechargeOrders, sessionTokens, withdrawAddresses, withdrawOrders } from '@caravan/db/schema/wallet';
import { cappedCount } from '../../platform/capped-count.ts';
import { builtOnce, fillRow, placeholderRow, rowShape } from '../../platform/sql.ts';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';

export type RechargeRow = typeof rechargeOrders.$inferSelect;
export type WithdrawRow = typeof withdrawOrders.$inferSelect;
export type WithdrawAddressRow = typeof withdrawAddresses.$inferSelect;

export interface ConsoleFilter {
  state?: string | undefined;
  userId?: string | undefined;
  method?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * A deposit's or withdrawal's order number as its insert draws it: `stamp` (a letter and the platform-time
 * date and time) and 6 digits from a database sequence (migration 0023: numbers of one second differ on
 * every instance unless a million orders share it).
 */
export function drawnOrderNo(stamp: unknown): SQL<string> {
  return sql<string>`${stamp} || lpad((nextval('wallet_order_no_seq') % 1000000)::text, 6, '0')`;
}

/** The only code touching the wallet's order tables. */
export class WalletRepository {
  // ---- recharges ------------------------------------------------------------------------------

  /** Writes a deposit; answers its order number (drawn by the insert when given as SQL: WalletService.orderNo). */
  async insertRecharge(executor: Executor, row: PgInsertValue<typeof rechargeOrders>): Promise<string> {
    const [inserted] = await executor.insert(rechargeOrders).values(row).returning({ orderNo: rechargeOrders.orderNo });
    if (!inserted) throw new Error(`deposit ${String(row.id)} was not written`);
    return inserted.orderNo;
  }

  async findRechargeForUpdate(executor: Executor, id: string): Promise<RechargeRow | undefined> {
    const rows = await executor.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)).limit(1).for('update');
    return rows[0];
  }

  async findRecharge(executor: Executor, id: string): Promise<RechargeRow | undefined> {
    const rows = await executor.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)).limit(1);
    return rows[0];
  }

  async findRechargeByOrderNo(executor: Executor, userId: string, orderNo: string): Promise<RechargeRow | undefined> {
    const rows = await executor
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.userId, userId)))
      .limit(1);
    return rows[0];
  }

  async findRechargeByProviderReference(executor: Executor, provider: string, reference: string): Promise<RechargeRow | undefined> {
    const rows = await executor
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.provider, provider), eq(rechargeOrders.providerReference, reference)))
      .limit(1)
      .for('update');
    return rows[0];
  }

  async updateRecharge(executor: Executor, id: string, changes: Partial<typeof rechargeOrders.$inferInsert>): Promise<void> {
    await executor.update(rechargeOrders).set(changes).where(eq(rechargeOrders.id, id));
  }

  async pageRecharges(executor: Executor, userId: string, limit: number, offset: number): Promise<RechargeRow[]> {
    return executor
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.userId, userId))
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .limit(limit)
      .offset(offset);
  }

  async countRecharges(executor: Executor, userId: string): Promise<number> {
    const rows = await executor.select({ n: count() }).from(rechargeOrders).where(eq(rechargeOrders.userId, userId));
    return rows[0]?.n ?? 0;
  }

  private rechargeConditions(filter: ConsoleFilter): SQL | undefined {
    return and(
      filter.state ? eq(rechargeOrders.state, filter.state) : undefined,
      filter.userId ? eq(rechargeOrders.userId, filter.userId) : undefined,
      filter.method ? eq(rechargeOrders.method, filter.method) : undefined,
    );
  }

  async consoleRecharges(executor: Executor, filter: ConsoleFilter): Promise<RechargeRow[]> {
    return executor
      .select()
      .from(rechargeOrders)
      .where(this.rechargeConditions(filter))
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  /** Matches of the console's filter, counted no further than the cap + 1. */
  countConsoleRecharges(executor: Executor, filter: ConsoleFilter): Promise<number> {
    return cappedCount(executor, rechargeOrders, this.rechargeConditions(filter));
  }

  /**
   * The dashboard's money figures: deposits credited and withdrawals paid out in [from, to), and what
   * waits for review (both read through the state indexes).
   */
  async consoleFigures(executor: Executor, from: Date, to: Date) {
    const [deposits, withdrawals, pendingRecharges, pendingWithdrawals] = await Promise.all([
      executor
        .select({ n: count(), sum: sql<string>`coalesce(sum(${rechargeOrders.creditAmount}), 0)::text` })
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.state, 'approved'), gte(rechargeOrders.reviewedAt, from), lt(rechargeOrders.reviewedAt, to))),
      executor
        .select({ n: count(), sum: sql<string>`coalesce(sum(${withdrawOrders.amount}), 0)::text` })
        .from(withdrawOrders)
        .where(and(eq(withdrawOrders.state, 'approved'), gte(withdrawOrders.reviewedAt, from), lt(withdrawOrders.reviewedAt, to))),
      executor.select({ n: count() }).from(rechargeOrders).where(eq(rechargeOrders.state, 'pending')),
      executor.select({ n: count() }).from(withdrawOrders).where(eq(withdrawOrders.state, 'pending')),
    ]);
    return {
      deposits: { count: deposits[0]?.n ?? 0, amount: deposits[0]?.sum ?? '0' },
      withdrawals: { count: withdrawals[0]?.n ?? 0, amount: withdrawals[0]?.sum ?? '0' },
      pendingRecharges: pendingRecharges[0]?.n ?? 0,
      pendingWithdrawals: pendingWithdrawals[0]?.n ?? 0,
    };
  }

  // ---- withdrawals ----------------------------------------------------------------------------

  /**
   * Writes a withdrawal with an order number its insert draws after `orderNoStamp` (WalletService.orderNoStamp);
   * answers the number. Built once per shape (withdraw!apply's statements, ADR 0014).
   */
  async insertWithdrawal(executor: Executor, row: Omit<typeof withdrawOrders.$inferInsert, 'orderNo'>, orderNoStamp: string): Promise<string> {
    const [inserted] = await builtOnce(executor, `withdraw_insert:${rowShape(row)}`, (on, name) =>
      on
        .insert(withdrawOrders)
        .values({ ...placeholderRow('', row), orderNo: drawnOrderNo(sql.placeholder('orderNoStamp')) })
        .returning({ orderNo: withdrawOrders.orderNo })
        .prepare(name),
    ).execute(fillRow('', row, { orderNoStamp }));
    if (!inserted) throw new Error(`withdrawal ${row.id} was not written`);
    return inserted.orderNo;
  }

  async findWithdrawalForUpdate(executor: Executor, id: string): Promise<WithdrawRow | undefined> {
    const rows = await executor.select().from(withdrawOrders).where(eq(withdrawOrders.id, id)).limit(1).for('update');
    return rows[0];
  }

  async findWithdrawal(executor: Executor, id: string): Promise<WithdrawRow | undefined> {
    const rows = await executor.select().from(withdrawOrders).where(eq(withdrawOrders.id, id)).limit(1);
    return rows[0];
  }

  async findWithdrawalByOrderNo(executor: Executor, userId: string, orderNo: string): Promise<WithdrawRow | undefined> {
    const rows = await executor
      .select()
      .from(withdrawOrders)
      .where(and(eq(withdrawOrders.orderNo, orderNo), eq(withdrawOrders.userId, userId)))
      .limit(1);
    return rows[0];
  }

  async updateWithdrawal(executor: Executor, id: string, changes: Partial<typeof withdrawOrders.$inferInsert>): Promise<void> {
    await executor.update(withdrawOrders).set(changes).where(eq(withdrawOrders.id, id));
  }

  async pageWithdrawals(executor: Executor, userId: string, limit: number, offset: number): Promise<WithdrawRow[]> {
    return executor
      .select()
      .from(withdrawOrders)
      .where(eq(withdrawOrders.userId, userId))
      .orderBy(desc(withdrawOrders.createdAt), desc(withdrawOrders.id))
      .limit(limit)
      .offset(offset);
  }

  async countWithdrawals(executor: Executor, userId: string): Promise<number> {
    const rows = await executor.select({ n: count() }).from(withdrawOrders).where(eq(withdrawOrders.userId, userId));
    return rows[0]?.n ?? 0;
  }

  /**
   * The user's withdrawals since the week started (Monday, platform zone), and of those since the day
   * started: every application counted, amounts of those not refused (fee included).
   */
  async withdrawalTotalsSince(executor: Executor, userId: string, since: { day: Date; week: Date }): Promise<{ dayCount: number; dayAmount: Money; weekCount: number; weekAmount: Money }> {
    const rows = await builtOnce(executor, 'withdrawals_totals_since', (on, name) => {
      const notRefused = sql`${withdrawOrders.state} <> 'rejected'`;
      const today = sql`${withdrawOrders.createdAt} >= ${sql.placeholder('day')}`;
      return on
        .select({
          dayCount: sql<number>`(count(*) filter (where ${today}))::int`,
          dayAmount: sql<string>`coalesce(sum(${withdrawOrders.amount}) filter (where ${today} and ${notRefused}), 0)::text`,
          weekCount: sql<number>`count(*)::int`,
          weekAmount: sql<string>`coalesce(sum(${withdrawOrders.amount}) filter (where ${notRefused}), 0)::text`,
        })
        .from(withdrawOrders)
        .where(and(eq(withdrawOrders.userId, sql.placeholder('userId')), gte(withdrawOrders.createdAt, sql.placeholder('since'))))
        .prepare(name);
    }).execute({ userId, day: since.day, since: since.day < since.week ? since.day : since.week });
    const row = rows[0];
    return { dayCount: row?.dayCount ?? 0, dayAmount: money.fromDb(row?.dayAmount ?? '0'), weekCount: row?.weekCount ?? 0, weekAmount: money.fromDb(row?.weekAmount ?? '0') };
  }

  /** Whether the user was ever paid out to this address. */
  async hasApprovedWithdrawalTo(executor: Executor, userId: string, address: string): Promise<boolean> {
    const rows = await executor
      .select({ id: withdrawOrders.id })
      .from(withdrawOrders)
      .where(and(eq(withdrawOrders.userId, userId), eq(withdrawOrders.toAddress, address), eq(withdrawOrders.state, 'approved')))
      .limit(1);
    return rows.length > 0;
  }

  async withdrawalsByIds(executor: Executor, ids: string[]): Promise<WithdrawRow[]> {
    return ids.length === 0 ? [] : executor.select().from(withdrawOrders).where(inArray(withdrawOrders.id, ids));
  }

  private withdrawalConditions(filter: ConsoleFilter): SQL | undefined {
    return and(filter.state ? eq(withdrawOrders.state, filter.state) : undefined, filter.userId ? eq(withdrawOrders.userId, filter.userId) : undefined);
  }

  async consoleWithdrawals(executor: Executor, filter: ConsoleFilter): Promise<WithdrawRow[]> {
    return executor
      .select()
      .from(withdrawOrders)
      .where(this.withdrawalConditions(filter))
      .orderBy(desc(withdrawOrders.createdAt), desc(withdrawOrders.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  /** Matches of the console's filter, counted no further than the cap + 1. */
  countConsoleWithdrawals(executor: Executor, filter: ConsoleFilter): Promise<number> {
    return cappedCount(executor, withdrawOrders, this.withdrawalConditions(filter));
  }

  // ---- the one-unfinished rule ----------------------------------------------------------------

  async unfinished(executor: Executor, userId: string): Promise<{ recharge: boolean; withdrawal: boolean }> {
    // one statement: both questions are asked on every new deposit and withdrawal
    const rows = await builtOnce(executor, 'wallet_unfinished', (on, name) => {
      const pending = (table: typeof rechargeOrders | typeof withdrawOrders) =>
        sql<boolean>`exists (${on.select({ one: sql`1` }).from(table).where(and(eq(table.userId, sql.placeholder('userId')), sql`${table.state} = 'pending'`))})`;
      return on.select({ recharge: pending(rechargeOrders), withdrawal: pending(withdrawOrders) }).from(sql`(select 1) as one`).prepare(name);
    }).execute({ userId });
    return { recharge: rows[0]?.recharge === true, withdrawal: rows[0]?.withdrawal === true };
  }

  /** Marks the user's third-party payments pending since before `cutoff` as failed; answers their ids. */
  async failAbandonedPayments(executor: Executor, userId: string, cutoff: Date, now: Date): Promise<string[]> {
    const rows = await builtOnce(executor, 'recharges_fail_abandoned', (on, name) =>
      on
        .update(rechargeOrders)
        .set({ state: sql`'failed'`, rejectReason: sql`'payment not completed in time'`, updatedAt: sql.placeholder('now') as unknown as Date })
        .where(and(eq(rechargeOrders.userId, sql.placeholder('userId')), sql`${rechargeOrders.method} = 'third_party'`, sql`${rechargeOrders.state} = 'pending'`, lt(rechargeOrders.createdAt, sql.placeholder('cutoff'))))
        .returning({ id: rechargeOrders.id })
        .prepare(name),
    ).execute({ userId, cutoff, now });
    return rows.map((row) => row.id);
  }

  // ---- withdrawal address and session tokens --------------------------------------------------

  async findAddress(executor: Executor, userId: string): Promise<WithdrawAddressRow | undefined> {
    // one address per user (its key)
    const rows = await builtOnce(executor, 'withdraw_address_of', (on, name) => on.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, sql.placeholder('userId'))).prepare(name)).execute({ userId });
    return rows[0];
  }

  /** The address, held against an operator's change (findAddressForUpdate) until the transaction ends. */
  async findAddressForShare(executor: Executor, userId: string): Promise<WithdrawAddressRow | undefined> {
    const rows = await builtOnce(executor, 'withdraw_address_for_share', (on, name) =>
      on.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, sql.placeholder('userId'))).for('share').prepare(name),
    ).execute({ userId });
    return rows[0];
  }

  async findAddressForUpdate(executor: Executor, userId: string): Promise<WithdrawAddressRow | undefined> {
    const rows = await executor.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, userId)).limit(1).for('update');
    return rows[0];
  }

  async updateAddress(executor: Executor, userId: string, changes: Partial<typeof withdrawAddresses.$inferInsert>): Promise<void> {
    await executor.update(withdrawAddresses).set(changes).where(eq(withdrawAddresses.userId, userId));
  }

  /** true when bound now, false when the user had an address already */
  async insertAddress(executor: Executor, row: typeof withdrawAddresses.$inferInsert): Promise<boolean> {
    const inserted = await executor.insert(withdrawAddresses).values(row).onConflictDoNothing().returning({ userId: withdrawAddresses.userId });
    return inserted.length === 1;
  }

  async insertSessionToken(executor: Executor, row: typeof sessionTokens.$inferInsert): Promise<void> {
    await executor.insert(sessionTokens).values(row);
  }

  async findSessionToken(executor: Executor, token: string) {
    const rows = await executor.select().from(sessionTokens).where(eq(sessionTokens.token, token)).limit(1);
    return rows[0];
  }

  async rechargesByIds(executor: Executor, ids: string[]): Promise<RechargeRow[]> {
    return ids.length === 0 ? [] : executor.select().from(rechargeOrders).where(inArray(rechargeOrders.id, ids));
  }
}
