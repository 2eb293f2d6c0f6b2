import { LANGUAGE_NAMES, type Locale } from '@caravan/ui/i18n';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_LOCALES } from '../lib/i18n.ts';
import { LANGUAGE_KEY, store } from '../lib/session.ts';

/** Switching language reloads the page, so every message and antd's own texts load in the new one. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('common:language')}
      size="small"
      value={i18n.language}
      style={{ minWidth: 110 }}
      options={CONSOLE_LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale as Locale] }))}
      onChange={(locale: string) => {
        store.setItem(LANGUAGE_KEY, locale);
        window.location.reload();
      }}
    />
  );
}
