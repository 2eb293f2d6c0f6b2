import type { PageObject } from '@caravan/contract/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import { pageRequest } from '../records-page.ts';
import type { WithdrawRecord } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!list: withdrawal records, newest first. */
export function getWithdrawRecords(api: ApiClient, pageNo: number, pageSize: number): Promise<PageObject<WithdrawRecord>> {
  return api.call<PageObject<WithdrawRecord>>('withdraw!list', pageRequest(pageNo, pageSize));
}

export const withdrawRecordsQueryOptions = (api: ApiClient, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: walletKeys.withdrawRecordsPage(pageNo, pageSize),
    queryFn: () => getWithdrawRecords(api, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export function useWithdrawRecords(pageNo: number, pageSize: number) {
  return useQuery(withdrawRecordsQueryOptions(useApi(), pageNo, pageSize));
}
