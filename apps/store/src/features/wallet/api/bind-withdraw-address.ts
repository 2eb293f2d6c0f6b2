import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from './wallet-keys.ts';

export interface BindAddressParams {
  blockchain_name: string;
  coin: string;
  channel_address: string;
}

/** user!bindWithdrawAddress: binds the one withdrawal address (it can never be changed). */
export async function bindWithdrawAddress(params: BindAddressParams): Promise<void> {
  await api.call<null>('user!bindWithdrawAddress', { ...params });
}

export function useBindWithdrawAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindWithdrawAddress,
    onSettled: () => {
      // bound now, or bound already: either way the page must read the address again
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawAccount() });
    },
  });
}
