// i18next for the web apps: one instance, the active language's messages loaded on demand (each
// locale is its own chunk), `dir` and `lang` set on <html> so Arabic lays out right to left.
import { findLocale, isRtl, LOCALES, REQUEST_CODES, type Locale } from '@caravan/contract/languages';
import i18next, { type i18n, type Resource } from 'i18next';

export type MessageLoader = (locale: Locale) => Promise<Resource[string]>;

export { LOCALES, REQUEST_CODES, isRtl, type Locale };

/** Names of the languages in their own script, for the language menu. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  ja: '日本語',
  de: 'Deutsch',
  ms: 'Bahasa Melayu',
  af: 'Afrikaans',
  th: 'ไทย',
  el: 'Ελληνικά',
  pt: 'Português',
  es: 'Español',
  fr: 'Français',
  ru: 'Русский',
  it: 'Italiano',
  tr: 'Türkçe',
  ko: '한국어',
  ph: 'Filipino',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  hi: 'हिन्दी',
  vi: 'Tiếng Việt',
};

/** BCP 47 tag for Intl and <html lang> (ph is Filipino: fil). */
export function languageTag(locale: Locale): string {
  return locale === 'ph' ? 'fil' : locale;
}

/**
 * The language to start in: the `lang` query value (legacy request codes accepted), then the stored
 * choice, then the browser's languages, then English.
 */
export function pickLocale(queryLang: string | null, stored: string | null, browserLanguages: readonly string[]): Locale {
  // each browser language by its full tag, then by its base language, in the browser's order
  const candidates = [queryLang, stored, ...browserLanguages.flatMap((tag) => [tag, tag.split('-')[0] ?? tag])];
  for (const candidate of candidates) {
    const locale = findLocale(candidate);
    if (locale) return locale;
  }
  return 'en';
}

export function applyDocumentLanguage(doc: Document, locale: Locale): void {
  doc.documentElement.lang = languageTag(locale);
  doc.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

export async function createI18n(locale: Locale, load: MessageLoader, namespaces: string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  const resources: Resource = { [locale]: await load(locale) };
  await instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    ns: namespaces,
    defaultNS: namespaces[0],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
