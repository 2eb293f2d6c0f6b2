// What passes between the server that renders a /wap page (apps/api/src/page-render.ts, ADR 0019) and the
// store that hydrates it: the page's elements, and the cookies through which the store tells the server
// the visitor's language and session.

/** <script type="application/json"> with what the page was rendered from (apps/store/src/lib/ssr-state.ts). */
export const SSR_STATE_ELEMENT_ID = 'caravan-ssr';
/** <script type="application/json"> naming the scripts the page loads once it is on screen. */
export const SSR_BOOT_ELEMENT_ID = 'caravan-boot';

/** The visitor's language, written by the store (it keeps it in local storage, which the server cannot read). */
export const LANGUAGE_COOKIE = 'caravan_lang';

/** The page session: the store's token, handed over after a sign-in, kept in an HttpOnly cookie. */
export const PAGE_SESSION_COOKIE = 'caravan_page_session';
/** Where the store hands over (POST, Bearer token) and ends (DELETE) its page session. */
export const PAGE_SESSION_PATH = '/wap/page-session';

/**
 * The checked cart lines, which the store mirrors from local storage for the server to draw the /wap
 * checkout with; sent to the checkout page alone, and not written when larger than the bound.
 */
export const CHECKOUT_COOKIE = 'caravan_checkout';
export const CHECKOUT_COOKIE_PATH = '/wap/settlement';
export const CHECKOUT_COOKIE_MAX_BYTES = 3_600;
