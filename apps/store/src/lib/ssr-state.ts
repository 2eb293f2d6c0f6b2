// What a page the server rendered (src/entry-server.tsx) hands to the browser that hydrates it, as JSON
// in <script type="application/json" id="caravan-ssr">: the language and visitor it was rendered for,
// the messages and API answers it used. The server adds `boot`: the scripts the page loads once it is
// on screen (apps/api/src/page-render.ts).
import { SSR_STATE_ELEMENT_ID } from '@caravan/contract/server-page';
import type { CartLine } from '@caravan/ui/cart';
import type { Locale } from '@caravan/ui/i18n';
import type { DehydratedState } from '@tanstack/react-query';

export interface SsrUser {
  username: string;
  usercode: string;
}

export interface SsrState {
  locale: Locale;
  /** The router path and query the server rendered (after the legacy query was rewritten). */
  location: string;
  /** The signed-in visitor the page was rendered for (its page-session cookie), or null. */
  user: SsrUser | null;
  /** The message namespaces the render used. */
  namespaces: string[];
  /** The API answers the render used (react-query's dehydrated cache). */
  queries: DehydratedState;
  /** The cart lines the checkout was drawn with (the store's checkout cookie); none on other pages. */
  checkout: CartLine[];
}

const read = new WeakMap<Document, SsrState | null>();

/** The page's state (read once per document), or null for a page the server did not render. */
export function readSsrState(doc: Document): SsrState | null {
  if (read.has(doc)) return read.get(doc) ?? null;
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  let state: SsrState | null = null;
  try {
    state = text ? (JSON.parse(text) as SsrState) : null;
  } catch {
    state = null;
  }
  read.set(doc, state);
  return state;
}
