import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AccountCancelledFarewell } from '../../features/account/components/account-cancelled-farewell.tsx';
import { CartBar } from '../../features/cart/components/cart-bar.tsx';
import { connectApi } from '../../lib/api.ts';
import { routerPathOf } from '../../lib/mount.ts';
import { BackToTop } from './back-to-top.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { AppLive } from '../app-live.tsx';
import { PageLoading } from './page-loading.tsx';
import { ScrollManager } from './scroll-manager.tsx';
import { useMessage } from '../../components/feedback.tsx';

/** Connects the API client's toast and 403 handling to the app (spec section 8). */
export function ApiBridge() {
  const message = useMessage();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useEffect(() => {
    connectApi({
      showError: (text) => void message.error(text || t('errors.network')),
      onSessionExpired: () => {
        // the root of the site the page runs on (/ or /wap)
        if (routerPathOf(window.location.pathname) !== '/') void navigate('/');
      },
    });
  }, [message, navigate, t]);
  return null;
}

/**
 * The current page, shared by the PC and the mobile shell. The app is live once the first page has
 * committed inside its boundary (a server-rendered page is hydrated there after the shell).
 */
export function PageOutlet() {
  return (
    <main className="app-main" id="main">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        <AppLive />
      </Suspense>
    </main>
  );
}

export function AppLayout() {
  return (
    <div className="app-shell">
      <ApiBridge />
      <AccountCancelledFarewell />
      <ScrollManager />
      <Header />
      <PageOutlet />
      <Footer />
      <CartBar />
      <BackToTop />
    </div>
  );
}
