import { z } from 'zod';
import { consolePage, consolePageQuery } from './console.ts';
import { tryParseMoney } from './money.ts';

// REST shapes of the console's catalogue (/console/api/catalog/...): categories, the platform's goods,
// shops and the store's banners. Amounts are exact decimal strings, times ISO.

/** The languages catalogue texts are stored in; every other language reads the English text. */
export const CATALOGUE_LOCALES = ['en', 'zh-CN', 'zh-TW'] as const;
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number];

export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const GOODS_NAME_MAX = 200;
export const GOODS_DESCRIPTION_MAX = 5000;
/** Why an operator changes the catalogue, where the console asks for it. */
export const CATALOGUE_REASON_MAX = 500;

/**
 * Text per stored language: English required, the others optional (empty means "show the English
 * text"). Stored and answered as an object `{ en, 'zh-CN'?, 'zh-TW'? }`.
 */
export function localizedTextBody(max: number) {
  const other = z.string().trim().max(max).optional();
  return z
    .object({ en: z.string().trim().min(1).max(max), 'zh-CN': other, 'zh-TW': other })
    .strict()
    .transform((text) => {
      const kept: { en: string } & Partial<Record<CatalogueLocale, string>> = { en: text.en };
      for (const locale of CATALOGUE_LOCALES) {
        const value = text[locale];
        if (value) kept[locale] = value;
      }
      return kept;
    });
}
export const localizedText = z.object({ en: z.string() }).catchall(z.string().optional());

/** The text in a language when stored, else the English text: what the store and the console show. */
export function textIn(text: ({ en: string } & Partial<Record<string, string | undefined>>) | null | undefined, locale: string): string {
  if (!text) return '';
  return text[locale] || text.en;
}

export const reasonRequired = z.object({ reason: z.string().trim().min(1).max(CATALOGUE_REASON_MAX) });
const reasonOptional = z.string().trim().max(CATALOGUE_REASON_MAX).optional();

// ---- categories ---------------------------------------------------------------------------------

/** A category with its texts in every stored language. */
export const consoleCategory = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  level: z.number().int(),
  rank: z.number().int(),
  iconUrl: z.string(),
  names: localizedText,
  descriptions: localizedText,
  enabled: z.boolean(),
  recommended: z.boolean(),
  updatedAt: z.string(),
});
export type ConsoleCategory = z.output<typeof consoleCategory>;
/** A top-level category with its second level (the tree has two levels). */
export const consoleTopCategory = consoleCategory.extend({ children: z.array(consoleCategory) });
export type ConsoleTopCategory = z.output<typeof consoleTopCategory>;
/** The whole two-level tree, disabled categories included, each level ordered by rank. */
export const consoleCategoryTree = z.object({ items: z.array(consoleTopCategory) });

export const categoryCreateBody = z.object({
  /** none: a top-level category; else a top-level category's id (the tree has two levels) */
  parentId: z.string().min(1).max(64).nullable().optional(),
  names: localizedTextBody(CATEGORY_NAME_MAX),
  descriptions: localizedTextBody(CATEGORY_DESCRIPTION_MAX),
  reason: reasonOptional,
});
export const categoryUpdateBody = z.object({
  names: localizedTextBody(CATEGORY_NAME_MAX),
  descriptions: localizedTextBody(CATEGORY_DESCRIPTION_MAX),
  reason: reasonOptional,
});
/** One place up or down among its siblings. */
export const moveBody = z.object({ direction: z.enum(['up', 'down']), reason: reasonOptional });

// ---- goods --------------------------------------------------------------------------------------

/** A wholesale price: a decimal string above zero with at most 2 decimals (never a JS number). */
export const WHOLESALE_PRICE_DECIMALS = 2;
export const wholesalePrice = z
  .string()
  .trim()
  .refine((text) => {
    const parsed = tryParseMoney(text, { maxDecimals: WHOLESALE_PRICE_DECIMALS });
    return parsed.ok && parsed.value > 0n;
  }, 'common.amount_invalid');

export const goodsQuery = consolePageQuery.extend({
  /** a goods id, or words of its name in any stored language */
  q: z.string().trim().max(100).optional(),
  /** a top-level or second-level category */
  categoryId: z.string().max(64).optional(),
  state: z.enum(['enabled', 'disabled']).optional(),
});
export const consoleGoods = z.object({
  id: z.string(),
  names: localizedText,
  categoryId: z.string(),
  topCategoryId: z.string(),
  systemPrice: z.string(),
  enabled: z.boolean(),
  thumbUrl: z.string(),
  /** shop listings of this good, and how many of them buyers see */
  listings: z.number().int(),
  visibleListings: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const consoleGoodsPage = consolePage(consoleGoods);
export const consoleGoodsDetail = consoleGoods.extend({
  descriptions: localizedText,
  units: localizedText,
  skus: z.array(z.object({ id: z.string(), price: z.string(), stock: z.number().int() })),
});
/**
 * Names, description and wholesale price with the reason. Variants keep their price ratio to the
 * base price (truncated to cents); every shop's selling price follows with its own profit ratio.
 */
export const goodsUpdateBody = z.object({
  names: localizedTextBody(GOODS_NAME_MAX),
  descriptions: localizedTextBody(GOODS_DESCRIPTION_MAX),
  systemPrice: wholesalePrice,
  reason: z.string().trim().min(1).max(CATALOGUE_REASON_MAX),
});

// ---- shops --------------------------------------------------------------------------------------

export const SHOP_STATES = ['pending', 'open', 'suspended', 'closed'] as const;
export const shopQuery = consolePageQuery.extend({
  state: z.enum(SHOP_STATES).optional(),
  /** the shop's id (its seller's user id) or words of its name */
  q: z.string().trim().max(100).optional(),
});
export const consoleShop = z.object({
  id: z.string(),
  name: z.string(),
  /** the seller's user name */
  ownerName: z.string(),
  status: z.enum(SHOP_STATES),
  /** listings buyers see */
  visibleListings: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const consoleShopPage = consolePage(consoleShop);

// ---- banners ------------------------------------------------------------------------------------

/** Where the store shows a banner (legacy `type`): the PC and the mobile home page. */
export const BANNER_PLACEMENTS = ['pc_home', 'h5_home'] as const;
export const bannerQuery = consolePageQuery.extend({ type: z.enum(BANNER_PLACEMENTS).optional() });
export const consoleBanner = z.object({
  id: z.string(),
  type: z.string(),
  imgType: z.string(),
  imgUrl: z.string(),
  link: z.string(),
  title: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export const consoleBannerPage = consolePage(consoleBanner);
/** A store path (`/commodity?...`) or an http(s) address. */
export const bannerLink = z
  .string()
  .trim()
  .max(500)
  .refine((link) => link === '' || (link.startsWith('/') && !link.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(link), 'not a store path or web address');
export const bannerBody = z.object({
  type: z.enum(BANNER_PLACEMENTS),
  /** legacy image shape: '0' wide, '1' square */
  imgType: z.enum(['0', '1']).default('0'),
  /** an image uploaded through POST /banners/images */
  imgUrl: z.string().trim().min(1).max(500),
  link: bannerLink.default(''),
  title: z.string().trim().max(100).default(''),
  enabled: z.boolean().default(true),
  reason: reasonOptional,
});
export const uploadedImage = z.object({ url: z.string() });
