// The shop's orders (orders!list, !details, !push) and its refunds and returns (orders!list-returns,
// !details-returns), as the existing seller-panel calls answer them.
import type { sellerOrderDetailsOutput, sellerOrdersOutput, sellerReturnOutput, sellerReturnsOutput } from '@caravan/contract/orders';
import type { WireOf } from '@caravan/ui/wire';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sellerCall } from '../../lib/api.ts';
import { sellerKeys } from '../../lib/query-keys.ts';

export type SellerOrdersPage = WireOf<typeof sellerOrdersOutput>;
export type SellerOrder = SellerOrdersPage['pageList'][number];
export type SellerOrderDetails = WireOf<typeof sellerOrderDetailsOutput>;
export type SellerReturnsPage = WireOf<typeof sellerReturnsOutput>;
export type SellerReturn = WireOf<typeof sellerReturnOutput>;

/** Legacy status of a paid order the seller has not accepted yet (the only one that can be pushed). */
export const TO_ACCEPT_STATUS = 1;

export const ordersQuery = (filter: { pageNum: number; pageSize: number; status?: number | undefined; orderId?: string | undefined }) =>
  queryOptions({
    queryKey: [...sellerKeys.orders(), filter],
    queryFn: () => sellerCall<SellerOrdersPage>('orders!list', { ...filter }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: sellerKeys.order(orderId),
    queryFn: () => sellerCall<SellerOrderDetails>('orders!details', { orderId }, { silent: true }),
  });

export const returnsQuery = (filter: { pageNum: number; pageSize: number; returnStatus?: number | undefined }) =>
  queryOptions({
    queryKey: [...sellerKeys.returns(), filter],
    queryFn: () => sellerCall<SellerReturnsPage>('orders!list-returns', { ...filter }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export const returnQuery = (orderId: string) =>
  queryOptions({
    queryKey: sellerKeys.returnDetail(orderId),
    queryFn: () => sellerCall<SellerReturn>('orders!details-returns', { orderId }, { silent: true }),
  });

/** orders!push: accepts paid orders with the fund password; the lists, the badge, the dashboard and the earnings change. */
export function usePushOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, safeword }: { orderIds: string[]; safeword: string }) => sellerCall<null>('orders!push', { orderId: orderIds.join(','), safeword }, { silent: true }),
    onSettled: () => {
      for (const key of [sellerKeys.orders(), ['seller', 'order'], sellerKeys.noPush(), sellerKeys.overview(), sellerKeys.earnings()]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
