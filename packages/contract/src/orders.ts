import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { pagedListSchema } from './paging.ts';
import { intParam, requiredIdParam, textParam } from './params.ts';

// Order calls (API reference section 6). Amounts travel as decimal strings with 2 decimals.

/** Legacy list tabs: -1 cancelled, 0 to pay, 1 to ship, 2 confirmed, 3 to receive, 4 received, 5 reviewed, 6 refund. */
export const LEGACY_STATUSES = [-1, 0, 1, 2, 3, 4, 5, 6] as const;

/** The 5 cancel reasons (spec): 0 do not want it, 1 wrong product, 2 duplicate order, 3 cannot receive, 4 other. */
export const CANCEL_REASON_CODES = ['0', '1', '2', '3', '4'] as const;

export interface OrderLine {
  sellerGoodsId: string;
  skuId?: string | undefined;
  goodsNum: number;
}

/**
 * `orderInfo`: a JSON array of `{ sellerGoodsId, skuId, goodsNum }`, or the legacy delimited form
 * "sellerGoodsId,goodsNum[,skuId]" with entries joined by ";" or "|".
 */
export function parseOrderInfo(raw: unknown): OrderLine[] | undefined {
  if (typeof raw !== 'string' && !Array.isArray(raw)) return undefined;
  let entries: unknown[];
  if (Array.isArray(raw)) entries = raw;
  else if (raw.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!Array.isArray(parsed)) return undefined;
      entries = parsed;
    } catch {
      return undefined;
    }
  } else {
    entries = raw
      .split(/[;|]/)
      .map((part) => part.trim())
      .filter((part) => part.length > 0)
      .map((part) => {
        const [sellerGoodsId, goodsNum, skuId] = part.split(',').map((piece) => piece.trim());
        return { sellerGoodsId, goodsNum, skuId };
      });
  }
  if (entries.length === 0 || entries.length > 100) return undefined;
  const lines: OrderLine[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') return undefined;
    const { sellerGoodsId, skuId, goodsNum } = entry as Record<string, unknown>;
    const count = typeof goodsNum === 'number' ? goodsNum : typeof goodsNum === 'string' && /^\d{1,9}$/.test(goodsNum) ? Number(goodsNum) : Number.NaN;
    if (typeof sellerGoodsId !== 'string' || !/^[0-9a-f]{32}$/.test(sellerGoodsId)) return undefined;
    if (skuId !== undefined && skuId !== null && skuId !== '' && (typeof skuId !== 'string' || !/^[0-9a-f]{32}$/.test(skuId))) return undefined;
    if (!Number.isSafeInteger(count)) return undefined;
    lines.push({ sellerGoodsId, skuId: typeof skuId === 'string' && skuId !== '' ? skuId : undefined, goodsNum: count });
  }
  return lines;
}

export const submitInput = z.object({
  orderInfo: z.unknown().transform((value, ctx) => {
    const lines = parseOrderInfo(value);
    if (!lines) {
      ctx.addIssue({ code: 'custom', message: 'orders.order_info_invalid' });
      return z.NEVER;
    }
    return lines;
  }),
  addressId: requiredIdParam('orders.address_required', 'orders.address_not_found'),
  fromCart: textParam(5).optional(),
});

export const orderSummaryOutput = z.object({
  id: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  goodsCount: z.number().int(),
  prizeReal: z.string(),
  fees: z.string(),
  tax: z.string(),
  serviceFee: z.string(),
  totalPrice: z.string(),
  status: z.number().int(),
});
export const submitOutput = z.object({ orderList: z.array(orderSummaryOutput) });

/** One order id, or several joined by commas (order!pay). */
const orderIds = requiredText('orders.id_required', 'orders.not_found', 2000);
export const payInput = z.object({
  orderId: orderIds,
  safeword: z.string({ error: 'accounts.safeword_required' }).max(64, { error: 'accounts.safeword_length' }).optional(),
});
export const orderIdInput = z.object({ orderId: requiredText('orders.id_required', 'orders.not_found', 64) });
export const cancelInput = orderIdInput.extend({
  returnReason: textParam(200).optional(),
});

export const listMainInput = z.object({
  status: intParam({ min: -1, max: 6, error: 'orders.status_invalid' }).optional(),
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});
export const orderListItemOutput = z.object({
  partyId: z.string(),
  username: z.string(),
  id: z.string(),
  status: z.number().int(),
  goodsCount: z.number().int(),
  priceCount: z.string(),
  goodsFrom: z.string(),
  sellerId: z.string(),
  returnStatus: z.number().int(),
  fees: z.string(),
  tax: z.string(),
  sellerStatus: z.number().int(),
  createTime: z.string(),
  firstGoodsName: z.string(),
  firstGoodsIcon: z.string(),
});
export const listMainOutput = pagedListSchema(orderListItemOutput);

export const orderInfoOutput = z.object({
  orderInfo: z.object({
    id: z.string(),
    createTime: z.string(),
    status: z.number().int(),
    pushTime: z.string(),
    payTime: z.string(),
    partyId: z.string(),
    username: z.string(),
    sellerId: z.string(),
    sellerName: z.string(),
    phone: z.string(),
    email: z.string(),
    contacts: z.string(),
    postcode: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    address: z.string(),
    payStatus: z.number().int(),
    prizeReal: z.string(),
    prizeOriginal: z.string(),
    systemPrice: z.string(),
    profit: z.string(),
    fees: z.string(),
    tax: z.string(),
    serviceFee: z.string(),
    totalPrice: z.string(),
    discount: z.string(),
    goodsCount: z.number().int(),
    purchStatus: z.number().int(),
    returnStatus: z.number().int(),
    cancelReason: z.string(),
    reminded: z.number().int(),
    payDeadline: z.string(),
  }),
});

export const listGoodsInput = orderIdInput.extend({
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});
export const orderGoodsOutput = z.object({
  id: z.string(),
  attributes: z.string(),
  skuId: z.string(),
  goodsId: z.string(),
  goodsName: z.string(),
  goodsNum: z.number().int(),
  goodsReal: z.string(),
  goodsIcon: z.string(),
  fees: z.string(),
  tax: z.string(),
  systemPrice: z.string(),
  profit: z.string(),
  totalCost: z.string(),
  sellingPrice: z.string(),
  isShelf: z.number().int(),
  isValid: z.number().int(),
  evaluated: z.number().int(),
});
export const listGoodsOutput = pagedListSchema(orderGoodsOutput);

export const countStatusOutput = z.object({
  waitPayCount: z.string(),
  waitDeliverCount: z.string(),
  waitReceiptCount: z.string(),
  waitEvaluateCount: z.string(),
  refundCount: z.string(),
});

export const orderLogOutput = z.array(z.object({ id: z.string(), orderId: z.string(), log: z.string(), content: z.string(), key: z.string(), createTime: z.string() }));

/** One review of an order's goods: 1 good, 2 medium, 3 bad; 1-5 stars; up to 9 pictures (imgUrl1..imgUrl9). */
const picture = textParam(500).optional();
export const reviewInput = z.object({
  sellerGoodsId: requiredText('orders.review_invalid', 'orders.review_invalid', 64),
  evaluationType: intParam({ min: 1, max: 3, error: 'orders.review_invalid' }),
  rating: intParam({ min: 1, max: 5, error: 'orders.review_invalid' }),
  content: textParam(1000).optional(),
  imgUrl1: picture,
  imgUrl2: picture,
  imgUrl3: picture,
  imgUrl4: picture,
  imgUrl5: picture,
  imgUrl6: picture,
  imgUrl7: picture,
  imgUrl8: picture,
  imgUrl9: picture,
  /** not a legacy field: a tenth picture is refused rather than dropped */
  imgUrl10: picture,
});
export type ReviewInput = z.output<typeof reviewInput>;

export const evaluationAddInput = reviewInput.extend({ orderId: requiredText('orders.id_required', 'orders.not_found', 64) });
export const evaluationAddListInput = z.object({
  orderId: requiredText('orders.id_required', 'orders.not_found', 64),
  evaluationAdds: z.array(reviewInput, { error: 'orders.review_invalid' }).min(1, { error: 'orders.review_invalid' }).max(100, { error: 'orders.review_invalid' }),
});

// ---- seller panel (/wap/seller/orders!*) ------------------------------------------------------

const legacyDate = textParam(19).optional();
export const sellerOrdersInput = z.object({
  status: intParam({ min: -1, max: 6, error: 'orders.status_invalid' }).optional(),
  orderId: textParam(64).optional(),
  payStatus: intParam({ min: 0, max: 1, error: 'orders.status_invalid' }).optional(),
  purchStatus: intParam({ min: 0, max: 1, error: 'orders.status_invalid' }).optional(),
  /** yyyy-MM-dd or yyyy-MM-dd HH:mm:ss in the platform time zone */
  begin: legacyDate,
  end: legacyDate,
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});
export const sellerOrderOutput = z.object({
  id: z.string(),
  contacts: z.string(),
  prizeReal: z.string(),
  profit: z.string(),
  purchStatus: z.number().int(),
  payStatus: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
  purchTime: z.string(),
  partyId: z.string(),
  username: z.string(),
  totalCost: z.string(),
  reminded: z.number().int(),
});
export const sellerOrdersOutput = pagedListSchema(sellerOrderOutput);
export const sellerOrderDetailsOutput = z.object({
  id: z.string(),
  createTime: z.string(),
  pushTime: z.string(),
  returnPrice: z.string(),
  status: z.number().int(),
  orderStatus: z.number().int(),
  systemPrice: z.string(),
  prizeReal: z.string(),
  profit: z.string(),
  address: z.string(),
  contacts: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  postcode: z.string(),
  partyId: z.string(),
  username: z.string(),
});
export const sellerPushInput = z.object({
  orderId: requiredText('orders.id_required', 'orders.not_found', 2000),
  safeword: z.string({ error: 'accounts.safeword_required' }).max(64, { error: 'accounts.safeword_length' }).optional(),
});
/** `remindNum`: orders waiting for the seller whose buyer asked to ship (the reminder reaches the seller here and in the list's `reminded`). */
export const noPushOutput = z.object({ noPushNum: z.number().int(), remindNum: z.number().int() });

// ---- refunds and returns ------------------------------------------------------------------------

/** The 9 refund reasons (spec): 1 not received ... 9 other. */
export const REFUND_REASON_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export const returnsInput = z.object({
  orderId: requiredText('orders.id_required', 'orders.not_found', 64),
  returnReason: textParam(20).optional(),
  returnDetail: textParam(500).optional(),
  /** omitted: the whole order */
  returnAmount: z.unknown().optional(),
  imgUrl1: picture,
  imgUrl2: picture,
  imgUrl3: picture,
  imgUrl4: picture,
  imgUrl5: picture,
  imgUrl6: picture,
  imgUrl7: picture,
  imgUrl8: picture,
  imgUrl9: picture,
  imgUrl10: picture,
});

export const sellerReturnsInput = z.object({
  returnStatus: intParam({ min: 0, max: 5, error: 'orders.status_invalid' }).optional(),
  begin: legacyDate,
  end: legacyDate,
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});
export const sellerReturnOutput = z.object({
  id: z.string(),
  createTime: z.string(),
  refundTime: z.string(),
  returnPrice: z.string(),
  returnStatus: z.number().int(),
  returnReason: z.string(),
  returnDetail: z.string(),
  partyId: z.string(),
  username: z.string(),
});
export const sellerReturnsOutput = pagedListSchema(sellerReturnOutput);
