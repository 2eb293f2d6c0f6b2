// The cart line for goods on the detail page: what cart.add takes (the cart makes the key and ticks
// it) and what "buy now" hands to the checkout (with its key and ticked). The server prices the order
// again; the prices here are what the buyer saw.
import { checkQuantity, DEFAULT_BUY_MIN, lineKey, type CartFailure, type CartLine } from '@caravan/ui/cart';
import { crossedOutPrice, payPrice } from './goods-price.ts';
import { inStock, missingAttributes, selectedSku, type SelectableAttribute, type Sku, type SkuSelection } from './sku-selection.ts';

/** The fields of the goods detail (GoodsDetail) a cart line is made from. */
export interface GoodsForCart {
  id: string;
  name: string;
  sellerId: string;
  sellerName: string;
  sellingPrice: string;
  discountPrice?: string | undefined;
  zoomImg: string;
  imgUrl1: string;
  buyMin: number;
  canSelectAttributes: SelectableAttribute[];
  skus: Sku[];
  seller?: { id: string; name: string } | undefined;
}

export type NewCartLine = Omit<CartLine, 'checked' | 'key'>;

export type CartLineProblem = 'choose_sku' | 'sku_unavailable' | 'sold_out' | CartFailure;

export type CartLineResult = { ok: true; line: NewCartLine } | { ok: false; reason: CartLineProblem; missing?: string[] };

/** The goods' minimum quantity (never below the cart's own minimum of 1). */
export function minimumQuantity(goods: Pick<GoodsForCart, 'buyMin'>): number {
  return Number.isInteger(goods.buyMin) && goods.buyMin > DEFAULT_BUY_MIN ? goods.buyMin : DEFAULT_BUY_MIN;
}

/** The most one order may take: the platform's per-order maximum, and the chosen SKU's stock. */
export function maximumQuantity(maxPerOrder: number, sku: Sku | undefined): number {
  const stock = sku && Number.isInteger(sku.stock) ? Math.max(0, sku.stock) : Number.POSITIVE_INFINITY;
  return Math.min(maxPerOrder, stock);
}

/**
 * A cart line from the goods, the selection and the quantity, or why not: a variant to choose, a
 * variant that does not exist or is sold out, a quantity outside [buyMin, maxPerOrder] (or above the
 * variant's stock, reported as quantity_above_max).
 */
export function buildCartLine(goods: GoodsForCart, selection: SkuSelection, count: number, maxPerOrder: number): CartLineResult {
  let sku: Sku | undefined;
  if (goods.skus.length > 0) {
    const missing = missingAttributes(goods.canSelectAttributes, selection);
    if (missing.length > 0 && goods.canSelectAttributes.length > 0) {
      return { ok: false, reason: 'choose_sku', missing: missing.map((attribute) => attribute.attrName) };
    }
    sku = selectedSku(goods.canSelectAttributes, goods.skus, selection);
    if (!sku) return { ok: false, reason: 'sku_unavailable' };
    if (!inStock(sku)) return { ok: false, reason: 'sold_out' };
  }
  const buyMin = minimumQuantity(goods);
  const failure = checkQuantity(count, buyMin, maximumQuantity(maxPerOrder, sku));
  if (failure) return { ok: false, reason: failure };
  const priced = sku ?? goods;
  return {
    ok: true,
    line: {
      sellerGoodsId: goods.id,
      skuId: sku?.skuId ?? '',
      name: goods.name,
      checkAttrName: sku?.attrText ?? '',
      image: goods.zoomImg || goods.imgUrl1,
      price: payPrice(priced),
      originalPrice: crossedOutPrice(priced) ?? priced.sellingPrice,
      buyMin,
      count,
      seller: { id: goods.seller?.id || goods.sellerId, name: goods.seller?.name || goods.sellerName },
    },
  };
}

/** "Buy now" hands the checkout one ticked line with its key, as the cart would have made it. */
export function buyNowLine(line: NewCartLine): CartLine {
  return { ...line, key: lineKey(line.sellerGoodsId, line.skuId), checked: true };
}
