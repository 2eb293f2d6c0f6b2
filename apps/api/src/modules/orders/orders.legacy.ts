import { emptyInput, emptyOutput } from '@caravan/contract/accounts';
import {
  cancelInput,
  countStatusOutput,
  evaluationAddInput,
  evaluationAddListInput,
  listGoodsInput,
  noPushOutput,
  returnsInput,
  sellerReturnOutput,
  sellerReturnsInput,
  sellerReturnsOutput,
  sellerOrderDetailsOutput,
  sellerOrdersInput,
  sellerOrdersOutput,
  sellerPushInput,
  listGoodsOutput,
  listMainInput,
  listMainOutput,
  orderIdInput,
  orderInfoOutput,
  orderLogOutput,
  payInput,
  submitInput,
  submitOutput,
} from '@caravan/contract/orders';
import { z } from 'zod';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { RateRule } from '../../platform/rate-limit.ts';
import { FUND_PASSWORD_LIMITS } from '../accounts/accounts.legacy.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import type { RefundService } from './refund.service.ts';
import type { ReviewService } from './review.service.ts';
import type { SellerOrdersService } from './seller-orders.service.ts';
import { toOrderSummary } from './orders.mapper.ts';
import type { OrderNamePorts, OrdersService } from './orders.service.ts';
import type { PaymentService } from './payment.service.ts';

const TAG = 'orders';

export const ORDER_RATE_RULES = {
  submitPerUser: { name: 'order-submit:user', max: 30, windowMs: MINUTE_MS },
  actionsPerUser: { name: 'order-action:user', max: 60, windowMs: MINUTE_MS },
} as const satisfies Record<string, RateRule>;

export function ordersActions(deps: {
  checkout: CheckoutService;
  payments: PaymentService;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  reviews: ReviewService;
  refunds: RefundService;
  sellerOrders: SellerOrdersService;
  names: OrderNamePorts;
}): AnyAction[] {
  const { checkout, payments, orders, fulfilment, reviews, refunds, sellerOrders, names } = deps;
  const perUser = (rule: RateRule) => [{ rule, subject: 'user' as const }];
  return [
    defineAction({
      call: 'order!submit',
      tag: TAG,
      auth: 'user',
      summary: 'Check out: `orderInfo` (JSON array of {sellerGoodsId, skuId, goodsNum}, or "id,num[,skuId];..."), `addressId`; one order per seller.',
      input: submitInput,
      output: submitOutput,
      rateLimits: perUser(ORDER_RATE_RULES.submitPerUser),
      handler: async (input, ctx) => {
        const placed = await checkout.submit(ctx.user.id, { lines: input.orderInfo, addressId: input.addressId }, ctx.idempotencyKey);
        const shops = await names.shopNames(placed.map((order) => order.shopId));
        return { orderList: placed.map((order) => toOrderSummary(order, shops.get(order.shopId) ?? '')) };
      },
    }),
    defineAction({
      call: 'order!pay',
      tag: TAG,
      auth: 'user',
      summary: 'Pay one order or several (ids joined by commas) from the wallet, with the fund password; all or nothing.',
      input: payInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      rateLimits: FUND_PASSWORD_LIMITS,
      handler: async (input, ctx) => {
        await payments.pay(ctx.user.id, input.orderId, input.safeword, { ip: ctx.ip, requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey });
        return null;
      },
    }),
    defineAction({
      call: 'order!cancel',
      tag: TAG,
      auth: 'user',
      summary: 'Cancel an unpaid order with one of the 5 reasons (0..4); its stock returns.',
      input: cancelInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      rateLimits: perUser(ORDER_RATE_RULES.actionsPerUser),
      handler: async (input, ctx) => {
        await payments.cancel(ctx.user.id, input.orderId, input.returnReason);
        return null;
      },
    }),
    defineAction({
      call: 'order!remind',
      tag: TAG,
      auth: 'user',
      summary: 'Remind the seller to ship a paid order (once per order).',
      input: orderIdInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      rateLimits: perUser(ORDER_RATE_RULES.actionsPerUser),
      handler: async (input, ctx) => {
        await payments.remind(ctx.user.id, input.orderId);
        return null;
      },
    }),
    defineAction({
      call: 'order!receipt',
      tag: TAG,
      auth: 'user',
      summary: 'Confirm receipt of a shipped order.',
      input: orderIdInput,
      output: emptyOutput,
      successMessage: 'success.received',
      rateLimits: perUser(ORDER_RATE_RULES.actionsPerUser),
      handler: async (input, ctx) => {
        await fulfilment.receive(ctx.user.id, input.orderId);
        return null;
      },
    }),
    defineAction({
      call: 'order!returns',
      tag: TAG,
      auth: 'user',
      summary: 'Ask for a refund (paid or confirmed) or a return (within the return window after receipt): returnReason 1..9, returnDetail, returnAmount, imgUrl1..imgUrl9.',
      input: returnsInput,
      output: emptyOutput,
      successMessage: 'success.application_submitted',
      rateLimits: perUser(ORDER_RATE_RULES.actionsPerUser),
      handler: async (input, ctx) => {
        const pictures = [input.imgUrl1, input.imgUrl2, input.imgUrl3, input.imgUrl4, input.imgUrl5, input.imgUrl6, input.imgUrl7, input.imgUrl8, input.imgUrl9, input.imgUrl10]
          .map((url) => url?.trim() ?? '')
          .filter((url) => url.length > 0);
        await refunds.request(ctx.user.id, input.orderId, { reason: input.returnReason, detail: input.returnDetail, amount: input.returnAmount, pictures });
        return null;
      },
    }),
    defineAction({
      call: 'evaluation!add',
      tag: TAG,
      auth: 'user',
      summary: 'Review one item of a received order (evaluationType 1 good, 2 medium, 3 bad; rating 1-5; imgUrl1..imgUrl9).',
      input: evaluationAddInput,
      output: emptyOutput,
      successMessage: 'success.review_submitted',
      rateLimits: perUser(ORDER_RATE_RULES.actionsPerUser),
      handler: async (input, ctx) => {
        await reviews.review(ctx.user.id, input.orderId, [input]);
        return null;
      },
    }),
    defineAction({
      call: 'evaluation!addList',
      tag: TAG,
      auth: 'user',
      summary: 'Review several items of a received order at once (JSON body {orderId, evaluationAdds: [...]}).',
      input: evaluationAddListInput,
      output: emptyOutput,
      successMessage: 'success.review_submitted',
      rateLimits: perUser(ORDER_RATE_RULES.actionsPerUser),
      handler: async (input, ctx) => {
        await reviews.review(ctx.user.id, input.orderId, input.evaluationAdds);
        return null;
      },
    }),
    defineAction({
      call: 'order!listMain',
      tag: TAG,
      auth: 'user',
      summary: 'My orders, newest first; `status` -1..6 picks a tab (omit for all).',
      input: listMainInput,
      output: listMainOutput,
      handler: (input, ctx) => orders.listMain(ctx.user, input, ctx.locale),
    }),
    defineAction({
      call: 'order!info',
      tag: TAG,
      auth: 'user',
      summary: "An order's detail (its buyer or its seller only).",
      input: orderIdInput.extend({ type: z.string().max(5).optional() }),
      output: orderInfoOutput,
      handler: (input, ctx) => orders.info(input.orderId, { userId: ctx.user.id }),
    }),
    defineAction({
      call: 'order!listGoods',
      tag: TAG,
      auth: 'user',
      summary: "An order's goods with the prices paid.",
      input: listGoodsInput,
      output: listGoodsOutput,
      handler: (input, ctx) => orders.goods(input.orderId, { userId: ctx.user.id }, input, ctx.locale),
    }),
    defineAction({
      call: 'order!countOrderStatus',
      tag: TAG,
      auth: 'user',
      summary: 'Counts for the order tabs.',
      input: emptyInput,
      output: countStatusOutput,
      handler: (_input, ctx) => orders.counts(ctx.user.id),
    }),
    defineAction({
      call: 'orderLog!list',
      tag: TAG,
      auth: 'user',
      summary: "An order's timeline, oldest first, in the request's language.",
      input: orderIdInput,
      output: orderLogOutput,
      handler: (input, ctx) => orders.timeline(input.orderId, { userId: ctx.user.id }, ctx.locale),
    }),

    // ---- seller panel ----------------------------------------------------------------------------
    defineAction({
      call: 'orders!list',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The shop's orders with filters (status, orderId, payStatus, purchStatus, begin, end).",
      input: sellerOrdersInput,
      output: sellerOrdersOutput,
      handler: (input, ctx) => sellerOrders.list(ctx.user.id, input),
    }),
    defineAction({
      call: 'orders!details',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "One of the shop's orders.",
      input: orderIdInput,
      output: sellerOrderDetailsOutput,
      handler: (input, ctx) => sellerOrders.details(ctx.user.id, input.orderId),
    }),
    defineAction({
      call: 'orders!push',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: 'Accept paid orders ("merchant confirmed, stocking"; ids joined by commas, fund password). The seller never pays.',
      input: sellerPushInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      rateLimits: FUND_PASSWORD_LIMITS,
      handler: async (input, ctx) => {
        await fulfilment.confirm(ctx.user.id, input.orderId, input.safeword, { ip: ctx.ip, requestId: ctx.requestId });
        return null;
      },
    }),
    defineAction({
      call: 'orders!list-returns',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The shop's refunds and returns (returnStatus 0..5, begin, end).",
      input: sellerReturnsInput,
      output: sellerReturnsOutput,
      handler: (input, ctx) => sellerOrders.listReturns(ctx.user.id, input),
    }),
    defineAction({
      call: 'orders!details-returns',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "One of the shop's refunds or returns.",
      input: orderIdInput,
      output: sellerReturnOutput,
      handler: (input, ctx) => sellerOrders.detailsReturn(ctx.user.id, input.orderId),
    }),
    defineAction({
      call: 'orders!noPushNum',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: 'Paid orders waiting for the seller to accept them.',
      input: emptyInput,
      output: noPushOutput,
      handler: (_input, ctx) => sellerOrders.noPushNum(ctx.user.id),
    }),
  ];
}
