import { createPanelRouter } from '@caravan/ui/panel-router.tsx';
import { lazy } from 'react';
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

export const router = createPanelRouter({
  basename: '/console',
  loginPath: PATHS.login,
  homePath: PATHS.dashboard,
  login: <LoginPage />,
  layout: <ConsoleLayout />,
  useSignedIn: () => useSession() !== null,
  home: DashboardPage,
  pages: [
    [PATHS.recharges, RechargesPage],
    [PATHS.withdrawals, WithdrawalsPage],
    [PATHS.refunds, RefundsPage],
    [PATHS.loans, LoansPage],
    [PATHS.sellerApplications, SellerApplicationsPage],
    [PATHS.kyc, KycPage],
    [PATHS.orders, OrdersPage],
    [PATHS.users, UsersPage],
    [PATHS.chat, ChatPage],
    [PATHS.audit, AuditPage],
    [PATHS.settings, SettingsPage],
    [PATHS.categories, CategoriesPage],
    [PATHS.goods, GoodsPage],
    [PATHS.shops, ShopsPage],
    [PATHS.banners, BannersPage],
    [PATHS.luckyDraw, LuckyDrawPage],
    [PATHS.information, InformationPage],
    [PATHS.operators, OperatorsPage],
    [`${PATHS.information}/:slug/:locale`, InformationEditorPage],
  ],
});
