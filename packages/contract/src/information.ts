import { z } from 'zod';

// Information pages (spec section 2: about us, policies, rules ...) operators edit per brand and
// language, English being the version every other language falls back to; and the console's
// lucky-draw activities (read by `activity/lottery!getCurrentActivity`).

/** The pages of spec section 2, in the order the store lists them; their slugs are their addresses. */
export const INFORMATION_SLUGS = [
  'about-us',
  'careers',
  'news',
  'contact-us',
  'privacy',
  'returns',
  'service-policy',
  'delivery',
  'buyer-rules',
  'seller-rules',
  'modern-slavery',
] as const;
export type InformationSlug = (typeof INFORMATION_SLUGS)[number];

export function isInformationSlug(value: string): value is InformationSlug {
  return (INFORMATION_SLUGS as readonly string[]).includes(value);
}

/** The language every page has and the others fall back to; it cannot be deleted. */
export const INFORMATION_FALLBACK_LOCALE = 'en';
export const INFORMATION_TITLE_MAX = 120;
/** Markdown source, in characters. */
export const INFORMATION_BODY_MAX = 50_000;
export const INFORMATION_REASON_MAX = 500;

// ---- legacy calls (store) -------------------------------------------------------------------

export const informationListOutput = z.object({
  /** the language of the titles' request; each item says which language its title is in */
  result: z.array(z.object({ slug: z.string(), title: z.string(), lang: z.string() })),
});
export type InformationListItem = z.output<typeof informationListOutput>['result'][number];

export const informationGetInput = z.object({
  slug: z
    .string({ error: (issue) => (issue.input === undefined ? 'common.param_missing' : 'content.page_unknown') })
    .refine(isInformationSlug, { error: 'content.page_unknown' }),
});

export const informationGetOutput = z.object({
  slug: z.string(),
  title: z.string(),
  /** sanitised HTML rendered from the page's Markdown */
  html: z.string(),
  /** ISO time of the served version's last change */
  updatedAt: z.string(),
  /** the language served: the one asked for, or English when that has no version */
  lang: z.string(),
  /** true when English was served instead of the language asked for */
  fallback: z.boolean(),
});
export type InformationPageContent = z.output<typeof informationGetOutput>;

// ---- console REST ---------------------------------------------------------------------------

export const informationPageParams = z.object({ slug: z.string().max(64), locale: z.string().max(16) });

export const informationTranslation = z.object({ locale: z.string(), title: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable() });
export const informationOverview = z.object({
  locales: z.array(z.string()),
  items: z.array(z.object({ slug: z.string(), translations: z.array(informationTranslation) })),
});

export const informationPage = z.object({
  slug: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
  html: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type InformationPage = z.output<typeof informationPage>;

/** Lengths are checked by the server, which answers content.page_title_invalid / content.page_body_invalid. */
export const informationPageBody = z.object({
  title: z.string().max(10 * INFORMATION_TITLE_MAX),
  body: z.string().max(2 * INFORMATION_BODY_MAX),
  reason: z.string().trim().max(INFORMATION_REASON_MAX).optional(),
});
export const informationDeleteBody = z.object({ reason: z.string().trim().max(INFORMATION_REASON_MAX).optional() });
export const informationPreviewBody = z.object({ body: z.string().max(2 * INFORMATION_BODY_MAX) });
export const informationPreview = z.object({ html: z.string() });

// ---- lucky-draw activities (console) ----------------------------------------------------------

export const ACTIVITY_TITLE_MAX = 100;
export const ACTIVITY_URL_MAX = 500;

/** An absolute http(s) address: the store opens it in a new tab. */
export function isActivityUrl(value: string): boolean {
  if (value.length > ACTIVITY_URL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const consoleActivity = z.object({
  id: z.string(),
  title: z.string(),
  detailUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** scheduled (starts later), running, ended (its end passed or an operator ended it) */
  state: z.enum(['scheduled', 'running', 'ended']),
  createdAt: z.string(),
});
export type ConsoleActivity = z.output<typeof consoleActivity>;
export const consoleActivityList = z.object({ items: z.array(consoleActivity) });

/** Checked by the server: content.activity_url_invalid, content.activity_window_invalid. */
export const activityBody = z.object({
  title: z.string().trim().min(1).max(ACTIVITY_TITLE_MAX),
  detailUrl: z.string().trim().max(2 * ACTIVITY_URL_MAX),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  reason: z.string().trim().max(INFORMATION_REASON_MAX).optional(),
});
export const activityEndBody = z.object({ reason: z.string().trim().max(INFORMATION_REASON_MAX).optional() });
