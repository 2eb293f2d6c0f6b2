import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STORE_CONTENT_SECURITY_POLICY } from '../../src/static-apps.ts';
import { writeBuiltAppFixtures } from '../support/built-apps.ts';
import { startTestApp, useTestApp } from '../support/test-app.ts';

const fixtures = writeBuiltAppFixtures();
const script = fixtures.storeScript;
afterAll(() => fixtures.remove());

const t = await useTestApp({ storeDir: fixtures.storeDir, consoleDir: fixtures.consoleDir, sellerDir: fixtures.sellerDir, env: { PLATFORM_TIMEZONE: 'Europe/Berlin' } });

describe('the built store', () => {
  it('answers its page at / and at every client route, with the platform zone and a strict policy', async () => {
    for (const url of ['/', '/index', '/userInfo/my-order?index=2', '/productDetails?id=abc', '/searchGoods?k=%22x%22']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(STORE_CONTENT_SECURITY_POLICY);
      expect(response.body).toContain('content="Europe/Berlin"');
      expect(response.body).not.toContain('Asia/Shanghai');
    }
  });

  it('serves hashed assets as immutable, pre-compressed when the client accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzipped = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(script.length);
    const other = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('leaves server paths and missing files to their own 404s', async () => {
    const legacy = await t.app.inject({ method: 'GET', url: '/wap/api/nothing!here.action' });
    expect(legacy.statusCode).toBe(404);
    expect(legacy.json()).toMatchObject({ code: '1', errorKey: 'common.not_found' });
    for (const url of ['/assets/missing-9z.js', '/index.html', '/console/api/nothing', '/uploads/nothing.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // the API keeps working beside the store
    expect((await t.call('syspara!getSyspara', { code: 'mall_max_goods_number_in_order' })).code).toBe('0');
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('serves the operator console at /console/ without shadowing its REST API', async () => {
    for (const url of ['/console', '/console/', '/console/recharges', '/console/orders/abc?tab=timeline']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="console">');
      expect(response.headers['content-security-policy']).toBe(STORE_CONTENT_SECURITY_POLICY);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('content="Europe/Berlin"');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/console/assets/console-9f8e.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // the REST API keeps its answers and its JSON 404s
    expect((await t.app.inject({ method: 'GET', url: '/console/api/auth/me' })).json()).toMatchObject({ errorKey: 'operators.not_logged_in' });
    for (const url of ['/console/api/nothing', '/console/assets/missing-1a.js', '/console/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // the store's own pages are still the store's
    expect((await t.app.inject({ method: 'GET', url: '/consoles' })).body).toContain('<div id="root">');
  });

  it('serves the seller panel at /seller/ with the same fallback, policy and pre-compressed assets, beside its legacy calls', async () => {
    for (const url of ['/seller', '/seller/', '/seller/login', '/seller/goods/add', '/seller/orders?status=1&open=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="seller">');
      expect(response.headers['content-security-policy']).toBe(STORE_CONTENT_SECURITY_POLICY);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('content="Europe/Berlin"');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/seller/assets/seller-3c4d.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/seller/assets/missing-1a.js', '/seller/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // the panel's calls (/wap/seller/) keep their legacy answers: a visitor is asked to log in
    expect((await t.call('orders!noPushNum', {}, { prefix: '/wap/seller/' })).code).toBe('403');
    // the store's own pages are still the store's
    expect((await t.app.inject({ method: 'GET', url: '/sellers' })).body).toContain('<div id="root">');
  });

  it('without a build, / leads to the API documentation', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'caravan-no-store-'));
    const bare = await startTestApp({ storeDir: empty });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/docs');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
