import type { Locale } from '@caravan/ui/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { i18n } from 'i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { router } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: (count, error) => count < 1 && !('errorKey' in (error as object)), refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

/** antd's own texts (pagination, modals, pickers) for the console's languages, each pack its own chunk. */
const ANTD_PACKS: Partial<Record<Locale, () => Promise<{ default: AntdLocale }>>> = {
  en: () => Promise.resolve({ default: enUS }),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
};

/** antd's blue, red, placeholder and secondary greys are darkened to keep a 4.5:1 contrast (WCAG AA), also on the selected menu entry's tint. */
const THEME_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  borderRadius: 6,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
};

export function App({ i18n, locale }: { i18n: i18n; locale: Locale }) {
  const [antdLocale, setAntdLocale] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let alive = true;
    void (ANTD_PACKS[locale] ?? ANTD_PACKS.en)?.().then((pack) => alive && setAntdLocale(pack.default));
    return () => {
      alive = false;
    };
  }, [locale]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale} theme={{ token: THEME_TOKENS }}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
