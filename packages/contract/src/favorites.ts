import { z } from 'zod';
import { goodsVoOutput, sellerVoOutput } from './catalog.ts';
import { pagedListSchema } from './paging.ts';
import { intParam, requiredIdParam } from './params.ts';

// Favourite goods ("keep") and followed shops ("focus"), API reference section 5.

const id = requiredIdParam;

export const pageInput = z.object({
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});

export const keepGoodsInput = z.object({ sellerGoodsId: id('favorites.goods_id_required', 'favorites.goods_id_invalid') });
export const keptGoodsOutput = pagedListSchema(goodsVoOutput);
export const countOutput = z.number().int();

export const followInput = z.object({ sellerId: id('favorites.seller_id_required', 'favorites.seller_id_invalid') });
/** The PC client names the shop `focusSellerId` when unfollowing; the server reads `sellerId`. */
export const unfollowInput = z.object({
  sellerId: id('favorites.seller_id_required', 'favorites.seller_id_invalid').optional(),
  focusSellerId: id('favorites.seller_id_required', 'favorites.seller_id_invalid').optional(),
});
export const followedShopsOutput = pagedListSchema(
  z.object({ id: z.string(), partyId: z.string(), sellerId: z.string(), createTime: z.string(), sellerVo: sellerVoOutput }),
);
