// The store's start: settles the address and the language, then loads the app in stages, each its own
// task (React, the router with the shell, the providers, the page), so no single task parses and runs
// all of it: on a phone's slow CPU one long task keeps the page from answering a tap. A page the server
// rendered (the /wap site, ADR 0019) is hydrated; any other page is rendered here.
import { LANGUAGE_COOKIE } from '@caravan/contract/server-page';
import { applyDocumentLanguage, pickLocale, type Locale } from '@caravan/ui/i18n';
import { STORAGE_KEYS } from '@caravan/ui/storage';
import { isWap, routerPathOf, wapQuery } from './lib/mount.ts';
import { keepPageSession } from './lib/page-session.ts';
import { session, store } from './lib/session.ts';
import { readSsrState, type SsrState } from './lib/ssr-state.ts';
import './app/global.css';

/** Lets the browser paint and answer input before the next stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The language for the server too, which renders the /wap pages in it (a year, like the stored choice). */
function rememberLanguage(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Whether the server's page can be hydrated: rendered in this language, at this address, for the visitor
 * this browser holds. Otherwise (a language or a sign-in the server could not see) the browser renders
 * the page itself over the server's. (The session's server snapshot while hydrating is then the stored
 * session itself: lib/session.ts.)
 */
function hydratable(ssr: SsrState | null, locale: Locale, location: string): ssr is SsrState {
  if (!ssr || ssr.locale !== locale || ssr.location !== location) return false;
  const local = session.get();
  return ssr.user ? Boolean(local.token) && local.user?.usercode === ssr.user.usercode : !local.token;
}

async function start(): Promise<void> {
  const url = new URL(window.location.href);
  // the old mobile site's addresses (sellerGoodsId, sellerId) read as the shared pages' id
  const legacyWap = isWap ? wapQuery(routerPathOf(url.pathname), url.searchParams) : null;
  if (legacyWap) url.search = legacyWap.toString();
  // legacy query values: lang switches the language (then leaves the URL), code is a referral code
  const queryLang = url.searchParams.get('lang');
  const locale = pickLocale(queryLang, store.getItem(STORAGE_KEYS.language), navigator.languages ?? [navigator.language]);
  if (queryLang !== null) {
    store.setItem(STORAGE_KEYS.language, locale);
    url.searchParams.delete('lang');
  }
  const referral = url.searchParams.get('code');
  if (referral) store.setItem(STORAGE_KEYS.agentCode, referral);
  if (queryLang !== null || legacyWap) window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);

  applyDocumentLanguage(document, locale);
  rememberLanguage(locale);
  const root = document.getElementById('root');
  if (!root) return;
  const ssr = readSsrState(document);
  const hydrating = hydratable(ssr, locale, routerPathOf(url.pathname) + url.search);
  // the server's page session follows this browser's session (a page it rendered says whom it was for)
  keepPageSession(session, ssr);

  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { RouterProvider } = await import('react-router/dom');
  const { createStoreRouter, loadMatchedPages } = await import('./app/router.tsx');
  await nextTask();
  const [{ App, createQueryClient }, { initI18n }, { loadAntdLocale }, { api, setApiLocale }, { startHeartbeat }, { hydrate: hydrateQueries }] = await Promise.all([
    import('./app/app.tsx'),
    import('./lib/i18n.ts'),
    import('@caravan/ui/antd-locale'),
    import('./lib/api.ts'),
    import('./lib/heartbeat.ts'),
    import('@tanstack/react-query'),
  ]);
  setApiLocale(locale);
  const queryClient = createQueryClient();
  await nextTask();

  if (hydrating) {
    // the page the server rendered: the same messages, answers, page module and visitor, then hydrated
    // as a transition (React hydrates in slices of a few milliseconds, the page stays responsive)
    hydrateQueries(queryClient, ssr.queries);
    const [i18n, antdLocale] = await Promise.all([initI18n(locale, ssr.namespaces), loadAntdLocale(locale), loadMatchedPages(url.pathname + url.search)]);
    await nextTask();
    const router = createStoreRouter({ hydrating: true });
    const app = <App i18n={i18n} locale={locale} antdLocale={antdLocale} queryClient={queryClient} router={<RouterProvider router={router} />} />;
    const [{ startTransition }, { beginHydration }] = await Promise.all([import('react'), import('@caravan/ui/use-hydrated')]);
    beginHydration();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // the router starts loading the page's chunk now, while the messages load (not after them)
    const router = createStoreRouter();
    const [i18n, antdLocale] = await Promise.all([initI18n(locale), loadAntdLocale(locale)]);
    // the first render as a transition: React builds the page in slices of a few milliseconds and lets the
    // browser paint and answer input between them, instead of one long task (the phone's CPU is slow)
    const reactRoot = createRoot(root);
    const { startTransition } = await import('react');
    startTransition(() => reactRoot.render(<App i18n={i18n} locale={locale} antdLocale={antdLocale} queryClient={queryClient} router={<RouterProvider router={router} />} />));
  }
  // keeps the session alive while logged in; it never answers an error (silent: no toast)
  startHeartbeat({ source: session, beat: () => api.call('user!heartbeat', {}, { silent: true }) });
  // what checkout would show, for the server that draws the /wap checkout (the cart is in local storage)
  const [{ cart }, { keepCheckoutCookie }] = await Promise.all([import('./lib/cart-store.ts'), import('./features/cart/lib/checkout-cookie.ts')]);
  keepCheckoutCookie(document, cart, () => session.get().user?.usercode);
}

void start();
