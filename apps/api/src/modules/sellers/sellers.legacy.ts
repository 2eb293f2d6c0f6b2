import { emptyInput } from '@caravan/contract/accounts';
import {
  productParamsOutput,
  sellerEarningsListInput,
  sellerEarningsListOutput,
  sellerEarningsSummaryOutput,
  sellerEvaluationInput,
  sellerEvaluationListOutput,
  sellerGoodsAddInput,
  sellerGoodsAddOutput,
  sellerGoodsDeleteInput,
  sellerGoodsDeleteOutput,
  sellerGoodsListInput,
  sellerGoodsListOutput,
  sellerGoodsSearchInput,
  sellerGoodsUpdateInput,
  sellerGoodsVoOutput,
  sellerOverviewOutput,
  sellerShopOutput,
  sellerShopUpdateInput,
  settleApplyInput,
  settleStatusOutput,
  systemGoodsListInput,
  systemGoodsListOutput,
  systemGoodsSuggestInput,
  systemGoodsSuggestOutput,
} from '@caravan/contract/sellers';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { RateRule } from '../../platform/rate-limit.ts';
import type { ListingsService } from '../catalog/listings.service.ts';
import type { SellerFigures } from '../orders/seller-figures.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import type { SellerPanelService } from './seller-panel.service.ts';
import { toSettleApplication, type DocumentUrl } from './sellers.mapper.ts';
import type { SettleInService } from './settle-in.service.ts';

// Settle-in (api area, any logged-in user), the seller-panel calls of API reference section 10 under
// /wap/seller/ (seller accounts only: the gateway refuses others with common.no_permission), and the
// profit range the panel reads (api/sysParaProduct!info). The shop id is the seller's user id, so
// every seller call is scoped to the caller's own shop.

const TAG = 'sellers';

const SELLER_RATE_RULES = {
  /** applications and listing writes: plenty for a person, tight for scripts */
  writesPerUser: { name: 'sellers:user', max: 60, windowMs: MINUTE_MS },
} as const satisfies Record<string, RateRule>;

export interface SellersActionDeps {
  settleIn: SettleInService;
  listings: ListingsService;
  panel: SellerPanelService;
  figures: SellerFigures;
  reviews: ReviewsService;
  timeZone: string;
  /** signed URLs of private supporting documents */
  documentUrl: DocumentUrl;
}

export function sellersActions(deps: SellersActionDeps): AnyAction[] {
  const { settleIn, listings, panel, figures, reviews, timeZone, documentUrl } = deps;
  const writes = [{ rule: SELLER_RATE_RULES.writesPerUser, subject: 'user' as const }];
  return [
    // ---- settle-in ------------------------------------------------------------------------------
    defineAction({
      call: 'merchantSettled!apply',
      tag: TAG,
      auth: 'user',
      summary:
        'Apply to open a shop: shop name (unique), logo and supporting documents (images the applicant uploaded, comma list; uploaded with moduleName=seller_document they stay private and come back as signed, expiring URLs), contact, phone, e-mail, countryId, business description. One application waiting at a time; after a refusal apply again.',
      input: settleApplyInput,
      output: settleStatusOutput,
      successMessage: 'success.application_submitted',
      rateLimits: writes,
      handler: async (input, ctx) => {
        const application = await settleIn.apply(ctx.user.id, input, ctx.requestId);
        return { isSeller: false, shopId: '', application: toSettleApplication(application, timeZone, documentUrl) };
      },
    }),
    defineAction({
      call: 'merchantSettled!get',
      tag: TAG,
      auth: 'user',
      summary: "The user's latest settle-in application (state, the operator's reason when rejected) and whether the account already has a shop.",
      input: emptyInput,
      output: settleStatusOutput,
      handler: async (_input, ctx) => {
        const { isSeller, application } = await settleIn.status(ctx.user.id);
        return { isSeller, shopId: isSeller ? ctx.user.id : '', application: application ? toSettleApplication(application, timeZone, documentUrl) : null };
      },
    }),
    defineAction({
      call: 'sysParaProduct!info',
      tag: TAG,
      auth: 'seller',
      summary: 'What a seller may set on a listing: the profit ratio range, the largest discount, and the first-listing deposit minimum ("0": no such rule, the default).',
      input: emptyInput,
      output: productParamsOutput,
      handler: () => listings.productParams(),
    }),

    // ---- seller panel: goods ---------------------------------------------------------------------
    defineAction({
      call: 'goods!list',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The shop's listings (off the shelf included), newest first, with wholesale price, profit ratio and categories; filters name, id, categoryId (either level), isShelf, isHot.",
      input: sellerGoodsListInput,
      output: sellerGoodsListOutput,
      handler: (input, ctx) => listings.shopList(ctx.user.id, input, ctx.locale),
    }),
    defineAction({
      call: 'goods!addOrUpdate',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary:
        'List wholesale goods (goodsIds comma list, at most 100) with one profit ratio (`percent` or `profit`, within sysParaProduct!info) and an optional discount (0 < discount <= the maximum, with startTime and endTime); goods already listed get the new terms. Selling price = wholesale x (1 + profit), truncated to 2 decimals. Needs an open shop.',
      input: sellerGoodsAddInput,
      output: sellerGoodsAddOutput,
      rateLimits: writes,
      handler: (input, ctx) => listings.addOrUpdate(ctx.user.id, input),
    }),
    defineAction({
      call: 'goods!update',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: 'Change one listing: profit ratio, discount (clearDiscount=1 removes it), on/off the shelf (isShelf). Absent fields stay.',
      input: sellerGoodsUpdateInput,
      output: sellerGoodsVoOutput,
      rateLimits: writes,
      handler: (input, ctx) => listings.update(ctx.user.id, input, ctx.locale),
    }),
    defineAction({
      call: 'goods!delete',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "Remove listings (id, comma list; all must be the shop's). Their orders, reviews and sales stay; listing the good again brings the listing back.",
      input: sellerGoodsDeleteInput,
      output: sellerGoodsDeleteOutput,
      rateLimits: writes,
      handler: (input, ctx) => listings.remove(ctx.user.id, input.id),
    }),
    defineAction({
      call: 'goods!search-goods',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The shop's own listings whose names contain the keyword.",
      input: sellerGoodsSearchInput,
      output: sellerGoodsListOutput.pick({ pageInfo: true, pageList: true }),
      handler: (input, ctx) => listings.shopSearch(ctx.user.id, input, ctx.locale),
    }),
    defineAction({
      call: 'systemGoods!list',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The platform's wholesale catalogue to list from (enabled goods), newest first, with the shop's listing of each; filters categoryId, name, unlisted.",
      input: systemGoodsListInput,
      output: systemGoodsListOutput,
      handler: (input, ctx) => listings.systemList(ctx.user.id, input, ctx.locale),
    }),
    defineAction({
      call: 'systemGoods!search-keyword',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: 'Up to 10 wholesale goods whose names (any stored language) contain the keyword.',
      input: systemGoodsSuggestInput,
      output: systemGoodsSuggestOutput,
      handler: (input, ctx) => listings.systemSuggestions(input.keyword, ctx.locale),
    }),
    defineAction({
      call: 'evaluation!list',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "Reviews of the shop's listings, newest first (evaluationType 1 good, 2 medium, 3 bad, 4 with pictures), with the good's name and picture.",
      input: sellerEvaluationInput,
      output: sellerEvaluationListOutput,
      handler: (input, ctx) => reviews.listForShop(ctx.user.id, input.evaluationType, input, ctx.locale, (ids) => listings.goodsLabels(ids, ctx.locale)),
    }),

    // ---- seller panel: shop, dashboard, earnings -------------------------------------------------
    defineAction({
      call: 'shop!info',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The shop's settings and its service scores (shipping within 24 hours, disputes, good reviews over the last days).",
      input: emptyInput,
      output: sellerShopOutput,
      handler: (_input, ctx) => panel.shopInfo(ctx.user.id),
    }),
    defineAction({
      call: 'shop!update',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: 'Change the shop: name (unique), avatar and banner (images the seller uploaded), shopRemark, phone, address. Absent fields stay.',
      input: sellerShopUpdateInput,
      output: sellerShopOutput,
      rateLimits: writes,
      handler: (input, ctx) => panel.updateShop(ctx.user.id, input),
    }),
    defineAction({
      call: 'shop!overview',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The panel's dashboard: orders to accept (noPushNum, remindNum), today's orders and sales, listings, earnings and service scores.",
      input: emptyInput,
      output: sellerOverviewOutput,
      handler: (_input, ctx) => panel.overview(ctx.user.id),
    }),
    defineAction({
      call: 'earnings!summary',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "The seller's money: margins still in escrow (pending), the wallet's available and frozen balance, margins released so far.",
      input: emptyInput,
      output: sellerEarningsSummaryOutput,
      handler: (_input, ctx) => panel.earnings(ctx.user.id),
    }),
    defineAction({
      call: 'earnings!list',
      area: 'seller',
      tag: TAG,
      auth: 'seller',
      summary: "Each paid order's margin after commission: released (settled=1, the amount the ledger paid) or still in escrow (settled=0).",
      input: sellerEarningsListInput,
      output: sellerEarningsListOutput,
      handler: (input, ctx) => figures.list(ctx.user.id, input),
    }),
  ];
}
