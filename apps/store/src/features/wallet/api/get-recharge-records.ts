import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { pageRequest } from '@caravan/ui/wallet/records-page';
import type { PageObject, RechargeRecord } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** rechargeBlockchain!list: deposit records (every channel), newest first. */
export function getRechargeRecords(pageNo: number, pageSize: number): Promise<PageObject<RechargeRecord>> {
  return api.call<PageObject<RechargeRecord>>('rechargeBlockchain!list', pageRequest(pageNo, pageSize));
}

export const rechargeRecordsQueryOptions = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: walletKeys.rechargeRecordsPage(pageNo, pageSize),
    queryFn: () => getRechargeRecords(pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export function useRechargeRecords(pageNo: number, pageSize: number) {
  return useQuery(rechargeRecordsQueryOptions(pageNo, pageSize));
}
