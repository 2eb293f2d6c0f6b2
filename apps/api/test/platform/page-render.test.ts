import { CHECKOUT_COOKIE } from '@caravan/contract/server-page';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptsEncoding, BOOT_SCRIPT, BOOT_SCRIPT_SOURCE, PAGE_CACHE_TTL_MS, pageLocale, readCookie } from '../../src/page-render.ts';
import { resolveFromRoot } from '../../src/platform/paths.ts';
import { STORE_DIST_DIR, STORE_SERVER_DIST_DIR } from '../../src/static-apps.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { buyer } from '../support/orders.ts';
import { startTestApp, useTestApp } from '../support/test-app.ts';

// The /wap pages rendered by the server (ADR 0019) from the real builds of the store (apps/store/dist and
// dist-server, which `npm test` builds first): what a phone receives before any script has run.

const serverBuild = resolveFromRoot(STORE_SERVER_DIST_DIR);
if (!existsSync(path.join(serverBuild, 'entry-server.js'))) throw new Error(`${serverBuild} is missing: build the store (npm test builds it)`);

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 40, shops: 3 });
const first = (await t.call('sellerGoods!list', { pageNum: 1, pageSize: 1 })).data as unknown as { pageList: { id: string; name: string }[] };
const listing = first.pageList[0]!;

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return response;
}

/** The JSON of a <script type="application/json" id="..."> element of the page. */
function jsonElement(html: string, id: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error(`no #${id} in the page`);
  return JSON.parse(match[1]) as Record<string, unknown>;
}

const text = (html: string) => html.replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/&quot;/g, '"');

describe('a /wap page rendered by the server', () => {
  it('arrives drawn: the goods, the language, the data the browser hydrates from, and no script before the page is on screen', async () => {
    const response = await page('/wap/index', { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en" dir="ltr">/);
    expect(html).toContain('class="app-shell wap-shell"');
    // no module script in the page: the boot script loads the app after the first paint
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([' type="application/json" id="caravan-ssr"', ' type="application/json" id="caravan-boot"', '']);
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);

    const state = jsonElement(html, 'caravan-ssr');
    expect(state).toMatchObject({ locale: 'en', location: '/index', user: null });
    expect(state.namespaces).toEqual(expect.arrayContaining(['common', 'catalog']));
    const queries = (state.queries as { queries: { queryKey: unknown[]; state: { status: string } }[] }).queries;
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((query) => query.state.status === 'success')).toBe(true);
    // every goods of the answers it used is in the markup (drawn by the server, not filled in later)
    const names = queries.flatMap((query) => {
      const data = (query.state as unknown as { data?: { result?: { name: string }[]; pageList?: { name: string }[] } }).data;
      return [...(data?.result ?? []), ...(data?.pageList ?? [])].map((goods) => goods.name).filter(Boolean);
    });
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(text(html), name).toContain(`>${name}<`);

    // the boot data names the built entry and the page's own chunk, which exist
    const boot = jsonElement(html, 'caravan-boot') as { entry: string; preload: string[] };
    const dist = resolveFromRoot(STORE_DIST_DIR);
    for (const file of [boot.entry, ...boot.preload]) expect(existsSync(path.join(dist, file)), file).toBe(true);
    expect(boot.preload.some((file) => /home-page-[\w-]+\.js$/.test(file))).toBe(true);
    // the page's styles as links, Ant Design's in the head
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/catalog-[\w-]+\.css">/);
  });

  it('allows its one inline script by hash and varies by the cookie and the languages', async () => {
    const response = await page('/wap/index');
    const policy = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('renders in the language of the query, then of the language cookie, then of the browser, right to left in Arabic', async () => {
    const arabic = await page('/wap/index?lang=ar');
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(jsonElement(arabic.body, 'caravan-ssr')).toMatchObject({ locale: 'ar', location: '/index' });
    const cookie = await page('/wap/index', { cookie: 'other=1; caravan_lang=ja', 'accept-language': 'de' });
    expect(cookie.body).toMatch(/<html lang="ja" dir="ltr">/);
    const browser = await page('/wap/index', { 'accept-language': 'zh-TW,zh;q=0.8' });
    expect(browser.body).toMatch(/<html lang="zh-TW" dir="ltr">/);
    const filipino = await page('/wap/index?lang=ph');
    expect(filipino.body).toMatch(/<html lang="fil" dir="ltr">/);
  });

  it('reads the old mobile site\'s goods address, and hydrates at the address the browser will show', async () => {
    const response = await page(`/wap/productDetails?sellerGoodsId=${listing.id}&lang=en`);
    expect(response.statusCode).toBe(200);
    expect(text(response.body)).toContain(listing.name);
    expect(jsonElement(response.body, 'caravan-ssr')).toMatchObject({ location: `/productDetails?id=${listing.id}` });
  });

  it('answers the redirects of the routes itself, and a 404 with the not-found page', async () => {
    for (const url of ['/wap', '/wap/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/wap/index');
    }
    const nested = await page('/wap/userInfo/setup');
    expect(nested.statusCode).toBe(302);
    expect(nested.headers.location).toBe('/wap/userInfo/setup/index');
    const missing = await page('/wap/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('class="app-shell wap-shell"');
    // the server's own paths under /wap keep their answers
    expect((await page('/wap/api/nothing!here.action')).json()).toMatchObject({ errorKey: 'common.not_found' });
  });

  it('is compressed for a browser that accepts it', async () => {
    const plain = await page('/wap/index?lang=en');
    const brotli = await t.app.inject({ method: 'GET', url: '/wap/index?lang=en', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gzip = await t.app.inject({ method: 'GET', url: '/wap/index?lang=en', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('keeps markup and data from a seller\'s text inert (no script can be smuggled into the page)', async () => {
    const hostile = 'Mug </script><script>alert(1)</script> <img src=x onerror=alert(2)> \u2028';
    await t.database.pool.query(`update goods set names = jsonb_set(names, '{en}', to_jsonb($1::text)) where id = (select goods_id from seller_goods where id = $2)`, [hostile, listing.id]);
    t.clock.advance(60_000);
    const html = (await page(`/wap/productDetails?id=${listing.id}&lang=en`)).body;
    expect(html).toContain('Mug &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect([...html.matchAll(/<script/g)]).toHaveLength(3);
    // inside the JSON the text is the seller's, escaped for a script element
    const state = jsonElement(html, 'caravan-ssr');
    expect(JSON.stringify(state)).toContain(hostile);
    const rawState = /<script type="application\/json" id="caravan-ssr">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(rawState).not.toContain('\u2028');
    expect(rawState).toContain('\\u2028');
  });

  it('keeps a visitor\'s page a few seconds, then draws it again', async () => {
    const before = (await page(`/wap/productDetails?id=${listing.id}&lang=en`)).body;
    await t.database.pool.query(`update goods set names = jsonb_set(names, '{en}', to_jsonb($1::text)) where id = (select goods_id from seller_goods where id = $2)`, ['Renamed Kettle', listing.id]);
    // within the page's few seconds: the same page (the catalogue's answers may be as old)
    expect((await page(`/wap/productDetails?id=${listing.id}&lang=en`)).body).toBe(before);
    t.clock.advance(PAGE_CACHE_TTL_MS + 5_000);
    expect((await page(`/wap/productDetails?id=${listing.id}&lang=en`)).body).toContain('Renamed Kettle');
  });
});

describe('the page session (a signed-in visitor\'s own page)', () => {
  const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie'] ?? '');

  it('is handed over with the token, kept in an HttpOnly cookie of the /wap pages, and refused without one', async () => {
    const someone = await buyer(t);
    const set = await t.app.inject({ method: 'POST', url: '/wap/page-session', headers: { authorization: `Bearer ${someone.token}` } });
    expect(set.statusCode).toBe(204);
    expect(cookieOf(set)).toBe(`caravan_page_session=${someone.token}; Path=/wap; Max-Age=${30 * 86_400}; HttpOnly; SameSite=Lax`);
    expect(set.headers['cache-control']).toBe('no-store');
    // through the trusted proxy over HTTPS the cookie is Secure
    const secure = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const visitor = await buyer(secure);
      const overHttps = await secure.app.inject({ method: 'POST', url: '/wap/page-session', headers: { authorization: `Bearer ${visitor.token}`, 'x-forwarded-proto': 'https' } });
      expect(cookieOf(overHttps)).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
    for (const headers of [{}, { authorization: 'Bearer not-a-session' }, { authorization: `Basic ${someone.token}` }, { authorization: `Bearer ${'x'.repeat(300)}` }]) {
      const refused = await t.app.inject({ method: 'POST', url: '/wap/page-session', headers });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(401);
      expect(refused.json()).toMatchObject({ code: '403', errorKey: expect.stringMatching(/^common\./) });
      // a refused hand-over also ends a cookie the browser may still hold
      expect(cookieOf(refused)).toContain('caravan_page_session=; Path=/wap; Max-Age=0');
    }
    const ended = await t.app.inject({ method: 'DELETE', url: '/wap/page-session' });
    expect(ended.statusCode).toBe(204);
    expect(cookieOf(ended)).toContain('caravan_page_session=; Path=/wap; Max-Age=0');
    // not a page
    expect((await page('/wap/page-session')).statusCode).toBe(404);
  });

  it('renders the visitor\'s own checkout, kept by no cache, without the token in it', async () => {
    const mei = await buyer(t, '500');
    const response = await page('/wap/settlement?lang=en', { cookie: `caravan_page_session=${mei.token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(jsonElement(html, 'caravan-ssr')).toMatchObject({ user: { username: mei.username, usercode: expect.any(String) } });
    // the delivery address book is drawn; the goods (a cart lives in the browser) hold their place
    expect(text(html)).toContain('200 Atlantic Ave, Apt 4B');
    expect(html).toContain('data-testid="checkout-goods-pending"');
    expect(html).not.toContain(mei.token);
    // Ant Design's style scope as the browser's production build names it, whatever NODE_ENV the server
    // runs with (this test's is "test"): a development scope (css-dev-only-...) would leave the hydrated
    // page's components without their styles
    const scopes = new Set([...html.matchAll(/:where\(\.(css-[\w-]+)\)/g)].map((match) => match[1]));
    expect(scopes.size).toBe(1);
    expect([...scopes][0]).toMatch(/^css-[a-z0-9]+$/);
    expect(html).toMatch(new RegExp(`class="[^"]*\\b${[...scopes][0]}\\b`));
    // another buyer's cookie: their page, not the first one's
    const other = await buyer(t);
    const theirs = await page('/wap/settlement?lang=en', { cookie: `caravan_page_session=${other.token}` });
    expect(jsonElement(theirs.body, 'caravan-ssr')).toMatchObject({ user: { username: other.username } });
    // a visitor's checkout: the login guard, nobody's data
    const visitor = await page('/wap/settlement?lang=en');
    expect(jsonElement(visitor.body, 'caravan-ssr')).toMatchObject({ user: null });
    expect(text(visitor.body)).not.toContain('200 Atlantic Ave');
  });

  it('draws the checkout with the buyer\'s checked cart lines from the store\'s checkout cookie, and hands them to the hydrating browser', async () => {
    const mei = await buyer(t, '500');
    const usercode = (jsonElement((await page('/wap/settlement?lang=en', { cookie: `caravan_page_session=${mei.token}` })).body, 'caravan-ssr') as { user: { usercode: string } }).user.usercode;
    const cartLine = (name: string, checked: boolean) => ({
      key: `${listing.id}:${name}`,
      sellerGoodsId: listing.id,
      skuId: name,
      name,
      checkAttrName: 'Colour: Red',
      image: '/uploads/none.webp',
      price: '12.50',
      originalPrice: '15.00',
      buyMin: 1,
      count: 2,
      checked,
      seller: { id: 'seller-1', name: 'Shop One' },
    });
    const lines = [cartLine('Checked <b>lamp</b> "XL"', true), cartLine('Unchecked kettle', false)];
    const cookie = (u: string) => `${CHECKOUT_COOKIE}=${encodeURIComponent(JSON.stringify({ u, l: lines.filter((line) => line.checked) }))}`;

    const drawn = await page('/wap/settlement?lang=en', { cookie: `caravan_page_session=${mei.token}; ${cookie(usercode)}` });
    expect(drawn.statusCode).toBe(200);
    // the checked line is drawn (its markup as text, inert), the goods' placeholder is not
    expect(text(drawn.body)).toContain('Checked &lt;b&gt;lamp&lt;/b&gt; "XL"');
    expect(drawn.body).not.toContain('<b>lamp</b>');
    expect(drawn.body).not.toContain('data-testid="checkout-goods-pending"');
    expect(text(drawn.body)).not.toContain('Unchecked kettle');
    expect(jsonElement(drawn.body, 'caravan-ssr')).toMatchObject({ checkout: [{ name: 'Checked <b>lamp</b> "XL"', count: 2, checked: true }] });

    // another buyer's cookie (or a broken one) draws nothing of it: the placeholder, as without a cookie
    for (const other of [cookie('0000000'), `${CHECKOUT_COOKIE}=%7B%22u%22`]) {
      const refused = await page('/wap/settlement?lang=en', { cookie: `caravan_page_session=${mei.token}; ${other}` });
      expect(refused.body).toContain('data-testid="checkout-goods-pending"');
      expect(text(refused.body)).not.toContain('Checked &lt;b&gt;lamp');
      expect(jsonElement(refused.body, 'caravan-ssr')).toMatchObject({ checkout: [] });
    }
    // without a page session the cookie is not read at all
    const visitor = await page('/wap/settlement?lang=en', { cookie: cookie(usercode) });
    expect(text(visitor.body)).not.toContain('Checked &lt;b&gt;lamp');
  });

  it('renders a visitor\'s page and drops the cookie once its session has ended', async () => {
    const leaving = await buyer(t);
    expect((await t.call('user!logout', {}, { token: leaving.token })).code).toBe('0');
    const response = await page('/wap/index?lang=en', { cookie: `caravan_page_session=${leaving.token}` });
    expect(response.statusCode).toBe(200);
    expect(jsonElement(response.body, 'caravan-ssr')).toMatchObject({ user: null });
    expect(cookieOf(response)).toContain('caravan_page_session=; Path=/wap; Max-Age=0');
  });

  it('authenticates no API call: the legacy calls still need the token', async () => {
    const holder = await buyer(t);
    const answer = await t.app.inject({ method: 'POST', url: '/wap/api/wallet!getUsdt.action', headers: { cookie: `caravan_page_session=${holder.token}` } });
    expect(answer.json()).toMatchObject({ errorKey: 'common.not_logged_in' });
  });
});

describe('when the renderer fails', () => {
  const broken = mkdtempSync(path.join(tmpdir(), 'caravan-ssr-broken-'));
  writeFileSync(path.join(broken, 'entry-server.js'), 'export async function render() { throw new Error("the renderer broke"); }\n');
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('answers the store\'s page for the browser to render, never an error', async () => {
    const other = await startTestApp({ storeServerDir: broken });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/wap/index' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<script type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/);
      expect(response.body).not.toContain('caravan-ssr');
    } finally {
      await other.close();
    }
  });
});

describe('the page renderer\'s request reading', () => {
  it('picks the language from the query, the cookie, then Accept-Language', () => {
    expect(pageLocale(new URLSearchParams('lang=cn'), 'caravan_lang=ja', 'de')).toBe('zh-CN');
    expect(pageLocale(new URLSearchParams('lang=nope'), 'caravan_lang=ja', 'de')).toBe('ja');
    expect(pageLocale(new URLSearchParams(''), 'caravan_lang=xx', 'pt-BR,pt;q=0.9')).toBe('pt');
    expect(pageLocale(new URLSearchParams(''), undefined, 'sw, *;q=0.5')).toBe('en');
    expect(pageLocale(new URLSearchParams(''), undefined, undefined)).toBe('en');
  });

  it('reads one cookie among others, and none from a broken header', () => {
    expect(readCookie('a=1; caravan_lang=ar; b=2', 'caravan_lang')).toBe('ar');
    expect(readCookie('caravan_langx=ar', 'caravan_lang')).toBeUndefined();
    expect(readCookie('caravan_lang=%E0%A4%A', 'caravan_lang')).toBeUndefined();
    expect(readCookie(undefined, 'caravan_lang')).toBeUndefined();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('gzip;q=0.0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('GZIP;q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('brotli', 'br')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
