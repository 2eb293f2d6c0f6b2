import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ThirdPartyChannel } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** thirdPartyRecharge!getCoinList: the open third-party channels with their currencies and ranges. */
export async function getThirdPartyChannels(): Promise<ThirdPartyChannel[]> {
  const data = await api.call<ThirdPartyChannel[] | null>('thirdPartyRecharge!getCoinList');
  return Array.isArray(data) ? data.filter((channel) => Array.isArray(channel.range) && channel.range.length > 0) : [];
}

export const thirdPartyChannelsQueryOptions = () => queryOptions({ queryKey: walletKeys.thirdPartyChannels(), queryFn: getThirdPartyChannels });

export function useThirdPartyChannels() {
  return useQuery(thirdPartyChannelsQueryOptions());
}
