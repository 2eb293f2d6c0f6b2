import { isRtl, type Locale } from '@caravan/ui/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import brand from 'virtual:brand';
import { FeedbackProvider } from '../components/feedback.tsx';
import { UiProvider } from '@caravan/ui/ui-context.tsx';
import { storeUi } from '../lib/ui-context.tsx';

/** The store's query cache: one per page in the browser, one per render on the server (no retries there). */
export function createQueryClient(options: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: options.server ? false : 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The store around its router: the browser's RouterProvider, or the server's StaticRouterProvider
 * (src/entry-server.tsx) with the same providers, so both render the same markup. Ant Design's language
 * pack comes loaded (loadAntdLocale): switching it after the first render would render every antd
 * component again.
 */
export function App({ i18n, locale, antdLocale, queryClient, router }: { i18n: i18n; locale: Locale; antdLocale: AntdLocale; queryClient: QueryClient; router: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        direction={isRtl(locale) ? 'rtl' : 'ltr'}
        locale={antdLocale}
        theme={{ token: { colorPrimary: brand.colors.primary, borderRadius: 6, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' } }}
      >
        <FeedbackProvider>
          <QueryClientProvider client={queryClient}>
            <UiProvider value={storeUi}>
              {router}
            </UiProvider>
          </QueryClientProvider>
        </FeedbackProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
