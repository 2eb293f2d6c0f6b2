// i18next for the web apps: one instance, the active language's messages loaded on demand (each
// locale is its own chunk), `dir` and `lang` set on <html> so Arabic lays out right to left.
import { findLocale, isRtl, LOCALES, REQUEST_CODES, type Locale } from '@caravan/contract/languages';
import i18next, { type i18n, type Resource } from 'i18next';

/** One namespace's messages in one locale (an empty object when the namespace has no file). */
export type MessageLoader = (locale: Locale, namespace: string) => Promise<Record<string, unknown>>;

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
  return pickSupportedLocale(LOCALES, queryLang, stored, browserLanguages);
}

/**
 * pickLocale among the languages an app has messages for (the operator console speaks fewer than the
 * store); English when none fits, else the first supported one.
 */
export function pickSupportedLocale(supported: readonly Locale[], queryLang: string | null, stored: string | null, browserLanguages: readonly string[]): Locale {
  // each browser language by its full tag, then by its base language, in the browser's order
  const candidates = [queryLang, stored, ...browserLanguages.flatMap((tag) => [tag, tag.split('-')[0] ?? tag])];
  for (const candidate of candidates) {
    const locale = findLocale(candidate);
    if (locale && supported.includes(locale)) return locale;
  }
  return supported.includes('en') ? 'en' : (supported[0] ?? 'en');
}

export function applyDocumentLanguage(doc: Document, locale: Locale): void {
  doc.documentElement.lang = languageTag(locale);
  doc.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

/**
 * An i18next instance for one locale. The `eager` namespaces are loaded before it resolves (what the
 * first screen needs); the others load when a component first asks for them (react-i18next suspends
 * meanwhile), so the first page does not download every screen's messages.
 */
export async function createI18n(locale: Locale, load: MessageLoader, namespaces: string[], eager: string[] = namespaces): Promise<i18n> {
  const instance = i18next.createInstance();
  const first = await Promise.all(eager.map(async (namespace) => [namespace, await load(locale, namespace)] as const));
  const resources: Resource = { [locale]: Object.fromEntries(first) };
  instance.use({
    type: 'backend',
    init: () => undefined,
    read: (language: string, namespace: string, callback: (error: unknown, data?: Record<string, unknown>) => void) => {
      load(language as Locale, namespace).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error),
      );
    },
  });
  await instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    // the bundled namespaces are used as they are; the rest go through the loader above
    partialBundledLanguages: true,
    ns: eager,
    defaultNS: namespaces[0],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
