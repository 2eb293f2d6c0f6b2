// The store's messages: locales/<locale>/store-<namespace>.json, one chunk per file, loaded for the
// active language only; the first screen's namespaces up front, the others when a screen needs them.
import { createI18n, type Locale } from '@caravan/ui/i18n';
import type { i18n } from 'i18next';

export const NAMESPACES = ['common', 'catalog', 'cart', 'address', 'orders', 'wallet', 'account', 'credit', 'chat', 'sellers', 'kyc'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/store-*.json', { import: 'default' });

/** What the first screen needs: the shell, the cart bar and the catalogue (most visits start there). */
const EAGER: readonly Namespace[] = ['common', 'cart', 'catalog'];

async function loadMessages(locale: Locale, namespace: string): Promise<Record<string, unknown>> {
  const loader = files[`../../../../locales/${locale}/store-${namespace}.json`];
  return loader ? await loader() : {};
}

/**
 * `alsoNow`: namespaces to load up front besides the first screen's (a page the server rendered names
 * those it used, so hydrating it never waits for messages).
 */
export function initI18n(locale: Locale, alsoNow: readonly string[] = []): Promise<i18n> {
  const eager = [...new Set([...EAGER, ...alsoNow.filter((namespace) => (NAMESPACES as readonly string[]).includes(namespace))])];
  return createI18n(locale, loadMessages, [...NAMESPACES], eager);
}

/** Every namespace loaded (the server renders any page without waiting). */
export function initAllMessages(locale: Locale): Promise<i18n> {
  return createI18n(locale, loadMessages, [...NAMESPACES], [...NAMESPACES]);
}
