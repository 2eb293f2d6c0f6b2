import { useAntdLocale } from '@caravan/ui/antd-locale';
import { isRtl, type Locale } from '@caravan/ui/i18n';
import { UiProvider } from '@caravan/ui/ui-context.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { i18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { registerMessage } from '../lib/toast.ts';
import { sellerUi } from '../lib/ui-context.tsx';
import { router } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    // a refused call (errorKey) is not retried: the answer would be the same
    queries: { staleTime: 15_000, retry: (count, error) => count < 1 && !(error as { errorKey?: string }).errorKey, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

/** antd's blue, red and greys darkened to keep a 4.5:1 contrast (WCAG AA), as in the console. */
const THEME_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  borderRadius: 6,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
  colorSuccess: '#237804',
};

/** Hands antd's context-aware toast to the code outside components (the API client). */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => registerMessage(message), [message]);
  return null;
}

export function App({ i18n, locale }: { i18n: i18n; locale: Locale }) {
  const antdLocale = useAntdLocale(locale);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider direction={isRtl(locale) ? 'rtl' : 'ltr'} {...(antdLocale ? { locale: antdLocale } : {})} theme={{ token: THEME_TOKENS }}>
        <AntdApp>
          <MessageBridge />
          <QueryClientProvider client={queryClient}>
            <UiProvider value={sellerUi}>
              <RouterProvider router={router} />
            </UiProvider>
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
