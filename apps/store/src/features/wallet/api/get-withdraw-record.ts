import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { WithdrawRecord } from '../types.ts';
import { walletKeys } from './wallet-keys.ts';

/** withdraw!get: one withdrawal of the caller, by order number (the details view shows a failure itself). */
export function getWithdrawRecord(orderNo: string): Promise<WithdrawRecord> {
  return api.call<WithdrawRecord>('withdraw!get', { order_no: orderNo }, { silent: true });
}

export const withdrawRecordQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: walletKeys.withdrawRecord(orderNo), queryFn: () => getWithdrawRecord(orderNo), staleTime: 0 });

export function useWithdrawRecord(orderNo: string | undefined) {
  return useQuery({ ...withdrawRecordQueryOptions(orderNo ?? ''), enabled: Boolean(orderNo) });
}
