// What the store's modules read from their page instead of the browser while the server renders a page
// (src/entry-server.tsx): the visitor's session, the language and the way to reach the API. In the
// browser no provider is set and every reader falls back to the browser's own state.
import type { CartLine } from '@caravan/ui/cart';
import type { Locale } from '@caravan/ui/i18n';

export interface ServerSession {
  token: string;
  user: { username: string; usercode: string };
}

export interface ServerContext {
  /** The visitor as the server knows them (the page-session cookie), or null for a visitor. */
  session: ServerSession | null;
  locale: Locale;
  /** The platform's time zone (the browser reads it from the page's meta tag). */
  platformTimeZone: string;
  /** The API, reached in process (same answers as over the network). */
  fetch: typeof fetch;
  /** The signed-in visitor's checked cart lines, from the store's checkout cookie (none for a visitor). */
  checkoutLines: CartLine[];
}

let provider: (() => ServerContext | undefined) | undefined;

/** Installed once by the server renderer: the context of the render running now. */
export function provideServerContext(current: () => ServerContext | undefined): void {
  provider = current;
}

/** The render's context on the server; undefined in the browser. */
export function serverContext(): ServerContext | undefined {
  return provider?.();
}
