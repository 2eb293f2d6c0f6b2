import { money, type Money } from '@caravan/contract/money';
import { customType, timestamp } from 'drizzle-orm/pg-core';

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
