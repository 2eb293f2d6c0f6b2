import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
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
          <SellerLayout />
        </RequireSession>
      ),
      children: [
        { index: true, element: page(<DashboardPage />) },
        { path: PATHS.orders.slice(1), element: page(<OrdersPage />) },
        { path: PATHS.returns.slice(1), element: page(<ReturnsPage />) },
        { path: PATHS.goods.slice(1), element: page(<GoodsPage />) },
        { path: PATHS.addGoods.slice(1), element: page(<AddGoodsPage />) },
        { path: PATHS.reviews.slice(1), element: page(<ReviewsPage />) },
        { path: PATHS.earnings.slice(1), element: page(<EarningsPage />) },
        { path: PATHS.shop.slice(1), element: page(<ShopPage />) },
        { path: '*', element: <Navigate to={PATHS.dashboard} replace /> },
      ],
    },
  ],
  { basename: '/seller' },
);
