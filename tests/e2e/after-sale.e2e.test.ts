import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, listing, orderRow, sellerWithListing, type Buyer, type Seller } from '../../apps/api/test/support/orders.ts';
import { SAFEWORD } from '../../apps/api/test/support/wallet.ts';
import { readsLeftToRight } from './support/bidi.ts';
import { closeAll, launchChromium, newStoreContext, screenshot, screenshotFailures } from './support/browser.ts';
import { english } from './support/messages.ts';
import { makePng } from './support/png.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// A buyer's orders after checkout, in Chromium against the real API server serving the built store.
// Arranged through the API test helpers: a buyer with a delivery address, a funded wallet and a fund
// password; a seller with a shop, a fund password and one listing; two more stocked listings.
// Everything the buyer does goes through the store: log in -> "buy now" three products (two paid at
// checkout, one left unpaid) -> the order tabs filter -> cancel the unpaid order with a reason (wallet
// untouched) -> remind the seller to ship, a second reminder refused with the server's message -> ask
// for a refund (reason, amount, remark, a picture) -> the seller accepts the reminded order (seller
// call) and the platform warehouse ships it (service) -> logistics timeline -> confirm receipt ->
// review with stars, text and two pictures -> completed, and the review counts on the product page.
// The steps share one page and run in order; a failed step fails the ones after it.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const orders = english('orders');
const account = english('account');
const catalog = english('catalog');

const serverMessages = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'locales', 'en', 'server.json'), 'utf8')) as Record<string, string>;

/** A server message (locales/en/server.json) up to its first placeholder: what a timeline entry starts with. */
function serverText(key: string): string {
  const text = serverMessages[key];
  if (!text) throw new Error(`no English server message ${key}`);
  return text.split('{')[0]?.trim() ?? text;
}

/** Two different pictures (the server stores pictures by content, so equal ones would be one). */
const PICTURES = [
  { name: 'front.png', mimeType: 'image/png', buffer: makePng(120, 80) },
  { name: 'label.png', mimeType: 'image/png', buffer: makePng(96, 96) },
];

let server: StoreServer;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;
let shopper: Buyer;
let seller: Seller;

interface Bought {
  sellerGoodsId: string;
  /** the product's name, as its page shows it (order cards show their first product's name) */
  name: string;
  orderId: string;
}
/** cancelled unpaid; reminded, shipped, received and reviewed; refund requested */
const bought: { unpaid?: Bought; reminded?: Bought; refunded?: Bought } = {};
let picturedReviewsBefore = -1;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing: an earlier step failed`);
  return value;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  server = await startStoreServer();
  const t = server.testApp;
  // registered with a fund password, a default delivery address and money in the wallet
  shopper = await buyer(t, '100000');
  // the reminded order's seller can log in to the seller panel (fund password set); a new listing has no reviews yet
  seller = await sellerWithListing(t, { stock: 1000 });
  const picks = [await listing(t, 1000), await listing(t, 1000)];
  bought.unpaid = { sellerGoodsId: picks[0]?.sellerGoodsId ?? '', name: '', orderId: '' };
  bought.reminded = { sellerGoodsId: seller.listing.sellerGoodsId, name: '', orderId: '' };
  bought.refunded = { sellerGoodsId: picks[1]?.sellerGoodsId ?? '', name: '', orderId: '' };
  browser = await launchChromium();
  ({ context, problems } = await newStoreContext(browser, server.baseUrl));
  page = await context.newPage();
});

screenshotFailures(() => page);
afterAll(() => closeAll(context, browser, server));

/** The wallet's spendable money, straight from the ledger. */
async function available(): Promise<string> {
  const wallet = await server.testApp.services.ledger.walletOf(server.testApp.database.db, shopper.id);
  return wallet.available.toString();
}

/** A server message with its placeholders filled, e.g. a whole timeline entry. */
function serverLine(key: string, values: Record<string, string>): string {
  return (serverMessages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Before a screenshot: no toast left over, the tabs' ink bar under the active tab (it slides). */
async function settled(): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), WAIT).toBe(0);
  const tabs = page.locator('.ant-tabs').first();
  if ((await tabs.count()) === 0) return;
  await expect
    .poll(async () => {
      const bar = await tabs.locator('.ant-tabs-ink-bar').boundingBox();
      const active = await tabs.locator('.ant-tabs-tab-active').boundingBox();
      return bar && active ? Math.abs(bar.x + bar.width / 2 - (active.x + active.width / 2)) : Infinity;
    }, WAIT)
    .toBeLessThan(2);
}

/** An antd toast with this text. */
function toast(text: string): Locator {
  return page.locator('.ant-message-notice', { hasText: text });
}

/** A tab of the order list by its label (the badge's hidden "n orders" follows the label). */
function orderTab(key: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${escape(orders(`tabs.${key}`))}`) });
}

/** The order card of the list that shows this product. */
function card(item: Bought): Locator {
  return page.getByRole('article').filter({ hasText: item.name });
}

async function openTab(key: string): Promise<void> {
  const tab = orderTab(key);
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), WAIT).toBe('true');
  // the list of the tab answered: its cards, or its empty state
  await page.locator('.orders-list:not([aria-busy="true"]), .orders-empty').first().waitFor(WAIT);
}

/** The status panel's actions on an order's detail page. */
function detailActions(orderId: string): Locator {
  return page.getByRole('group', { name: orders('card.actions', { id: orderId }) });
}

async function openDetail(item: Bought): Promise<void> {
  await page.goto(`/userInfo/order-detail?id=${item.orderId}`);
  await page.locator('.orders-status-panel').waitFor(WAIT);
}

/** The count on the "with pictures" review tab of a product page. */
async function picturedReviews(): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${escape(catalog('reviews.tabs.pictures'))}`) });
  await expect.poll(() => tab.textContent(), WAIT).toMatch(/\(\d+\)/);
  return Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
}

/** Product page -> buy now -> checkout with the default address -> the payment step. Answers the product's name. */
async function buyNow(sellerGoodsId: string, before?: () => Promise<void>): Promise<string> {
  await page.goto(`/productDetails?id=${sellerGoodsId}`);
  const title = page.locator('h1.catalog-detail-title');
  await title.waitFor(WAIT);
  const name = (await title.textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(0);
  await before?.();
  await page.getByRole('button', { name: catalog('detail.buyNow') }).click();
  await page.waitForURL('**/settlement', WAIT);
  await page.locator('.cart-address-selected').waitFor(WAIT);
  await page.getByTestId('submit-order').click();
  await page.getByTestId('pay-step').waitFor(WAIT);
  return name;
}

async function payAtCheckout(): Promise<void> {
  await page.getByTestId('fund-password').fill(SAFEWORD);
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/paySuccess', WAIT);
  await page.getByTestId('pay-success').waitFor(WAIT);
}

/** The order id of a product's card: its detail link carries it. */
async function orderIdOf(item: Bought): Promise<string> {
  const href = await card(item).getByRole('link', { name: orders('actions.detail') }).getAttribute('href');
  const id = new URLSearchParams(href?.split('?')[1] ?? '').get('id') ?? '';
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  return id;
}

/** Puts pictures into an ImageUpload's file input and waits until each is stored (no upload running). */
async function uploadPictures(files: typeof PICTURES, already = 0): Promise<void> {
  await page.getByLabel(orders('upload.addLabel', { count: already, max: 9 })).setInputFiles(files);
  await waitForStoredPictures(already + files.length);
}

async function waitForStoredPictures(count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    const picture = page.getByRole('img', { name: orders('upload.picture', { index }), exact: true });
    await expect.poll(() => picture.getAttribute('src'), WAIT).toMatch(/^\/uploads\/.+\.png$/);
  }
  await expect.poll(() => page.locator('.image-upload-status').textContent(), WAIT).toBe('');
}

describe('after-sale: a buyer looks after their orders', () => {
  it('logs in through the login page', async () => {
    await page.goto('/login');
    await page.getByLabel(account('login.username')).fill(shopper.username);
    await page.getByLabel(account('login.password')).fill(shopper.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/index', WAIT);
    await expect.poll(() => page.getByTestId('user-menu').textContent(), WAIT).toContain(shopper.username);
    expect(problems).toEqual([]);
  }, STEP);

  it('buys three products with "buy now": two paid at checkout, one left unpaid', async () => {
    const unpaid = need(bought.unpaid, 'the unpaid listing');
    const reminded = need(bought.reminded, 'the reminded listing');
    const refunded = need(bought.refunded, 'the refunded listing');

    reminded.name = await buyNow(reminded.sellerGoodsId, async () => {
      picturedReviewsBefore = await picturedReviews();
    });
    await payAtCheckout();
    refunded.name = await buyNow(refunded.sellerGoodsId);
    await payAtCheckout();
    // placed, then left at the payment step: it waits in "to pay"
    unpaid.name = await buyNow(unpaid.sellerGoodsId);
    expect(new Set([unpaid.name, reminded.name, refunded.name]).size).toBe(3);

    await page.goto('/userInfo/my-order');
    for (const item of [unpaid, reminded, refunded]) {
      await card(item).waitFor(WAIT);
      item.orderId = await orderIdOf(item);
    }
    expect((await orderRow(server.testApp, unpaid.orderId))?.status).toBe('pending_payment');
    expect((await orderRow(server.testApp, reminded.orderId))?.status).toBe('paid');
    expect((await orderRow(server.testApp, refunded.orderId))?.status).toBe('paid');
    expect(problems).toEqual([]);
  }, STEP);

  it('shows the 8 order tabs; "to pay" lists the unpaid order, "to ship" the paid ones', async () => {
    const unpaid = need(bought.unpaid, 'the unpaid order');
    const reminded = need(bought.reminded, 'the reminded order');
    const refunded = need(bought.refunded, 'the refunded order');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect.poll(() => tabs.count(), WAIT).toBe(8);
    const keys = ['all', 'toPay', 'toShip', 'confirmed', 'toReceive', 'received', 'toReview', 'refund'];
    for (const [index, key] of keys.entries()) expect((await tabs.nth(index).textContent())?.startsWith(orders(`tabs.${key}`))).toBe(true);

    await openTab('toPay');
    await card(unpaid).waitFor(WAIT);
    expect(await page.getByRole('article').count()).toBe(1);
    await expect.poll(() => card(unpaid).locator('.orders-card-tags').textContent(), WAIT).toContain(orders('status.pendingPayment'));
    await expect.poll(() => page.url(), WAIT).toContain('index=1');

    await openTab('toShip');
    await card(reminded).waitFor(WAIT);
    await card(refunded).waitFor(WAIT);
    expect(await page.getByRole('article').count()).toBe(2);
    expect(await card(reminded).locator('.orders-card-tags').textContent()).toContain(orders('status.paid'));

    // nothing has shipped, nothing is refunded yet
    await openTab('toReceive');
    await page.locator('.orders-empty').waitFor(WAIT);
    await openTab('refund');
    await page.locator('.orders-empty').waitFor(WAIT);

    await openTab('all');
    await expect.poll(() => page.getByRole('article').count(), WAIT).toBe(3);
    await settled();
    await screenshot(page, 'order-list-en');
    expect(problems).toEqual([]);
  }, STEP);

  it('in Arabic the list reads right to left, every order number still in one left-to-right piece', async () => {
    const items = [need(bought.unpaid, 'the unpaid order'), need(bought.reminded, 'the reminded order'), need(bought.refunded, 'the refunded order')];
    await page.goto('/userInfo/my-order?lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    await expect.poll(() => page.getByRole('article').count(), WAIT).toBe(3);
    // (ids are random: those starting with digits are the ones bidi reordering would break)
    for (const item of items) expect({ id: item.orderId, intact: await readsLeftToRight(card(item), item.orderId) }).toEqual({ id: item.orderId, intact: true });
    await settled();
    await screenshot(page, 'order-list-ar');
    await page.goto('/userInfo/my-order?lang=en');
    await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
    await expect.poll(() => page.getByRole('article').count(), WAIT).toBe(3);
    expect(problems).toEqual([]);
  }, STEP);

  it('cancels the unpaid order from the list with one of the 5 reasons; the wallet is untouched', async () => {
    const unpaid = need(bought.unpaid, 'the unpaid order');
    const walletBefore = await available();
    await openTab('toPay');
    // the tab's badge counts it (read out as "1 order")
    await expect.poll(() => orderTab('toPay').textContent(), WAIT).toContain(orders('tabs.badge_one', { count: 1 }));
    await card(unpaid).getByRole('button', { name: orders('actions.cancel') }).click();
    const dialog = page.getByRole('dialog', { name: orders('cancel.title') });
    await dialog.waitFor(WAIT);
    const reasons = dialog.getByRole('radio');
    await expect.poll(() => reasons.count(), WAIT).toBe(5);
    for (const code of ['0', '1', '2', '3', '4']) await dialog.getByRole('radio', { name: orders(`reasons.cancel.${code}`), exact: true }).waitFor({ state: 'attached', ...WAIT });
    // no reason, no cancellation
    await dialog.getByRole('button', { name: orders('cancel.submit') }).click();
    await dialog.getByRole('alert').filter({ hasText: orders('cancel.reasonRequired') }).waitFor(WAIT);
    await dialog.locator('label', { has: page.getByRole('radio', { name: orders('reasons.cancel.2'), exact: true }) }).click();
    await dialog.getByRole('button', { name: orders('cancel.submit') }).click();
    await toast(orders('cancel.done')).waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    // gone from "to pay", cancelled under "all", with its reason on the detail page
    await page.getByText(orders('list.empty')).waitFor(WAIT);
    await expect.poll(() => orderTab('toPay').textContent(), WAIT).toBe(orders('tabs.toPay'));
    await openTab('all');
    await expect.poll(() => card(unpaid).locator('.orders-card-tags').textContent(), WAIT).toContain(orders('status.cancelled'));
    expect(await card(unpaid).getByRole('button').count()).toBe(0);
    await card(unpaid).getByRole('link', { name: orders('actions.detail') }).click();
    await page.waitForURL(`**/userInfo/order-detail?id=${unpaid.orderId}`, WAIT);
    await page.locator('.orders-status-panel', { hasText: orders('status.cancelled') }).waitFor(WAIT);
    await page.locator('.orders-fields', { hasText: orders('reasons.cancel.2') }).waitFor(WAIT);
    await page.locator('.orders-timeline', { hasText: serverLine('timeline.cancelled', { reason: serverLine('reason.cancel.2', {}) }) }).waitFor(WAIT);
    expect(await detailActions(unpaid.orderId).getByRole('button').count()).toBe(0);

    expect((await orderRow(server.testApp, unpaid.orderId))?.status).toBe('cancelled');
    expect(await available()).toBe(walletBefore);
    expect(problems).toEqual([]);
  }, STEP);

  it('reminds the seller to ship once; a second reminder gets the server\'s "already reminded"', async () => {
    const reminded = need(bought.reminded, 'the reminded order');
    await page.goto('/userInfo/my-order?index=2');
    const remind = card(reminded).getByRole('button', { name: orders('actions.remind') });
    await remind.click();
    await toast(orders('remind.done')).waitFor(WAIT);
    // the list does not know about reminders: the server answers the repeat
    await expect.poll(() => remind.isEnabled(), WAIT).toBe(true);
    await remind.click();
    await toast(serverMessages['orders.already_reminded'] ?? 'orders.already_reminded').waitFor(WAIT);

    // the detail page knows: no remind button, a note instead, and the reminder in the timeline
    await openDetail(reminded);
    await page.getByText(orders('detail.remindedNote')).waitFor(WAIT);
    await page.locator('.orders-timeline', { hasText: serverText('timeline.reminded') }).waitFor(WAIT);
    await detailActions(reminded.orderId).getByRole('button', { name: orders('actions.refund') }).waitFor(WAIT);
    expect(await detailActions(reminded.orderId).getByRole('button', { name: orders('actions.remind') }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('asks for a refund of a paid order: reason (1 of 9), amount, remark, a picture; the order shows it in progress', async () => {
    const refunded = need(bought.refunded, 'the refunded order');
    await openDetail(refunded);
    await detailActions(refunded.orderId).getByRole('button', { name: orders('actions.refund') }).click();
    await page.waitForURL(`**/userInfo/order-return?id=${refunded.orderId}`, WAIT);

    const reason = page.getByLabel(orders('refund.reason'));
    await reason.waitFor(WAIT);
    const amount = page.getByLabel(orders('refund.amount'));
    // the whole order is offered; more than that is refused before anything is sent
    const total = await amount.inputValue();
    expect(Number(total)).toBeGreaterThan(0);
    await amount.fill(String(Number(total) + 1));
    await page.getByText(orders('refund.amountProblem.aboveTotal').split('{')[0]?.trim() ?? '').first().waitFor(WAIT);
    const partial = (Math.floor(Number(total) * 50) / 100).toFixed(2);
    await amount.fill(partial);

    await reason.click();
    const options = page.locator('.ant-select-dropdown .ant-select-item-option');
    await expect.poll(() => options.count(), WAIT).toBe(9);
    for (const code of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
      expect(await options.nth(Number(code) - 1).textContent()).toBe(orders(`reasons.refund.${code}`));
    }
    // picked with the keyboard: the list animates and the store's sticky header can slide over it, so a
    // click may miss the option (journey.e2e.test.ts picks the same way)
    const active = page.locator('.ant-select-dropdown .ant-select-item-option-active');
    await active.filter({ hasText: orders('reasons.refund.1') }).waitFor(WAIT);
    for (const code of ['2', '3', '4', '5', '6']) {
      await reason.press('ArrowDown');
      await active.filter({ hasText: orders(`reasons.refund.${code}`) }).waitFor(WAIT);
    }
    await reason.press('Enter');
    await page.locator('.ant-select', { has: reason }).locator('.ant-select-content-has-value', { hasText: orders('reasons.refund.6') }).waitFor(WAIT);

    await page.getByLabel(orders('refund.remark')).fill('The box arrived crushed at the corner (e2e).');
    const firstPicture = PICTURES[0];
    if (!firstPicture) throw new Error('no picture');
    await uploadPictures([firstPicture]);
    const submit = page.getByRole('button', { name: orders('refund.submit') });
    await expect.poll(() => submit.isEnabled(), WAIT).toBe(true);
    await submit.click();
    await toast(orders('refund.done')).waitFor(WAIT);

    // back on the order: the refund is requested, nothing else can be done meanwhile
    await page.waitForURL(`**/userInfo/order-detail?id=${refunded.orderId}`, WAIT);
    await page.locator('.orders-status-panel', { hasText: orders('refundStatus.requested') }).waitFor(WAIT);
    await page.locator('.orders-fields', { hasText: orders('refundStatus.requested') }).waitFor(WAIT);
    await page.locator('.orders-timeline', { hasText: serverLine('timeline.refund_requested', { reason: serverLine('reason.refund.6', {}) }) }).waitFor(WAIT);
    expect(await detailActions(refunded.orderId).getByRole('button').count()).toBe(0);
    // what the form sent, as the server stored it
    const row = (await orderRow(server.testApp, refunded.orderId)) as unknown as Record<string, unknown> | undefined;
    expect(row).toMatchObject({ refund_state: 'requested', refund_reason: '6', refund_remark: 'The box arrived crushed at the corner (e2e).' });
    expect(Number(row?.refund_amount)).toBe(Number(partial));
    expect(row?.refund_images).toEqual([expect.stringMatching(/^\/uploads\/.+\.png$/)]);

    // and it is listed under refund/after-sales
    await page.goto('/userInfo/my-order');
    await expect.poll(() => orderTab('refund').textContent(), WAIT).toContain(orders('tabs.badge_one', { count: 1 }));
    await openTab('refund');
    await card(refunded).waitFor(WAIT);
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await card(refunded).locator('.orders-card-tags').textContent()).toContain(orders('refundStatus.requested'));
    expect(problems).toEqual([]);
  }, STEP);

  it('the seller accepts and the platform ships the reminded order: the buyer sees the logistics and confirms receipt', async () => {
    const reminded = need(bought.reminded, 'the reminded order');
    const t = server.testApp;
    const push = await t.call('orders!push', { orderId: reminded.orderId, safeword: SAFEWORD }, { token: seller.token, prefix: '/wap/seller/' });
    expect(push.errorKey ?? push.code).toBe('0');
    await page.goto('/userInfo/my-order');
    await openTab('confirmed');
    await card(reminded).waitFor(WAIT);
    expect(await card(reminded).locator('.orders-card-tags').textContent()).toContain(orders('status.confirmed'));

    await t.services.fulfilment.ship(reminded.orderId, { type: 'operator', id: 'e2e-operator', reason: 'picked and packed (e2e)' });
    await page.reload();
    await openTab('toReceive');
    await card(reminded).waitFor(WAIT);
    await card(reminded).getByRole('link', { name: orders('actions.detail') }).click();
    await page.waitForURL(`**/userInfo/order-detail?id=${reminded.orderId}`, WAIT);
    await page.locator('.orders-status-panel', { hasText: orders('status.shipped') }).waitFor(WAIT);
    await page.locator('.orders-fields', { hasText: orders('detail.pushTime') }).waitFor(WAIT);

    // the logistics, oldest first
    const timeline = page.locator('.orders-timeline');
    await timeline.filter({ hasText: serverText('timeline.system_shipped') }).waitFor(WAIT);
    const text = (await timeline.textContent()) ?? '';
    const positions = ['timeline.placed', 'timeline.paid', 'timeline.reminded', 'timeline.confirmed', 'timeline.system_shipped'].map((key) => text.indexOf(serverText(key)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    await detailActions(reminded.orderId).getByRole('button', { name: orders('actions.receipt') }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: orders('receipt.title') });
    await confirm.getByRole('button', { name: orders('receipt.ok') }).click();
    await toast(orders('receipt.done')).waitFor(WAIT);
    await page.locator('.orders-status-panel', { hasText: orders('status.received') }).waitFor(WAIT);
    await timeline.filter({ hasText: serverText('timeline.received') }).waitFor(WAIT);
    await detailActions(reminded.orderId).getByRole('button', { name: orders('actions.review') }).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('reviews the order: stars, text and 2 pictures (no submitting while they upload); the order completes', async () => {
    const reminded = need(bought.reminded, 'the reminded order');
    // received orders wait under "to review", with their own review button
    await page.goto('/userInfo/my-order');
    await openTab('toReview');
    await card(reminded).waitFor(WAIT);
    expect(await page.getByRole('article').count()).toBe(1);
    await card(reminded).getByRole('button', { name: orders('actions.review') }).click();
    await page.waitForURL(`**/userInfo/order-evaluation?id=${reminded.orderId}`, WAIT);
    await page.getByRole('heading', { name: reminded.name }).waitFor(WAIT);

    await page.locator('label', { has: page.getByRole('radio', { name: orders('review.types.1'), exact: true }) }).click();
    await page.locator('label', { has: page.getByRole('radio', { name: orders('review.ratingValue_other', { count: 4 }), exact: true }) }).click();
    await expect.poll(() => page.getByRole('radio', { name: orders('review.ratingValue_other', { count: 4 }), exact: true }).isChecked(), WAIT).toBe(true);
    const words = 'Sturdy, well packed and exactly as pictured (e2e).';
    await page.getByLabel(orders('review.content')).fill(words);

    // the uploads are held at the network until the form has been seen waiting for them
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let uploads = 0;
    await page.route('**/uploadimg!execute.action*', async (route) => {
      uploads += 1;
      await held;
      await route.continue();
    });
    const submit = page.getByRole('button', { name: orders('review.submit') });
    await page.getByLabel(orders('upload.addLabel', { count: 0, max: 9 })).setInputFiles(PICTURES);
    await expect.poll(() => uploads, WAIT).toBe(2);
    await expect.poll(() => submit.isDisabled(), WAIT).toBe(true);
    await page.getByText(orders('review.uploading')).waitFor(WAIT);
    release();
    await waitForStoredPictures(2);
    await page.unroute('**/uploadimg!execute.action*');
    await expect.poll(() => submit.isEnabled(), WAIT).toBe(true);
    expect(await page.getByText(orders('review.uploading')).count()).toBe(0);
    await settled();
    await screenshot(page, 'order-review-form-en');

    await submit.click();
    await toast(orders('review.done')).waitFor(WAIT);
    await page.waitForURL(`**/userInfo/order-detail?id=${reminded.orderId}`, WAIT);
    await page.locator('.orders-status-panel', { hasText: orders('status.completed') }).waitFor(WAIT);
    await page.locator('.orders-goods-table', { hasText: orders('detail.reviewed') }).waitFor(WAIT);
    await page.locator('.orders-timeline', { hasText: serverText('timeline.completed') }).waitFor(WAIT);
    expect(await detailActions(reminded.orderId).getByRole('button').count()).toBe(0);
    expect((await orderRow(server.testApp, reminded.orderId))?.status).toBe('completed');

    // completed orders are listed under "received"
    await page.goto('/userInfo/my-order?index=5');
    await card(reminded).waitFor(WAIT);
    expect(await card(reminded).locator('.orders-card-tags').textContent()).toContain(orders('status.completed'));
    expect(problems).toEqual([]);
  }, STEP);

  it('the review shows on the product page, counted under "with pictures"', async () => {
    const reminded = need(bought.reminded, 'the reminded order');
    // a new listing: this is its first review
    expect(picturedReviewsBefore).toBe(0);
    await page.goto(`/productDetails?id=${reminded.sellerGoodsId}`);
    await expect.poll(() => picturedReviews(), WAIT).toBe(picturedReviewsBefore + 1);
    await page.getByRole('tab', { name: new RegExp(`^${escape(catalog('reviews.tabs.pictures'))}`) }).click();
    const review = page.locator('.catalog-review', { hasText: 'Sturdy, well packed and exactly as pictured (e2e).' });
    await review.waitFor(WAIT);
    await expect.poll(() => review.getByRole('link', { name: catalog('reviews.openPicture', { n: 1, total: 2 }) }).count(), WAIT).toBe(1);
    expect(await review.getByRole('link', { name: catalog('reviews.openPicture', { n: 2, total: 2 }) }).count()).toBe(1);
    await review.getByRole('img', { name: catalog('reviews.rating', { value: 4, max: 5 }) }).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);
});
