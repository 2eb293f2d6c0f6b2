import type { SellerVo } from '@caravan/contract/catalog';
import type { ShopRow } from './shops.repository.ts';

export interface ShopFigures {
  goods: number;
  sold: number;
  reviews: number;
  goodReviews: number;
  followers: number;
}

export const NO_FIGURES: ShopFigures = { goods: 0, sold: 0, reviews: 0, goodReviews: 0, followers: 0 };

/** Share of good reviews, 4 decimals; 0 while there are none (no made-up default). */
export function goodReviewRate(reviews: number, goodReviews: number): number {
  return reviews === 0 ? 0 : Math.round((goodReviews / reviews) * 10_000) / 10_000;
}

export function toSellerVo(shop: ShopRow, figures: ShopFigures, pendingViews = 0): SellerVo {
  return {
    id: shop.id,
    name: shop.name,
    avatar: shop.avatarUrl,
    banner: shop.bannerUrl,
    shopRemark: shop.remark,
    status: shop.status === 'open' ? 1 : 0,
    recTime: shop.recAt ? shop.recAt.getTime() : 0,
    soldNum: figures.sold,
    viewsNum: shop.viewsNum + pendingViews,
    focusNum: figures.followers,
    sellerGoodsNum: figures.goods,
    highOpinion: goodReviewRate(figures.reviews, figures.goodReviews),
    evaluationNum: figures.reviews,
    onShelvesFlag: figures.goods > 0 ? '1' : '0',
    fake: 0,
    fakeSoldNum: 0,
    black: 0,
  };
}
