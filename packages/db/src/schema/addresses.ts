import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/** Delivery addresses. Country, state and city ids come from the geographic dataset (dr5hn). */
export const addresses = pgTable(
  'addresses',
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    contacts: text().notNull(),
    phone: text().notNull(),
    email: text().notNull().default(''),
    countryId: integer().notNull(),
    provinceId: integer().notNull(),
    cityId: integer().notNull(),
    country: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    postcode: text().notNull().default(''),
    address: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [index('addresses_user_idx').on(table.userId, table.createdAt)],
);
