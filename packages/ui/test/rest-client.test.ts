import { consoleOperator } from '@caravan/contract/console';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRestClient, queryString, RestError } from '../src/rest-client.ts';

function harness(status: number, body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  let expired = 0;
  const client = createRestClient({
    baseUrl: '/console/api',
    getToken: () => 'op-token',
    getLang: () => 'zh-CN',
    onSessionExpired: () => {
      expired += 1;
    },
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      if (body instanceof Error) throw body;
      return new Response(body === null ? null : JSON.stringify(body), { status });
    }) as typeof fetch,
  });
  return { client, sent, expired: () => expired };
}

describe('the console REST client', () => {
  it('sends the bearer token and the language, and checks the answer against its contract schema', async () => {
    const me = { id: 'o1', username: 'demoadmin', role: 'admin', permissions: ['recharges.decide'] };
    const { client, sent } = harness(200, me);
    expect(await client.get('/auth/me', consoleOperator, { state: 'pending', userId: '', page: 2 })).toEqual(me);
    expect(sent[0]?.url).toBe('/console/api/auth/me?state=pending&page=2&lang=zh-CN');
    expect((sent[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer op-token');
    await expect(harness(200, { id: 'o1' }).client.get('/auth/me', consoleOperator)).rejects.toThrow();
  });

  it('posts JSON bodies', async () => {
    const { client, sent } = harness(200, { ok: true });
    await client.post('/recharges/r1/reject', z.object({ ok: z.boolean() }), { reason: 'blurred proof' });
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe('{"reason":"blurred proof"}');
    expect((sent[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('uploads a file as the multipart field `file`, leaving the content type to the form', async () => {
    const { client, sent } = harness(200, { url: '/uploads/x.png' });
    expect(await client.upload('/banners/images', z.object({ url: z.string() }), new Blob([new Uint8Array([137, 80])], { type: 'image/png' }), 'banner.png')).toEqual({ url: '/uploads/x.png' });
    const body = sent[0]?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('banner.png');
    expect((sent[0]?.init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('rejects with the server error key and message; an ended session also signs out', async () => {
    const locked = harness(423, { errorKey: 'operators.locked_minutes', message: '密码错误次数过多，请 5 分钟后再试' });
    const failure = await locked.client.post('/auth/login', z.unknown(), {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RestError);
    expect(failure).toMatchObject({ status: 423, errorKey: 'operators.locked_minutes', message: '密码错误次数过多，请 5 分钟后再试' });
    expect(locked.expired()).toBe(0);
    const ended = harness(401, { errorKey: 'operators.not_logged_in', message: 'log in' });
    await expect(ended.client.get('/auth/me', z.unknown())).rejects.toMatchObject({ errorKey: 'operators.not_logged_in' });
    expect(ended.expired()).toBe(1);
    await expect(harness(0, new TypeError('offline')).client.get('/x', z.unknown())).rejects.toMatchObject({ status: 0, errorKey: 'common.network' });
  });

  it('leaves unset filters out of the query string', () => {
    expect(queryString({ a: undefined, b: null, c: '', d: 0, e: false })).toBe('?d=0&e=false');
    expect(queryString({})).toBe('');
  });
});
