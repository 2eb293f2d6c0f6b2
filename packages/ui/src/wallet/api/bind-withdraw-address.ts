import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../ui-context.tsx';
import { walletKeys } from './wallet-keys.ts';

export interface BindAddressParams {
  blockchain_name: string;
  coin: string;
  channel_address: string;
}

/** user!bindWithdrawAddress: binds the one withdrawal address (it can never be changed). */
export async function bindWithdrawAddress(api: ApiClient, params: BindAddressParams): Promise<void> {
  await api.call<null>('user!bindWithdrawAddress', { ...params });
}

export function useBindWithdrawAddress() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: BindAddressParams) => bindWithdrawAddress(api, params),
    onSettled: () => {
      // bound now, or bound already: either way the page must read the address again
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawAccount() });
    },
  });
}
