// Routes of spec section 2. Every page is its own chunk; the shell (header, footer, cart bar) is not.
// The same routes serve the mobile site under /wap (basename), in the mobile shell (lib/mount.ts).
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { basename, isWap } from '../lib/mount.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { WapLayout } from './layout/wap-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: isWap ? <WapLayout /> : <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/index" replace /> },
      { path: 'index', ...page(() => import('../features/catalog/pages/home-page.tsx')) },
      { path: 'classification', ...page(() => import('../features/catalog/pages/classification-page.tsx')) },
      { path: 'commodity', ...page(() => import('../features/catalog/pages/commodity-page.tsx')) },
      { path: 'discounted', ...page(() => import('../features/catalog/pages/discounted-page.tsx')) },
      { path: 'information', ...page(() => import('../features/catalog/pages/information-page.tsx')) },
      { path: 'information/:slug', ...page(() => import('../features/catalog/pages/information-detail-page.tsx')) },
      { path: 'productDetails', ...page(() => import('../features/catalog/pages/product-details-page.tsx')) },
      { path: 'store', ...page(() => import('../features/catalog/pages/store-page.tsx')) },
      { path: 'searchGoods', ...page(() => import('../features/catalog/pages/search-goods-page.tsx')) },
      { path: 'searchStore', ...page(() => import('../features/catalog/pages/search-store-page.tsx')) },
      { path: 'searchResult', ...page(() => import('../features/catalog/pages/search-result-page.tsx')) },
      { path: 'settlement', ...page(() => import('../features/cart/pages/settlement-page.tsx')) },
      { path: 'paySuccess', ...page(() => import('../features/cart/pages/pay-success-page.tsx')) },
      { path: 'merchantSettled', ...page(() => import('../features/sellers/pages/merchant-settled-page.tsx')) },
      { path: 'login', ...page(() => import('../features/account/pages/login-page.tsx')) },
      { path: 'register', ...page(() => import('../features/account/pages/register-page.tsx')) },
      { path: 'forgot-password', ...page(() => import('../features/account/pages/forgot-password-page.tsx')) },
      {
        path: 'userInfo',
        ...page(() => import('../features/account/pages/user-center-layout.tsx')),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', ...page(() => import('../features/account/pages/dashboard-page.tsx')) },
          { path: 'my-order', ...page(() => import('../features/orders/pages/my-order-page.tsx')) },
          { path: 'order-detail', ...page(() => import('../features/orders/pages/order-detail-page.tsx')) },
          { path: 'order-return', ...page(() => import('../features/orders/pages/order-return-page.tsx')) },
          { path: 'order-evaluation', ...page(() => import('../features/orders/pages/order-evaluation-page.tsx')) },
          { path: 'download', ...page(() => import('../features/account/pages/download-page.tsx')) },
          { path: 'invite', ...page(() => import('../features/account/pages/invite-page.tsx')) },
          { path: 'collect-goods', ...page(() => import('../features/account/pages/collect-goods-page.tsx')) },
          { path: 'collect-shop', ...page(() => import('../features/account/pages/collect-shop-page.tsx')) },
          { path: 'money-package', ...page(() => import('../features/wallet/pages/money-package-page.tsx')) },
          { path: 'money-package/recharge', ...page(() => import('../features/wallet/pages/recharge-page.tsx')) },
          { path: 'money-package/withdraw', ...page(() => import('../features/wallet/pages/withdraw-page.tsx')) },
          {
            path: 'setup',
            children: [
              { index: true, element: <Navigate to="index" replace /> },
              { path: 'index', ...page(() => import('../features/account/pages/setup-index-page.tsx')) },
              { path: 'login-password', ...page(() => import('../features/account/pages/login-password-page.tsx')) },
              { path: 'transaction-password', ...page(() => import('../features/account/pages/transaction-password-page.tsx')) },
              { path: 'shipping-address', ...page(() => import('../features/account/pages/shipping-address-page.tsx')) },
              { path: 'real-name', ...page(() => import('../features/kyc/pages/real-name-page.tsx')) },
              { path: 'advanced-verification', ...page(() => import('../features/kyc/pages/advanced-verification-page.tsx')) },
              { path: 'account-cancellation', ...page(() => import('../features/account/pages/account-cancellation-page.tsx')) },
            ],
          },
        ],
      },
      {
        path: 'credit',
        ...page(() => import('../features/credit/pages/credit-layout.tsx')),
        children: [
          { index: true, element: <Navigate to="application" replace /> },
          { path: 'application', ...page(() => import('../features/credit/pages/application-page.tsx')) },
          { path: 'myLoan', ...page(() => import('../features/credit/pages/my-loan-page.tsx')) },
        ],
      },
      { path: '*', ...page(() => import('./layout/not-found-page.tsx')) },
    ],
  },
];

/**
 * Created by start-up once it has settled the address (main.tsx rewrites the query): the router reads
 * the address when created and starts loading the page's chunk at once.
 */
export function createStoreRouter() {
  return createBrowserRouter(routes, basename ? { basename } : {});
}

export type StoreRouter = ReturnType<typeof createStoreRouter>;
