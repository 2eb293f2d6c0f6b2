import { textIn } from '@caravan/contract/catalog-console';
import type { Locale } from '@caravan/contract/languages';
import type { LocalizedText } from '@caravan/db/schema/catalog';

/** The text in the locale when stored, else English (only en, zh-CN and zh-TW are stored for goods). */
export function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  return textIn(text, locale);
}
