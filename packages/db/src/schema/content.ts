import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/** Operator-editable configuration values; typed definitions and defaults live in the content module. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamptz().notNull(),
  updatedBy: text(),
});

export const banners = pgTable(
  'banners',
  {
    id: text().primaryKey(),
    /** Placement, e.g. 'pc_home', 'h5_home' (legacy `type`). */
    type: text().notNull(),
    /** Legacy `imgType`, e.g. '0' wide, '1' square. */
    imgType: text().notNull().default('0'),
    imgUrl: text().notNull(),
    link: text(),
    title: text(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index('banners_type_idx').on(table.type, table.sort)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text().primaryKey(),
    email: text().notNull(),
    locale: text().notNull(),
    userId: text(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [uniqueIndex('subscriptions_email_uq').on(sql`lower(${table.email})`)],
);

/** Lucky-draw activities; the current one is linked from the store. */
export const activities = pgTable(
  'activities',
  {
    id: text().primaryKey(),
    title: text().notNull(),
    detailUrl: text().notNull(),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index('activities_window_idx').on(table.startsAt, table.endsAt)],
);

/**
 * Information pages (about us, policies, rules ...) operators edit, one row per brand, page and
 * language; the store falls back to English when a language has no version. `body` is Markdown,
 * rendered and sanitised by the server when read.
 */
export const informationPages = pgTable(
  'information_pages',
  {
    brand: text().notNull(),
    slug: text().notNull(),
    locale: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** operator id of the last change; null for the seeded default */
    updatedBy: text(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.brand, table.slug, table.locale] })],
);
