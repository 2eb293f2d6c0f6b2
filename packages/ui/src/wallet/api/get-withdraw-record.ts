import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import type { WithdrawRecord } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!get: one withdrawal of the caller, by order number (the details view shows a failure itself). */
export function getWithdrawRecord(api: ApiClient, orderNo: string): Promise<WithdrawRecord> {
  return api.call<WithdrawRecord>('withdraw!get', { order_no: orderNo }, { silent: true });
}

export const withdrawRecordQueryOptions = (api: ApiClient, orderNo: string) =>
  queryOptions({ queryKey: walletKeys.withdrawRecord(orderNo), queryFn: () => getWithdrawRecord(api, orderNo), staleTime: 0 });

export function useWithdrawRecord(orderNo: string | undefined) {
  return useQuery({ ...withdrawRecordQueryOptions(useApi(), orderNo ?? ''), enabled: Boolean(orderNo) });
}
