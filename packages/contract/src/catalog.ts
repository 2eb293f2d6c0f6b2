import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { pagedListSchema } from './paging.ts';
import { choiceParam, flagParam, idParam, intParam, requiredIdParam, textParam } from './params.ts';

// Catalogue, shops and reviews: legacy call shapes (API reference section 2).

/** Longest search text accepted (characters). */
export const MAX_KEYWORD_LENGTH = 100;

const pageParams = {
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
};

const id = requiredIdParam;

export const keywordParam = requiredText('catalog.keyword_required', 'catalog.keyword_too_long', 400);

// ---- categories -------------------------------------------------------------------------------

export const categoryCardOutput = z.object({
  categoryId: z.string(),
  name: z.string(),
  iconImg: z.string(),
  des: z.string(),
  sort: z.number().int(),
});

export const categoryListInput = z.object({ ...pageParams });
export const categoryListOutput = pagedListSchema(categoryCardOutput);

export interface CategoryNode {
  id: string;
  categoryId: string;
  parentId: string;
  name: string;
  des: string;
  sort: number;
  rank: number;
  iconImg: string;
  status: number;
  level: number;
  subList: CategoryNode[];
}
export const categoryNodeOutput: z.ZodType<CategoryNode> = z.object({
  id: z.string(),
  categoryId: z.string(),
  parentId: z.string(),
  name: z.string(),
  des: z.string(),
  sort: z.number().int(),
  rank: z.number().int(),
  iconImg: z.string(),
  status: z.number().int(),
  level: z.number().int(),
  get subList() {
    return z.array(categoryNodeOutput);
  },
});
export const categoryTreeInput = z.object({ showHidden: flagParam().optional() });
export const categoryTreeOutput = z.array(categoryNodeOutput);
export const sellerTreeInput = z.object({
  sellerId: idParam('shops.seller_id_invalid').optional(),
  showHidden: flagParam().optional(),
});

// ---- shops ------------------------------------------------------------------------------------

/**
 * Service scores measured from the shop's real orders of the last `windowDays` days; a rate is null
 * while nothing was counted for it.
 */
export const serviceScoresOutput = z.object({
  windowDays: z.number().int(),
  /** paid orders accepted (or shipped) within 24 hours of payment / paid orders decided */
  shipWithin24hRate: z.number().nullable(),
  shipCounted: z.number().int(),
  /** paid orders with a refund or return request / paid orders */
  disputeRate: z.number().nullable(),
  disputeCounted: z.number().int(),
  /** good reviews written by buyers / reviews written by buyers (default reviews not counted) */
  goodReviewRate: z.number().nullable(),
  reviewsCounted: z.number().int(),
});
export type ServiceScores = z.infer<typeof serviceScoresOutput>;

export const sellerVoOutput = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  banner: z.string(),
  shopRemark: z.string(),
  status: z.number().int(),
  /** recommended since, epoch ms; 0 when not recommended */
  recTime: z.number(),
  soldNum: z.number().int(),
  viewsNum: z.number().int(),
  focusNum: z.number().int(),
  sellerGoodsNum: z.number().int(),
  /** share of good reviews (0-1); 0 while the shop has no reviews */
  highOpinion: z.number(),
  evaluationNum: z.number().int(),
  onShelvesFlag: z.string(),
  /** honesty: legacy fake counters are always 0 */
  fake: z.number().int(),
  fakeSoldNum: z.number().int(),
  black: z.number().int(),
  isFocus: z.number().int().optional(),
  /** seller!info only: service scores measured from the shop's real orders and reviews */
  serviceScores: serviceScoresOutput.optional(),
});
export type SellerVo = z.infer<typeof sellerVoOutput>;

export const sellerListInput = z.object({ ...pageParams, isRec: flagParam().optional() });
export const sellerListOutput = pagedListSchema(sellerVoOutput);
export const sellerInfoInput = z.object({ sellerId: idParam('shops.seller_id_invalid').optional() });

// ---- goods ------------------------------------------------------------------------------------

export const attributeOutput = z.object({ attrId: z.string(), attrName: z.string(), valueId: z.string(), valueName: z.string() });
export const selectableAttributeOutput = z.object({
  attrId: z.string(),
  attrName: z.string(),
  values: z.array(z.object({ valueId: z.string(), valueName: z.string() })),
});
export const skuOutput = z.object({
  skuId: z.string(),
  valueIds: z.array(z.string()),
  attrText: z.string(),
  sellingPrice: z.string(),
  discountPrice: z.string().optional(),
  stock: z.number().int(),
});

export const goodsVoOutput = z.object({
  /** the seller-goods id (`sellerGoodsId` everywhere) */
  id: z.string(),
  /** the system goods id */
  goodsId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  name: z.string(),
  unit: z.string(),
  des: z.string(),
  imgDes: z.string(),
  /** the buyer's price before any discount */
  price: z.string(),
  sellingPrice: z.string(),
  discountPrice: z.string().optional(),
  discountRatio: z.string().optional(),
  discountStartTime: z.string(),
  discountEndTime: z.string(),
  categoryId: z.string(),
  secondaryCategoryId: z.string(),
  soldNum: z.number().int(),
  viewsNum: z.number().int(),
  isShelf: z.number().int(),
  isNew: z.number().int(),
  isHot: z.number().int(),
  showWeight1: z.number().int(),
  showWeight2: z.number().int(),
  recTime: z.number(),
  newTime: z.number(),
  stopTime: z.number(),
  imgUrl1: z.string(),
  imgUrl2: z.string(),
  imgUrl3: z.string(),
  imgUrl4: z.string(),
  zoomImg: z.string(),
  freightAmount: z.string(),
  buyMin: z.number().int(),
  highOpinion: z.number(),
  evaluationNum: z.number().int(),
  isKeep: z.number().int().optional(),
});
export type GoodsVo = z.infer<typeof goodsVoOutput>;

export const goodsDetailOutput = goodsVoOutput.extend({
  images: z.array(z.object({ large: z.string(), thumb: z.string() })),
  freightDispatch: z.string(),
  freightLongDistance: z.string(),
  freightDelivery: z.string(),
  canSelectAttributes: z.array(selectableAttributeOutput),
  attributes: z.array(attributeOutput).optional(),
  skus: z.array(skuOutput),
  stock: z.number().int(),
  seller: sellerVoOutput,
});
export type GoodsDetail = z.infer<typeof goodsDetailOutput>;

const listFlags = {
  isNew: flagParam().optional(),
  isHot: flagParam().optional(),
  isRec: flagParam().optional(),
  recTime: intParam().optional(),
  discount: flagParam().optional(),
  /** price order: 1 (or "asc") ascending, 2 (or "desc") descending */
  isPrice: choiceParam(['0', '1', '2', 'asc', 'desc']).optional(),
};

export const goodsListInput = z.object({
  ...pageParams,
  ...listFlags,
  sellerId: idParam('shops.seller_id_invalid').optional(),
  categoryId: idParam('catalog.category_invalid').optional(),
});
export const goodsPageOutput = pagedListSchema(goodsVoOutput);

export const goodsSearchInput = z.object({ ...pageParams, ...listFlags, keyword: keywordParam });
export const shopSearchInput = z.object({
  ...pageParams,
  keyword: keywordParam,
  sellerId: id('shops.seller_required', 'shops.seller_id_invalid'),
});
export const searchGoodsInput = z.object({
  ...pageParams,
  ...listFlags,
  goodsId: id('catalog.goods_required', 'catalog.goods_not_found'),
});
export const suggestionInput = z.object({ keyword: keywordParam, ...listFlags });
export const suggestionOutput = z.object({
  sellerList: z.array(sellerVoOutput),
  goodsList: z.array(z.object({ goodsId: z.string(), name: z.string() })),
});

export const recommendNewInput = z.object({ ...pageParams, type: choiceParam(['0', '1', '2']).optional() });
export const recommendNewOutput = z.object({ result: z.array(goodsVoOutput) });
export const recommendLikeInput = z.object({
  sellerId: id('shops.seller_required', 'shops.seller_id_invalid'),
  type: choiceParam(['0', '1', '2']).optional(),
});
export const recommendLikeOutput = z.array(goodsVoOutput);

export const goodsInfoInput = z.object({
  sellerGoodsId: id('catalog.goods_required', 'catalog.goods_not_found'),
  /** "-1" means none */
  skuId: textParam(40).optional(),
});

// ---- reviews ----------------------------------------------------------------------------------

/** evaluationType: "" all, 1 good, 2 medium, 3 bad, 4 with pictures */
export const evaluationListInput = z.object({
  ...pageParams,
  sellerGoodsId: id('catalog.goods_required', 'catalog.goods_not_found'),
  evaluationType: choiceParam(['1', '2', '3', '4'], 'common.param_invalid').optional(),
});
export const evaluationOutput = z.object({
  id: z.string(),
  orderId: z.string(),
  sellerGoodsId: z.string(),
  skuId: z.string(),
  evaluationType: z.number().int(),
  rating: z.number().int(),
  content: z.string(),
  imgUrl1: z.string(),
  imgUrl2: z.string(),
  imgUrl3: z.string(),
  imgUrl4: z.string(),
  imgUrl5: z.string(),
  imgUrl6: z.string(),
  imgUrl7: z.string(),
  imgUrl8: z.string(),
  imgUrl9: z.string(),
  userName: z.string(),
  partyName: z.string(),
  avatar: z.string(),
  partyAvatar: z.string(),
  attributes: z.string(),
  countryName: z.string(),
  sourceType: z.number().int(),
  evaluationTime: z.string(),
  createTimeStr: z.string(),
  commentTime: z.string(),
});
export const evaluationListOutput = pagedListSchema(evaluationOutput).extend({ evaluationNum: z.number().int() });
export const countTypeInput = z.object({ goodId: id('catalog.goods_required', 'catalog.goods_not_found') });
export const countTypeOutput = z.object({
  havePicture: z.string(),
  positiveComments: z.string(),
  mediumReview: z.string(),
  negativeComment: z.string(),
});

