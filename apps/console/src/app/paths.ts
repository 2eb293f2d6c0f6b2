// The console's pages (under /console/), with the permission each needs to be offered.
export const PATHS = {
  login: '/login',
  dashboard: '/',
  recharges: '/recharges',
  withdrawals: '/withdrawals',
  refunds: '/refunds',
  loans: '/loans',
  sellerApplications: '/seller-applications',
  kyc: '/kyc',
  orders: '/orders',
  users: '/users',
  chat: '/chat',
  audit: '/audit',
  settings: '/settings',
  categories: '/categories',
  goods: '/goods',
  shops: '/shops',
  banners: '/banners',
  luckyDraw: '/lucky-draw',
  information: '/information',
  operators: '/operators',
} as const;

export type PagePath = (typeof PATHS)[keyof typeof PATHS];
