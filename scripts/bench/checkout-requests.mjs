// The checkout scenario's requests, shared by the bench (run.mjs) and the paired comparison (paired.mjs).

/**
 * A checkout per connection turn: order!submit (one listing, its own Idempotency-Key) then order!pay
 * of the order just placed, with the fund password. `onResponse(status, body)` sees every answer.
 */
export function checkoutRequests(fixtures, onResponse = () => {}) {
  let index = 0;
  const clientAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return [
    {
      method: 'POST',
      setupRequest(request, context) {
        index += 1;
        const user = fixtures.users[index % fixtures.users.length];
        const listing = fixtures.listings[index % fixtures.listings.length];
        context.user = user;
        context.client = clientAddress(index + 100_000);
        request.path = `/wap/api/order!submit.action?lang=en&token=${encodeURIComponent(user.token)}`;
        request.headers = { ...request.headers, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `bench-checkout-${Date.now()}-${index}`, 'x-forwarded-for': context.client };
        request.body = `orderInfo=${encodeURIComponent(JSON.stringify([{ sellerGoodsId: listing, goodsNum: 1 }]))}&addressId=${user.addressId}`;
        return request;
      },
      onResponse(status, body, context) {
        onResponse(status, body);
        try {
          context.orderId = JSON.parse(body).data.orderList[0].id;
        } catch {
          context.orderId = '';
        }
      },
    },
    {
      method: 'POST',
      setupRequest(request, context) {
        request.path = `/wap/api/order!pay.action?lang=en&token=${encodeURIComponent(context.user.token)}`;
        request.headers = { ...request.headers, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': context.client };
        request.body = `orderId=${context.orderId}&safeword=${fixtures.safeword}`;
        return request;
      },
      onResponse,
    },
  ];
}
