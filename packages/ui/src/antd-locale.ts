// Ant Design's own texts (pagination, modals, pickers) per language; each pack is its own chunk.
import { useEffect, useState } from 'react';
import type { Locale } from './i18n.ts';
import type { Locale as AntdLocale } from 'antd/es/locale';
// English is part of antd's own bundle already
import enUS from 'antd/es/locale/en_US';

const packs: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  en: () => Promise.resolve({ default: enUS }),
  ja: () => import('antd/es/locale/ja_JP'),
  de: () => import('antd/es/locale/de_DE'),
  ms: () => import('antd/es/locale/ms_MY'),
  af: () => import('./antd-locale-af.ts'),
  th: () => import('antd/es/locale/th_TH'),
  el: () => import('antd/es/locale/el_GR'),
  pt: () => import('antd/es/locale/pt_PT'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  ru: () => import('antd/es/locale/ru_RU'),
  it: () => import('antd/es/locale/it_IT'),
  tr: () => import('antd/es/locale/tr_TR'),
  ko: () => import('antd/es/locale/ko_KR'),
  ph: () => import('./antd-locale-ph.ts'),
  ar: () => import('antd/es/locale/ar_EG'),
  id: () => import('antd/es/locale/id_ID'),
  hi: () => import('antd/es/locale/hi_IN'),
  vi: () => import('antd/es/locale/vi_VN'),
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  return (await packs[locale]()).default;
}

/** Ant Design's pack of `locale` once loaded (undefined meanwhile: antd's English), for its ConfigProvider. */
export function useAntdLocale(locale: Locale): AntdLocale | undefined {
  const [pack, setPack] = useState<AntdLocale | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void loadAntdLocale(locale).then((loaded) => alive && setPack(loaded));
    return () => {
      alive = false;
    };
  }, [locale]);
  return pack;
}
