import { money, type Money } from '@caravan/contract/money';
import { customType, timestamp, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** numeric(38,10) <-> Money (bigint units of 10^-10). Never a JS number. */
export const moneyColumn = customType<{ data: Money; driverData: string }>({
  dataType: () => 'numeric(38, 10)',
  toDriver: (value) => money.toDb(value),
  fromDriver: (value) => money.fromDb(value),
});

export const timestamptz = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: 'date' }) : timestamp({ withTimezone: true, mode: 'date' });

/** created_at / updated_at, set by the application clock (not now()) so tests can inject time. */
export const createdAt = () => timestamptz().notNull();

type NewestFirstColumn = ReturnType<ExtraConfigColumn['nullsFirst']>;

/**
 * The key columns of a newest-first index: `created_at DESC NULLS FIRST, id DESC NULLS FIRST`, what an
 * `ORDER BY created_at DESC, id DESC` walks. Drizzle's bare `.desc()` writes `DESC NULLS LAST`, which such
 * a query cannot walk, so the lists sorted after reading (ADR 0014). Spread after the index's filter
 * columns: `index('x').on(table.userId, ...newestFirst(table))`.
 */
export function newestFirst(table: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }): [NewestFirstColumn, NewestFirstColumn] {
  return [table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()];
}
