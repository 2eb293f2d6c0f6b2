import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { pageRequest } from '@caravan/ui/wallet/records-page';
import type { PageObject, StatementLine } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** wallet!statement: every movement of the wallet, newest first, with the balances after it. */
export function getStatement(pageNo: number, pageSize: number): Promise<PageObject<StatementLine>> {
  return api.call<PageObject<StatementLine>>('wallet!statement', pageRequest(pageNo, pageSize));
}

export const statementQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({ queryKey: walletKeys.statement(pageNo, pageSize), queryFn: () => getStatement(pageNo, pageSize), placeholderData: keepPreviousData });

export function useStatement(pageNo: number, pageSize: number) {
  return useQuery(statementQueryOptions(pageNo, pageSize));
}
