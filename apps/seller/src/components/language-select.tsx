import { LANGUAGE_NAMES, LOCALES } from '@caravan/ui/i18n';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_KEY, store } from '../lib/session.ts';

/** Switching language reloads the page, so every message and antd's own texts load in the new one. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('common:language')}
      size="small"
      value={i18n.language}
      style={{ minWidth: 130 }}
      options={LOCALES.map((locale) => ({ value: locale, label: <span lang={locale === 'ph' ? 'fil' : locale}>{LANGUAGE_NAMES[locale]}</span> }))}
      onChange={(locale: string) => {
        store.setItem(LANGUAGE_KEY, locale);
        window.location.reload();
      }}
    />
  );
}
