import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/** A seller's shop; its id is the seller's user id (legacy `sellerId`). */
export const shops = pgTable(
  'shops',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    avatarUrl: text().notNull().default(''),
    bannerUrl: text().notNull().default(''),
    remark: text().notNull().default(''),
    phone: text().notNull().default(''),
    address: text().notNull().default(''),
    /** 'pending' | 'open' | 'suspended' | 'closed' */
    status: text().notNull(),
    /** recommended since; null when not recommended */
    recAt: timestamptz(),
    viewsNum: integer().notNull().default(0),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    index('shops_rec_idx').on(table.recAt.desc(), table.id).where(sql`${table.status} = 'open' and ${table.recAt} is not null`),
    index('shops_open_idx').on(table.createdAt.desc(), table.id).where(sql`${table.status} = 'open'`),
    index('shops_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    // the console's shop list by state, newest first
    index('shops_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);
