import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { evaluationOutput, goodsVoOutput, serviceScoresOutput } from './catalog.ts';

export { serviceScoresOutput, type ServiceScores } from './catalog.ts';
import { consolePage, consolePageQuery, decisionAuditEntry } from './console.ts';
import { pagedListSchema, pageInfoSchema } from './paging.ts';
import { choiceParam, flagParam, idParam, intParam, requiredIdParam, textParam } from './params.ts';

// The seller side: settle-in (a buyer applies to open a shop, an operator decides), the seller-panel
// calls of API reference section 10 under /wap/seller/ (goods listed from the platform's wholesale
// catalogue, reviews), the panel's own calls (shop settings, overview, earnings) and the console's
// seller-application routes. Amounts are decimal strings with 2 decimals; ratios are decimal strings
// with up to 4 decimals ("0.15" = 15 %).

/** State of a settle-in application. */
export const SELLER_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type SellerApplicationState = (typeof SELLER_APPLICATION_STATES)[number];

/** Upload URLs of supporting documents (licence, ID, ...): at least one, at most this many. */
export const MAX_SELLER_DOCUMENTS = 6;
export const SHOP_NAME_MAX = 60;
export const SHOP_DESCRIPTION_MAX = 2000;

/** A comma-separated list (or JSON array) of upload URLs, as multipart-less legacy clients send lists. */
const urlList = (missing: string, invalid: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: (issue) => (issue.input === undefined ? missing : invalid) })
    .transform((value, ctx) => {
      const items = (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter((item) => item.length > 0);
      if (items.length === 0) {
        ctx.addIssue({ code: 'custom', message: missing });
        return z.NEVER;
      }
      if (items.length > MAX_SELLER_DOCUMENTS || items.some((item) => item.length > 300)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return [...new Set(items)];
    });

// ---- settle-in (api area, a logged-in buyer) ------------------------------------------------------

/** merchantSettled!apply: apply (or re-apply after a refusal) to open a shop. */
export const settleApplyInput = z.object({
  shopName: requiredText('sellers.shop_name_required', 'sellers.shop_name_invalid', SHOP_NAME_MAX),
  /** an image the applicant uploaded (uploadimg!execute) */
  logo: requiredText('sellers.logo_required', 'sellers.logo_invalid', 300),
  contactName: requiredText('sellers.contact_required', 'sellers.contact_invalid', 60),
  phone: requiredText('sellers.phone_required', 'sellers.phone_invalid', 30),
  email: requiredText('sellers.email_required', 'sellers.email_invalid', 64),
  countryId: intParam({ min: 1, max: 1_000_000, error: 'sellers.country_invalid' }),
  description: requiredText('sellers.description_required', 'sellers.description_invalid', SHOP_DESCRIPTION_MAX),
  /** images the applicant uploaded: licence, identity, ... */
  documents: urlList('sellers.documents_required', 'sellers.documents_invalid'),
});

export const settleApplicationOutput = z.object({
  id: z.string(),
  shopName: z.string(),
  logo: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  countryId: z.number().int(),
  description: z.string(),
  documents: z.array(z.string()),
  state: z.enum(SELLER_APPLICATION_STATES),
  /** the operator's reason when rejected ('' otherwise) */
  reason: z.string(),
  /** yyyy-MM-dd HH:mm:ss, platform time */
  createTime: z.string(),
  reviewTime: z.string(),
});
export type SettleApplication = z.infer<typeof settleApplicationOutput>;

/** merchantSettled!get: the user's latest application, and whether the user already has a shop. */
export const settleStatusOutput = z.object({
  isSeller: z.boolean(),
  /** the shop id (= the user id) once approved, '' before */
  shopId: z.string(),
  application: settleApplicationOutput.nullable(),
});
export type SettleStatus = z.infer<typeof settleStatusOutput>;

// ---- seller panel: goods (area seller) --------------------------------------------------------------

/** A ratio with at most 4 decimals, as text ("0.15"); ranges are checked by the service. */
const ratioParam = (error: string) =>
  z.union([z.string(), z.number()], { error }).transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^(0|[1-9]\d{0,5})(\.\d{1,4})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return text;
  });

const pageParams = {
  pageNum: intParam({ min: 1, max: 10_000 }).optional(),
  pageSize: intParam({ min: 1, max: 100 }).optional(),
};

/** goods!list: the shop's listings (filters as the legacy panel sends them). */
export const sellerGoodsListInput = z.object({
  ...pageParams,
  isHot: flagParam().optional(),
  name: textParam(100).optional(),
  /** one listing (seller-goods id) */
  id: idParam('catalog.goods_not_found').optional(),
  categoryId: idParam('catalog.category_invalid').optional(),
  isShelf: flagParam().optional(),
});

/** A listing as the panel shows it: the buyer-facing card plus wholesale price, profit and categories. */
export const sellerGoodsVoOutput = goodsVoOutput.extend({
  systemPrice: z.string(),
  profitRatio: z.string(),
  categoryName: z.string(),
  secondaryCateName: z.string(),
  /** combos do not exist on this platform: always 0 */
  isCombo: z.number().int(),
  /** wholesale stock of the system good (all variants) */
  stock: z.number().int(),
  /** listed but hidden from buyers because the good or the shop is off */
  visible: z.number().int(),
});
export type SellerGoodsVo = z.infer<typeof sellerGoodsVoOutput>;

export const sellerGoodsListOutput = z.object({
  pageInfo: pageInfoSchema,
  pageList: z.array(sellerGoodsVoOutput),
  /** goods in the platform's wholesale catalogue (enabled) */
  systemGoodsNum: z.number().int(),
  /** the shop's listings */
  sellerGoodsNum: z.number().int(),
  /** reviews of the shop's listings */
  evaluations: z.number().int(),
  /** promotion slots: the platform sells none, always 0 */
  leftPromoteNum: z.number().int(),
});

/** goods!search-goods: the shop's own listings by name. */
export const sellerGoodsSearchInput = z.object({
  ...pageParams,
  keyword: requiredText('catalog.keyword_required', 'catalog.keyword_too_long', 100),
});

const discountFields = {
  /** 0 < discount < 1: the share taken off the selling price; "0" or absent: no discount */
  discount: ratioParam('sellers.discount_invalid').optional(),
  /** yyyy-MM-dd HH:mm:ss (platform time), required with a discount */
  startTime: textParam(19).optional(),
  endTime: textParam(19).optional(),
};

/** goods!addOrUpdate: list system goods (or change their listings) with one profit ratio. */
export const sellerGoodsAddInput = z.object({
  goodsIds: requiredText('sellers.goods_required', 'sellers.goods_invalid', 100 * 33),
  /** the profit ratio; legacy clients send `percent` or `profit` */
  percent: ratioParam('sellers.profit_invalid').optional(),
  profit: ratioParam('sellers.profit_invalid').optional(),
  ...discountFields,
});
export const sellerGoodsAddOutput = z.object({ added: z.number().int(), updated: z.number().int() });

/** goods!update: one listing's profit, discount or shelf state. */
export const sellerGoodsUpdateInput = z.object({
  id: requiredIdParam('sellers.listing_required', 'sellers.listing_not_found'),
  percent: ratioParam('sellers.profit_invalid').optional(),
  profit: ratioParam('sellers.profit_invalid').optional(),
  isShelf: flagParam().optional(),
  ...discountFields,
  /** "1": remove the discount */
  clearDiscount: flagParam().optional(),
});

/** goods!delete: listings by id (comma list); orders and reviews of them are kept. */
export const sellerGoodsDeleteInput = z.object({ id: requiredText('sellers.listing_required', 'sellers.listing_not_found', 100 * 33) });
export const sellerGoodsDeleteOutput = z.object({ deleted: z.number().int() });

/** systemGoods!list: the wholesale catalogue a seller picks from. */
export const systemGoodsListInput = z.object({
  ...pageParams,
  categoryId: idParam('catalog.category_invalid').optional(),
  name: textParam(100).optional(),
  /** "1": only goods the shop does not list yet */
  unlisted: flagParam().optional(),
});
export const systemGoodsVoOutput = z.object({
  id: z.string(),
  name: z.string(),
  unit: z.string(),
  imgUrl1: z.string(),
  systemPrice: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  secondaryCategoryId: z.string(),
  secondaryCateName: z.string(),
  buyMin: z.number().int(),
  stock: z.number().int(),
  /** the shop's listing of this good, '' when not listed */
  sellerGoodsId: z.string(),
  isListed: z.number().int(),
});
export type SystemGoodsVo = z.infer<typeof systemGoodsVoOutput>;
export const systemGoodsListOutput = pagedListSchema(systemGoodsVoOutput);

export const systemGoodsSuggestInput = z.object({ keyword: requiredText('catalog.keyword_required', 'catalog.keyword_too_long', 100) });
export const systemGoodsSuggestOutput = z.array(z.object({ goodsId: z.string(), name: z.string() }));

/** api/sysParaProduct!info: what a seller may set. */
export const productParamsOutput = z.object({
  /** smallest and largest profit ratio ("0.05" = 5 %) */
  profitMin: z.string(),
  profitMax: z.string(),
  /** largest discount ratio */
  discountMax: z.string(),
  /** minimum accumulated deposits before the first listing; "0" = no such rule (the default) */
  onShelfRechargeLimit: z.string(),
});

/** evaluation!list (seller area): reviews of the shop's listings, newest first. */
export const sellerEvaluationInput = z.object({
  ...pageParams,
  evaluationType: choiceParam(['1', '2', '3', '4'], 'common.param_invalid').optional(),
});
export const sellerEvaluationOutput = evaluationOutput.extend({ goodsName: z.string(), goodsImg: z.string() });
export const sellerEvaluationListOutput = pagedListSchema(sellerEvaluationOutput);

// ---- seller panel: shop, overview, earnings ---------------------------------------------------------


/** shop!info: the shop's settings as its seller edits them, with its scores. */
export const sellerShopOutput = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  banner: z.string(),
  shopRemark: z.string(),
  phone: z.string(),
  address: z.string(),
  /** 'open' | 'suspended' | 'closed' */
  status: z.string(),
  createTime: z.string(),
  scores: serviceScoresOutput,
});
export type SellerShop = z.infer<typeof sellerShopOutput>;

/** shop!update: the fields a seller may change (absent fields stay). */
export const sellerShopUpdateInput = z.object({
  name: textParam(SHOP_NAME_MAX, { min: 1, error: 'sellers.shop_name_invalid' }).optional(),
  avatar: textParam(300, { error: 'sellers.logo_invalid' }).optional(),
  banner: textParam(300, { error: 'sellers.logo_invalid' }).optional(),
  shopRemark: textParam(SHOP_DESCRIPTION_MAX, { error: 'sellers.description_invalid' }).optional(),
  phone: textParam(30, { error: 'sellers.phone_invalid' }).optional(),
  address: textParam(300, { error: 'sellers.address_invalid' }).optional(),
});

/** earnings!summary: the seller's money. */
export const sellerEarningsSummaryOutput = z.object({
  /** net margin of paid orders not completed yet (still in escrow) */
  pending: z.string(),
  pendingOrders: z.number().int(),
  /** the wallet's available balance (withdrawable under the usual withdrawal rules) */
  available: z.string(),
  /** held by withdrawals under review */
  frozen: z.string(),
  /** margins released to the wallet so far */
  totalEarned: z.string(),
  settledOrders: z.number().int(),
});
export type SellerEarningsSummary = z.infer<typeof sellerEarningsSummaryOutput>;

/** earnings!list: each order's margin; settled "1" released, "0" still in escrow. */
export const sellerEarningsListInput = z.object({ ...pageParams, settled: flagParam().optional() });
export const sellerEarningOutput = z.object({
  orderId: z.string(),
  createTime: z.string(),
  /** legacy order status (-1..6) */
  status: z.number().int(),
  prizeReal: z.string(),
  systemPrice: z.string(),
  /** margin before commission */
  profit: z.string(),
  commission: z.string(),
  /** what the seller receives (or received) */
  margin: z.string(),
  settled: z.number().int(),
  settleTime: z.string(),
});
export const sellerEarningsListOutput = pagedListSchema(sellerEarningOutput);

/** shop!overview: the panel's dashboard. */
export const sellerOverviewOutput = z.object({
  shop: z.object({ id: z.string(), name: z.string(), avatar: z.string(), status: z.string() }),
  noPushNum: z.number().int(),
  remindNum: z.number().int(),
  /** orders paid today (platform time) and their goods amount */
  todayOrders: z.number().int(),
  todaySales: z.string(),
  sellerGoodsNum: z.number().int(),
  earnings: sellerEarningsSummaryOutput,
  scores: serviceScoresOutput,
});
export type SellerOverview = z.infer<typeof sellerOverviewOutput>;

// ---- console: seller applications -------------------------------------------------------------------

export const sellerApplicationQuery = consolePageQuery.extend({
  state: z.enum(SELLER_APPLICATION_STATES).optional(),
  /** user id or exact username */
  applicant: z.string().trim().max(64).optional(),
});
export const consoleSellerApplication = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  shopName: z.string(),
  logo: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  countryId: z.number().int(),
  countryName: z.string(),
  description: z.string(),
  documents: z.array(z.string()),
  state: z.enum(SELLER_APPLICATION_STATES),
  reason: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleSellerApplication = z.infer<typeof consoleSellerApplication>;
export const consoleSellerApplicationPage = consolePage(consoleSellerApplication);
export const consoleSellerApplicationDetail = consoleSellerApplication.extend({
  /** the applicant's earlier applications */
  history: z.array(consoleSellerApplication),
  audit: z.array(decisionAuditEntry),
});
