// The panel's pages (under /seller/).
export const PATHS = {
  login: '/login',
  dashboard: '/',
  orders: '/orders',
  returns: '/returns',
  goods: '/goods',
  addGoods: '/goods/add',
  reviews: '/reviews',
  earnings: '/earnings',
  shop: '/shop',
} as const;

export type PagePath = (typeof PATHS)[keyof typeof PATHS];

/** Where a buyer applies to open a shop: the store's settle-in page (outside the panel). */
export const SETTLE_IN_URL = '/merchantSettled';
/** The buyer store, for "back to the store". */
export const STORE_URL = '/';
