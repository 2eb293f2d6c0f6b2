// What checkout would show, for the server that draws the /wap checkout (ADR 0019): the cart lives in
// local storage, which the server cannot read, so the store mirrors the checked lines of the signed-in
// buyer's cart into a cookie of the checkout page alone. The server draws the page with those lines, the
// browser hydrates it with the same ones (the page's state says which), then takes its own cart.
import { CHECKOUT_COOKIE, CHECKOUT_COOKIE_MAX_BYTES, CHECKOUT_COOKIE_PATH } from '@caravan/contract/server-page';
import type { CartLine } from '@caravan/ui/cart';
import { serverContext } from '../../../lib/server-context.ts';
import { readSsrState } from '../../../lib/ssr-state.ts';
import { MAX_ORDER_LINES, readCartLine } from './checkout-lines.ts';

/** The cookie's value for a buyer's cart, or undefined when there is nothing to draw or it is too large. */
export function checkoutCookieValue(usercode: string | undefined, lines: readonly CartLine[]): string | undefined {
  const checked = lines.filter((line) => line.checked);
  if (!usercode || checked.length === 0 || checked.length > MAX_ORDER_LINES) return undefined;
  const value = encodeURIComponent(JSON.stringify({ u: usercode, l: checked }));
  return value.length <= CHECKOUT_COOKIE_MAX_BYTES ? value : undefined;
}

/** The lines of a cookie (untrusted input), if it is this buyer's; none otherwise. */
export function readCheckoutCookie(value: string | undefined, usercode: string): CartLine[] {
  if (!value || value.length > CHECKOUT_COOKIE_MAX_BYTES) return [];
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as { u?: unknown; l?: unknown } | null;
    if (!parsed || parsed.u !== usercode || !Array.isArray(parsed.l)) return [];
    return parsed.l.slice(0, MAX_ORDER_LINES).map(readCartLine).filter((line) => line !== undefined);
  } catch {
    return [];
  }
}

/** Keeps the cookie equal to the cart of whoever is signed in (written again whenever either changes). */
export function keepCheckoutCookie(doc: Document, source: { lines: () => CartLine[]; subscribe: (listener: () => void) => () => void }, usercode: () => string | undefined): () => void {
  let written: string | undefined | null = null;
  const write = () => {
    const value = checkoutCookieValue(usercode(), source.lines());
    if (value === written) return;
    written = value;
    doc.cookie = `${CHECKOUT_COOKIE}=${value ?? ''}; Path=${CHECKOUT_COOKIE_PATH}; Max-Age=${value ? 30 * 24 * 3600 : 0}; SameSite=Lax`;
  };
  write();
  return source.subscribe(write);
}

/** The lines the checkout page is drawn with: on the server from the cookie, in the browser from the page's state. */
export function drawnCheckoutLines(): CartLine[] {
  const server = serverContext();
  if (server) return server.checkoutLines;
  return typeof document === 'undefined' ? [] : (readSsrState(document)?.checkout ?? []);
}
