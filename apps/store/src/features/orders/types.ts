// Wire shapes of the order calls, inferred from the contract's zod schemas without bundling zod
// (type-only imports; the store does not depend on zod itself).
import type { countStatusOutput, listGoodsOutput, listMainOutput, orderInfoOutput, orderLogOutput } from '@caravan/contract/orders';

type Infer<Schema> = Schema extends { _zod: { output: infer Output } } ? Output : never;

export type OrderPage = Infer<typeof listMainOutput>;
export type OrderListItem = OrderPage['pageList'][number];
export type OrderInfo = Infer<typeof orderInfoOutput>['orderInfo'];
export type OrderGoodsPage = Infer<typeof listGoodsOutput>;
export type OrderGoods = OrderGoodsPage['pageList'][number];
export type OrderCounts = Infer<typeof countStatusOutput>;
export type OrderLogEntry = Infer<typeof orderLogOutput>[number];
