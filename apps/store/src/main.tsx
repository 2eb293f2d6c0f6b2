import { applyDocumentLanguage, pickLocale } from '@caravan/ui/i18n';
import { STORAGE_KEYS } from '@caravan/ui/storage';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createStoreRouter } from './app/router.tsx';
import { api, setApiLocale } from './lib/api.ts';
import { startHeartbeat } from './lib/heartbeat.ts';
import { initI18n } from './lib/i18n.ts';
import { isWap, routerPathOf, wapQuery } from './lib/mount.ts';
import { session, store } from './lib/session.ts';
import './app/global.css';

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
  setApiLocale(locale);
  // the router starts loading the page's chunk now, while the messages load (not after them)
  const router = createStoreRouter();
  const i18n = await initI18n(locale);
  const root = document.getElementById('root');
  // the first render as a transition: React builds the page in slices of a few milliseconds and lets the
  // browser paint and answer input between them, instead of one long task (the phone's CPU is slow)
  if (root) {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(<App i18n={i18n} locale={locale} router={router} />));
  }
  // keeps the session alive while logged in; it never answers an error (silent: no toast)
  startHeartbeat({ source: session, beat: () => api.call('user!heartbeat', {}, { silent: true }) });
}

void start();
