import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumn, newestFirst, timestamptz } from '../columns.ts';

/** Deposits: blockchain transfers with a proof (reviewed), third-party payments, bank cards. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: text().primaryKey(),
    orderNo: text().notNull(),
    userId: text().notNull(),
    /** 'blockchain' | 'third_party' | 'bank_card' */
    method: text().notNull(),
    coin: text().notNull(),
    blockchainName: text().notNull().default(''),
    channelAddress: text().notNull().default(''),
    fromAddress: text().notNull().default(''),
    txHash: text().notNull().default(''),
    proofImageUrl: text().notNull().default(''),
    /** what the user sends, in `coin` (or the fiat currency of a third-party payment) */
    amount: moneyColumn().notNull(),
    /** USDT per unit of `coin` when the order was placed */
    rate: moneyColumn().notNull(),
    /** what the wallet is credited with */
    creditAmount: moneyColumn().notNull(),
    /** what the user declared, kept when an operator approved a different amount that actually arrived */
    declaredAmount: moneyColumn(),
    fee: moneyColumn().notNull(),
    provider: text().notNull().default(''),
    providerReference: text().notNull().default(''),
    fiatCurrency: text().notNull().default(''),
    bankName: text().notNull().default(''),
    cardNumberMasked: text().notNull().default(''),
    /** 'pending' | 'approved' | 'rejected' | 'failed' */
    state: text().notNull(),
    rejectReason: text().notNull().default(''),
    reviewedBy: text(),
    reviewedAt: timestamptz(),
    transferId: text(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('recharge_orders_order_no_uq').on(table.orderNo),
    index('recharge_orders_user_idx').on(table.userId, ...newestFirst(table)),
    // the console's deposit queue, newest first, by state or all
    index('recharge_orders_state_idx').on(table.state, ...newestFirst(table)),
    // the dashboard's deposits of a day
    index('recharge_orders_approved_idx').on(table.reviewedAt).where(sql`${table.state} = 'approved'`),
    index('recharge_orders_created_idx').on(...newestFirst(table)),
    uniqueIndex('recharge_orders_provider_ref_uq').on(table.provider, table.providerReference).where(sql`${table.providerReference} <> ''`),
  ],
);

export const withdrawOrders = pgTable(
  'withdraw_orders',
  {
    id: text().primaryKey(),
    orderNo: text().notNull(),
    userId: text().notNull(),
    coin: text().notNull(),
    blockchainName: text().notNull(),
    toAddress: text().notNull(),
    /** taken from the wallet (the fee included) */
    amount: moneyColumn().notNull(),
    fee: moneyColumn().notNull(),
    /** what reaches the address */
    arrivalAmount: moneyColumn().notNull(),
    /** 'pending' | 'approved' | 'rejected' */
    state: text().notNull(),
    txHash: text().notNull().default(''),
    rejectReason: text().notNull().default(''),
    reviewedBy: text(),
    reviewedAt: timestamptz(),
    holdTransferId: text().notNull(),
    /** applied within the cool-down after an operator changed the address: no payout before this instant */
    heldUntil: timestamptz(),
    /** the first withdrawal to this address above the review threshold: approval needs a review confirmation */
    reviewRequired: boolean().notNull().default(false),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('withdraw_orders_order_no_uq').on(table.orderNo),
    index('withdraw_orders_user_idx').on(table.userId, ...newestFirst(table)),
    index('withdraw_orders_state_idx').on(table.state, ...newestFirst(table)),
    index('withdraw_orders_approved_idx').on(table.reviewedAt).where(sql`${table.state} = 'approved'`),
    index('withdraw_orders_created_idx').on(...newestFirst(table)),
    // "has this user ever been paid out to this address" (the new-address review rule)
    index('withdraw_orders_user_address_approved_idx').on(table.userId, table.toAddress).where(sql`${table.state} = 'approved'`),
  ],
);

/** The one address a user withdraws to. */
export const withdrawAddresses = pgTable('withdraw_addresses', {
  userId: text().primaryKey(),
  coin: text().notNull(),
  blockchainName: text().notNull(),
  address: text().notNull(),
  createdAt: timestamptz().notNull(),
  /** when an operator last changed the address (the withdrawal cool-down runs from here); null: never */
  changedAt: timestamptz(),
  /** the operator who changed it */
  changedBy: text(),
});

/** Legacy single-use anti-replay tokens (recharge_open / withdraw_open). */
export const sessionTokens = pgTable(
  'wallet_session_tokens',
  {
    token: text().primaryKey(),
    userId: text().notNull(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [index('wallet_session_tokens_user_idx').on(table.userId, table.createdAt)],
);
