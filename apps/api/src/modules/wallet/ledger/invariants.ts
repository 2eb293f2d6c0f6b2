import type { Executor } from '@caravan/db/client';
import { sql } from 'drizzle-orm';

// The ledger's invariants, checked by the tests after every scenario (and available to operators):
// entries sum to zero per currency and per transfer; every account's totals equal the sum of its
// entries; no account breaks its flags.

export interface InvariantReport {
  ok: boolean;
  problems: string[];
}

export async function checkLedgerInvariants(executor: Executor): Promise<InvariantReport> {
  const problems: string[] = [];
  const sums = await executor.execute<{ currency: string; total: string }>(sql`
    select a.currency, sum(e.amount)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
    group by a.currency having sum(e.amount) <> 0`);
  for (const row of sums.rows) problems.push(`entries of ${row.currency} sum to ${row.total}`);

  const transfers = await executor.execute<{ transfer_id: string; n: number; total: string }>(sql`
    select transfer_id, count(*)::int as n, sum(amount)::text as total from ledger_entries group by transfer_id
    having count(*) <> 2 or sum(amount) <> 0 or sum(pending_debit_change) <> sum(pending_credit_change)`);
  for (const row of transfers.rows) problems.push(`transfer ${row.transfer_id} has ${row.n} entries summing to ${row.total}`);

  const orphans = await executor.execute<{ id: string }>(sql`
    select t.id from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id where e.id is null`);
  for (const row of orphans.rows) problems.push(`transfer ${row.id} has no entries`);

  const balances = await executor.execute<{ code: string }>(sql`
    select a.code from ledger_accounts a
    left join (
      select account_id, sum(amount) as posted, sum(pending_debit_change) as pending_debits, sum(pending_credit_change) as pending_credits
      from ledger_entries group by account_id
    ) e on e.account_id = a.id
    where a.credits_posted - a.debits_posted <> coalesce(e.posted, 0)
       or a.debits_pending <> coalesce(e.pending_debits, 0)
       or a.credits_pending <> coalesce(e.pending_credits, 0)`);
  for (const row of balances.rows) problems.push(`account ${row.code} does not equal the sum of its entries`);

  const flags = await executor.execute<{ code: string }>(sql`
    select code from ledger_accounts
    where (debits_must_not_exceed_credits and debits_posted + debits_pending > credits_posted)
       or (credits_must_not_exceed_debits and credits_posted + credits_pending > debits_posted)`);
  for (const row of flags.rows) problems.push(`account ${row.code} breaks its flags`);

  const history = await executor.execute<{ account_id: string }>(sql`
    select account_id from (
      select account_id, balance_before, lag(balance_after) over (partition by account_id order by id) as previous_after
      from ledger_entries
    ) chain where previous_after is not null and previous_after <> balance_before`);
  for (const row of history.rows) problems.push(`entries of account ${row.account_id} do not chain (balance before <> previous after)`);

  return { ok: problems.length === 0, problems };
}
