import { applyDocumentLanguage } from '@caravan/ui/i18n';
import { STORAGE_KEYS } from '@caravan/ui/storage';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { setApiLocale } from './lib/api.ts';
import { initI18n, pickSellerLocale } from './lib/i18n.ts';
import { LANGUAGE_KEY, store } from './lib/session.ts';
import './app/global.css';

async function start(): Promise<void> {
  const url = new URL(window.location.href);
  // ?lang= switches the language (kept for next time), then leaves the address
  const queryLang = url.searchParams.get('lang');
  // the store's language choice is the default: the same person often buys and sells
  const locale = pickSellerLocale(queryLang, store.getItem(LANGUAGE_KEY) ?? store.getItem(STORAGE_KEYS.language), navigator.languages ?? [navigator.language]);
  if (queryLang !== null) {
    store.setItem(LANGUAGE_KEY, locale);
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  applyDocumentLanguage(document, locale);
  const i18n = await initI18n(locale);
  setApiLocale(locale, i18n.t('common:errors.network'));
  const root = document.getElementById('seller');
  if (root) createRoot(root).render(<App i18n={i18n} locale={locale} />);
}

void start();
