// Query keys of the panel; prefixes let a mutation invalidate every page of a list. Kept in one place
// because one action changes several screens (accepting an order changes the badge, the dashboard
// and the earnings).
export const sellerKeys = {
  overview: () => ['seller', 'overview'] as const,
  noPush: () => ['seller', 'no-push'] as const,
  orders: () => ['seller', 'orders'] as const,
  order: (id: string) => ['seller', 'order', id] as const,
  returns: () => ['seller', 'returns'] as const,
  returnDetail: (id: string) => ['seller', 'return', id] as const,
  goods: () => ['seller', 'goods'] as const,
  catalogue: () => ['seller', 'catalogue'] as const,
  suggestions: (keyword: string) => ['seller', 'suggestions', keyword] as const,
  productParams: () => ['seller', 'product-params'] as const,
  reviews: () => ['seller', 'reviews'] as const,
  earnings: () => ['seller', 'earnings'] as const,
  shop: () => ['seller', 'shop'] as const,
};
