// The console's messages: locales/<locale>/console-<namespace>.json, one chunk per file, loaded for the
// active language only. The console speaks the languages that have a console-common.json (en and
// zh-CN today); adding a language means adding its console-*.json files with the same keys.
import { createI18n, pickSupportedLocale, type Locale } from '@caravan/ui/i18n';
import type { i18n } from 'i18next';

export const NAMESPACES = ['common', 'queues', 'orders', 'audit', 'settings', 'loans', 'users', 'chat', 'catalog', 'operators', 'sellers', 'kyc', 'storeOrders'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/console-*.json', { import: 'default' });
/** The store's order texts (refund and cancel reasons by code), shared rather than copied. */
const storeOrders = import.meta.glob<Record<string, unknown>>('../../../../locales/*/store-orders.json', { import: 'default' });

/** Languages with console messages. */
export const CONSOLE_LOCALES = Object.keys(files)
  .filter((file) => file.endsWith('/console-common.json'))
  .map((file) => file.split('/').at(-2) as Locale);

async function loadMessages(locale: Locale, namespace: string): Promise<Record<string, unknown>> {
  const loader = namespace === 'storeOrders' ? storeOrders[`../../../../locales/${locale}/store-orders.json`] : files[`../../../../locales/${locale}/console-${namespace}.json`];
  return loader ? await loader() : {};
}

export function pickConsoleLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  return pickSupportedLocale(CONSOLE_LOCALES, null, stored, browserLanguages);
}

export function initI18n(locale: Locale): Promise<i18n> {
  return createI18n(locale, loadMessages, [...NAMESPACES], ['common']);
}
