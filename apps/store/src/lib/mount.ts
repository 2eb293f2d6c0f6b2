// Where this page of the store runs (spec section 2): at / with the PC layout, or at /wap with the mobile
// layout. One build: the choice is made once, from the address the page was loaded at. The router is
// mounted with the basename, so `<Link to="/x">` and `navigate('/x')` stay inside /wap by themselves;
// what leaves the router (full-page addresses, return addresses handed to others, window.location
// checks) goes through `pagePath` and `routerPathOf` here, never a hard-coded "/".

export const WAP_BASENAME = '/wap';

export type Mount = 'pc' | 'wap';

export function mountOf(pathname: string): Mount {
  return pathname === WAP_BASENAME || pathname.startsWith(`${WAP_BASENAME}/`) ? 'wap' : 'pc';
}

export function basenameOf(mount: Mount): string {
  return mount === 'wap' ? WAP_BASENAME : '';
}

/**
 * The mount of this page. The server renders only the /wap site (src/entry-server.tsx, whose build
 * defines CARAVAN_SERVER_RENDER); outside a browser otherwise (unit tests) it is the PC store.
 */
export const mount: Mount = import.meta.env.CARAVAN_SERVER_RENDER ? 'wap' : typeof window === 'undefined' ? 'pc' : mountOf(window.location.pathname);
export const isWap = mount === 'wap';
/** The router's basename: '' (PC) or '/wap'. */
export const basename = basenameOf(mount);

/** The address path of a router path (for what the router does not handle: full loads, shared links). */
export function pagePath(routerPath: string, base: string = basename): string {
  return `${base}${routerPath}`;
}

/** The router path of an address path (the inverse of pagePath; "/" for the mount's root). */
export function routerPathOf(pathname: string, base: string = basename): string {
  if (!base) return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

/**
 * The legacy /wap addresses name their ids as the old mobile site did (spec section 2: goods detail with
 * sellerGoodsId, the shop with sellerId); the shared pages read `id`. Answers the query to use, or
 * null when nothing changes.
 */
export function wapQuery(routerPath: string, search: URLSearchParams): URLSearchParams | null {
  const page = routerPath.toLowerCase().replace(/\/+$/, '');
  const legacy = page === '/productdetails' ? 'sellerGoodsId' : page === '/store' ? 'sellerId' : null;
  const value = legacy ? search.get(legacy) : null;
  if (!legacy || value === null) return null;
  const next = new URLSearchParams(search);
  next.delete(legacy);
  if (!next.has('id')) next.set('id', value);
  return next;
}
