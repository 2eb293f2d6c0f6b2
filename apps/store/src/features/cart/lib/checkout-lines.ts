// What the checkout page buys: the product page's "buy now" lines (router state) or else the ticked
// cart lines; and the orderInfo the server expects for them (order!submit: a JSON array of
// { sellerGoodsId, skuId, goodsNum }).
import { checkQuantity, type CartFailure, type CartLine } from '@caravan/ui/cart';

/** order!submit refuses more entries than this. */
export const MAX_ORDER_LINES = 100;
const ID = /^[0-9a-f]{32}$/;

export type CheckoutSource = 'buyNow' | 'cart';

export interface CheckoutLines {
  from: CheckoutSource;
  lines: CartLine[];
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Router state survives reloads in the browser's history, so it is read as untrusted input. */
export function readCartLine(value: unknown): CartLine | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const line = value as Record<string, unknown>;
  const seller = line.seller as Record<string, unknown> | undefined;
  if (!isText(line.sellerGoodsId) || !isText(line.name) || !isText(line.price)) return undefined;
  if (typeof line.count !== 'number' || !seller || typeof seller !== 'object' || !isText(seller.id)) return undefined;
  const skuId = isText(line.skuId) ? line.skuId : '';
  return {
    key: isText(line.key) ? line.key : `${line.sellerGoodsId}:${skuId}`,
    sellerGoodsId: line.sellerGoodsId,
    skuId,
    name: line.name,
    checkAttrName: isText(line.checkAttrName) ? line.checkAttrName : '',
    image: isText(line.image) ? line.image : '',
    price: line.price,
    originalPrice: isText(line.originalPrice) ? line.originalPrice : line.price,
    buyMin: typeof line.buyMin === 'number' && Number.isInteger(line.buyMin) && line.buyMin > 0 ? line.buyMin : 1,
    count: line.count,
    checked: true,
    seller: { id: seller.id, name: isText(seller.name) ? seller.name : '' },
  };
}

/** "Buy now" lines when the router state carries any, otherwise the ticked cart lines. */
export function pickCheckoutLines(state: unknown, cartLines: readonly CartLine[]): CheckoutLines {
  const buyNow = state && typeof state === 'object' ? (state as { buyNow?: unknown }).buyNow : undefined;
  if (Array.isArray(buyNow) && buyNow.length > 0) {
    return { from: 'buyNow', lines: buyNow.map(readCartLine).filter((line) => line !== undefined) };
  }
  return { from: 'cart', lines: cartLines.filter((line) => line.checked) };
}

export interface QuantityProblem {
  key: string;
  reason: CartFailure;
  buyMin: number;
}

/** Lines whose quantity the server would refuse (spec section 5: within [buyMin, per-order maximum]). */
export function quantityProblems(lines: readonly CartLine[], maxPerOrder: number): QuantityProblem[] {
  const problems: QuantityProblem[] = [];
  for (const line of lines) {
    const reason = checkQuantity(line.count, line.buyMin, maxPerOrder);
    if (reason) problems.push({ key: line.key, reason, buyMin: line.buyMin });
  }
  return problems;
}

export interface OrderInfoEntry {
  sellerGoodsId: string;
  skuId: string;
  goodsNum: number;
}

export type OrderInfoResult =
  | { ok: true; orderInfo: string; entries: OrderInfoEntry[] }
  | { ok: false; reason: 'empty' | 'too_many' | 'invalid_line'; key?: string };

/** The order!submit `orderInfo` for the lines, or why there is none. */
export function buildOrderInfo(lines: readonly CartLine[]): OrderInfoResult {
  if (lines.length === 0) return { ok: false, reason: 'empty' };
  if (lines.length > MAX_ORDER_LINES) return { ok: false, reason: 'too_many' };
  const entries: OrderInfoEntry[] = [];
  for (const line of lines) {
    const validSku = line.skuId === '' || ID.test(line.skuId);
    if (!ID.test(line.sellerGoodsId) || !validSku || !Number.isSafeInteger(line.count) || line.count < 1) {
      return { ok: false, reason: 'invalid_line', key: line.key };
    }
    entries.push({ sellerGoodsId: line.sellerGoodsId, skuId: line.skuId, goodsNum: line.count });
  }
  return { ok: true, orderInfo: JSON.stringify(entries), entries };
}
