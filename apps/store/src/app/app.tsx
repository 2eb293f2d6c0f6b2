import { isRtl, type Locale } from '@caravan/ui/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import brand from 'virtual:brand';
import { FeedbackProvider } from '../components/feedback.tsx';
import { useAntdLocale } from '@caravan/ui/antd-locale';
import { UiProvider } from '@caravan/ui/ui-context.tsx';
import { storeUi } from '../lib/ui-context.tsx';
import type { StoreRouter } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function App({ i18n, locale, router }: { i18n: i18n; locale: Locale; router: StoreRouter }) {
  const antdLocale = useAntdLocale(locale);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        direction={isRtl(locale) ? 'rtl' : 'ltr'}
        {...(antdLocale ? { locale: antdLocale } : {})}
        theme={{ token: { colorPrimary: brand.colors.primary, borderRadius: 6, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' } }}
      >
        <FeedbackProvider>
          <QueryClientProvider client={queryClient}>
            <UiProvider value={storeUi}>
              <RouterProvider router={router} />
            </UiProvider>
          </QueryClientProvider>
        </FeedbackProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}

export { queryClient };
