import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { GoodsDetail } from '../types.ts';
import { useViewerKey } from '../../../lib/session.ts';
import { goodsDetailQueryKey } from './get-goods-detail.ts';

/** keepGoods!add / keepGoods!del. Failures show the server's toast. */
export function setFavourite(sellerGoodsId: string, keep: boolean): Promise<null> {
  return api.call<null>(keep ? 'keepGoods!add' : 'keepGoods!del', { sellerGoodsId });
}

/** Toggles the favourite and writes the new isKeep into the cached detail. */
export function useToggleFavourite(sellerGoodsId: string) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: (keep: boolean) => setFavourite(sellerGoodsId, keep),
    onSuccess: (_data, keep) => {
      queryClient.setQueryData<GoodsDetail>(goodsDetailQueryKey(sellerGoodsId, viewer), (detail) => (detail ? { ...detail, isKeep: keep ? 1 : 0 } : detail));
      // the favourites list of the account pages reads keepGoods!list under its own keys
      void queryClient.invalidateQueries({ queryKey: ['keepGoods'] });
    },
  });
}
