// Catalogue texts in the stored languages (en required, zh-CN and zh-TW falling back to English when
// empty): the dialog fields that edit them, and the text to show in the operator's language.
import { CATALOGUE_LOCALES, type CatalogueLocale } from '@caravan/contract/catalog-console';
import { LANGUAGE_NAMES } from '@caravan/ui/i18n';
import type { DecisionField } from '../../components/decision-button.tsx';

export type LocalizedText = { en: string } & Partial<Record<string, string | undefined>>;

/** One field per stored language, named `<prefix>.<locale>`, English required. */
export function localizedFields(prefix: string, label: string, initial: LocalizedText | undefined, options: { max: number; multiline?: boolean }): DecisionField[] {
  return CATALOGUE_LOCALES.map((locale) => ({
    name: `${prefix}.${locale}`,
    label: `${label} (${LANGUAGE_NAMES[locale]})`,
    required: locale === 'en',
    max: options.max,
    ...(options.multiline ? { multiline: true } : {}),
    ...(initial?.[locale] ? { initialValue: initial[locale] } : {}),
  }));
}

/** The texts of `localizedFields` back as the object the API takes (empty languages left out). */
export function localizedValue(values: Record<string, string>, prefix: string): { en: string } & Partial<Record<CatalogueLocale, string>> {
  const text: { en: string } & Partial<Record<CatalogueLocale, string>> = { en: values[`${prefix}.en`] ?? '' };
  for (const locale of CATALOGUE_LOCALES) {
    const value = values[`${prefix}.${locale}`];
    if (locale !== 'en' && value) text[locale] = value;
  }
  return text;
}
