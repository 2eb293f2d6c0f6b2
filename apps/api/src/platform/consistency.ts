import type { Executor } from '@caravan/db/client';
import { checkLedgerInvariants, type InvariantReport } from '../modules/wallet/ledger/invariants.ts';
import { OrdersRepository } from '../modules/orders/orders.repository.ts';

// What must hold in the data whatever the load (`caravan audit`, run by the bench after each money
// scenario): the ledger's invariants, and no SKU sold below zero stock.

export interface ConsistencyReport {
  ok: boolean;
  ledger: InvariantReport;
  oversoldSkus: number;
}

export async function auditDatabase(executor: Executor): Promise<ConsistencyReport> {
  const ledger = await checkLedgerInvariants(executor);
  const oversoldSkus = await new OrdersRepository().oversoldSkus(executor);
  return { ok: ledger.ok && oversoldSkus === 0, ledger, oversoldSkus };
}
