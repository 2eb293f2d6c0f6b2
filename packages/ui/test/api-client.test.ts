import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorToaster, type ApiClientOptions } from '../src/api-client.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

function harness(answer: (sent: Sent) => unknown, overrides: Partial<ApiClientOptions> = {}) {
  const sent: Sent[] = [];
  const errors: string[] = [];
  let expired = 0;
  const client = createApiClient({
    getToken: () => 'secret-token',
    getLang: () => 'ar',
    onSessionExpired: () => {
      expired += 1;
    },
    onError: (message) => errors.push(message),
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      const body = answer({ url, init });
      if (body instanceof Error) throw body;
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
    }) as typeof fetch,
    ...overrides,
  });
  return { client, sent, errors, expired: () => expired };
}

describe('createApiClient', () => {
  it('posts the parameters as a form, the language in the query and the token as a bearer header', async () => {
    const { client, sent } = harness(() => ({ code: '0', msg: '', data: { money: '12.50' } }));
    const data = await client.call<{ money: string }>('wallet!getUsdt', { a: 'x y', b: 2, skipped: undefined, none: null });
    expect(data).toEqual({ money: '12.50' });
    const [request] = sent;
    expect(request?.url).toBe('/wap/api/wallet!getUsdt.action?lang=ar');
    expect(request?.url).not.toContain('secret-token');
    expect(request?.init.method).toBe('POST');
    const headers = request?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer secret-token');
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(String(request?.init.body)).toBe('a=x+y&b=2');
  });

  it('sends no authorization without a token, seller calls under /wap/seller/, and the idempotency key', async () => {
    const { client, sent } = harness(() => ({ code: '0', msg: '' }), { getToken: () => null, baseUrl: 'https://shop.example' });
    await expect(client.call('orders!noPushNum', {}, { area: 'seller', idempotencyKey: 'k-1' })).resolves.toBeNull();
    expect(sent[0]?.url).toBe('https://shop.example/wap/seller/orders!noPushNum.action?lang=ar');
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(headers['idempotency-key']).toBe('k-1');
  });

  it('sends a token given with the call instead of the session one (a fresh login checked before it is kept)', async () => {
    const { client, sent } = harness(() => ({ code: '0', msg: '', data: { isSeller: true } }));
    await client.call('merchantSettled!get', {}, { token: 'fresh-token' });
    expect((sent[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer fresh-token');
  });

  it('rejects a business error with its code, message and key, and reports the message for the toast', async () => {
    const { client, errors, expired } = harness(() => ({ code: '1', msg: 'رصيد غير كاف', errorKey: 'orders.balance_insufficient', data: null }));
    const failure = await client.call('order!pay', { orderId: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: '1', message: 'رصيد غير كاف', errorKey: 'orders.balance_insufficient' });
    expect(errors).toEqual(['رصيد غير كاف']);
    expect(expired()).toBe(0);
  });

  it('ends the session on code 403, and stays quiet when the caller shows the error itself', async () => {
    const { client, errors, expired } = harness(() => ({ code: '403', msg: 'Please log in again', errorKey: 'common.login_required' }));
    await expect(client.call('wallet!getUsdt', {}, { silent: true })).rejects.toMatchObject({ code: '403' });
    expect(expired()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('turns network failures and answers that are no envelope into a network error', async () => {
    for (const answer of [new TypeError('fetch failed'), '<html>proxy error</html>', { status: 'ok' }]) {
      const { client, errors } = harness(() => answer);
      await expect(client.call('index!home')).rejects.toMatchObject({ code: 'network', errorKey: 'common.network' });
      expect(errors).toEqual(['']);
    }
  });

  it('sends JSON bodies and multipart uploads', async () => {
    const { client, sent } = harness((request) => ({ code: '0', msg: '', data: request.url.includes('uploadimg') ? '/uploads/abc.png' : null }));
    await client.postJson('evaluation!addList', { orderId: 'o1', evaluationAdds: [] });
    expect((sent[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ orderId: 'o1', evaluationAdds: [] });
    const url = await client.upload(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'proof.png', 'recharge');
    expect(url).toBe('/uploads/abc.png');
    const form = sent[1]?.init.body as FormData;
    expect(form.get('moduleName')).toBe('recharge');
    expect((form.get('file') as File).name).toBe('proof.png');
  });
});

describe('errorToaster', () => {
  it('shows each message once, 500 ms after its last report', () => {
    vi.useFakeTimers();
    try {
      const shown: string[] = [];
      const toast = errorToaster((message) => shown.push(message));
      toast('A');
      toast('B');
      vi.advanceTimersByTime(300);
      toast('A');
      vi.advanceTimersByTime(200);
      expect(shown).toEqual(['B']);
      vi.advanceTimersByTime(299);
      expect(shown).toEqual(['B']);
      vi.advanceTimersByTime(1);
      expect(shown).toEqual(['B', 'A']);
      vi.advanceTimersByTime(1000);
      expect(shown).toEqual(['B', 'A']);
      toast('A');
      vi.advanceTimersByTime(500);
      expect(shown).toEqual(['B', 'A', 'A']);
    } finally {
      vi.useRealTimers();
    }
  });
});
