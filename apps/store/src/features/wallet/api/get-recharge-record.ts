import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { RechargeRecord } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** rechargeBlockchain!get: one deposit of the caller, by order number (the details view shows a failure itself). */
export function getRechargeRecord(orderNo: string): Promise<RechargeRecord> {
  return api.call<RechargeRecord>('rechargeBlockchain!get', { order_no: orderNo }, { silent: true });
}

export const rechargeRecordQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: walletKeys.rechargeRecord(orderNo), queryFn: () => getRechargeRecord(orderNo), staleTime: 0 });

export function useRechargeRecord(orderNo: string | undefined) {
  return useQuery({ ...rechargeRecordQueryOptions(orderNo ?? ''), enabled: Boolean(orderNo) });
}
