import type { noPushOutput } from '@caravan/contract/orders';
import type { SellerOverview } from '@caravan/contract/sellers';
import type { WireOf } from '@caravan/ui/wire';
import { queryOptions } from '@tanstack/react-query';
import { sellerCall } from '../../lib/api.ts';
import { sellerKeys } from '../../lib/query-keys.ts';

/** How often the badge of orders to accept is refreshed while the panel is open. */
export const NO_PUSH_REFRESH_MS = 60_000;

/** shop!overview: the dashboard's figures. */
export const overviewQuery = queryOptions({
  queryKey: sellerKeys.overview(),
  queryFn: () => sellerCall<SellerOverview>('shop!overview', {}, { silent: true }),
});

/** orders!noPushNum: paid orders waiting for the seller (the navigation's badge). */
export const noPushQuery = queryOptions({
  queryKey: sellerKeys.noPush(),
  queryFn: () => sellerCall<WireOf<typeof noPushOutput>>('orders!noPushNum', {}, { silent: true }),
  refetchInterval: NO_PUSH_REFRESH_MS,
});
