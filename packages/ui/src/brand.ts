// White-label brand (brands/<id>/brand.json), chosen at build time with BRAND=<id>. Nothing
// brand-specific is written in the apps: names, colours, contacts, links and marketing figures come
// from here.

export interface Brand {
  id: string;
  name: string;
  tagline: string;
  /** URL of the logo after the build (the file name in brand.json) */
  logo: string;
  colors: { primary: string; primaryText: string; header: string; headerText: string; footer: string; footerText: string };
  footer: { blurb: string; copyright: string };
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

/** Checks a brand file at build time, so a broken brand fails the build instead of a page. */
export function validateBrand(value: unknown): string[] {
  const problems: string[] = [];
  const brand = value as Partial<Brand> | null;
  if (typeof brand !== 'object' || brand === null) return ['not an object'];
  for (const key of ['id', 'name', 'tagline', 'logo'] as const) {
    if (typeof brand[key] !== 'string' || brand[key].length === 0) problems.push(`${key} is required`);
  }
  for (const key of ['primary', 'primaryText', 'header', 'headerText', 'footer', 'footerText'] as const) {
    if (!COLOR.test(brand.colors?.[key] ?? '')) problems.push(`colors.${key} must be #rrggbb`);
  }
  if (!brand.footer?.blurb || !brand.footer.copyright) problems.push('footer.blurb and footer.copyright are required');
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
