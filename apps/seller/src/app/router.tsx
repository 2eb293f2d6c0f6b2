import { createPanelRouter } from '@caravan/ui/panel-router.tsx';
import { lazy } from 'react';
import { LoginPage } from '../features/auth/login-page.tsx';
import { useSession } from '../lib/session.ts';
import { SellerLayout } from './layout.tsx';
import { PATHS } from './paths.ts';

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const OrdersPage = lazy(() => import('../features/orders/orders-page.tsx'));
const ReturnsPage = lazy(() => import('../features/orders/returns-page.tsx'));
const GoodsPage = lazy(() => import('../features/goods/goods-page.tsx'));
const AddGoodsPage = lazy(() => import('../features/goods/add-goods-page.tsx'));
const ReviewsPage = lazy(() => import('../features/reviews/reviews-page.tsx'));
const EarningsPage = lazy(() => import('../features/earnings/earnings-page.tsx'));
const ShopPage = lazy(() => import('../features/shop/shop-page.tsx'));

export const router = createPanelRouter({
  basename: '/seller',
  loginPath: PATHS.login,
  homePath: PATHS.dashboard,
  login: <LoginPage />,
  layout: <SellerLayout />,
  useSignedIn: () => useSession() !== null,
  home: DashboardPage,
  pages: [
    [PATHS.orders, OrdersPage],
    [PATHS.returns, ReturnsPage],
    [PATHS.goods, GoodsPage],
    [PATHS.addGoods, AddGoodsPage],
    [PATHS.reviews, ReviewsPage],
    [PATHS.earnings, EarningsPage],
    [PATHS.shop, ShopPage],
  ],
});
