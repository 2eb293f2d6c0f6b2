import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useViewerKey } from '../../../lib/session.ts';
import type { GoodsDetail } from '../types.ts';

/**
 * sellerGoods!info: the detail with SKUs, freight parts, buyMin and the shop card. isKeep depends on
 * who asks, so the viewer is part of the key. Each call counts a page view, hence the longer staleTime.
 */
export function getGoodsDetail(sellerGoodsId: string): Promise<GoodsDetail> {
  return api.call<GoodsDetail>('sellerGoods!info', { sellerGoodsId }, { silent: true });
}

export const goodsDetailQueryKey = (sellerGoodsId: string, viewer: string) => ['catalog', 'goods-detail', sellerGoodsId, viewer] as const;

export const goodsDetailQueryOptions = (sellerGoodsId: string, viewer: string) =>
  queryOptions({
    queryKey: goodsDetailQueryKey(sellerGoodsId, viewer),
    queryFn: () => getGoodsDetail(sellerGoodsId),
    staleTime: 2 * 60_000,
    retry: false,
  });

export function useGoodsDetail(sellerGoodsId: string | undefined) {
  const viewer = useViewerKey();
  return useQuery({ ...goodsDetailQueryOptions(sellerGoodsId ?? '', viewer), enabled: Boolean(sellerGoodsId) });
}
