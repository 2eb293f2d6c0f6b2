import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { CoinPrice } from '../types.ts';
import { walletKeys } from '@caravan/ui/wallet/api/wallet-keys';

/** rechargeBlockchain!fee: the USDT price of a coin ("1" for stablecoins). */
export async function getCoinPrice(symbol: string): Promise<string> {
  const data = await api.call<CoinPrice>('rechargeBlockchain!fee', { symbol: symbol.toLowerCase() });
  return data.price;
}

export const coinPriceQueryOptions = (symbol: string) => queryOptions({ queryKey: walletKeys.coinPrice(symbol), queryFn: () => getCoinPrice(symbol) });

export function useCoinPrice(symbol: string | undefined) {
  return useQuery({ ...coinPriceQueryOptions(symbol ?? ''), enabled: Boolean(symbol) });
}
