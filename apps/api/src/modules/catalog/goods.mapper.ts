import type { GoodsDetail, GoodsVo, SellerVo } from '@caravan/contract/catalog';
import type { Locale } from '@caravan/contract/languages';
import { money, type Money } from '@caravan/contract/money';
import { discountedPrice, sellingPriceOf } from '@caravan/contract/pricing';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import { goodReviewRate } from '../shops/shops.mapper.ts';
import type { GoodsDetailRow, GoodsRow } from './goods.repository.ts';
import { localized } from './localized.ts';

// Rows -> the legacy goods card (GoodsVo) and detail. Prices are decimal strings with 2 decimals,
// truncated as the legacy server did; counters are the real ones (pending page views included).

export interface MapContext {
  locale: Locale;
  now: Date;
  timeZone: string;
  /** global minimum purchase quantity */
  minQuantity: number;
  keptIds?: ReadonlySet<string> | undefined;
  pendingViews?: (id: string) => number;
}

/** A price on the wire: 2 decimals, truncated as the legacy server did. */
export function price(value: Money): string {
  return money.format(value, { decimals: 2, rounding: 'down' });
}

export function discountActive(row: Pick<GoodsRow, 'discount_ratio' | 'discount_start_at' | 'discount_end_at'>, now: Date): boolean {
  return (
    row.discount_ratio !== null &&
    row.discount_start_at !== null &&
    row.discount_end_at !== null &&
    row.discount_start_at <= now &&
    now < row.discount_end_at
  );
}


export function toGoodsVo(row: GoodsRow, ctx: MapContext): GoodsVo {
  const sellingPrice = money.fromDb(row.selling_price);
  const active = discountActive(row, ctx.now);
  const images = row.images;
  const freight = money.sum([money.fromDb(row.freight_dispatch), money.fromDb(row.freight_long_distance), money.fromDb(row.freight_delivery)]);
  const vo: GoodsVo = {
    id: row.id,
    goodsId: row.goods_id,
    sellerId: row.shop_id,
    sellerName: row.shop_name,
    name: localized(row.names, ctx.locale),
    unit: localized(row.units, ctx.locale),
    des: '',
    imgDes: '',
    price: price(sellingPrice),
    sellingPrice: price(sellingPrice),
    discountStartTime: row.discount_ratio ? formatLegacyDateTime(ctx.timeZone, row.discount_start_at) : '',
    discountEndTime: row.discount_ratio ? formatLegacyDateTime(ctx.timeZone, row.discount_end_at) : '',
    categoryId: row.top_category_id,
    secondaryCategoryId: row.category_id,
    soldNum: row.sold_num,
    viewsNum: row.views_num + (ctx.pendingViews?.(row.id) ?? 0),
    isShelf: row.is_shelf ? 1 : 0,
    isNew: row.is_new ? 1 : 0,
    isHot: row.is_hot ? 1 : 0,
    showWeight1: 0,
    showWeight2: 0,
    recTime: row.rec_at ? row.rec_at.getTime() : 0,
    newTime: row.is_new && row.new_at ? row.new_at.getTime() : 0,
    stopTime: 0,
    imgUrl1: images[0]?.large ?? '',
    imgUrl2: images[1]?.large ?? '',
    imgUrl3: images[2]?.large ?? '',
    imgUrl4: images[3]?.large ?? '',
    zoomImg: images[0]?.thumb ?? '',
    freightAmount: price(freight),
    buyMin: Math.max(row.buy_min, ctx.minQuantity),
    highOpinion: goodReviewRate(row.review_count, row.good_review_count),
    evaluationNum: row.review_count,
  };
  if (active && row.discount_ratio) {
    vo.discountPrice = price(discountedPrice(sellingPrice, row.discount_ratio));
    vo.discountRatio = row.discount_ratio.replace(/\.?0+$/, '');
  }
  if (ctx.keptIds) vo.isKeep = ctx.keptIds.has(row.id) ? 1 : 0;
  return vo;
}


export function toGoodsDetail(row: GoodsDetailRow, seller: SellerVo, skuId: string | undefined, ctx: MapContext): GoodsDetail {
  const card = toGoodsVo(row, ctx);
  const active = discountActive(row, ctx.now);
  const valueNames = new Map<string, { attrId: string; attrName: string; valueName: string }>();
  for (const attribute of row.attributes) {
    for (const value of attribute.values) {
      valueNames.set(value.id, { attrId: attribute.id, attrName: localized(attribute.name, ctx.locale), valueName: localized(value.name, ctx.locale) });
    }
  }
  const skus = row.skus.map((sku) => {
    const selling = sellingPriceOf(money.fromDb(sku.price), row.profit_ratio);
    const attrText = sku.valueIds
      .map((valueId) => valueNames.get(valueId))
      .filter((entry) => entry !== undefined)
      .map((entry) => `${entry.attrName}: ${entry.valueName}`)
      .join('; ');
    return {
      skuId: sku.id,
      valueIds: sku.valueIds,
      attrText,
      sellingPrice: price(selling),
      ...(active && row.discount_ratio ? { discountPrice: price(discountedPrice(selling, row.discount_ratio)) } : {}),
      stock: sku.stock,
    };
  });
  const chosen = skuId ? row.skus.find((sku) => sku.id === skuId) : undefined;
  const detail: GoodsDetail = {
    ...card,
    des: localized(row.descriptions, ctx.locale),
    images: row.images,
    freightDispatch: price(money.fromDb(row.freight_dispatch)),
    freightLongDistance: price(money.fromDb(row.freight_long_distance)),
    freightDelivery: price(money.fromDb(row.freight_delivery)),
    canSelectAttributes: row.attributes.map((attribute) => ({
      attrId: attribute.id,
      attrName: localized(attribute.name, ctx.locale),
      values: attribute.values.map((value) => ({ valueId: value.id, valueName: localized(value.name, ctx.locale) })),
    })),
    skus,
    stock: row.skus.reduce((total, sku) => total + sku.stock, 0),
    seller,
  };
  if (chosen) {
    detail.attributes = chosen.valueIds
      .map((valueId) => {
        const entry = valueNames.get(valueId);
        return entry ? { attrId: entry.attrId, attrName: entry.attrName, valueId, valueName: entry.valueName } : undefined;
      })
      .filter((entry) => entry !== undefined);
  }
  return detail;
}
