import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { BlockchainChannel } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** channelBlockchain!list: coin, network, platform address with its QR code, USD price, limits. */
export async function getRechargeChannels(): Promise<BlockchainChannel[]> {
  const data = await api.call<BlockchainChannel[] | null>('channelBlockchain!list');
  return Array.isArray(data) ? data : [];
}

export const rechargeChannelsQueryOptions = () => queryOptions({ queryKey: walletKeys.rechargeChannels(), queryFn: getRechargeChannels });

export function useRechargeChannels() {
  return useQuery(rechargeChannelsQueryOptions());
}
