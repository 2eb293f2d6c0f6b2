// The order screens' addresses (routes in app/router.tsx); the order id travels as `?id=`.
export const orderPaths = {
  list: (tabIndex?: number) => (tabIndex ? `/userInfo/my-order?index=${tabIndex}` : '/userInfo/my-order'),
  detail: (orderId: string) => `/userInfo/order-detail?id=${encodeURIComponent(orderId)}`,
  refund: (orderId: string) => `/userInfo/order-return?id=${encodeURIComponent(orderId)}`,
  review: (orderId: string) => `/userInfo/order-evaluation?id=${encodeURIComponent(orderId)}`,
};
