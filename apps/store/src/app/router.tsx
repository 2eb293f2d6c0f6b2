// Routes of spec section 2. Every page is its own chunk; the shell (header, footer, cart bar) is not.
// The same routes serve the mobile site under /wap (basename), in the mobile shell (lib/mount.ts), which
// the server also renders (src/entry-server.tsx): a route's `handle.page` names its page module, so the
// server knows which chunk and styles the page needs, and the client loads it before hydrating.
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, replace, type RouteObject } from 'react-router';
import { basename, isWap } from '../lib/mount.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { WapLayout } from './layout/wap-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

type PageModule = { default: ComponentType };
const PAGES = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', './layout/not-found-page.tsx']);

/** What a page route carries: its module, relative to src/ (the key of the build's manifest, under src/). */
export interface PageHandle {
  page: string;
}

/** A lazily loaded page: `file` relative to src/ (features/catalog/pages/home-page.tsx). */
function page(file: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = PAGES[file.startsWith('features/') ? `../${file}` : `./${file.replace(/^app\//, '')}`];
  if (!load) throw new Error(`no page module ${file}`);
  return {
    handle: { page: file } satisfies PageHandle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** An index route that sends its visitor on (a loader, so the server answers the redirect itself). */
const redirectTo = (to: string): RouteObject => ({ index: true, loader: () => replace(to) });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: isWap ? <WapLayout /> : <AppLayout />,
    errorElement: <RouteError />,
    children: [
      redirectTo('/index'),
      { path: 'index', ...page('features/catalog/pages/home-page.tsx') },
      { path: 'classification', ...page('features/catalog/pages/classification-page.tsx') },
      { path: 'commodity', ...page('features/catalog/pages/commodity-page.tsx') },
      { path: 'discounted', ...page('features/catalog/pages/discounted-page.tsx') },
      { path: 'information', ...page('features/catalog/pages/information-page.tsx') },
      { path: 'information/:slug', ...page('features/catalog/pages/information-detail-page.tsx') },
      { path: 'productDetails', ...page('features/catalog/pages/product-details-page.tsx') },
      { path: 'store', ...page('features/catalog/pages/store-page.tsx') },
      { path: 'searchGoods', ...page('features/catalog/pages/search-goods-page.tsx') },
      { path: 'searchStore', ...page('features/catalog/pages/search-store-page.tsx') },
      { path: 'searchResult', ...page('features/catalog/pages/search-result-page.tsx') },
      { path: 'settlement', ...page('features/cart/pages/settlement-page.tsx') },
      { path: 'paySuccess', ...page('features/cart/pages/pay-success-page.tsx') },
      { path: 'merchantSettled', ...page('features/sellers/pages/merchant-settled-page.tsx') },
      { path: 'login', ...page('features/account/pages/login-page.tsx') },
      { path: 'register', ...page('features/account/pages/register-page.tsx') },
      { path: 'forgot-password', ...page('features/account/pages/forgot-password-page.tsx') },
      {
        path: 'userInfo',
        ...page('features/account/pages/user-center-layout.tsx'),
        children: [
          redirectTo('dashboard'),
          { path: 'dashboard', ...page('features/account/pages/dashboard-page.tsx') },
          { path: 'my-order', ...page('features/orders/pages/my-order-page.tsx') },
          { path: 'order-detail', ...page('features/orders/pages/order-detail-page.tsx') },
          { path: 'order-return', ...page('features/orders/pages/order-return-page.tsx') },
          { path: 'order-evaluation', ...page('features/orders/pages/order-evaluation-page.tsx') },
          { path: 'download', ...page('features/account/pages/download-page.tsx') },
          { path: 'invite', ...page('features/account/pages/invite-page.tsx') },
          { path: 'collect-goods', ...page('features/account/pages/collect-goods-page.tsx') },
          { path: 'collect-shop', ...page('features/account/pages/collect-shop-page.tsx') },
          { path: 'money-package', ...page('features/wallet/pages/money-package-page.tsx') },
          { path: 'money-package/recharge', ...page('features/wallet/pages/recharge-page.tsx') },
          { path: 'money-package/withdraw', ...page('features/wallet/pages/withdraw-page.tsx') },
          {
            path: 'setup',
            children: [
              redirectTo('index'),
              { path: 'index', ...page('features/account/pages/setup-index-page.tsx') },
              { path: 'login-password', ...page('features/account/pages/login-password-page.tsx') },
              { path: 'transaction-password', ...page('features/account/pages/transaction-password-page.tsx') },
              { path: 'shipping-address', ...page('features/account/pages/shipping-address-page.tsx') },
              { path: 'real-name', ...page('features/kyc/pages/real-name-page.tsx') },
              { path: 'advanced-verification', ...page('features/kyc/pages/advanced-verification-page.tsx') },
              { path: 'account-cancellation', ...page('features/account/pages/account-cancellation-page.tsx') },
            ],
          },
        ],
      },
      {
        path: 'credit',
        ...page('features/credit/pages/credit-layout.tsx'),
        children: [
          redirectTo('application'),
          { path: 'application', ...page('features/credit/pages/application-page.tsx') },
          { path: 'myLoan', ...page('features/credit/pages/my-loan-page.tsx') },
        ],
      },
      { path: '*', ...page('app/layout/not-found-page.tsx') },
    ],
  },
];

/**
 * Loads the page modules the current address matches, in place, before a router is created over the
 * routes: a router created then renders the page at once (no loading state), which hydrating the
 * server's page needs; without it the router starts loading them itself.
 */
export async function loadMatchedPages(location: string): Promise<void> {
  const matches = matchRoutes(routes, location, basename || undefined) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, await lazy());
      delete route.lazy;
    }),
  );
}

/**
 * Created by start-up once it has settled the address (main.tsx rewrites the query): the router reads
 * the address when created and starts loading the page's chunk at once. `hydrating`: the page came
 * rendered by the server and its modules are loaded (loadMatchedPages): the router starts ready.
 */
export function createStoreRouter(options: { hydrating?: boolean } = {}) {
  return createBrowserRouter(routes, { ...(basename ? { basename } : {}), ...(options.hydrating ? { hydrationData: { loaderData: {} } } : {}) });
}

export type StoreRouter = ReturnType<typeof createStoreRouter>;
