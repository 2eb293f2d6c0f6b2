// White-label brand (brands/<id>/brand.json), chosen at build time with BRAND=<id>. Nothing
// brand-specific is written in the apps: names, colours, contacts, links and marketing figures come
// from here.

import { LOCALES, type Locale } from '@caravan/contract/languages';

/**
 * A brand text the buyer reads, per interface language: { "en": "...", "ar": "..." }. English is
 * required; a language left out shows the English text (see `brandText`).
 */
export type LocalizedText = { en: string } & Partial<Record<Locale, string>>;

export interface Brand {
  id: string;
  name: string;
  tagline: LocalizedText;
  /** URL of the logo after the build (the file name in brand.json) */
  logo: string;
  colors: { primary: string; primaryText: string; header: string; headerText: string; footer: string; footerText: string };
  /** blurb per language; copyright is one plain line (a legal notice with a proper name) */
  footer: { blurb: LocalizedText; copyright: string };
  contacts: { email: string; phone: string };
  links: { promoteSite: string; buyerApp: string; sellerApp: string; sellerPanel: string; merchantSettled: string };
  warehouses: string[];
  shippingPromiseHours: number;
  returnDays: number;
  coins: string[];
  paymentLogos: string[];
  footerNumber: string;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
const KNOWN_LOCALES: ReadonlySet<string> = new Set(LOCALES);

/**
 * The text in `locale` (the active i18n language), or the English text when the brand leaves that
 * language out. An unexpected language value (i18next's "cimode", a typo) also gets English.
 */
export function brandText(text: LocalizedText, locale: Locale): string {
  const own = KNOWN_LOCALES.has(locale) ? text[locale] : undefined;
  return typeof own === 'string' && own.length > 0 ? own : text.en;
}

/** Problems of one localized text: an object with a non-empty "en" and only known, non-empty languages. */
function checkLocalizedText(value: unknown, name: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${name} must be an object of texts by language, e.g. { "en": "..." }`];
  }
  const problems: string[] = [];
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.some(([key]) => key === 'en')) problems.push(`${name}.en is required`);
  for (const [key, text] of entries) {
    if (!KNOWN_LOCALES.has(key)) problems.push(`${name}.${key} is not a known language (${LOCALES.join(', ')})`);
    else if (typeof text !== 'string' || text.trim().length === 0) problems.push(`${name}.${key} must be a non-empty text`);
  }
  return problems;
}

/** Checks a brand file at build time, so a broken brand fails the build instead of a page. */
export function validateBrand(value: unknown): string[] {
  const problems: string[] = [];
  const brand = value as Partial<Brand> | null;
  if (typeof brand !== 'object' || brand === null) return ['not an object'];
  for (const key of ['id', 'name', 'logo'] as const) {
    if (typeof brand[key] !== 'string' || brand[key].length === 0) problems.push(`${key} is required`);
  }
  problems.push(...checkLocalizedText(brand.tagline, 'tagline'));
  for (const key of ['primary', 'primaryText', 'header', 'headerText', 'footer', 'footerText'] as const) {
    if (!COLOR.test(brand.colors?.[key] ?? '')) problems.push(`colors.${key} must be #rrggbb`);
  }
  problems.push(...checkLocalizedText(brand.footer?.blurb, 'footer.blurb'));
  if (typeof brand.footer?.copyright !== 'string' || brand.footer.copyright.length === 0) problems.push('footer.copyright is required');
  if (!brand.contacts?.email) problems.push('contacts.email is required');
  for (const key of ['promoteSite', 'buyerApp', 'sellerApp', 'sellerPanel', 'merchantSettled'] as const) {
    if (typeof brand.links?.[key] !== 'string') problems.push(`links.${key} is required`);
  }
  if (!Array.isArray(brand.warehouses)) problems.push('warehouses must be a list');
  if (!Number.isInteger(brand.shippingPromiseHours)) problems.push('shippingPromiseHours must be a whole number');
  if (!Number.isInteger(brand.returnDays)) problems.push('returnDays must be a whole number');
  if (!Array.isArray(brand.coins) || !Array.isArray(brand.paymentLogos)) problems.push('coins and paymentLogos must be lists');
  return problems;
}
