import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { Spin } from 'antd';
import { LoginPage } from '../features/auth/login-page.tsx';
import { useSession } from '../lib/session.ts';
import { ConsoleLayout } from './layout.tsx';
import { PATHS } from './paths.ts';

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const RechargesPage = lazy(() => import('../features/recharges/recharges-page.tsx'));
const WithdrawalsPage = lazy(() => import('../features/withdrawals/withdrawals-page.tsx'));
const RefundsPage = lazy(() => import('../features/orders/refunds-page.tsx'));
const OrdersPage = lazy(() => import('../features/orders/orders-page.tsx'));
const AuditPage = lazy(() => import('../features/audit/audit-page.tsx'));
const LoansPage = lazy(() => import('../features/loans/loans-page.tsx'));
const SellerApplicationsPage = lazy(() => import('../features/sellers/seller-applications-page.tsx'));
const KycPage = lazy(() => import('../features/kyc/kyc-page.tsx'));
const UsersPage = lazy(() => import('../features/users/users-page.tsx'));
const ChatPage = lazy(() => import('../features/chat/chat-page.tsx'));
const SettingsPage = lazy(() => import('../features/settings/settings-page.tsx'));
const CategoriesPage = lazy(() => import('../features/catalog/categories-page.tsx'));
const GoodsPage = lazy(() => import('../features/catalog/goods-page.tsx'));
const ShopsPage = lazy(() => import('../features/shops/shops-page.tsx'));
const BannersPage = lazy(() => import('../features/banners/banners-page.tsx'));
const InformationPage = lazy(() => import('../features/information/information-page.tsx'));
const InformationEditorPage = lazy(() => import('../features/information/information-editor-page.tsx'));
const LuckyDrawPage = lazy(() => import('../features/information/lucky-draw-page.tsx'));
const OperatorsPage = lazy(() => import('../features/operators/operators-page.tsx'));

function RequireSession({ children }: { children: ReactNode }) {
  const current = useSession();
  const location = useLocation();
  if (!current) return <Navigate to={PATHS.login} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

function page(element: ReactNode) {
  return <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>{element}</Suspense>;
}

export const router = createBrowserRouter(
  [
    { path: PATHS.login, element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireSession>
          <ConsoleLayout />
        </RequireSession>
      ),
      children: [
        { index: true, element: page(<DashboardPage />) },
        { path: PATHS.recharges.slice(1), element: page(<RechargesPage />) },
        { path: PATHS.withdrawals.slice(1), element: page(<WithdrawalsPage />) },
        { path: PATHS.refunds.slice(1), element: page(<RefundsPage />) },
        { path: PATHS.loans.slice(1), element: page(<LoansPage />) },
        { path: PATHS.sellerApplications.slice(1), element: page(<SellerApplicationsPage />) },
        { path: PATHS.kyc.slice(1), element: page(<KycPage />) },
        { path: PATHS.orders.slice(1), element: page(<OrdersPage />) },
        { path: PATHS.users.slice(1), element: page(<UsersPage />) },
        { path: PATHS.chat.slice(1), element: page(<ChatPage />) },
        { path: PATHS.audit.slice(1), element: page(<AuditPage />) },
        { path: PATHS.settings.slice(1), element: page(<SettingsPage />) },
        { path: PATHS.categories.slice(1), element: page(<CategoriesPage />) },
        { path: PATHS.goods.slice(1), element: page(<GoodsPage />) },
        { path: PATHS.shops.slice(1), element: page(<ShopsPage />) },
        { path: PATHS.banners.slice(1), element: page(<BannersPage />) },
        { path: PATHS.luckyDraw.slice(1), element: page(<LuckyDrawPage />) },
        { path: PATHS.information.slice(1), element: page(<InformationPage />) },
        { path: `${PATHS.information.slice(1)}/:slug/:locale`, element: page(<InformationEditorPage />) },
        { path: PATHS.operators.slice(1), element: page(<OperatorsPage />) },
        { path: '*', element: <Navigate to={PATHS.dashboard} replace /> },
      ],
    },
  ],
  { basename: '/console' },
);
