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
