import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumn, timestamptz } from '../columns.ts';

// The double-entry ledger (ARCHITECTURE section 5), after TigerBeetle: accounts keep posted and
// pending debits and credits; a transfer moves an amount from a debit account to a credit account,
// either at once or in two phases (pending, then post or void); every transfer writes one entry per
// account with the balances before and after. Balance = credits - debits.

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text().primaryKey(),
    /** stable name: 'user:<id>:wallet', 'platform:cash_in:usdt_trc20', 'escrow:order:<id>' ... */
    code: text().notNull(),
    /** 'user_wallet' | 'platform' | 'escrow' */
    kind: text().notNull(),
    ownerId: text(),
    currency: text().notNull(),
    debitsPosted: moneyColumn().notNull(),
    creditsPosted: moneyColumn().notNull(),
    debitsPending: moneyColumn().notNull(),
    creditsPending: moneyColumn().notNull(),
    /** debits (posted and pending) may never exceed posted credits: a wallet never goes negative */
    debitsMustNotExceedCredits: boolean().notNull().default(false),
    creditsMustNotExceedDebits: boolean().notNull().default(false),
    version: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamptz().notNull(),
  },
  (table) => [uniqueIndex('ledger_accounts_code_uq').on(table.code), index('ledger_accounts_owner_idx').on(table.ownerId)],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: text().primaryKey(),
    /** business meaning: 'recharge', 'withdrawal', 'withdrawal_fee', 'order_payment', ... */
    kind: text().notNull(),
    debitAccountId: text().notNull(),
    creditAccountId: text().notNull(),
    amount: moneyColumn().notNull(),
    currency: text().notNull(),
    /** 'single' (posted at once) | 'pending' | 'post_pending' | 'void_pending' */
    phase: text().notNull(),
    /** for post/void: the pending transfer they resolve */
    pendingId: text(),
    /** for a pending transfer: 'open' until posted or voided */
    pendingState: text(),
    /** a correction: the transfer this one reverses */
    reversalOf: text(),
    referenceType: text(),
    referenceId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index('ledger_transfers_reference_idx').on(table.referenceType, table.referenceId),
    index('ledger_transfers_pending_idx').on(table.pendingId),
    uniqueIndex('ledger_transfers_reversal_uq').on(table.reversalOf).where(sql`${table.reversalOf} is not null`),
    uniqueIndex('ledger_transfers_resolution_uq').on(table.pendingId).where(sql`${table.pendingId} is not null`),
  ],
);

/** One row per account a transfer touches. `amount` is the signed change of the posted balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    transferId: text().notNull(),
    accountId: text().notNull(),
    /** + credit, - debit, on the posted balance (0 for pending and void transfers) */
    amount: moneyColumn().notNull(),
    /** signed change of the account's pending debits (holds) */
    pendingDebitChange: moneyColumn().notNull(),
    pendingCreditChange: moneyColumn().notNull(),
    balanceBefore: moneyColumn().notNull(),
    balanceAfter: moneyColumn().notNull(),
    /** balance less pending debits: what the owner can spend */
    availableBefore: moneyColumn().notNull(),
    availableAfter: moneyColumn().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_transfer_idx').on(table.transferId),
  ],
);
