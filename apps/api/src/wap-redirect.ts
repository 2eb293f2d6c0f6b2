// Device redirection (spec section 2): a phone asking for a page of the PC store is sent to the /wap
// site, which is the same built store with its mobile layout (apps/store, mounted at /wap). Tablets and
// desktops stay. The mapping is the spec's: goods detail (sellerGoodsId, lang) when a goods id is
// present, the shop page (sellerId) when a shop id is, otherwise the wap root; the language is kept.

import { PAGE_SESSION_PATH } from '@caravan/contract/server-page';

/** Where the store's mobile layout is mounted. */
export const WAP_PATH = '/wap';

/**
 * Server paths under /wap/ (the legacy API, the seller panel's calls, the public chat counter, the page
 * session's hand-over): never pages.
 */
export const WAP_SERVER_PREFIXES = ['/wap/api/', '/wap/seller/', '/wap/public/', PAGE_SESSION_PATH];

// Tablets say "Android" without "Mobile", or name themselves; iPadOS 13+ sends a desktop Safari string.
const TABLET = /iPad|Tablet|Kindle|Silk\/|PlayBook|Nexus (?:7|9|10)\b/i;
const PHONE = /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|Mobi/i;

/** Whether the User-Agent header names a phone (tablets and desktops are not). */
export function isPhoneUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  return !TABLET.test(userAgent) && PHONE.test(userAgent);
}

function pagePath(pathname: string): string {
  return pathname.replace(/\/+$/, '').toLowerCase();
}

/**
 * The /wap address for a PC store address (its path and query): goods detail when the goods id is
 * present (`/productDetails?id=`, or `id` on the root), the shop page when the shop id is
 * (`/store?id=`, or `storeId` anywhere), otherwise the wap root. `lang` is kept, and so is the
 * referral `code` (the store saves it on arrival, wherever it lands).
 */
export function wapLocation(pathname: string, query: URLSearchParams): string {
  const page = pagePath(pathname);
  const id = query.get('id')?.trim() ?? '';
  const storeId = query.get('storeId')?.trim() ?? '';
  const target = new URLSearchParams();
  let path = `${WAP_PATH}/`;
  if (id && (page === '/productdetails' || page === '' || page === '/index')) {
    path = `${WAP_PATH}/productDetails`;
    target.set('sellerGoodsId', id);
  } else if (id && page === '/store') {
    path = `${WAP_PATH}/store`;
    target.set('sellerId', id);
  } else if (storeId) {
    path = `${WAP_PATH}/store`;
    target.set('sellerId', storeId);
  }
  for (const kept of ['lang', 'code']) {
    const value = query.get(kept);
    if (value) target.set(kept, value);
  }
  const search = target.toString();
  return search ? `${path}?${search}` : path;
}
