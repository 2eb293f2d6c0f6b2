import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { money, parseMoney } from '@caravan/contract/money';
import { discountedPrice, sellingPriceOf } from '@caravan/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../packages/ui/src/format.ts';
import { ADDRESS, buyer, type Buyer } from '../../apps/api/test/support/orders.ts';
import { nextAddress, registerUser, type TestUser } from '../../apps/api/test/support/test-app.ts';
import { userIdOf } from '../../apps/api/test/support/wallet.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { animationsFinished, closeAll, launchChromium, newStoreContext, screenshot, screenshotFailures } from './support/browser.ts';
import { choose, toast } from './support/buyer.ts';
import { operatorLogin } from './support/console-api.ts';
import { english } from './support/messages.ts';
import { makePng } from './support/png.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// The seller side in Chromium, against the real API server serving the built seller panel at /seller/:
// a buyer logging in to the panel is sent to the store's /merchantSettled and applies there with a logo
// and a licence; back in the panel before the decision, is told the application waits -> an operator
// approves it through the console REST API -> the store's page leads to the panel, where the new seller
// logs in, lists 3 goods from the wholesale catalogue with one profit
// ratio (the preview shows the exact prices the contract's pricing gives) and previews a discount ->
// a buyer buys one (order!submit + order!pay over HTTP) -> the seller sees the badge, opens the order
// from the keyboard (delivery address), and accepts it with the fund password -> the platform ships
// (console REST), the buyer confirms receipt and reviews (HTTP) -> the margin is released and shows as
// available in the panel's earnings, the review in its reviews. Screenshots of every panel screen in
// English and Arabic go to tests/e2e/screenshots/ (seller-<screen>-<en|ar>.png), and axe-core finds no
// serious or critical violation on the main screens, in both directions.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const common = english('common', 'seller');
const goods = english('goods', 'seller');
const sales = english('sales', 'seller');
const shop = english('shop', 'seller');
const storeOrders = english('orders');
const settle = english('sellers');
const root = path.resolve(import.meta.dirname, '..', '..');

const APPLICANT = { username: `shop${Date.now().toString(36).slice(-6)}`, password: 'Tr0ub4dor&3' };
const FUND_PASSWORD = '135790';
const SHOP_NAME = `Harbour Goods ${Date.now().toString(36).slice(-4)}`;
/** Goods listed in one go. */
const LISTED = 3;

/** The panel's screens: their path and the heading each shows. */
const SCREENS = [
  { name: 'dashboard', path: '/', heading: () => common('dashboard.titleOf', { shop: SHOP_NAME }) },
  { name: 'orders', path: '/orders', heading: () => sales('title') },
  { name: 'returns', path: '/returns', heading: () => sales('returns.title') },
  { name: 'goods', path: '/goods', heading: () => goods('title') },
  { name: 'add-goods', path: '/goods/add', heading: () => goods('add.title') },
  { name: 'reviews', path: '/reviews', heading: () => sales('reviews.title') },
  { name: 'earnings', path: '/earnings', heading: () => shop('earnings.title') },
  { name: 'shop', path: '/shop', heading: () => shop('settings.title') },
] as const;

let server: StoreServer;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;
let applicant: TestUser & { id: string };
let shopper: Buyer;
/** What the steps learn on the way. */
const state = { applicationId: '', profitPercent: '', profitRatio: '', listed: [] as { id: string; goodsId: string; name: string; systemPrice: string }[], orderId: '', margin: '' };

interface Envelope<T> {
  code: string;
  msg: string;
  errorKey?: string;
  data: T;
}

/** A legacy call over real HTTP, as a client sends it (form body, bearer token). */
async function legacy<T>(action: string, params: Record<string, string | number>, token?: string, area: 'api' | 'seller' = 'api'): Promise<T> {
  const response = await fetch(`${server.baseUrl}/wap/${area}/${action}.action?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== '0') throw new Error(`${action}: ${envelope.code} ${envelope.errorKey ?? ''} ${envelope.msg}`);
  return envelope.data;
}

/** A console REST call as the demo operator. */
async function consolePost<T>(url: string, body: unknown): Promise<T> {
  const token = await operatorLogin(server.baseUrl);
  const response = await fetch(`${server.baseUrl}/console/api${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${url}: ${text}`);
  return JSON.parse(text) as T;
}

async function consoleGet<T>(url: string): Promise<T> {
  const token = await operatorLogin(server.baseUrl);
  const response = await fetch(`${server.baseUrl}/console/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${url}: ${text}`);
  return JSON.parse(text) as T;
}

/** A fresh API session of the seller (the browser keeps its own). */
async function sellerToken(): Promise<string> {
  return (await legacy<{ token: string }>('user!newlogin', { username: APPLICANT.username, password: APPLICANT.password })).token;
}

async function logIn(username: string, password: string): Promise<void> {
  await page.getByLabel(common('login.username')).fill(username);
  await page.getByLabel(common('login.password')).fill(password);
  await page.getByRole('button', { name: common('login.submit') }).click();
}

/**
 * axe-core once the page's transitions have ended (a button changing colour is checked in its final
 * colours, not half-way); `within` limits it to an open drawer or dialog.
 */
async function axe(within?: string): Promise<string[]> {
  await animationsFinished(page);
  return seriousAxeViolations(page, within);
}

/** The money the panel shows: the server's decimal in the viewer's format. */
const shown = (value: string) => formatAmount(value, 'en');

async function heading(text: string): Promise<void> {
  await page.getByRole('heading', { name: text, exact: true }).waitFor(WAIT);
}

/** Opens a panel screen in a language (`?lang=` switches and is kept), waits for its heading. */
async function openIn(screen: (typeof SCREENS)[number], lang: 'en' | 'ar'): Promise<void> {
  await page.goto(`/seller${screen.path === '/' ? '/' : screen.path}?lang=${lang}`);
  await page.locator(`html[dir="${lang === 'ar' ? 'rtl' : 'ltr'}"][lang="${lang}"]`).waitFor({ state: 'attached', ...WAIT });
  await page.locator('#seller-main h2').first().waitFor(WAIT);
  // lists and figures have loaded: no skeleton or spinning table left
  await expect.poll(() => page.locator('#seller-main .ant-skeleton, #seller-main .ant-spin-spinning').count(), WAIT).toBe(0);
}

beforeAll(async () => {
  if (!existsSync(path.join(root, 'apps', 'seller', 'dist', 'index.html'))) throw new Error('the seller panel is not built: run npm run build');
  server = await startStoreServer({ products: 30 });
  const t = server.testApp;
  const user = await registerUser(t, APPLICANT);
  applicant = { ...user, id: await userIdOf(t, user.token) };
  const set = await t.call('user!setSafewordReg', { safeword: FUND_PASSWORD, re_safeword: FUND_PASSWORD }, { token: user.token, remoteAddress: nextAddress() });
  expect(set.code).toBe('0');
  shopper = await buyer(t, '10000');
  browser = await launchChromium();
  ({ context, problems } = await newStoreContext(browser, server.baseUrl));
  page = await context.newPage();
}, STEP);

screenshotFailures(() => page);
afterAll(() => closeAll(context, browser, server));

describe('a buyer becomes a seller and sells through the seller panel', () => {
  it(
    'a buyer is sent from the panel to the store, applies to open a shop there, and the panel says the application waits',
    async () => {
      // the login page in both directions, and free of serious accessibility problems
      await page.goto('/seller/');
      await page.waitForURL('**/seller/login', WAIT);
      await page.getByRole('button', { name: common('login.submit') }).waitFor(WAIT);
      expect(await axe()).toEqual([]);
      await screenshot(page, 'seller-login-en');
      await page.goto('/seller/login?lang=ar');
      await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
      await page.locator('.ant-card').waitFor(WAIT);
      expect(await axe()).toEqual([]);
      await screenshot(page, 'seller-login-ar');
      await page.goto('/seller/login?lang=en');
      await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });

      // a buyer without a shop is sent to the store's settle-in page, and applies there (the store's
      // own login first: the panel and the store keep separate sessions)
      await logIn(APPLICANT.username, APPLICANT.password);
      await page.getByRole('alert').filter({ hasText: common('login.noShop') }).waitFor(WAIT);
      await page.getByTestId('settle-in-link').click();
      await page.waitForURL('**/merchantSettled', WAIT);
      await page.getByTestId('settle-login').click();
      await page.locator('input[name="username"]').fill(APPLICANT.username);
      await page.locator('input[name="password"]').fill(APPLICANT.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/merchantSettled', WAIT);
      await page.getByRole('heading', { name: settle('form.title') }).waitFor(WAIT);
      await page.locator('#shopName').fill(SHOP_NAME);
      await page.locator('#logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(96, 96) });
      await page.locator('#contactName').fill('Amina Haddad');
      await page.locator('#phone').fill('+971 4 555 0100');
      await page.locator('#email').fill('amina@example.com');
      await choose(page, page.locator('form'), settle('form.country'), 'United States');
      await page.locator('#description').fill('Household goods for small shops.');
      await page.locator('#documents').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: makePng(120, 80) });
      await expect.poll(() => page.locator('.image-upload-item img').count(), WAIT).toBe(2);
      await expect.poll(() => page.getByTestId('settle-submit').isEnabled(), WAIT).toBe(true);
      await page.getByTestId('settle-submit').click();
      await page.getByTestId('settle-pending').waitFor(WAIT);
      const status = await legacy<{ isSeller: boolean; application: { id: string; state: string } | null }>('merchantSettled!get', {}, applicant.token);
      expect(status.isSeller).toBe(false);
      expect(status.application?.state).toBe('pending');
      state.applicationId = status.application?.id ?? '';

      await page.goto('/seller/login');
      await logIn(APPLICANT.username, APPLICANT.password);
      await page.getByRole('alert').filter({ hasText: common('login.applicationPending') }).waitFor(WAIT);
      expect(await page.getByTestId('settle-in-link').count()).toBe(0);
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'an operator approves the application through the console REST API',
    async () => {
      const pending = await consoleGet<{ items: { id: string; username: string; shopName: string; state: string }[] }>(`/seller-applications?state=pending&applicant=${APPLICANT.username}`);
      expect(pending.items.map((item) => [item.id, item.shopName])).toEqual([[state.applicationId, SHOP_NAME]]);
      const approved = await consolePost<{ state: string }>(`/seller-applications/${state.applicationId}/approve`, { reason: 'licence and logo checked (e2e)' });
      expect(approved.state).toBe('approved');
      expect((await legacy<{ isSeller: boolean }>('merchantSettled!get', {}, applicant.token)).isSeller).toBe(true);
      // the store's page now leads to the panel
      await page.goto('/merchantSettled');
      const link = page.getByTestId('settle-seller-panel');
      await link.click();
      await page.waitForURL('**/seller/login', WAIT);
    },
    STEP,
  );

  it(
    'the new seller logs in to the panel: the dashboard shows the shop with nothing sold yet',
    async () => {
      await logIn(APPLICANT.username, APPLICANT.password);
      await heading(common('dashboard.titleOf', { shop: SHOP_NAME }));
      await page.getByTestId('seller-user').filter({ hasText: APPLICANT.username }).waitFor(WAIT);
      await page.getByTestId('figure-to-accept').locator('.ant-statistic-content', { hasText: '0' }).waitFor(WAIT);
      await page.getByTestId('figure-available').locator('.ant-statistic-content', { hasText: `${shown('0')} USDT` }).waitFor(WAIT);
      expect(await axe()).toEqual([]);
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'lists 3 goods from the wholesale catalogue with one profit ratio, each priced exactly as the contract computes',
    async () => {
      const token = await sellerToken();
      const range = await legacy<{ profitMin: string; profitMax: string; discountMax: string }>('sysParaProduct!info', {}, token);
      // a round percentage inside the platform's range
      const min = parseMoney(range.profitMin);
      const max = parseMoney(range.profitMax);
      const twenty = parseMoney('0.2');
      const ratio = money.cmp(twenty, min) >= 0 && money.cmp(twenty, max) <= 0 ? twenty : min;
      state.profitRatio = money.format(ratio, { minDecimals: 0 });
      state.profitPercent = money.format(money.mulInt(ratio, 100), { minDecimals: 0 });

      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.addGoods') }).click();
      await heading(goods('add.title'));
      const catalogue = page.locator('.ant-card', { has: page.getByRole('heading', { name: goods('add.catalogue') }) });
      const rows = catalogue.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThanOrEqual(LISTED);
      // the catalogue as the server answers it: names and wholesale prices of the first goods
      const offered = await legacy<{ pageList: { id: string; name: string; systemPrice: string }[] }>('systemGoods!list', { pageNum: 1, pageSize: 20, unlisted: '1' }, token, 'seller');
      for (let index = 0; index < LISTED; index += 1) {
        const good = offered.pageList[index];
        if (!good) throw new Error('the catalogue has fewer goods than needed');
        await catalogue.getByRole('checkbox', { name: goods('select', { name: good.name }), exact: true }).check();
        state.listed.push({ id: '', goodsId: good.id, name: good.name, systemPrice: good.systemPrice });
      }

      await page.getByLabel(goods('pricing.profit'), { exact: true }).fill(state.profitPercent);
      const preview = page.getByTestId('add-preview');
      for (const good of state.listed) {
        const selling = money.format(sellingPriceOf(parseMoney(good.systemPrice), state.profitRatio), { decimals: 2 });
        const row = preview.locator('tr', { hasText: good.name });
        await row.getByText(shown(selling), { exact: true }).waitFor(WAIT);
        await row.getByText(shown(good.systemPrice), { exact: true }).waitFor(WAIT);
      }
      expect(await axe()).toEqual([]);
      await screenshot(page, 'seller-add-goods-selected-en');

      await page.getByRole('button', { name: goods('add.submitCount', { number: LISTED }) }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: goods('add.confirmTitle', { number: LISTED }) });
      await confirm.getByRole('button', { name: goods('add.submit') }).click();
      await toast(page, goods('add.done', { added: LISTED, updated: 0 })).waitFor(WAIT);
      await page.waitForURL('**/seller/goods', WAIT);
      await heading(goods('title'));
      const listed = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => listed.count(), WAIT).toBe(LISTED);
      for (const good of state.listed) {
        const selling = money.format(sellingPriceOf(parseMoney(good.systemPrice), state.profitRatio), { decimals: 2 });
        const row = listed.filter({ hasText: good.name });
        await row.getByText(shown(selling), { exact: true }).waitFor(WAIT);
        await row.getByText(`${state.profitPercent} %`, { exact: true }).waitFor(WAIT);
      }
      // the server agrees: 3 listings at that ratio
      const mine = await legacy<{ pageList: { id: string; goodsId: string; profitRatio: string; sellingPrice: string; systemPrice: string }[] }>('goods!list', { pageNum: 1, pageSize: 20 }, token, 'seller');
      expect(mine.pageList).toHaveLength(LISTED);
      for (const good of state.listed) {
        const listing = mine.pageList.find((entry) => entry.goodsId === good.goodsId);
        expect(listing, good.name).toBeDefined();
        expect(money.cmp(parseMoney(listing?.profitRatio ?? ''), parseMoney(state.profitRatio))).toBe(0);
        expect(listing?.sellingPrice).toBe(money.format(sellingPriceOf(parseMoney(good.systemPrice), state.profitRatio), { decimals: 2 }));
        good.id = listing?.id ?? '';
      }
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    "previews a discount on one listing's exact prices before saving anything",
    async () => {
      const good = state.listed[0];
      if (!good) throw new Error('nothing listed');
      await page.getByRole('button', { name: goods('edit.open', { name: good.name }) }).click();
      const dialog = page.getByRole('dialog', { name: goods('edit.title', { name: good.name }) });
      await dialog.waitFor(WAIT);
      await expect.poll(() => dialog.getByLabel(goods('pricing.profit'), { exact: true }).inputValue(), WAIT).toBe(state.profitPercent);
      await dialog.getByText(goods('pricing.discountOn')).click();
      await dialog.getByLabel(goods('pricing.discount'), { exact: true }).fill('10');
      await dialog.getByLabel(goods('pricing.start'), { exact: true }).fill('2031-01-01T09:00');
      await dialog.getByLabel(goods('pricing.end'), { exact: true }).fill('2031-01-31T18:00');
      const selling = sellingPriceOf(parseMoney(good.systemPrice), state.profitRatio);
      const discounted = money.format(discountedPrice(selling, '0.1'), { decimals: 2 });
      await dialog.getByTestId('listing-preview').getByText(shown(discounted), { exact: false }).waitFor(WAIT);
      expect(await axe('.ant-modal-container')).toEqual([]);
      await screenshot(page, 'seller-goods-edit-en', { fullPage: false });
      // an end before the start is refused as typed
      await dialog.getByLabel(goods('pricing.end'), { exact: true }).fill('2030-12-31T18:00');
      await dialog.getByText(goods('pricing.problems.order')).waitFor(WAIT);
      await dialog.getByRole('button', { name: common('actions.cancel') }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'a buyer buys one of the goods; the panel shows it to accept, with the badge in the navigation',
    async () => {
      const good = state.listed[0];
      if (!good) throw new Error('nothing listed');
      const submitted = await legacy<{ orderList: { id: string }[] }>('order!submit', { orderInfo: JSON.stringify([{ sellerGoodsId: good.id, goodsNum: 2 }]), addressId: shopper.addressId }, shopper.token);
      state.orderId = submitted.orderList[0]?.id ?? '';
      await legacy('order!pay', { orderId: state.orderId, safeword: '246810' }, shopper.token);

      await page.goto('/seller/');
      await heading(common('dashboard.titleOf', { shop: SHOP_NAME }));
      await page.getByTestId('figure-to-accept').locator('.ant-statistic-content', { hasText: '1' }).waitFor(WAIT);
      const nav = page.getByRole('navigation');
      await nav.getByRole('menuitem', { name: `${common('nav.orders')} (${common('nav.toAccept', { number: 1 })})` }).click();
      await heading(sales('title'));
      await page.getByRole('radiogroup', { name: sales('tabs.label') }).locator('label', { hasText: sales('tabs.toAccept') }).click();
      await page.waitForURL('**/seller/orders?status=1', WAIT);
      await page.getByRole('link', { name: state.orderId, exact: true }).waitFor(WAIT);
      expect(await axe()).toEqual([]);
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'opens the order from the keyboard (delivery address) and accepts it with the fund password',
    async () => {
      const link = page.getByRole('link', { name: state.orderId, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]open=/, WAIT);
      const drawer = page.getByRole('dialog', { name: sales('detail.title', { id: state.orderId }) });
      const address = drawer.getByTestId('order-address');
      await address.getByText(ADDRESS.address).waitFor(WAIT);
      await address.getByText(ADDRESS.contacts).waitFor(WAIT);
      await drawer.getByText(storeOrders('status.paid')).waitFor(WAIT);
      expect(await axe('.ant-drawer-section')).toEqual([]);
      await screenshot(page, 'seller-order-detail-en', { fullPage: false });

      await drawer.getByRole('button', { name: sales('push.one'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: sales('push.title', { number: 1 }) });
      await dialog.getByTestId('push-orders').getByText(state.orderId).waitFor(WAIT);
      // a wrong format is refused before anything is sent
      await dialog.getByRole('button', { name: sales('push.ok') }).click();
      await dialog.getByText(sales('push.problems.required')).waitFor(WAIT);
      await dialog.getByTestId('push-fund-password').fill(FUND_PASSWORD);
      await screenshot(page, 'seller-order-accept-en', { fullPage: false });
      await dialog.getByRole('button', { name: sales('push.ok') }).click();
      await toast(page, sales('push.done', { number: 1 })).waitFor(WAIT);
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      await drawer.getByText(storeOrders('status.confirmed')).waitFor(WAIT);
      expect(await drawer.getByRole('button', { name: sales('push.one'), exact: true }).count()).toBe(0);
      await drawer.focus();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden', ...WAIT });
      // nothing left to accept: the badge is gone
      await expect.poll(() => page.getByRole('navigation').getByRole('menuitem', { name: common('nav.toAccept', { number: 1 }) }).count(), WAIT).toBe(0);
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'the platform ships, the buyer confirms receipt and reviews: the margin shows as available in the earnings',
    async () => {
      await consolePost(`/orders/${state.orderId}/ship`, {});
      await legacy('order!receipt', { orderId: state.orderId }, shopper.token);
      const good = state.listed[0];
      await legacy('evaluation!add', { orderId: state.orderId, sellerGoodsId: good?.id ?? '', evaluationType: 1, rating: 5, content: 'Well packed, exactly as listed.' }, shopper.token);

      const token = await sellerToken();
      const earnings = await legacy<{ pageList: { orderId: string; settled: number; margin: string; profit: string; commission: string }[] }>('earnings!list', { pageNum: 1, pageSize: 10 }, token, 'seller');
      const earned = earnings.pageList.find((entry) => entry.orderId === state.orderId);
      expect(earned?.settled).toBe(1);
      // the margin is the profit of the 2 units (selling - wholesale), less the platform's commission
      const selling = sellingPriceOf(parseMoney(good?.systemPrice ?? ''), state.profitRatio);
      const profit = money.mulInt(money.sub(selling, parseMoney(good?.systemPrice ?? '')), 2);
      expect(money.cmp(parseMoney(earned?.profit ?? ''), profit)).toBe(0);
      expect(money.cmp(parseMoney(earned?.margin ?? ''), money.sub(profit, parseMoney(earned?.commission ?? '')))).toBe(0);
      state.margin = earned?.margin ?? '';
      expect(money.isPositive(parseMoney(state.margin))).toBe(true);

      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.earnings') }).click();
      await heading(shop('earnings.title'));
      await page.getByTestId('earnings-available').getByText(`${shown(state.margin)} USDT`, { exact: true }).waitFor(WAIT);
      await page.getByTestId('earnings-pending').getByText(`${shown('0')} USDT`, { exact: true }).waitFor(WAIT);
      const row = page.getByTestId('earnings-list').locator('tr', { hasText: state.orderId });
      await row.getByText(shop('earnings.released')).waitFor(WAIT);
      await row.getByText(shown(state.margin), { exact: true }).waitFor(WAIT);
      // withdrawing goes through the same screens as a buyer's: first the one withdrawal address
      await page.getByRole('heading', { name: english('wallet')('bind.title') }).waitFor(WAIT);
      expect(await axe()).toEqual([]);

      // the dashboard says the same, and the review is in the reviews
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.dashboard') }).click();
      await page.getByTestId('figure-available').locator('.ant-statistic-content', { hasText: `${shown(state.margin)} USDT` }).waitFor(WAIT);
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.reviews') }).click();
      await heading(sales('reviews.title'));
      await page.getByText('Well packed, exactly as listed.').waitFor(WAIT);
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'changes the shop settings after a confirmation',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.shop') }).click();
      await heading(shop('settings.title'));
      await expect.poll(() => page.getByLabel(shop('settings.name'), { exact: true }).inputValue(), WAIT).toBe(SHOP_NAME);
      await page.getByLabel(shop('settings.description')).fill('Household goods for small shops, shipped from the platform warehouse.');
      await page.getByRole('button', { name: shop('settings.save') }).click();
      await page.getByRole('dialog').filter({ hasText: shop('settings.confirmTitle') }).getByRole('button', { name: shop('settings.save') }).click();
      await toast(page, shop('settings.saved')).waitFor(WAIT);
      const token = await sellerToken();
      expect((await legacy<{ shopRemark: string }>('shop!info', {}, token, 'seller')).shopRemark).toBe('Household goods for small shops, shipped from the platform warehouse.');
      expect(problems).toEqual([]);
    },
    STEP,
  );

  it(
    'every screen of the panel in English and in Arabic (right to left), without serious accessibility problems',
    async () => {
      for (const lang of ['en', 'ar'] as const) {
        for (const screen of SCREENS) {
          await openIn(screen, lang);
          if (lang === 'en') await heading(screen.heading());
          // the main screens are checked in both directions
          if (['dashboard', 'orders', 'goods', 'add-goods', 'earnings', 'shop'].includes(screen.name)) {
            expect(await axe(), `${screen.name} (${lang})`).toEqual([]);
          }
          await screenshot(page, `seller-${screen.name}-${lang}`);
        }
      }
      // in Arabic the navigation sits on the right
      await openIn(SCREENS[0], 'ar');
      const sider = await page.locator('.ant-layout-sider').boundingBox();
      const main = await page.locator('#seller-main').boundingBox();
      expect((sider?.x ?? 0) > (main?.x ?? 0)).toBe(true);
      await openIn(SCREENS[0], 'en');
      expect(problems).toEqual([]);
    },
    STEP * 2,
  );
});
