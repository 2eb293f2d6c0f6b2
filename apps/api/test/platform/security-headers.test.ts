import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, PAGE_REFERRER_POLICY, STRICT_TRANSPORT_SECURITY } from '../../src/platform/security-headers.ts';
import { STORE_CONTENT_SECURITY_POLICY } from '../../src/static-apps.ts';
import { recordSweep } from '../../../../tests/support/sweeps.ts';
import { writeBuiltAppFixtures } from '../support/built-apps.ts';
import { startChatSocket } from '../support/chat.ts';
import { nextAddress, registerUser, startTestApp, useTestApp, type TestApp } from '../support/test-app.ts';
import { operatorToken } from '../support/wallet.ts';

// Security headers on every kind of answer (issue 18): each app's pages, the mobile site, the API docs,
// assets, legacy calls, console REST routes, uploads, health and metrics, 404s, 500s, redirects and
// preflights. Every answer: nosniff and a policy that forbids framing; HTML: X-Frame-Options and a
// referrer policy too; HSTS exactly when the request came over HTTPS.

const fixtures = writeBuiltAppFixtures();
afterAll(() => fixtures.remove());
const apps = { storeDir: fixtures.storeDir, consoleDir: fixtures.consoleDir, sellerDir: fixtures.sellerDir };
// one signing secret, so a URL signed by one app instance opens on the other
const signing = { UPLOAD_SIGNING_SECRET: 'security-headers-signing-secret-0123456789' };
const t = await useTestApp({ ...apps, env: signing });

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PUBLIC_KEY = `${'a'.repeat(64)}.png`;
const PRIVATE_KEY = `p${'b'.repeat(64)}.jpg`;
async function storePictures(app: TestApp): Promise<void> {
  await app.blobs.put(PUBLIC_KEY, Buffer.from('png bytes'));
  await app.blobs.put(PRIVATE_KEY, Buffer.from('jpg bytes'));
}
await storePictures(t);
const user = await registerUser(t);
const operator = await operatorToken(t, 'admin');

type Kind = 'page' | 'docs page' | 'docs file' | 'asset' | 'api' | 'upload' | 'redirect';
interface Probe {
  kind: Kind;
  what: string;
  method?: 'GET' | 'POST' | 'OPTIONS';
  url: string;
  status: number;
  headers?: Record<string, string>;
  payload?: string;
}

/** One request of every kind the server answers, with the status it must get. */
function probes(): Probe[] {
  const signed = t.services.uploads.signedUrl(`/uploads/private/${PRIVATE_KEY}`).url;
  const bearer = { authorization: `Bearer ${operator.token}` };
  return [
    { kind: 'page', what: 'store page', url: '/', status: 200 },
    { kind: 'page', what: 'store client route', url: '/productDetails?id=abc', status: 200 },
    { kind: 'page', what: 'mobile site', url: '/wap', status: 200 },
    { kind: 'page', what: 'mobile client route', url: '/wap/goods/1', status: 200 },
    { kind: 'page', what: 'console page', url: '/console/', status: 200 },
    { kind: 'page', what: 'console client route', url: '/console/orders', status: 200 },
    { kind: 'page', what: 'seller panel page', url: '/seller/', status: 200 },
    { kind: 'page', what: 'seller panel client route', url: '/seller/goods/add', status: 200 },
    { kind: 'docs page', what: 'API docs', url: '/docs', status: 200 },
    { kind: 'docs file', what: 'OpenAPI document', url: '/docs/json', status: 200 },
    { kind: 'asset', what: 'store asset', url: '/assets/app-1a2b.js', status: 200 },
    { kind: 'asset', what: 'console asset', url: '/console/assets/console-9f8e.js', status: 200 },
    { kind: 'asset', what: 'seller panel asset', url: '/seller/assets/seller-3c4d.js', status: 200 },
    { kind: 'asset', what: 'robots.txt', url: '/robots.txt', status: 200 },
    { kind: 'asset', what: 'missing asset', url: '/assets/missing-1a.js', status: 404 },
    { kind: 'redirect', what: 'phone to the mobile site', url: '/productDetails?id=abc', headers: { 'user-agent': PHONE }, status: 302 },
    { kind: 'api', what: 'legacy call (GET, /wap/api/)', url: '/wap/api/syspara!getSyspara.action?code=customer_service_url', status: 200 },
    { kind: 'api', what: 'legacy call (POST form, /api/)', method: 'POST', url: '/api/syspara!getSyspara.action', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=customer_service_url', status: 200 },
    { kind: 'api', what: 'legacy call with a token', url: `/wap/api/localuser!get.action?token=${user.token}`, status: 200 },
    { kind: 'api', what: 'legacy call, not logged in', url: '/wap/api/localuser!get.action', status: 200 },
    { kind: 'api', what: 'legacy call, bad input', url: `/wap/api/user!updateOldAndNewPsw.action?token=${user.token}&password=x`, status: 200 },
    { kind: 'api', what: 'seller panel call (not a seller)', url: `/wap/seller/goods!list.action?token=${user.token}`, status: 200 },
    { kind: 'api', what: 'unknown legacy call', url: '/wap/api/nothing!here.action', status: 404 },
    { kind: 'api', what: 'bad JSON body', method: 'POST', url: '/wap/api/syspara!getSyspara.action', headers: { 'content-type': 'application/json' }, payload: '{"code":', status: 200 },
    { kind: 'api', what: 'console login refused', method: 'POST', url: '/console/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":"nobody","password":"Wrong#pass1"}', status: 401 },
    { kind: 'api', what: 'console route, no token', url: '/console/api/auth/me', status: 401 },
    { kind: 'api', what: 'console route', url: '/console/api/auth/me', headers: bearer, status: 200 },
    { kind: 'api', what: 'console route, bad input', url: '/console/api/recharges?pageSize=abc', headers: bearer, status: 400 },
    { kind: 'api', what: 'console 404', url: '/console/api/no-such-route', headers: bearer, status: 404 },
    { kind: 'api', what: 'CORS preflight', method: 'OPTIONS', url: '/wap/api/localuser!get.action', headers: { origin: 'https://example.com', 'access-control-request-method': 'POST' }, status: 204 },
    { kind: 'upload', what: 'public picture', url: `/uploads/${PUBLIC_KEY}`, status: 200 },
    { kind: 'upload', what: 'private picture, signed', url: signed, status: 200 },
    { kind: 'upload', what: 'private picture, unsigned', url: `/uploads/private/${PRIVATE_KEY}`, status: 403 },
    { kind: 'upload', what: 'missing picture', url: `/uploads/${'c'.repeat(64)}.png`, status: 404 },
    { kind: 'api', what: 'health', url: '/health', status: 200 },
    { kind: 'api', what: 'liveness', url: '/health/live', status: 200 },
    { kind: 'api', what: 'metrics', url: '/metrics', status: 200 },
    { kind: 'api', what: 'unknown path', url: '/wp-login.php', status: 404 },
    { kind: 'api', what: 'unknown server path', url: '/api/', status: 404 },
    { kind: 'api', what: 'payment callback, unsigned', method: 'POST', url: '/api/payments/callback/simulator', headers: { 'content-type': 'application/json' }, payload: '{}', status: 401 },
    { kind: 'page', what: 'payment simulator page', url: '/payments/simulator/no-such-reference', status: 404 },
  ];
}

async function send(app: TestApp, probe: Probe, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: probe.method ?? 'GET',
    url: probe.url,
    headers: { ...probe.headers, ...extraHeaders },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
    remoteAddress: nextAddress(),
  });
}

/** The headers every answer of that kind must carry (HSTS is checked apart). */
function expectHeaders(probe: Probe, response: LightMyRequestResponse): void {
  const label = `${probe.what} (${probe.url})`;
  const headers = response.headers;
  expect(response.statusCode, label).toBe(probe.status);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  const policy = String(headers['content-security-policy'] ?? '');
  expect(policy, label).toMatch(/frame-ancestors 'none'/);
  const html = String(headers['content-type'] ?? '').startsWith('text/html');
  if (probe.kind === 'page' || probe.kind === 'docs page') {
    expect(html, label).toBe(true);
    expect(headers['x-frame-options'], label).toBe('DENY');
    expect(headers['referrer-policy'], label).toBe(PAGE_REFERRER_POLICY);
    // a page loads only what its policy names: never a wildcard source, never scripts from elsewhere
    expect(policy, label).toMatch(/default-src '(self|none)'/);
    expect(policy, label).not.toMatch(/\*|script-src[^;]*(https?:|'unsafe-inline'|'unsafe-eval')/);
    if (probe.what.startsWith('store') || probe.what.startsWith('mobile') || probe.what.startsWith('console') || probe.what.startsWith('seller')) {
      expect(policy, label).toBe(STORE_CONTENT_SECURITY_POLICY);
    }
  } else if (probe.kind === 'upload') {
    expect(policy, label).toMatch(new RegExp(`^${API_CONTENT_SECURITY_POLICY}(; sandbox)?$`));
  } else if (probe.kind === 'docs file') {
    // the docs' own policy covers their whole path (its framing rule made 'none' above)
    expect(html, label).toBe(false);
  } else {
    expect(html, label).toBe(false);
    expect(policy, label).toBe(API_CONTENT_SECURITY_POLICY);
    // API answers stay lean: no page-only headers
    expect(headers['x-frame-options'], label).toBeUndefined();
    expect(headers['referrer-policy'] === undefined || probe.kind === 'redirect', label).toBe(true);
  }
}

const figures = { requests: 0, kinds: 0, https: 0 };
afterAll(() => recordSweep('security-headers', figures));

describe('security headers on every answer', () => {
  it('every kind of answer carries nosniff and a no-framing policy; pages add X-Frame-Options and a referrer policy; no HSTS over HTTP', async () => {
    const all = probes();
    figures.kinds = new Set(all.map((probe) => probe.what)).size;
    for (const probe of all) {
      const response = await send(t, probe);
      figures.requests += 1;
      expectHeaders(probe, response);
      // plain HTTP (no proxy told otherwise): HSTS would be ignored and wrong
      expect(response.headers['strict-transport-security'], probe.what).toBeUndefined();
    }
  });

  it('the chat socket port answers plain HTTP requests with the same headers', async () => {
    const socket = await startChatSocket(t);
    try {
      const response = await fetch(socket.url.replace(/^ws:/, 'http:'));
      figures.requests += 1;
      figures.kinds += 1;
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await socket.server.close();
    }
  });

  it('a 500 carries the same headers', async () => {
    await t.database.db.execute(sql`alter table subscriptions rename to subscriptions_gone`);
    try {
      const probe: Probe = { kind: 'api', what: 'unexpected failure', method: 'POST', url: '/wap/api/subscribe!add.action?email=someone@example.com', status: 500 };
      const response = await send(t, probe);
      figures.requests += 1;
      figures.kinds += 1;
      expectHeaders(probe, response);
    } finally {
      await t.database.db.execute(sql`alter table subscriptions_gone rename to subscriptions`);
    }
  });

  it('sends HSTS on every answer that came over HTTPS through a trusted proxy, and only then', async () => {
    const proxied = await startTestApp({ ...apps, database: t.database, env: { ...signing, TRUST_PROXY: '1' } });
    try {
      await storePictures(proxied);
      for (const probe of probes()) {
        const secure = await send(proxied, probe, { 'x-forwarded-proto': 'https' });
        figures.requests += 1;
        figures.https += 1;
        expectHeaders(probe, secure);
        expect(secure.headers['strict-transport-security'], probe.what).toBe(STRICT_TRANSPORT_SECURITY);
        const plain = await send(proxied, probe, { 'x-forwarded-proto': 'http' });
        figures.requests += 1;
        expect(plain.headers['strict-transport-security'], probe.what).toBeUndefined();
      }
      // an untrusted client's claim of HTTPS is not believed
      const claimed = await send(t, probes()[0]!, { 'x-forwarded-proto': 'https' });
      figures.requests += 1;
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
