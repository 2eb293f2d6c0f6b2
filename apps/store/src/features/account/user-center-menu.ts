// The user centre's side menu: its entries in order, and which one a path belongs to (detail pages
// highlight their list's entry; the legacy `index` query value is not needed for that).

export type MenuKey = 'dashboard' | 'orders' | 'favouriteGoods' | 'followedShops' | 'wallet' | 'addresses' | 'security' | 'invite' | 'download';

export interface MenuEntry {
  key: MenuKey;
  to: string;
}

export const USER_CENTER_MENU: readonly MenuEntry[] = [
  { key: 'dashboard', to: '/userInfo/dashboard' },
  { key: 'orders', to: '/userInfo/my-order' },
  { key: 'favouriteGoods', to: '/userInfo/collect-goods' },
  { key: 'followedShops', to: '/userInfo/collect-shop' },
  { key: 'wallet', to: '/userInfo/money-package' },
  { key: 'addresses', to: '/userInfo/setup/shipping-address' },
  { key: 'security', to: '/userInfo/setup/index' },
  { key: 'invite', to: '/userInfo/invite' },
  { key: 'download', to: '/userInfo/download' },
];

const SECTIONS: ReadonlyArray<[prefix: string, key: MenuKey]> = [
  ['/userInfo/dashboard', 'dashboard'],
  ['/userInfo/my-order', 'orders'],
  ['/userInfo/order-detail', 'orders'],
  ['/userInfo/order-return', 'orders'],
  ['/userInfo/order-evaluation', 'orders'],
  ['/userInfo/collect-goods', 'favouriteGoods'],
  ['/userInfo/collect-shop', 'followedShops'],
  ['/userInfo/money-package', 'wallet'],
  ['/userInfo/setup/shipping-address', 'addresses'],
  ['/userInfo/setup', 'security'],
  ['/userInfo/invite', 'invite'],
  ['/userInfo/download', 'download'],
];

export function activeMenuKey(pathname: string): MenuKey | undefined {
  const path = pathname.replace(/\/+$/, '');
  for (const [prefix, key] of SECTIONS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return key;
  }
  return path === '/userInfo' ? 'dashboard' : undefined;
}
