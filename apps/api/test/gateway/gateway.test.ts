import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../support/test-app.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const t = await useTestApp({ env: { LOG_LEVEL: 'info' }, logStream });

describe('legacy gateway: transport', () => {
  it('serves every call under /wap/api/ and /api/, for GET and POST', async () => {
    for (const prefix of ['/wap/api/', '/api/']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.call('syspara!getSyspara', { code: 'mall_max_goods_number_in_order' }, { prefix, method });
        expect(response).toMatchObject({ status: 200, code: '0', data: { mall_max_goods_number_in_order: '500' } });
      }
    }
  });

  it('merges parameters from the query string, urlencoded forms, JSON and multipart bodies', async () => {
    for (const as of ['query', 'form', 'json'] as const) {
      const response = await t.call('syspara!getSyspara', { code: 'customer_service_url' }, { as });
      expect(response.code).toBe('0');
      expect(response.data).toEqual({ customer_service_url: '' });
    }
    const boundary = '----caravan';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\nmall_max_goods_number_in_order\r\n--${boundary}--\r\n`;
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/wap/api/syspara!getSyspara.action',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(multipart.json()).toMatchObject({ code: '0', data: { mall_max_goods_number_in_order: '500' } });
  });

  it('lets body values win over the query string', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wap/api/syspara!getSyspara.action?code=customer_service_url',
      payload: { code: 'mall_max_goods_number_in_order' },
    });
    expect(Object.keys(response.json().data)).toEqual(['mall_max_goods_number_in_order']);
  });

  it('accepts an empty JSON body and stray content types (legacy POSTs)', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/wap/api/syspara!getSyspara.action?code=customer_service_url',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json().code).toBe('0');
    const text = await t.app.inject({
      method: 'POST',
      url: '/wap/api/syspara!getSyspara.action?code=customer_service_url',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.json().code).toBe('0');
  });

  it('answers unparseable JSON with a parameter error in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wap/api/user!newlogin.action?lang=cn',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '1', msg: '参数body错误', errorKey: 'common.param_invalid', data: null });
  });

  it('answers unknown calls with a not-found envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/wap/api/nothing!here.action' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '1', errorKey: 'common.not_found' });
  });

  it('refuses a request body over the limit without touching the handler', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wap/api/user!newlogin.action',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.json()).toMatchObject({ code: '1', errorKey: 'common.payload_too_large' });
  });

  it('refuses a NUL character in any parameter as invalid, in every transport, before the database sees it (fuzz finding)', async () => {
    const user = await registerUser(t);
    // these answered 500: PostgreSQL refuses text holding 0x00
    for (const as of ['query', 'form', 'json'] as const) {
      const login = await t.call('user!newlogin', { username: 'mei\u0000', password: 'x' }, { as });
      expect(login, as).toMatchObject({ status: 200, code: '1', errorKey: 'common.param_invalid' });
      const recharge = await t.call('rechargeBlockchain!get', { order_no: 'a\u0000b' }, { as, token: user.token });
      expect(recharge, as).toMatchObject({ status: 200, code: '1', errorKey: 'common.param_invalid' });
    }
    const nested = await t.app.inject({
      method: 'POST',
      url: `/wap/api/evaluation!addList.action?token=${user.token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ orderId: '0'.repeat(32), evaluationAdds: [{ content: 'fine\u0000' }] }),
    });
    expect(nested.json()).toMatchObject({ code: '1', errorKey: 'common.param_invalid' });
  });

  it('answers a URL that is not valid UTF-8 or a path parameter over the limit in the envelope, REST shape under the console (fuzz finding)', async () => {
    // these answered Fastify's own {error, code, message, statusCode} without an error key
    const legacy = await t.app.inject({ method: 'GET', url: '/uploads/%ED%A0%80' });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toMatchObject({ code: '1', errorKey: 'common.param_invalid' });
    for (const url of ['/console/api/kyc/%ED%A0%80x', `/console/api/loans/${'a'.repeat(300)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ errorKey: 'common.param_invalid', message: expect.any(String) });
    }
  });

  it('sends a request id back and accepts the caller’s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('legacy gateway: envelope and languages', () => {
  it('translates msg into the request language and keeps a stable errorKey', async () => {
    const cases: [string, string][] = [
      ['cn', '缺少必要参数code'],
      ['en', 'Required parameter code is missing'],
      ['xx', 'Required parameter code is missing'],
    ];
    for (const [lang, msg] of cases) {
      const response = await t.call('syspara!getSyspara', { lang });
      expect(response).toMatchObject({ code: '1', msg, errorKey: 'common.param_missing', data: null });
    }
  });

  it('gives Arabic and Japanese messages for lang=ar and lang=ja', async () => {
    const ar = await t.call('user!newlogin', { username: 'nobody12345', password: 'Wrong#pass1', lang: 'ar' });
    const ja = await t.call('user!newlogin', { username: 'nobody12345', password: 'Wrong#pass1', lang: 'ja' });
    const en = await t.call('user!newlogin', { username: 'nobody12345', password: 'Wrong#pass1', lang: 'en' });
    expect(ar.errorKey).toBe('accounts.login_failed');
    expect(ar.msg).toMatch(/[\u0600-\u06FF]/);
    expect(ja.msg).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    expect(en.msg).toBe('Incorrect username or password');
  });

  it('uses Accept-Language when no lang parameter is given', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wap/api/syspara!getSyspara.action',
      headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
    });
    expect(response.json().msg).not.toBe('Required parameter code is missing');
    expect(response.json().msg).toMatch(/[\u4E00-\u9FFF]/);
  });

  it('answers code "403" on a protected call without a token or with an unknown one', async () => {
    const missing = await t.call('localuser!get', { lang: 'en' });
    expect(missing).toMatchObject({ code: '403', errorKey: 'common.not_logged_in', msg: 'Please log in again' });
    const unknown = await t.call('localuser!get', {}, { token: 'not-a-real-token' });
    expect(unknown).toMatchObject({ code: '403', errorKey: 'common.not_logged_in' });
  });

  it('reads the token from an Authorization bearer header as well', async () => {
    const user = await registerUser(t);
    const response = await t.call('localuser!get', {}, { headers: { authorization: `Bearer ${user.token}` } });
    expect(response.code).toBe('0');
  });

  it('has no call left answering "not available yet": every spec call has its module', async () => {
    expect(t.pendingCalls).toEqual([]);
    const response = await t.call('newOnlinechat!list', { lang: 'en' });
    expect(response).toMatchObject({ code: '403', errorKey: 'common.not_logged_in' });
  });

  it('never writes tokens or passwords to the log', async () => {
    const user = await registerUser(t);
    await t.call('localuser!get', {}, { token: user.token });
    await t.call('user!newlogin', { username: user.username, password: user.password });
    await t.app.inject({ method: 'POST', url: `/wap/api/nothing!here.action?token=${user.token}&password=${user.password}` });
    const log = logLines.join('');
    expect(log).toContain('localuser!get');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(user.token);
    expect(log).not.toContain(user.password);
  });
});
