import { applyDocumentLanguage } from '@caravan/ui/i18n';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { setApiLanguage } from './lib/api.ts';
import { initI18n, pickConsoleLocale } from './lib/i18n.ts';
import { LANGUAGE_KEY, store } from './lib/session.ts';
import './app/global.css';

async function start(): Promise<void> {
  const locale = pickConsoleLocale(store.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  applyDocumentLanguage(document, locale);
  setApiLanguage(locale);
  const i18n = await initI18n(locale);
  const root = document.getElementById('console');
  if (root) createRoot(root).render(<App i18n={i18n} locale={locale} />);
}

void start();
