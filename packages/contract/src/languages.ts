// The 21 interface languages. Locale ids name the folders under locales/; legacy clients send the
// request codes of `requestLangMap` (cn, tw, ph ...) in the `lang` parameter.

export const LOCALES = [
  'zh-CN', 'zh-TW', 'en', 'ja', 'de', 'ms', 'af', 'th', 'el', 'pt', 'es',
  'fr', 'ru', 'it', 'tr', 'ko', 'ph', 'ar', 'id', 'hi', 'vi',
] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Request code (legacy `lang` value) for each locale. */
export const REQUEST_CODES: Record<Locale, string> = {
  'zh-CN': 'cn', 'zh-TW': 'tw', en: 'en', ja: 'ja', de: 'de', ms: 'ms', af: 'af', th: 'th',
  el: 'el', pt: 'pt', es: 'es', fr: 'fr', ru: 'ru', it: 'it', tr: 'tr', ko: 'ko', ph: 'ph',
  ar: 'ar', id: 'id', hi: 'hi', vi: 'vi',
};

/** Languages written right to left. Only ar is among the 21; the others are listed for brands adding them. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'ur', 'fa', 'pr']);

const lookup = new Map<string, Locale>();
for (const locale of LOCALES) {
  lookup.set(locale.toLowerCase(), locale);
  lookup.set(REQUEST_CODES[locale], locale);
}
// Common spellings clients send besides the canonical ones.
for (const [alias, locale] of [
  ['zh', 'zh-CN'], ['zh_cn', 'zh-CN'], ['zh-hans', 'zh-CN'], ['zh_tw', 'zh-TW'], ['zh-hant', 'zh-TW'],
  ['zh-hk', 'zh-TW'], ['fil', 'ph'], ['tl', 'ph'], ['in', 'id'],
] as const) {
  lookup.set(alias, locale);
}

/** Maps a `lang` value (request code, locale id or alias, any case) to a locale; unknown -> undefined. */
export function findLocale(lang: unknown): Locale | undefined {
  if (typeof lang !== 'string') return undefined;
  return lookup.get(lang.trim().toLowerCase());
}

/** Maps a `lang` value to a locale, English when unknown or absent. */
export function resolveLocale(lang: unknown): Locale {
  return findLocale(lang) ?? DEFAULT_LOCALE;
}

export function isRtl(locale: string): boolean {
  return RTL_LANGUAGES.has(locale.split('-')[0] ?? locale);
}
