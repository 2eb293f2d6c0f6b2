// The withdraw!apply scenario's requests, shared by the bench (run.mjs) and the paired comparison (paired.mjs).

/**
 * POST withdraw!apply once per user of `users` in turn, each with its own Idempotency-Key and client
 * address. `onResponse(status, body)` sees every answer.
 */
export function withdrawRequests(users, safeword, onResponse = () => {}) {
  let index = 0;
  return [
    {
      method: 'POST',
      setupRequest(request) {
        const user = users[index % users.length];
        index += 1;
        request.path = `/wap/api/withdraw!apply.action?lang=en&token=${encodeURIComponent(user.token)}`;
        request.headers = {
          ...request.headers,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `bench-${Date.now()}-${index}`,
          'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        };
        request.body = `safeword=${safeword}&amount=12.34&channel=USDT`;
        return request;
      },
      onResponse,
    },
  ];
}
