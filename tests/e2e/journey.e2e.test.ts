import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, launchChromium, newStoreContext, screenshot, screenshotFailures } from './support/browser.ts';
import { approveRecharge, operatorLogin, pendingRecharges } from './support/console-api.ts';
import { english } from './support/messages.ts';
import { makePng } from './support/png.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// A buyer's first purchase in Chromium, against the real API server serving the built store:
// register -> set a fund password -> browse -> search -> product detail -> add to cart -> checkout
// (first address) -> pay fails (no balance) -> recharge with a proof screenshot -> an operator
// approves it (console REST route) -> pay -> the order's timeline shows it paid. Screenshots of home,
// product detail, checkout and order detail in English and Arabic go to tests/e2e/screenshots/.
// The steps share one page and run in order; a failed step fails the ones after it.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const account = english('account');
const catalog = english('catalog');
const cart = english('cart');
const address = english('address');
const wallet = english('wallet');
const orders = english('orders');

const serverMessages = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'locales', 'en', 'server.json'), 'utf8')) as Record<string, string>;

const USERNAME = `buyer${Date.now().toString(36).slice(-6)}`;
const PASSWORD = 'Tr0ub4dor';
const FUND_PASSWORD = '246810';
/** A valid TRC20 address (base58check): where the buyer says the deposit came from. */
const SENDING_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DEPOSIT = '500';

let server: StoreServer;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;

beforeAll(async () => {
  server = await startStoreServer();
  browser = await launchChromium();
  ({ context, problems } = await newStoreContext(browser, server.baseUrl));
  page = await context.newPage();
});

screenshotFailures(() => page);
afterAll(() => closeAll(context, browser, server));

/**
 * Screenshots of the page in English, then the same address in Arabic (`?lang=ar`, stored as the
 * choice), then back to English. `ready` waits for the page's content without relying on its texts.
 */
async function screenshotsInBothLanguages(name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await screenshot(page, `${name}-en`);
  const url = new URL(page.url());
  url.searchParams.set('lang', 'ar');
  await page.goto(url.toString());
  await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
  await ready(page);
  await screenshot(page, `${name}-ar`);
  url.searchParams.set('lang', 'en');
  await page.goto(url.toString());
  await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
  await ready(page);
}

/** Picks an option of an antd Select (with search) by its label text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label);
  await expect.poll(() => field.isEnabled(), WAIT).toBe(true);
  await field.click();
  await field.fill(option);
  // the filtered list's first entry is active; Enter picks it (the list animates, clicks miss it)
  await page.locator(`.ant-select-dropdown .ant-select-item-option-active[title="${option}"]`).waitFor(WAIT);
  await field.press('Enter');
  // antd 6 writes a single choice into the select's content box (class -content-has-value)
  await page.locator('.ant-select', { has: field }).locator('.ant-select-content-has-value', { hasText: option }).waitFor(WAIT);
}

describe('a buyer in the store', () => {
  it('registers with a user name and is signed in', async () => {
    await page.goto('/register');
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="re_password"]').fill(PASSWORD);
    await page.locator('input[name="terms"]').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/index', WAIT);
    await expect.poll(() => page.getByTestId('user-menu').textContent(), WAIT).toContain(USERNAME);
    expect(problems).toEqual([]);
  }, STEP);

  it('sets a fund password', async () => {
    await page.goto('/userInfo/setup/transaction-password');
    await page.locator('input[name="safeword"]').fill(FUND_PASSWORD);
    await page.locator('input[name="re_safeword"]').fill(FUND_PASSWORD);
    await page.getByTestId('fund-password-submit').click();
    await page.getByText(account('fundPassword.saved')).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('browses the home page and opens a product', async () => {
    await page.goto('/index');
    const card = page.locator('.catalog-goods-card').first();
    await card.waitFor(WAIT);
    await screenshotsInBothLanguages('home', (p) => p.locator('.catalog-goods-card').first().waitFor(WAIT));
    const name = (await page.locator('.catalog-goods-card-name').first().textContent())?.trim() ?? '';
    expect(name.length).toBeGreaterThan(0);
    await page.locator('.catalog-goods-card-link').first().click();
    await page.waitForURL('**/productDetails?id=*', WAIT);
    await expect.poll(() => page.locator('h1').first().textContent(), WAIT).toBe(name);
    expect(problems).toEqual([]);
  }, STEP);

  it('searches for a product by name and finds it', async () => {
    const keyword = server.sampleGoods.name;
    const search = page.getByRole('combobox', { name: english('common')('search.label') });
    await search.fill(keyword);
    await page.getByTestId('search-submit').click();
    await page.waitForURL('**/searchGoods?*', WAIT);
    const result = page.locator('.catalog-goods-card-name', { hasText: keyword }).first();
    await result.waitFor(WAIT);
    await result.click();
    await page.waitForURL(`**/productDetails?id=${server.sampleGoods.id}`, WAIT);
    await expect.poll(() => page.locator('h1').first().textContent(), WAIT).toBe(keyword);
    expect(problems).toEqual([]);
  }, STEP);

  it('adds the product to the cart and goes to the checkout', async () => {
    await screenshotsInBothLanguages('product-detail', (p) => p.locator('.catalog-actions button').first().waitFor(WAIT));
    await page.getByRole('button', { name: catalog('detail.addToCart') }).click();
    await page.getByText(catalog('detail.added')).waitFor(WAIT);
    await page.getByTestId('cart-bar').click();
    await page.getByTestId('cart-line').first().waitFor(WAIT);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL('**/settlement', WAIT);
    await page.getByTestId('checkout-address').waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('places the order with a first delivery address; paying fails for lack of balance', async () => {
    await page.getByLabel(address('fields.contacts')).fill('Mei Chen');
    await page.getByLabel(address('fields.phone')).fill('+1 718 555 0199');
    await choose(page, address('fields.country'), 'United States');
    await choose(page, address('fields.state'), 'New York');
    await choose(page, address('fields.city'), 'Brooklyn');
    await page.getByLabel(address('fields.address')).fill('200 Atlantic Ave');
    await page.getByRole('button', { name: address('actions.add') }).click();
    await page.locator('.cart-address-selected').waitFor(WAIT);
    expect(await page.locator('.cart-address-selected').textContent()).toContain('Brooklyn');
    await screenshotsInBothLanguages('checkout', (p) => p.locator('.cart-address-selected').waitFor(WAIT));

    await page.getByTestId('submit-order').click();
    await page.getByTestId('pay-step').waitFor(WAIT);
    await page.getByTestId('fund-password').fill(FUND_PASSWORD);
    await page.getByTestId('pay-submit').click();
    const failure = page.locator('[data-testid="pay-step"] [role="alert"]', { hasText: serverMessages['wallet.balance_insufficient'] ?? '' });
    await failure.waitFor(WAIT);
    await failure.getByRole('link', { name: cart('pay.recharge') }).click();
    await page.waitForURL('**/userInfo/money-package/recharge', WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('reports a USDT deposit with a proof screenshot', async () => {
    // antd's button-style radios hide the input itself: the buyer clicks its label
    await page.locator('label', { has: page.getByRole('radio', { name: 'USDT', exact: true }) }).click();
    await page.locator('label', { has: page.getByRole('radio', { name: 'TRC20', exact: true }) }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'TRC20', exact: true }).isChecked(), WAIT).toBe(true);
    await page.getByLabel(wallet('blockchain.amount')).fill(DEPOSIT);
    await page.getByLabel(wallet('blockchain.from')).fill(SENDING_ADDRESS);
    await page.getByTestId('proof-input').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('img', { name: wallet('proof.previewAlt') }).waitFor(WAIT);
    await page.getByRole('button', { name: wallet('blockchain.submit') }).click();
    await page.getByText(wallet('submitted.rechargeTitle')).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('an operator approves the deposit through the console API', async () => {
    const token = await operatorLogin(server.baseUrl);
    const pending = (await pendingRecharges(server.baseUrl, token)).filter((recharge) => recharge.username === USERNAME);
    expect(pending).toHaveLength(1);
    const [recharge] = pending;
    expect(recharge?.proofImageUrl).toMatch(/^\/uploads\/.+\.png$/);
    const proof = await fetch(`${server.baseUrl}${recharge?.proofImageUrl ?? ''}`);
    expect(proof.headers.get('content-type')).toBe('image/png');
    const approved = await approveRecharge(server.baseUrl, token, recharge?.id ?? '');
    expect(approved.state).not.toBe('pending');
    expect(Number(approved.creditAmount)).toBe(Number(DEPOSIT));
  }, STEP);

  it('pays the order from its detail page; the timeline shows it paid', async () => {
    await page.goto('/userInfo/my-order');
    await page.getByRole('link', { name: orders('actions.detail') }).first().click();
    await page.waitForURL('**/userInfo/order-detail?id=*', WAIT);
    await page.getByRole('button', { name: orders('actions.pay') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(orders('pay.password')).fill(FUND_PASSWORD);
    await dialog.locator('.ant-btn-primary').click();
    await page.getByText(orders('pay.done')).first().waitFor(WAIT);
    await page.locator('.orders-status-panel', { hasText: orders('status.paid') }).waitFor(WAIT);
    const paidEntry = (serverMessages['timeline.paid'] ?? '').split('{')[0] ?? '';
    expect(paidEntry.length).toBeGreaterThan(0);
    await page.locator('.orders-timeline', { hasText: paidEntry }).waitFor(WAIT);
    await screenshotsInBothLanguages('order-detail', (p) => p.locator('.orders-timeline').waitFor(WAIT));
    expect(problems).toEqual([]);
  }, STEP);
});
