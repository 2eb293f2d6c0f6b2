import {
  categoryListInput,
  categoryListOutput,
  categoryTreeInput,
  categoryTreeOutput,
  countTypeInput,
  countTypeOutput,
  evaluationListInput,
  evaluationListOutput,
  goodsDetailOutput,
  goodsInfoInput,
  goodsListInput,
  goodsPageOutput,
  goodsSearchInput,
  recommendLikeInput,
  recommendLikeOutput,
  recommendNewInput,
  recommendNewOutput,
  searchGoodsInput,
  sellerInfoInput,
  sellerListInput,
  sellerListOutput,
  sellerTreeInput,
  sellerVoOutput,
  shopSearchInput,
  suggestionInput,
  suggestionOutput,
  type ServiceScores,
} from '@caravan/contract/catalog';
import { defineAction, type ActionContext, type AnyAction } from '../../gateway/action.ts';
import { AppError } from '../../platform/errors.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { CategoriesService } from './categories.service.ts';
import type { GoodsService, Viewer } from './goods.service.ts';

const TAG = 'catalog';

function viewer(ctx: ActionContext): Viewer {
  return { locale: ctx.locale, userId: ctx.user?.id };
}

export function catalogActions(deps: {
  categories: CategoriesService;
  goods: GoodsService;
  shops: ShopsService;
  reviews: ReviewsService;
  /** the shop's measured service scores (seller!info) */
  serviceScores: (shopId: string) => Promise<ServiceScores>;
}): AnyAction[] {
  const { categories, goods, shops, reviews } = deps;
  return [
    // ---- categories ---------------------------------------------------------------------------
    defineAction({
      call: 'category!list',
      tag: TAG,
      auth: 'public',
      summary: 'Top-level categories, paged (totalElements is not filled, as legacy).',
      input: categoryListInput,
      output: categoryListOutput,
      handler: (input, ctx) => categories.list(ctx.locale, input, false),
    }),
    defineAction({
      call: 'category!recommend',
      tag: TAG,
      auth: 'public',
      summary: 'Recommended top-level categories, paged.',
      input: categoryListInput,
      output: categoryListOutput,
      handler: (input, ctx) => categories.list(ctx.locale, input, true),
    }),
    defineAction({
      call: 'category!tree',
      tag: TAG,
      auth: 'public',
      summary: 'The two-level category tree (showHidden=1 includes disabled categories).',
      input: categoryTreeInput,
      output: categoryTreeOutput,
      handler: (input, ctx) => categories.tree(ctx.locale, input.showHidden === true),
    }),
    defineAction({
      call: 'category!sellerTree',
      tag: TAG,
      auth: 'optional',
      summary: 'The categories one shop lists goods in (sellerId, or the logged-in seller).',
      input: sellerTreeInput,
      output: categoryTreeOutput,
      handler: async (input, ctx) => {
        const shopId = input.sellerId ?? ctx.user?.id;
        if (!shopId) throw new AppError('shops.seller_required');
        const own = ctx.user?.id === shopId;
        const used = await goods.shopCategoryIds(shopId, own && input.showHidden === true);
        return categories.tree(ctx.locale, input.showHidden === true, used);
      },
    }),

    // ---- goods --------------------------------------------------------------------------------
    defineAction({
      call: 'sellerGoods!list',
      tag: TAG,
      auth: 'optional',
      summary: 'Goods with filters (category of either level, shop, new, hot, recommended, discounted) and sorts (isPrice 1 ascending, 2 descending).',
      input: goodsListInput,
      output: goodsPageOutput,
      handler: (input, ctx) => goods.list(input, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!search',
      tag: TAG,
      auth: 'optional',
      summary: 'Full-text and trigram search across the stored languages, by relevance then sales.',
      input: goodsSearchInput,
      output: goodsPageOutput,
      handler: (input, ctx) => goods.search(input, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!searchSellerGoods',
      tag: TAG,
      auth: 'optional',
      summary: 'Search within one shop (sellerId required).',
      input: shopSearchInput,
      output: goodsPageOutput,
      handler: (input, ctx) => goods.searchInShop(input, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!search-keyword',
      tag: TAG,
      auth: 'optional',
      summary: 'Suggestions while typing: shops (sellerList) and goods ({goodsId, name}).',
      input: suggestionInput,
      output: suggestionOutput,
      handler: (input, ctx) => goods.suggestions(input.keyword, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!search-goods',
      tag: TAG,
      auth: 'optional',
      summary: 'Every shop selling one system good (goodsId), cheapest first.',
      input: searchGoodsInput,
      output: goodsPageOutput,
      handler: (input, ctx) => goods.shopsSelling(input, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!recommend_new',
      tag: TAG,
      auth: 'optional',
      summary: 'Home lists: type 0 daily new, 1 recommended, 2 hot sales (12 per page).',
      input: recommendNewInput,
      output: recommendNewOutput,
      handler: (input, ctx) => goods.recommend(input.type, input, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!recommend_like',
      tag: TAG,
      auth: 'user',
      summary: 'More goods from the same shop (login required).',
      input: recommendLikeInput,
      output: recommendLikeOutput,
      handler: (input, ctx) => goods.moreFromShop(input.sellerId, input.type, viewer(ctx)),
    }),
    defineAction({
      call: 'sellerGoods!info',
      tag: TAG,
      auth: 'optional',
      summary: 'Goods detail: SKU attributes and prices, freight parts, buyMin, seller card; counts the view; isKeep when logged in.',
      input: goodsInfoInput,
      output: goodsDetailOutput,
      handler: (input, ctx) => goods.info(input.sellerGoodsId, input.skuId, viewer(ctx)),
    }),

    // ---- shops --------------------------------------------------------------------------------
    defineAction({
      call: 'seller!list',
      tag: TAG,
      auth: 'optional',
      summary: 'Open shops (isRec=1: recommended ones), with their real figures.',
      input: sellerListInput,
      output: sellerListOutput,
      handler: (input, ctx) => shops.list(input, ctx.user?.id),
    }),
    defineAction({
      call: 'seller!info',
      tag: TAG,
      auth: 'optional',
      summary: "A shop card (sellerId, or the logged-in seller) with its service scores measured from real orders and reviews; isFocus when logged in; counts the visit.",
      input: sellerInfoInput,
      output: sellerVoOutput,
      handler: async (input, ctx) => {
        const shopId = input.sellerId ?? ctx.user?.id;
        if (!shopId) throw new AppError('shops.seller_required');
        const [card, serviceScores] = await Promise.all([shops.info(shopId, ctx.user?.id), deps.serviceScores(shopId)]);
        return { ...card, serviceScores };
      },
    }),

    // ---- reviews (read side) ------------------------------------------------------------------
    defineAction({
      call: 'evaluation!list',
      tag: TAG,
      auth: 'public',
      summary: 'Reviews of goods: evaluationType 1 good, 2 medium, 3 bad, 4 with pictures, absent all.',
      input: evaluationListInput,
      output: evaluationListOutput,
      handler: (input, ctx) => reviews.list(input.sellerGoodsId, input.evaluationType, input, ctx.locale),
    }),
    defineAction({
      call: 'evaluation!countType',
      tag: TAG,
      auth: 'public',
      summary: 'Review counts by kind for goods (goodId).',
      input: countTypeInput,
      output: countTypeOutput,
      handler: (input) => reviews.countByType(input.goodId),
    }),
  ];
}
