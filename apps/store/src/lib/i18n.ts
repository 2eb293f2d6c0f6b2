// The store's messages: locales/<locale>/store-<namespace>.json, one chunk per file, loaded for the
// active language only.
import { createI18n, type Locale } from '@caravan/ui/i18n';
import type { i18n } from 'i18next';

export const NAMESPACES = ['common', 'catalog', 'cart', 'address', 'orders', 'wallet', 'account'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/store-*.json', { import: 'default' });

async function loadMessages(locale: Locale): Promise<Record<string, Record<string, unknown>>> {
  const entries = await Promise.all(
    NAMESPACES.map(async (namespace) => {
      const loader = files[`../../../../locales/${locale}/store-${namespace}.json`];
      return [namespace, loader ? await loader() : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export function initI18n(locale: Locale): Promise<i18n> {
  return createI18n(locale, loadMessages, [...NAMESPACES]);
}
