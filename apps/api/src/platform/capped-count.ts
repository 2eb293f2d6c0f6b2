import type { Executor } from '@caravan/db/client';
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Console lists count their matches up to this many: past it the page says "more than 10,000", so a
 * count never walks a hot table (100,000 orders, a million ledger entries) on every page.
 */
export const LIST_COUNT_CAP = 10_000;

/** How many rows match, counting no further than `cap + 1` (so callers can tell "more than cap"). */
export async function cappedCount(executor: Executor, table: PgTable, where: SQL | undefined, cap = LIST_COUNT_CAP): Promise<number> {
  const matches = executor.select({ one: sql`1` }).from(table).where(where).limit(cap + 1).as('matches');
  const rows = await executor.select({ n: count() }).from(matches);
  return rows[0]?.n ?? 0;
}

/** A page's total as the console shows it: exact up to the cap, else the cap with `totalIsLowerBound`. */
export function pageTotal(counted: number, cap = LIST_COUNT_CAP): { total: number; totalIsLowerBound: boolean } {
  return counted > cap ? { total: cap, totalIsLowerBound: true } : { total: counted, totalIsLowerBound: false };
}
