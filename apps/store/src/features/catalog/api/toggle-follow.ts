import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { SellerVo } from '../types.ts';
import { useViewerKey } from '../../../lib/session.ts';
import { shopQueryKey } from './get-shop.ts';

/** focusSeller!add / focusSeller!del. Failures (own shop, sellers, full) show the server's toast. */
export function setFollowing(sellerId: string, follow: boolean): Promise<null> {
  return api.call<null>(follow ? 'focusSeller!add' : 'focusSeller!del', { sellerId });
}

/** Toggles following and updates isFocus and the follower count of the cached shop. */
export function useToggleFollow(sellerId: string) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(sellerId, follow),
    onSuccess: (_data, follow) => {
      queryClient.setQueryData<SellerVo>(shopQueryKey(sellerId, viewer), (shop) => {
        if (!shop) return shop;
        const was = shop.isFocus === 1;
        const focusNum = Math.max(0, shop.focusNum + (follow === was ? 0 : follow ? 1 : -1));
        return { ...shop, isFocus: follow ? 1 : 0, focusNum };
      });
      void queryClient.invalidateQueries({ queryKey: ['focusSeller'] });
    },
  });
}
