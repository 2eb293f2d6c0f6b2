import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { pageRequest } from '../records-page.ts';
import type { PageObject, WithdrawRecord } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!list: withdrawal records, newest first. */
export function getWithdrawRecords(pageNo: number, pageSize: number): Promise<PageObject<WithdrawRecord>> {
  return api.call<PageObject<WithdrawRecord>>('withdraw!list', pageRequest(pageNo, pageSize));
}

export const withdrawRecordsQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: walletKeys.withdrawRecordsPage(pageNo, pageSize),
    queryFn: () => getWithdrawRecords(pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export function useWithdrawRecords(pageNo: number, pageSize: number) {
  return useQuery(withdrawRecordsQueryOptions(pageNo, pageSize));
}
