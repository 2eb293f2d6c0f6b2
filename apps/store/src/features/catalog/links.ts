// Links that come from data (banners, the brand's promote site): internal paths go through the
// router, web addresses open as plain links, anything else (javascript:, data: ...) is dropped.

export type LinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

export function linkTarget(raw: string | null | undefined): LinkTarget | undefined {
  const link = raw?.trim() ?? '';
  if (link.length === 0) return undefined;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) return { kind: 'internal', to: link };
  if (/^https?:\/\/[^\s/]/i.test(link)) return { kind: 'external', href: link };
  return undefined;
}

/**
 * Information pages on the brand's promote site, as hash routes with the language (spec section 2).
 * privacyPolicy, returnPolicy, Delivery and shippingPolicy are the routes the spec names; the other
 * route names follow the same pattern and must match the promote site's.
 */
export const INFORMATION_PAGES = [
  { key: 'aboutUs', route: 'aboutUs' },
  { key: 'careers', route: 'careers' },
  { key: 'news', route: 'news' },
  { key: 'contactUs', route: 'contactUs' },
  { key: 'privacy', route: 'privacyPolicy' },
  { key: 'returns', route: 'returnPolicy' },
  { key: 'servicePolicy', route: 'servicePolicy' },
  { key: 'delivery', route: 'Delivery' },
  { key: 'shipping', route: 'shippingPolicy' },
  { key: 'buyerRules', route: 'buyerRules' },
  { key: 'sellerRules', route: 'sellerRules' },
  { key: 'modernSlavery', route: 'modernSlaveryStatement' },
] as const;

/** `<promoteSite>?lang=<lang>#/<route>`, as the footer's policy links are built. */
export function promotePageHref(promoteSite: string, lang: string, route: string): string {
  const base = promoteSite.split('#')[0] ?? '';
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}lang=${encodeURIComponent(lang)}#/${route}`;
}
