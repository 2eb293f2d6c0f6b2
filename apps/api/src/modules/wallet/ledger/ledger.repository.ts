import { money, type Money } from '@caravan/contract/money';
import type { Executor } from '@caravan/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@caravan/db/schema/ledger';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { builtOnce, builtSqlOnce, fillRow, placeholderRow, rowShape } from '../../../platform/sql.ts';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;

/** The only code touching the ledger tables. */
export class LedgerRepository {
  /**
   * An account by its code (unique), built once: `wallet!getUsdt` reads only this (building the query on
   * each call cost more than running it, in the bench's profile).
   */
  async findAccountByCode(executor: Executor, code: string): Promise<AccountRow | undefined> {
    const rows = await builtOnce(executor, 'ledger_account_by_code', (on, name) => on.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, sql.placeholder('code'))).prepare(name)).execute({ code });
    return rows[0];
  }

  /**
   * Creates the account when missing; answers it either way. Accounts are created once and read ever
   * after, so it reads first (one statement for an existing account) and inserts only on a miss.
   */
  async ensureAccount(executor: Executor, row: typeof ledgerAccounts.$inferInsert): Promise<AccountRow> {
    const existing = await this.findAccountByCode(executor, row.code);
    return existing ?? this.createAccount(executor, row);
  }

  /** Inserts the account, or answers the one another transaction created with its code. */
  async createAccount(executor: Executor, row: typeof ledgerAccounts.$inferInsert): Promise<AccountRow> {
    const created = await builtOnce(executor, `ledger_account_insert:${rowShape(row)}`, (on, name) =>
      on.insert(ledgerAccounts).values(placeholderRow('', row)).onConflictDoNothing({ target: ledgerAccounts.code }).returning().prepare(name),
    ).execute(fillRow('', row, {}));
    const account = created[0] ?? (await this.findAccountByCode(executor, row.code));
    if (!account) throw new Error(`ledger account ${row.code} could not be created`);
    return account;
  }

  /** Locks the account of a code (for update) and answers it; undefined when no such account exists. */
  async lockAccountByCode(executor: Executor, code: string): Promise<AccountRow | undefined> {
    const rows = await builtOnce(executor, 'ledger_lock_by_code', (on, name) =>
      on.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, sql.placeholder('code'))).for('update').prepare(name),
    ).execute({ code });
    return rows[0];
  }

  /** Locks the accounts in id order (no deadlock between two transfers over the same pair). */
  async lockAccounts(executor: Executor, ids: string[]): Promise<Map<string, AccountRow>> {
    const sorted = [...new Set(ids)].sort();
    const rows = await executor
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, sorted))
      .orderBy(ledgerAccounts.id)
      .for('update');
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Writes a transfer, its entries and its accounts' new totals (the accounts already locked by the
   * caller) in one statement: the two inserts are data-modifying WITH queries of the totals' update.
   * One round trip instead of three while the accounts are locked; the foreign keys of the entries are
   * checked at the end of the statement, when the transfer is there (ADR 0014). Built once per shape.
   */
  async writeTransfer(executor: Executor, transfer: typeof ledgerTransfers.$inferInsert, entries: (typeof ledgerEntries.$inferInsert)[], accounts: AccountRow[]): Promise<void> {
    const shape = `ledger_transfer:${rowShape(transfer)}|${entries.map(rowShape).join(';')}|${accounts.length}`;
    const values = fillRow('t_', transfer, {});
    entries.forEach((entry, index) => fillRow(`e${index}_`, entry, values));
    accounts.forEach((account, index) => fillRow(`a${index}_`, totalsOf(account), values));
    await builtSqlOnce(executor, shape, (on) => {
      const insertTransfer = on.insert(ledgerTransfers).values(placeholderRow('t_', transfer)).getSQL();
      const insertEntries = on
        .insert(ledgerEntries)
        .values(entries.map((entry, index) => placeholderRow(`e${index}_`, entry)))
        .getSQL();
      return sql`with new_transfer as (${insertTransfer}), new_entries as (${insertEntries}) ${totalsUpdate(accounts.length)}`;
    }).execute(values);
  }

  async findTransferForUpdate(executor: Executor, id: string): Promise<TransferRow | undefined> {
    const rows = await executor.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id)).limit(1).for('update');
    return rows[0];
  }

  async findTransfer(executor: Executor, id: string): Promise<TransferRow | undefined> {
    const rows = await executor.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id)).limit(1);
    return rows[0];
  }

  async findReversal(executor: Executor, transferId: string): Promise<TransferRow | undefined> {
    const rows = await executor.select().from(ledgerTransfers).where(eq(ledgerTransfers.reversalOf, transferId)).limit(1);
    return rows[0];
  }

  async setPendingState(executor: Executor, id: string, state: 'posted' | 'voided'): Promise<void> {
    await executor.update(ledgerTransfers).set({ pendingState: state }).where(eq(ledgerTransfers.id, id));
  }

  async transfersByReference(executor: Executor, referenceType: string, referenceId: string): Promise<TransferRow[]> {
    return executor
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.referenceType, referenceType), eq(ledgerTransfers.referenceId, referenceId)))
      .orderBy(ledgerTransfers.createdAt, ledgerTransfers.id);
  }

  /** An account's entries with their transfers, newest first, keyset-paged by entry id. */
  async statement(
    executor: Executor,
    accountId: string,
    options: { beforeId?: bigint; limit: number; offset?: number; kinds?: string[]; from?: Date; to?: Date },
  ) {
    const conditions: (SQL | undefined)[] = [eq(ledgerEntries.accountId, accountId)];
    if (options.beforeId !== undefined) conditions.push(lt(ledgerEntries.id, options.beforeId));
    if (options.kinds && options.kinds.length > 0) conditions.push(inArray(ledgerTransfers.kind, options.kinds));
    if (options.from) conditions.push(sql`${ledgerEntries.createdAt} >= ${options.from}`);
    if (options.to) conditions.push(sql`${ledgerEntries.createdAt} < ${options.to}`);
    return executor
      .select({ entry: ledgerEntries, transfer: ledgerTransfers })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(and(...conditions))
      .orderBy(desc(ledgerEntries.id))
      .limit(options.limit)
      .offset(options.offset ?? 0);
  }

  async countEntries(executor: Executor, accountId: string, kinds?: string[], from?: Date, to?: Date): Promise<number> {
    const conditions: (SQL | undefined)[] = [eq(ledgerEntries.accountId, accountId)];
    if (kinds && kinds.length > 0) conditions.push(inArray(ledgerTransfers.kind, kinds));
    if (from) conditions.push(sql`${ledgerEntries.createdAt} >= ${from}`);
    if (to) conditions.push(sql`${ledgerEntries.createdAt} < ${to}`);
    const rows = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(and(...conditions));
    return rows[0]?.count ?? 0;
  }

  /** What transfers of these kinds credited to an account, in total (deposits, sale margins, ...). */
  async creditedByKinds(executor: Executor, accountId: string, kinds: string[]): Promise<Money> {
    const rows = await executor
      .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerTransfers.creditAccountId, accountId), inArray(ledgerTransfers.kind, kinds)));
    return money.fromDb(rows[0]?.total ?? '0');
  }

  /** Per referenced object, the total of its transfers of one kind (e.g. each order's released margin). */
  async totalsByReference(executor: Executor, referenceType: string, referenceIds: string[], kind: string): Promise<Map<string, Money>> {
    if (referenceIds.length === 0) return new Map();
    const rows = await executor
      .select({ id: ledgerTransfers.referenceId, total: sql<string>`sum(${ledgerTransfers.amount})::text` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.referenceType, referenceType), inArray(ledgerTransfers.referenceId, referenceIds), eq(ledgerTransfers.kind, kind)))
      .groupBy(ledgerTransfers.referenceId);
    return new Map(rows.map((row) => [row.id ?? '', money.fromDb(row.total)]));
  }

  /** Transfers written so far, by kind (for the metrics; a full scan, so callers cache it). */
  async countTransfersByKind(executor: Executor): Promise<Map<string, number>> {
    const rows = await executor
      .select({ kind: ledgerTransfers.kind, count: sql<string>`count(*)::text` })
      .from(ledgerTransfers)
      .groupBy(ledgerTransfers.kind);
    return new Map(rows.map((row) => [row.kind, Number(row.count)]));
  }
}

/** An account's id and totals as totalsUpdate's placeholders take them (a<n>_ + these keys). */
function totalsOf(account: AccountRow) {
  return { id: account.id, dp: money.toDb(account.debitsPosted), cp: money.toDb(account.creditsPosted), dn: money.toDb(account.debitsPending), cn: money.toDb(account.creditsPending) };
}

/** The update of `count` accounts' totals (and versions) to the values of placeholders a<n>_ + totalsOf's keys (writeTransfer). */
function totalsUpdate(count: number): SQL {
  const rows = sql.join(
    Array.from({ length: count }, (_, index) => {
      const value = (name: keyof ReturnType<typeof totalsOf>) => sql.placeholder(`a${index}_${name}`);
      return sql`(${value('id')}, ${value('dp')}::numeric, ${value('cp')}::numeric, ${value('dn')}::numeric, ${value('cn')}::numeric)`;
    }),
    sql`, `,
  );
  return sql`
    update ${ledgerAccounts} as a
       set debits_posted = v.debits_posted, credits_posted = v.credits_posted,
           debits_pending = v.debits_pending, credits_pending = v.credits_pending, version = a.version + 1
      from (values ${rows}) as v (id, debits_posted, credits_posted, debits_pending, credits_pending)
     where a.id = v.id`;
}

/** Posted balance of an account: credits minus debits. */
export function balanceOf(account: Pick<AccountRow, 'creditsPosted' | 'debitsPosted'>): Money {
  return money.sub(account.creditsPosted, account.debitsPosted);
}

/** What the owner can spend: the posted balance less money held by pending debits. */
export function availableOf(account: Pick<AccountRow, 'creditsPosted' | 'debitsPosted' | 'debitsPending'>): Money {
  return money.sub(balanceOf(account), account.debitsPending);
}
