import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPhoneUserAgent, wapLocation } from '../../src/wap-redirect.ts';
import { useTestApp } from '../support/test-app.ts';

// Spec section 2, device redirection: phones asking for a PC page go to the /wap site (the same store
// build, mobile layout), desktops and tablets stay; the legacy calls under /wap/ are never pages.

const PHONES = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  samsungBrowser: 'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/8.0.35626/191.321; U; en) Presto/2.12.423 Version/12.16',
  windowsPhone: 'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
};
const NOT_PHONES = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  kindleFire: 'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/124.2.5 like Chrome/124.0.6367.179 Safari/537.36',
  empty: '',
  curl: 'curl/8.7.1',
};

describe('which user agents are phones', () => {
  it.each(Object.entries(PHONES))('%s is a phone', (_name, userAgent) => {
    expect(isPhoneUserAgent(userAgent)).toBe(true);
  });
  it.each(Object.entries(NOT_PHONES))('%s is not', (_name, userAgent) => {
    expect(isPhoneUserAgent(userAgent)).toBe(false);
  });
  it('no header is not a phone', () => {
    expect(isPhoneUserAgent(undefined)).toBe(false);
  });
});

describe('the /wap address of a PC address', () => {
  const map = (url: string) => {
    const parsed = new URL(url, 'http://shop.example');
    return wapLocation(parsed.pathname, parsed.searchParams);
  };
  it('goods detail with sellerGoodsId and lang when the goods id is present', () => {
    expect(map('/productDetails?id=g-123&lang=ar')).toBe('/wap/productDetails?sellerGoodsId=g-123&lang=ar');
    expect(map('/productDetails?id=g-123')).toBe('/wap/productDetails?sellerGoodsId=g-123');
    expect(map('/productdetails/?id=g-123')).toBe('/wap/productDetails?sellerGoodsId=g-123');
    expect(map('/?id=g-9&lang=en')).toBe('/wap/productDetails?sellerGoodsId=g-9&lang=en');
  });
  it('the shop page with sellerId when the shop id is present', () => {
    expect(map('/store?id=s-7&lang=fr')).toBe('/wap/store?sellerId=s-7&lang=fr');
    expect(map('/index?storeId=s-7')).toBe('/wap/store?sellerId=s-7');
    expect(map('/?storeId=s-7&lang=ja')).toBe('/wap/store?sellerId=s-7&lang=ja');
  });
  it('otherwise the wap root, keeping the language and the referral code', () => {
    expect(map('/')).toBe('/wap/');
    expect(map('/index?lang=ar')).toBe('/wap/?lang=ar');
    expect(map('/userInfo/my-order?index=2')).toBe('/wap/');
    expect(map('/userInfo/order-detail?id=o-1')).toBe('/wap/');
    expect(map('/productDetails')).toBe('/wap/');
    expect(map('/store?id=')).toBe('/wap/');
    expect(map('/?code=AGENT7&lang=tw')).toBe('/wap/?lang=tw&code=AGENT7');
  });
  it('encodes what it copies and never leaves the site', () => {
    expect(map('/productDetails?id=a%26b%3Dc%2F%2Fevil')).toBe('/wap/productDetails?sellerGoodsId=a%26b%3Dc%2F%2Fevil');
    expect(map('//evil.example/productDetails?id=x')).toBe('/wap/productDetails?sellerGoodsId=x');
  });
});

// A stand-in for apps/store/dist (and an empty console and seller panel).
const dist = mkdtempSync(path.join(tmpdir(), 'caravan-store-wap-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="caravan:platform-time-zone" content="Asia/Shanghai" /></head><body><div id="root"></div></body></html>');
writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log("store");');
const empty = mkdtempSync(path.join(tmpdir(), 'caravan-empty-wap-'));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

const t = await useTestApp({ storeDir: dist, consoleDir: empty, sellerDir: empty });
const get = (url: string, userAgent?: string) => t.app.inject({ method: 'GET', url, headers: userAgent === undefined ? {} : { 'user-agent': userAgent } });

describe('the server redirects phones from PC pages', () => {
  it('answers a phone 302 to the /wap page, varying by user agent', async () => {
    for (const userAgent of Object.values(PHONES)) {
      const response = await get('/productDetails?id=g-123&lang=ar', userAgent);
      expect(response.statusCode, userAgent).toBe(302);
      expect(response.headers.location).toBe('/wap/productDetails?sellerGoodsId=g-123&lang=ar');
      expect(response.headers.vary).toContain('User-Agent');
    }
    expect((await get('/store?id=s-7', PHONES.pixel)).headers.location).toBe('/wap/store?sellerId=s-7');
    expect((await get('/', PHONES.iPhone)).headers.location).toBe('/wap/');
    expect((await get('/userInfo/my-order', PHONES.iPhone)).headers.location).toBe('/wap/');
  });

  it('serves desktops and tablets the PC page, varying by user agent', async () => {
    for (const userAgent of [...Object.values(NOT_PHONES), undefined]) {
      const response = await get('/productDetails?id=g-123', userAgent);
      expect(response.statusCode, userAgent).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers.vary).toContain('User-Agent');
    }
  });

  it('serves the same store page at /wap and its page paths, to phones and desktops alike', async () => {
    for (const url of ['/wap', '/wap/', '/wap/index', '/wap/productDetails?sellerGoodsId=g-1&lang=ar', '/wap/store?sellerId=s-1', '/wap/userInfo/my-order', '/wap/settlement']) {
      for (const userAgent of [PHONES.iPhone, NOT_PHONES.chromeWindows]) {
        const response = await get(url, userAgent);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('<div id="root">');
      }
    }
  });

  it('never redirects or swallows the legacy calls under /wap/, for phones either', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/wap/api/syspara!getSyspara.action?code=mall_max_goods_number_in_order', headers: { 'user-agent': PHONES.iPhone } });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ code: '0' });
    const posted = await t.app.inject({ method: 'POST', url: '/wap/api/syspara!getSyspara.action', headers: { 'user-agent': PHONES.pixel }, payload: { code: 'mall_max_goods_number_in_order' } });
    expect(posted.json()).toMatchObject({ code: '0' });
    // an unknown call keeps the legacy JSON 404, never the page
    for (const url of ['/wap/api/nothing!here.action', '/wap/api/nothing', '/wap/seller/nothing', '/wap/public/nothing', '/wap/logo.png']) {
      const response = await get(url, PHONES.iPhone);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
    expect((await get('/wap/api/nothing!here.action', PHONES.iPhone)).json()).toMatchObject({ code: '1', errorKey: 'common.not_found' });
    // the seller panel's calls still answer (a visitor is asked to log in)
    const seller = await t.app.inject({ method: 'GET', url: '/wap/seller/orders!noPushNum.action', headers: { 'user-agent': PHONES.iPhone } });
    expect(seller.json()).toMatchObject({ code: '403' });
    // and so do the other server paths, and the store's assets
    expect((await get('/docs/json', PHONES.iPhone)).statusCode).toBe(200);
    expect((await get('/assets/app-1a2b.js', PHONES.iPhone)).statusCode).toBe(200);
    expect((await get('/api/nothing!here.action', PHONES.iPhone)).statusCode).toBe(404);
  });
});
