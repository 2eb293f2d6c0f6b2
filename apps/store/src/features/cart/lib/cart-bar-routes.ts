// Where the floating cart bar shows (spec section 2): for logged-in users on these pages only.

export const CART_BAR_PATHS = [
  '/index',
  '/classification',
  '/commodity',
  '/information',
  '/productDetails',
  '/store',
  '/discounted',
  '/userInfo/dashboard',
] as const;

const allowed = new Set(CART_BAR_PATHS.map((path) => path.toLowerCase()));

/** Router paths match case-insensitively and tolerate a trailing slash; so does the bar. */
export function showsCartBar(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return allowed.has(path.toLowerCase());
}
