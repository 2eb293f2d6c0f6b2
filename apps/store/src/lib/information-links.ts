// Addresses of the information pages (spec section 2), which operators edit in the console: the
// footer, the register form's terms and the /information index link to them.
import type { InformationSlug } from '@caravan/contract/information';

export function informationPath(slug: InformationSlug | string): string {
  return `/information/${encodeURIComponent(slug)}`;
}

/**
 * The footer's policy links (spec section 2: privacy, return, delivery, shipping) and the page each
 * opens; delivery and shipping are one page, "Delivery and pickup".
 */
export const FOOTER_POLICY_LINKS = [
  { label: 'privacy', slug: 'privacy' },
  { label: 'returns', slug: 'returns' },
  { label: 'delivery', slug: 'delivery' },
  { label: 'shipping', slug: 'delivery' },
] as const satisfies readonly { label: string; slug: InformationSlug }[];
