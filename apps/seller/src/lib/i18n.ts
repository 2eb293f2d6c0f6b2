// The panel's messages: locales/<locale>/seller-<namespace>.json in all 21 languages (sellers are as
// international as buyers), one chunk per file, loaded for the active language only. The `orders` and
// `wallet` namespaces are the store's own files (store-orders.json, store-wallet.json), under the names
// the shared components of @caravan/ui (state tags, picture upload, withdrawal) read them by.
import { createI18n, pickLocale, type Locale } from '@caravan/ui/i18n';
import type { i18n } from 'i18next';

export const NAMESPACES = ['common', 'goods', 'sales', 'shop', 'orders', 'wallet'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/seller-*.json', { import: 'default' });
const storeFiles = import.meta.glob<Record<string, unknown>>(['../../../../locales/*/store-wallet.json', '../../../../locales/*/store-orders.json'], { import: 'default' });

/** The store's files the panel reads, by namespace. */
const FROM_STORE: Partial<Record<string, string>> = { orders: 'store-orders', wallet: 'store-wallet' };

async function loadMessages(locale: Locale, namespace: string): Promise<Record<string, unknown>> {
  const storeFile = FROM_STORE[namespace];
  const loader = storeFile ? storeFiles[`../../../../locales/${locale}/${storeFile}.json`] : files[`../../../../locales/${locale}/seller-${namespace}.json`];
  return loader ? await loader() : {};
}

/** `?lang=` (legacy codes too), then the panel's stored choice, then the browser's languages, then English. */
export function pickSellerLocale(queryLang: string | null, stored: string | null, browserLanguages: readonly string[]): Locale {
  return pickLocale(queryLang, stored, browserLanguages);
}

export function initI18n(locale: Locale): Promise<i18n> {
  return createI18n(locale, loadMessages, [...NAMESPACES], ['common']);
}
