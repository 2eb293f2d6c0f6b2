import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { money, parseMoney } from '@caravan/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalTime, formatUsdt } from '../../packages/ui/src/format.ts';
import { expectLedgerConsistent, userIdOf, withdrawalIdOf } from '../../apps/api/test/support/wallet.ts';
import { readsLeftToRight } from './support/bidi.ts';
import { changeWithdrawAddress, operatorLogin, payOutWithdrawal } from './support/console-api.ts';
import { animationsFinished, closeAll, launchChromium, newStoreContext, screenshot, screenshotFailures, VIEWPORT } from './support/browser.ts';
import { apiLogin, choose, configure, fundedBuyer, logIn, logOut, toast } from './support/buyer.ts';
import { english, messagesIn } from './support/messages.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// What a signed-in buyer does outside ordering, in Chromium against the real API server serving the
// built store: the header search (suggestions, empty-search warning, history), the cart drawer,
// favourite goods and followed shops, the address book, the login and fund passwords, and the wallet
// (withdrawal address, a withdrawal with its fee, records). The account is arranged through the server
// (registered, 500 USDT approved); everything the buyer does goes through the pages. Then an operator pays
// that withdrawal out and changes the bound address (through the console's REST routes): the buyer's next
// withdrawal is held until the cool-down ends and reviewed as the first to that address, which its record
// and details say, in English and in Arabic (right to left, the time in one left-to-right piece). The steps
// share one page and run in order; a failed step fails the ones after it. Screenshots (en) of the cart
// drawer, the address book and the wallet, and of the held withdrawal's details (en, ar) go to
// tests/e2e/screenshots/.

const WAIT = { timeout: 30_000 };
const STEP = 60_000;
const common = english('common');
const account = english('account');
const catalog = english('catalog');
const cart = english('cart');
const address = english('address');
const wallet = english('wallet');
const walletAr = messagesIn('ar', 'wallet');
const serverMessages = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'locales', 'en', 'server.json'), 'utf8')) as Record<string, string>;

const USERNAME = `wallet${Date.now().toString(36).slice(-6)}`;
const PASSWORD = 'Tr0ub4dor';
const NEW_PASSWORD = 'Qu1ckS1lver';
const FUND_PASSWORD = '246810';
const NEW_FUND_PASSWORD = '135790';
const DEPOSIT = '500';
/** The platform's per-order maximum, set low so the cart's upper bound can be reached by typing. */
const MAX_PER_ORDER = 12;
/** A fee rate whose fee needs rounding (123.45 x 1.5 % = 1.85175). */
const FEE_RATE = '0.015';
const WITHDRAWAL = '123.45';
/** A valid TRC20 address (base58check): where the withdrawals go. */
const WITHDRAW_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The TRC20 address an operator binds instead, and the hash of the payout to the first one. */
const NEW_WITHDRAW_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const PAYOUT_HASH = 'c3d4e5f6'.repeat(8);
/** Above the review threshold set for first withdrawals to an address (100). */
const HELD_WITHDRAWAL = '150';

interface Goods {
  id: string;
  name: string;
  sellerId: string;
  sellerName: string;
  buyMin: number;
}

let server: StoreServer;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;
/** a word that finds both goods and shops while typing, and what the server suggests for it */
let keyword: string;
let suggested: { shops: string[]; goods: string[] };
/** a word that finds shops only */
let shopWord: string;
/** goods with a minimum quantity above 1, and goods of another shop */
let goodsA: Goods;
let goodsB: Goods;

/** Goods of the seeded catalogue, with their detail (minimum quantity, stock of the first SKU in stock). */
async function pickGoods(): Promise<{ a: Goods; b: Goods }> {
  const t = server.testApp;
  const list = await t.call<{ pageList: { id: string }[] }>('sellerGoods!list', { pageNum: 1, pageSize: 60, lang: 'en' });
  let a: Goods | undefined;
  let b: Goods | undefined;
  for (const { id } of list.data?.pageList ?? []) {
    const detail = await t.call<{ id: string; name: string; buyMin: number; sellerId: string; seller: { id: string; name: string }; skus: { stock: number }[] }>(
      'sellerGoods!info',
      { sellerGoodsId: id, lang: 'en' },
    );
    const goods = detail.data;
    if (!goods || !goods.seller?.name) continue;
    const firstInStock = goods.skus.find((sku) => sku.stock > 0);
    if (!firstInStock || firstInStock.stock < MAX_PER_ORDER) continue;
    const entry = { id: goods.id, name: goods.name, sellerId: goods.seller.id, sellerName: goods.seller.name, buyMin: goods.buyMin };
    if (!a && goods.buyMin >= 2 && goods.buyMin < MAX_PER_ORDER) a = entry;
    else if (!b && goods.buyMin === 1) b = entry;
    if (a && b && a.sellerId !== b.sellerId && a.name !== b.name) return { a, b };
    if (a && b && (a.sellerId === b.sellerId || a.name === b.name)) b = undefined;
  }
  throw new Error('the seeded catalogue has no goods with a minimum quantity of 2 or more and other goods of another shop');
}

/** Words of the shops' names: one that also finds goods (both suggestion groups show), one that finds shops only. */
async function pickKeywords(): Promise<{ both: string; suggested: { shops: string[]; goods: string[] }; shopsOnly: string }> {
  const t = server.testApp;
  const shops = await t.call<{ pageList: { name: string }[] }>('seller!list', { pageNum: 1, pageSize: 20 });
  let both: { word: string; shops: string[]; goods: string[] } | undefined;
  let shopsOnly: string | undefined;
  for (const shop of shops.data?.pageList ?? []) {
    for (const word of shop.name.split(/\s+/).filter((part) => /^[A-Za-z]{4,}$/.test(part))) {
      const found = await t.call<{ sellerList: { name: string }[]; goodsList: { name: string }[] }>('sellerGoods!search-keyword', { keyword: word, lang: 'en' });
      const goods = (found.data?.goodsList ?? []).map((item) => item.name);
      const sellers = (found.data?.sellerList ?? []).map((item) => item.name);
      if (sellers.length === 0) continue;
      if (goods.length > 0) both ??= { word, shops: sellers, goods };
      else shopsOnly ??= word;
      if (both && shopsOnly) return { both: both.word, suggested: { shops: both.shops, goods: both.goods }, shopsOnly };
    }
  }
  throw new Error('the shops\' names give no word that finds goods as well, or none that finds shops only');
}

beforeAll(async () => {
  server = await startStoreServer();
  await configure(server.testApp, 'mall_max_goods_number_in_order', MAX_PER_ORDER);
  await configure(server.testApp, 'withdraw_fee_rate', FEE_RATE);
  await fundedBuyer(server.testApp, { username: USERNAME, password: PASSWORD }, DEPOSIT);
  ({ a: goodsA, b: goodsB } = await pickGoods());
  ({ both: keyword, suggested, shopsOnly: shopWord } = await pickKeywords());
  browser = await launchChromium();
  ({ context, problems } = await newStoreContext(browser, server.baseUrl));
  page = await context.newPage();
});

screenshotFailures(() => page);
afterAll(() => closeAll(context, browser, server));

/** An accessible name ending with the text (antd icons in a button add their own name in front). */
function endingWith(text: string): RegExp {
  return new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

function searchBox() {
  return page.getByRole('combobox', { name: common('search.label') });
}

/** The history list's entries, as shown once the search box is emptied. */
async function shownHistory(): Promise<string[]> {
  const box = searchBox();
  await box.fill('');
  const list = page.getByRole('listbox', { name: common('search.history') });
  await list.waitFor(WAIT);
  return list.getByRole('option').allTextContents();
}

/** Submits a search with Enter and waits for the results page of that text. */
async function searchFor(text: string): Promise<void> {
  const box = searchBox();
  // the pointer away from where the suggestions open: an entry under it would be the one Enter picks
  await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height - 10);
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((url) => /^\/search(Goods|Store)$/.test(url.pathname) && url.searchParams.get('k') === JSON.stringify(text), WAIT);
}

function storedHistory(): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('searchHistory'));
}

function bodyOverflow(): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).overflowY);
}

async function openProduct(goods: Goods): Promise<void> {
  await page.goto(`/productDetails?id=${goods.id}`);
  await expect.poll(() => page.locator('h1').first().textContent(), WAIT).toBe(goods.name);
}

/** Follows a link of the user centre's side menu (in-page navigation: the page's data stays cached). */
async function userCentre(entry: string): Promise<void> {
  await page.getByRole('navigation', { name: account('menu.label') }).getByRole('link', { name: entry, exact: true }).click();
}

interface AddressEntry {
  contacts: string;
  phone: string;
  country: string;
  state: string;
  city: string;
  street: string;
}

const HOME: AddressEntry = { contacts: 'Mei Chen', phone: '+1 718 555 0199', country: 'United States', state: 'New York', city: 'Brooklyn', street: '200 Atlantic Ave' };
const OFFICE: AddressEntry = { contacts: 'Omar Haddad', phone: '+1 213 555 0142', country: 'United States', state: 'California', city: 'Santa Monica', street: '1685 Main St' };
const OFFICE_MOVED = '2425 Olympic Blvd, suite 400';

function cards() {
  return page.getByTestId('address-card');
}

function cardOf(entry: AddressEntry) {
  return cards().filter({ hasText: entry.contacts });
}

/** Adds an address through the address book's dialog. */
async function addAddress(entry: AddressEntry): Promise<void> {
  await page.getByRole('button', { name: account('addresses.add') }).click();
  const dialog = page.getByRole('dialog', { name: account('addresses.addTitle') });
  await dialog.waitFor(WAIT);
  await dialog.getByLabel(address('fields.contacts'), { exact: true }).fill(entry.contacts);
  await dialog.getByLabel(address('fields.phone'), { exact: true }).fill(entry.phone);
  await choose(page, dialog, address('fields.country'), entry.country);
  await choose(page, dialog, address('fields.state'), entry.state);
  await choose(page, dialog, address('fields.city'), entry.city);
  await dialog.getByLabel(address('fields.address'), { exact: true }).fill(entry.street);
  await dialog.getByRole('button', { name: address('actions.add') }).click();
  await toast(page, address('saved')).waitFor(WAIT);
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

let orderNo = '';
/** the withdrawal applied for after the operator's address change, and the end of its cool-down */
let heldOrderNo = '';
let heldUntil = new Date(0);

/** An instant as the store writes it: in the buyer's zone (the browser's). */
async function shownTime(instant: Date): Promise<string> {
  return formatLocalTime(instant, await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
}

/** The order number the page shows once a withdrawal was applied for. */
async function submittedWithdrawal(): Promise<string> {
  const placed = page.getByRole('status').filter({ hasText: wallet('submitted.withdrawTitle') });
  await placed.waitFor(WAIT);
  return /\S+$/.exec(((await placed.getByText(wallet('submitted.orderNo')).textContent()) ?? '').trim())?.[0] ?? '';
}

/** What the server says the wallet holds (a separate API session of the buyer). */
async function serverBalance(): Promise<{ money: string; frozen: string }> {
  const token = await apiLogin(server.testApp, USERNAME, NEW_PASSWORD);
  const response = await server.testApp.call<{ money: string; frozen: string }>('wallet!getUsdt', {}, { token });
  expect(response.code).toBe('0');
  return response.data ?? { money: '', frozen: '' };
}

describe('a signed-in buyer outside ordering', () => {
  it('logs in', async () => {
    await logIn(page, USERNAME, PASSWORD);
    expect(problems).toEqual([]);
  }, STEP);

  it('search box: debounced suggestions of goods and shops', async () => {
    const asked: string[] = [];
    const record = (request: Request) => {
      if (request.url().includes('/sellerGoods!search-keyword.action')) asked.push(new URLSearchParams(request.postData() ?? '').get('keyword') ?? '');
    };
    page.on('request', record);
    const box = searchBox();
    await box.click();
    await box.pressSequentially(keyword, { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: common('search.label') });
    await suggestions.waitFor(WAIT);
    await suggestions.getByText(common('search.goods'), { exact: true }).waitFor(WAIT);
    await suggestions.getByText(common('search.stores'), { exact: true }).waitFor(WAIT);
    // what the server suggests: shops first (at most 5), then goods (at most 10)
    const expected = [...suggested.shops.slice(0, 5), ...suggested.goods.slice(0, 10)];
    await expect.poll(async () => (await suggestions.getByRole('option').allTextContents()).map((text) => text.trim()), WAIT).toEqual(expected);
    // typing a letter every 40 ms stays inside the debounce: one question for the whole word, not one per letter
    await expect.poll(() => asked.at(-1), WAIT).toBe(keyword);
    page.off('request', record);
    expect(asked.length).toBeLessThan(keyword.length);

    // a shop suggestion opens the shop
    const shop = suggestions.locator('[role="option"][data-kind="store"]').first();
    const shopName = ((await shop.textContent()) ?? '').trim();
    await shop.click();
    await page.waitForURL('**/store?id=*', WAIT);
    await expect.poll(() => page.locator('h1').first().textContent(), WAIT).toBe(shopName);
    expect(problems).toEqual([]);
  }, STEP);

  it('search box: a search that finds shops only shows the shops', async () => {
    await searchFor(shopWord);
    expect(new URL(page.url()).pathname).toBe('/searchStore');
    await expect.poll(() => page.locator('h1').first().textContent(), WAIT).toBe(catalog('search.shopsTitle', { text: shopWord }));
    expect(problems).toEqual([]);
  }, STEP);

  it('search box: an empty search warns for a moment and goes nowhere', async () => {
    const box = searchBox();
    await box.fill('');
    const before = page.url();
    await page.getByTestId('search-submit').click();
    const warning = page.locator('.ant-message').getByText(common('search.empty'));
    await warning.waitFor(WAIT);
    // it opens over the Search button, under the pointer that pressed it: gone after about 1.5 s all the
    // same (the pointer rests on it once it has settled, if it is still there by then)
    await warning.hover({ timeout: 3_000 }).catch(() => undefined);
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(0);
    expect(page.url()).toBe(before);
    expect(problems).toEqual([]);
  }, STEP);

  it('search box: the history keeps 10 distinct searches, newest first', async () => {
    // with the search just made, 11 searches: the oldest fell out
    const more = ['lamp', 'kettle', 'scarf', 'wallet', 'blender', 'jacket', 'kite', 'sandals', 'mirror', 'pillow'];
    for (const word of more) await searchFor(word);
    const newestFirst = [...more].reverse();
    expect(await shownHistory()).toEqual(newestFirst);
    expect(newestFirst).not.toContain(shopWord);
    // searching again for an entry moves it to the top instead of repeating it
    await searchFor('wallet');
    expect(await shownHistory()).toEqual(['wallet', ...newestFirst.filter((word) => word !== 'wallet')]);
    expect(JSON.parse((await storedHistory()) ?? '[]')).toHaveLength(10);
    expect(problems).toEqual([]);
  }, STEP);

  it('search box: clearing the history asks first', async () => {
    await shownHistory();
    await page.getByRole('button', { name: common('search.clearHistory'), exact: true }).click();
    await page.getByText(common('search.clearHistoryConfirm')).waitFor(WAIT);
    // changing one's mind keeps it
    await page.getByRole('button', { name: common('actions.cancel'), exact: true }).click();
    expect(await page.getByRole('listbox', { name: common('search.history') }).getByRole('option').count()).toBe(10);
    await page.getByRole('button', { name: common('search.clearHistory'), exact: true }).click();
    await page.getByRole('button', { name: common('actions.confirm'), exact: true }).click();
    await page.getByRole('listbox', { name: common('search.history') }).waitFor({ state: 'detached', ...WAIT });
    expect(await storedHistory()).toBeNull();
    expect(problems).toEqual([]);
  }, STEP);

  it('search box: the history is gone after logging out', async () => {
    await searchFor('teapot');
    await searchFor('umbrella');
    expect(await shownHistory()).toEqual(['umbrella', 'teapot']);
    await logOut(page);
    expect(await storedHistory()).toBeNull();
    await logIn(page, USERNAME, PASSWORD);
    const box = searchBox();
    await box.focus();
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('cart: adds two goods; the same goods again is refused as already in the cart', async () => {
    await openProduct(goodsA);
    await page.getByText(catalog('detail.minimum_other', { value: goodsA.buyMin })).waitFor(WAIT);
    expect(await page.getByLabel(catalog('detail.quantity'), { exact: true }).inputValue()).toBe(String(goodsA.buyMin));
    await page.getByRole('button', { name: catalog('detail.addToCart') }).click();
    await toast(page, catalog('detail.added')).waitFor(WAIT);

    await openProduct(goodsB);
    await page.getByRole('button', { name: catalog('detail.addToCart') }).click();
    await toast(page, catalog('detail.added')).waitFor(WAIT);
    await expect.poll(() => page.getByTestId('cart-bar').getAttribute('aria-label'), WAIT).toBe(cart('bar.open_other', { count: 2 }));

    await openProduct(goodsA);
    await page.getByRole('button', { name: catalog('detail.addToCart') }).click();
    await toast(page, catalog('detail.problem.already_in_cart')).waitFor(WAIT);
    expect(await page.getByTestId('cart-bar').getAttribute('aria-label')).toBe(cart('bar.open_other', { count: 2 }));
    expect(problems).toEqual([]);
  }, STEP);

  it('cart: the bar opens a 400 px drawer on the right that locks the page scroll; lines come ticked', async () => {
    await openProduct(goodsA);
    expect(await bodyOverflow()).not.toBe('hidden');
    await page.getByTestId('cart-bar').click();
    const drawer = page.locator('.cart-drawer .ant-drawer-content-wrapper');
    await drawer.waitFor(WAIT);
    await page.getByTestId('cart-line').nth(1).waitFor(WAIT);
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    // settled after its slide-in: 400 px wide, against the right edge
    await expect.poll(async () => {
      const box = await drawer.boundingBox();
      return box && { width: Math.round(box.width), right: Math.round(box.x + box.width) };
    }, WAIT).toEqual({ width: 400, right: VIEWPORT.width });
    await expect.poll(bodyOverflow, WAIT).toBe('hidden');
    for (const goods of [goodsA, goodsB]) {
      expect(await page.getByRole('checkbox', { name: cart('drawer.selectLine', { name: goods.name }) }).isChecked()).toBe(true);
    }
    await page.getByText(cart('drawer.selected_other', { count: 2 })).waitFor(WAIT);
    await screenshot(page, 'cart-drawer-en');

    await page.getByRole('button', { name: cart('drawer.close') }).click();
    await drawer.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(bodyOverflow, WAIT).not.toBe('hidden');
    expect(problems).toEqual([]);
  }, STEP);

  it('cart: a quantity stays within the goods minimum and the configured maximum', async () => {
    await page.getByTestId('cart-bar').click();
    const stepper = page.getByRole('group', { name: cart('quantity.label', { name: goodsA.name }) });
    const input = stepper.getByRole('textbox');
    const decrease = stepper.getByRole('button', { name: cart('quantity.decrease') });
    const increase = stepper.getByRole('button', { name: cart('quantity.increase') });
    const line = page.getByTestId('cart-line').filter({ has: stepper });
    await stepper.waitFor(WAIT);
    expect(await input.inputValue()).toBe(String(goodsA.buyMin));
    expect(await decrease.isDisabled()).toBe(true);
    await increase.click();
    await expect.poll(() => input.inputValue(), WAIT).toBe(String(goodsA.buyMin + 1));
    await decrease.click();
    await expect.poll(() => input.inputValue(), WAIT).toBe(String(goodsA.buyMin));

    // typed below the minimum: refused, with the reason
    await input.fill(String(goodsA.buyMin - 1));
    await input.press('Enter');
    await line.getByRole('alert').getByText(cart('quantity.belowMin', { min: goodsA.buyMin })).waitFor(WAIT);
    expect(await input.inputValue()).toBe(String(goodsA.buyMin));
    // typed above the configured maximum: refused
    await input.fill(String(MAX_PER_ORDER + 1));
    await input.press('Enter');
    await line.getByRole('alert').getByText(cart('quantity.aboveMax', { max: MAX_PER_ORDER })).waitFor(WAIT);
    expect(await input.inputValue()).toBe(String(goodsA.buyMin));
    // the maximum itself is fine, and the + button stops there
    await input.fill(String(MAX_PER_ORDER));
    await input.press('Enter');
    await line.getByRole('alert').waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => input.inputValue(), WAIT).toBe(String(MAX_PER_ORDER));
    expect(await increase.isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  }, STEP);

  it('cart: nothing ticked cannot be checked out; an unticked line is left out of the checkout', async () => {
    const drawer = page.locator('.cart-drawer');
    await drawer.getByRole('checkbox', { name: cart('drawer.selectAll'), exact: true }).uncheck();
    await drawer.getByText(cart('drawer.selected_other', { count: 0 })).waitFor(WAIT);
    await page.getByTestId('cart-checkout').click();
    await drawer.getByRole('alert').filter({ hasText: cart('drawer.noneSelected') }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe(`/productDetails`);

    await page.getByRole('checkbox', { name: cart('drawer.selectLine', { name: goodsA.name }) }).check();
    await drawer.getByText(cart('drawer.selected_one', { count: 1 })).waitFor(WAIT);
    expect(await page.getByRole('checkbox', { name: cart('drawer.selectLine', { name: goodsB.name }) }).isChecked()).toBe(false);
    await drawer.getByRole('alert').waitFor({ state: 'detached', ...WAIT });
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL('**/settlement', WAIT);
    const lines = page.getByTestId('checkout-line');
    await lines.first().waitFor(WAIT);
    expect(await lines.count()).toBe(1);
    const text = (await lines.first().textContent()) ?? '';
    expect(text).toContain(goodsA.name);
    expect(text).toContain(`× ${MAX_PER_ORDER}`);
    expect(await page.getByText(goodsB.name).count()).toBe(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('favourites: a product from its page, a shop from the shop page', async () => {
    await openProduct(goodsA);
    const favourite = page.getByRole('button', { name: catalog('detail.favourite.off') });
    await favourite.click();
    await toast(page, catalog('detail.favourited')).waitFor(WAIT);
    const kept = page.getByRole('button', { name: catalog('detail.favourite.on') });
    await expect.poll(() => kept.getAttribute('aria-pressed'), WAIT).toBe('true');

    await page.getByRole('link', { name: catalog('detail.visitShop') }).click();
    await page.waitForURL(`**/store?id=${goodsA.sellerId}`, WAIT);
    await expect.poll(() => page.locator('h1').first().textContent(), WAIT).toBe(goodsA.sellerName);
    await page.getByRole('button', { name: endingWith(catalog('store.follow')) }).click();
    const following = page.getByRole('button', { name: endingWith(catalog('store.following')) });
    await expect.poll(() => following.getAttribute('aria-pressed'), WAIT).toBe('true');
    expect(problems).toEqual([]);
  }, STEP);

  it('favourites: both are listed in the user centre, and removing them there works', async () => {
    await page.getByTestId('user-menu').click();
    await page.locator('[role^="menuitem"]', { hasText: common('header.userCenter') }).click();
    await page.waitForURL('**/userInfo/dashboard', WAIT);
    // the floating cart bar belongs to the dashboard, not to the other user-centre pages
    await page.getByTestId('cart-bar').waitFor(WAIT);

    await userCentre(account('menu.favouriteGoods'));
    await page.waitForURL('**/userInfo/collect-goods', WAIT);
    await page.getByTestId('cart-bar').waitFor({ state: 'detached', ...WAIT });
    const card = page.getByTestId('favourite-goods');
    await card.first().waitFor(WAIT);
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain(goodsA.name);
    await page.getByText(account('favourites.count_one', { count: 1 })).waitFor(WAIT);
    await page.getByRole('button', { name: account('favourites.removeNamed', { name: goodsA.name }) }).click();
    await toast(page, account('favourites.removed')).waitFor(WAIT);
    await page.getByText(account('favourites.empty')).waitFor(WAIT);
    expect(await card.count()).toBe(0);

    await userCentre(account('menu.followedShops'));
    await page.waitForURL('**/userInfo/collect-shop', WAIT);
    const shop = page.getByTestId('followed-shop');
    await shop.first().waitFor(WAIT);
    expect(await shop.count()).toBe(1);
    expect(await shop.textContent()).toContain(goodsA.sellerName);
    await page.getByRole('button', { name: account('follows.unfollowNamed', { name: goodsA.sellerName }) }).click();
    // a confirmation first
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(account('follows.unfollowConfirm', { name: `\u2068${goodsA.sellerName}\u2069` })).waitFor(WAIT);
    await confirm.getByRole('button', { name: account('follows.unfollow'), exact: true }).click();
    await toast(page, account('follows.unfollowed')).waitFor(WAIT);
    await page.getByText(account('follows.empty')).waitFor(WAIT);

    // the product and the shop pages know it
    await openProduct(goodsA);
    await page.getByRole('button', { name: catalog('detail.favourite.off') }).waitFor(WAIT);
    await page.goto(`/store?id=${goodsA.sellerId}`);
    await page.getByRole('button', { name: endingWith(catalog('store.follow')) }).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('address book: adds a first address (the default) and a second one', async () => {
    await page.goto('/userInfo/setup/shipping-address');
    await page.getByText(account('addresses.empty')).waitFor(WAIT);
    await addAddress(HOME);
    await expect.poll(() => cards().count(), WAIT).toBe(1);
    await cardOf(HOME).getByText(account('addresses.default'), { exact: true }).waitFor(WAIT);

    await addAddress(OFFICE);
    await expect.poll(() => cards().count(), WAIT).toBe(2);
    const office = cardOf(OFFICE);
    expect(await office.textContent()).toContain(OFFICE.street);
    expect(await office.getByText(account('addresses.default'), { exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('address book: edits an address', async () => {
    await page.getByRole('button', { name: account('addresses.editNamed', { name: OFFICE.contacts }) }).click();
    const dialog = page.getByRole('dialog', { name: account('addresses.editTitle') });
    const street = dialog.getByLabel(address('fields.address'), { exact: true });
    await expect.poll(() => street.inputValue(), WAIT).toBe(OFFICE.street);
    await street.fill(OFFICE_MOVED);
    await dialog.getByRole('button', { name: address('actions.saveChanges') }).click();
    await toast(page, address('saved')).waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(() => cardOf(OFFICE).textContent(), WAIT).toContain(OFFICE_MOVED);
    expect(await cards().count()).toBe(2);
    expect(problems).toEqual([]);
  }, STEP);

  it('address book: makes the other address the default', async () => {
    await page.getByRole('button', { name: account('addresses.makeDefaultNamed', { name: OFFICE.contacts }) }).click();
    await toast(page, account('addresses.defaultSet')).waitFor(WAIT);
    await cardOf(OFFICE).getByText(account('addresses.default'), { exact: true }).waitFor(WAIT);
    await expect.poll(() => cardOf(HOME).getByText(account('addresses.default'), { exact: true }).count(), WAIT).toBe(0);
    // only one default, listed first
    expect(await cards().first().textContent()).toContain(OFFICE.contacts);
    await cardOf(HOME).getByRole('button', { name: account('addresses.makeDefaultNamed', { name: HOME.contacts }) }).waitFor(WAIT);
    // as stored: the same after a reload (and no toasts over the picture)
    await page.reload();
    await cardOf(OFFICE).getByText(account('addresses.default'), { exact: true }).waitFor(WAIT);
    expect(await cards().count()).toBe(2);
    await screenshot(page, 'address-book-en');
    expect(problems).toEqual([]);
  }, STEP);

  it('address book: deletes an address after a confirmation', async () => {
    const remove = page.getByRole('button', { name: account('addresses.deleteNamed', { name: HOME.contacts }) });
    const confirmation = page.locator('.ant-popconfirm').filter({ hasText: account('addresses.deleteConfirm') });
    await remove.click();
    await confirmation.getByText(account('addresses.deleteConfirmText', { name: `\u2068${HOME.contacts}\u2069` })).waitFor(WAIT);
    // cancelled: nothing happens
    await confirmation.getByRole('button', { name: account('common.cancel'), exact: true }).click();
    await confirmation.waitFor({ state: 'hidden', ...WAIT });
    expect(await cards().count()).toBe(2);
    await remove.click();
    await confirmation.getByRole('button', { name: account('addresses.delete'), exact: true }).click();
    await toast(page, account('addresses.deleted')).waitFor(WAIT);
    await expect.poll(() => cards().count(), WAIT).toBe(1);
    expect(await cards().first().textContent()).toContain(OFFICE.contacts);
    expect(problems).toEqual([]);
  }, STEP);

  it('passwords: changes the login password, then logs in with the new one only', async () => {
    await page.goto('/userInfo/setup/login-password');
    await page.getByLabel(account('loginPassword.old'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(account('loginPassword.new'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(account('loginPassword.confirm'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByTestId('login-password-submit').click();
    await toast(page, account('loginPassword.done')).waitFor(WAIT);
    await logOut(page);

    // the old password is refused
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('form#login').getByRole('alert').filter({ hasText: serverMessages['accounts.login_failed'] ?? '' }).waitFor(WAIT);
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await logIn(page, USERNAME, NEW_PASSWORD);
    expect(problems).toEqual([]);
  }, STEP);

  it('passwords: sets the fund password, then changes it', async () => {
    await page.goto('/userInfo/setup/transaction-password');
    await page.getByRole('heading', { level: 1, name: account('fundPassword.title') }).waitFor(WAIT);
    await page.getByLabel(account('fundPassword.password'), { exact: true }).fill(FUND_PASSWORD);
    await page.getByLabel(account('fundPassword.confirm'), { exact: true }).fill(FUND_PASSWORD);
    await page.getByTestId('fund-password-submit').click();
    await toast(page, account('fundPassword.saved')).waitFor(WAIT);

    // set: the page now offers to change it, with the current one
    await page.getByRole('heading', { level: 1, name: account('fundPassword.changeTitle') }).waitFor(WAIT);
    await page.getByLabel(account('fundPassword.old'), { exact: true }).fill(FUND_PASSWORD);
    await page.getByLabel(account('fundPassword.new'), { exact: true }).fill(NEW_FUND_PASSWORD);
    await page.getByLabel(account('fundPassword.confirm'), { exact: true }).fill(NEW_FUND_PASSWORD);
    await page.getByTestId('fund-password-submit').click();
    await toast(page, account('fundPassword.changed')).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('wallet: the balance shows the arranged deposit', async () => {
    await page.getByTestId('user-menu').click();
    await page.locator('[role^="menuitem"]', { hasText: common('header.wallet') }).click();
    await page.waitForURL('**/userInfo/money-package', WAIT);
    const said = await serverBalance();
    expect(said).toMatchObject({ money: money.format(parseMoney(DEPOSIT)), frozen: '0.00' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), WAIT).toBe(formatUsdt(said.money, 'en'));
    expect(await page.getByTestId('wallet-frozen').textContent()).toBe(formatUsdt(said.frozen, 'en'));
    expect(problems).toEqual([]);
  }, STEP);

  it('wallet: binds the one withdrawal address after a confirmation', async () => {
    await page.getByRole('button', { name: wallet('balance.withdraw'), exact: true }).click();
    await page.waitForURL('**/userInfo/money-package/withdraw', WAIT);
    await page.getByRole('heading', { name: wallet('bind.title') }).waitFor(WAIT);
    expect(await page.getByRole('radio', { name: 'TRC20', exact: true }).isChecked()).toBe(true);
    await page.getByLabel(wallet('bind.address'), { exact: true }).fill(WITHDRAW_ADDRESS);
    await page.getByRole('button', { name: wallet('bind.submit') }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: wallet('bind.confirmTitle') });
    await dialog.getByText(WITHDRAW_ADDRESS).waitFor(WAIT);
    await dialog.getByRole('button', { name: wallet('bind.confirmOk') }).click();
    await toast(page, wallet('bind.done')).waitFor(WAIT);
    // bound: the withdrawal form, to that address
    await page.getByRole('heading', { name: wallet('withdraw.formTitle') }).waitFor(WAIT);
    await page.getByText(WITHDRAW_ADDRESS).waitFor(WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('wallet: applies for a withdrawal with the fund password, seeing the fee and what arrives', async () => {
    const amount = page.getByLabel(wallet('withdraw.amount'), { exact: true });
    await amount.fill(WITHDRAWAL);
    // the server's fee rule: the configured rate, rounded half up to the cent
    const fee = server.testApp.services.withdrawals.feeOf(parseMoney(WITHDRAWAL));
    const arrival = money.sub(parseMoney(WITHDRAWAL), fee);
    expect(money.format(fee)).toBe('1.85');
    await expect.poll(() => page.getByTestId('withdraw-fee').textContent(), WAIT).toBe(formatUsdt(money.format(fee), 'en'));
    expect(await page.getByTestId('withdraw-arrival').textContent()).toBe(formatUsdt(money.format(arrival), 'en'));
    await page.getByText(wallet('withdraw.percent', { value: '1.5' }), { exact: true }).waitFor(WAIT);

    // the fund password before the change is refused
    const fundPassword = page.getByLabel(wallet('withdraw.fundPassword'), { exact: true });
    await fundPassword.fill(FUND_PASSWORD);
    await page.getByRole('button', { name: wallet('withdraw.submit') }).click();
    await toast(page, serverMessages['accounts.safeword_wrong'] ?? '').waitFor(WAIT);
    await expect.poll(() => fundPassword.inputValue(), WAIT).toBe('');
    expect(await page.getByText(wallet('submitted.withdrawTitle')).count()).toBe(0);

    await fundPassword.fill(NEW_FUND_PASSWORD);
    await page.getByRole('button', { name: wallet('withdraw.submit') }).click();
    orderNo = await submittedWithdrawal();
    expect(orderNo.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('wallet: the amount moved to frozen, and the record with its details is listed', async () => {
    await page.getByRole('button', { name: wallet('submitted.viewRecords') }).click();
    await page.waitForURL('**/userInfo/money-package?index=2', WAIT);
    const said = await serverBalance();
    expect(said).toMatchObject({
      money: money.format(money.sub(parseMoney(DEPOSIT), parseMoney(WITHDRAWAL))),
      frozen: money.format(parseMoney(WITHDRAWAL)),
    });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), WAIT).toBe(formatUsdt(said.money, 'en'));
    expect(await page.getByTestId('wallet-frozen').textContent()).toBe(formatUsdt(said.frozen, 'en'));

    const fee = money.format(server.testApp.services.withdrawals.feeOf(parseMoney(WITHDRAWAL)));
    const arrival = money.format(money.sub(parseMoney(WITHDRAWAL), parseMoney(fee)));
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await row.waitFor(WAIT);
    const cells = await row.getByRole('cell').allTextContents();
    // the note column is empty: nothing holds this withdrawal
    expect(cells.slice(1, 6)).toEqual([formatUsdt(WITHDRAWAL, 'en'), formatUsdt(fee, 'en'), formatUsdt(arrival, 'en'), '', wallet('state.processing')]);
    // as stored: the same after a reload (and no toasts over the picture)
    await page.reload();
    await row.waitFor(WAIT);
    expect(await page.getByTestId('wallet-frozen').textContent()).toBe(formatUsdt(said.frozen, 'en'));
    await screenshot(page, 'wallet-en');

    await row.getByRole('button', { name: wallet('records.detailsOf', { orderNo }) }).click();
    const dialog = page.getByRole('dialog', { name: wallet('detail.withdrawTitle') });
    await dialog.getByText(WITHDRAW_ADDRESS).waitFor(WAIT);
    const details = (await dialog.textContent()) ?? '';
    for (const part of [orderNo, formatUsdt(WITHDRAWAL, 'en'), formatUsdt(fee, 'en'), formatUsdt(arrival, 'en'), wallet('state.processing'), 'TRC20']) {
      expect(details).toContain(part);
    }
    await dialog.getByRole('button', { name: wallet('detail.close') }).first().click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    // the deposit the buyer was given is in the recharge records, approved, with its details
    await page.getByRole('tab', { name: wallet('records.tabs.recharge') }).click();
    const deposit = page.getByRole('region', { name: wallet('records.tabs.recharge') }).getByRole('row').filter({ hasText: wallet('state.success') });
    await deposit.first().waitFor(WAIT);
    expect(await deposit.count()).toBe(1);
    expect(await deposit.textContent()).toContain(formatUsdt(DEPOSIT, 'en'));
    await deposit.getByRole('button').click();
    const rechargeDialog = page.getByRole('dialog', { name: wallet('detail.rechargeTitle') });
    // (the dialog opens before its record has loaded)
    await expect.poll(() => rechargeDialog.textContent(), WAIT).toContain(formatUsdt(DEPOSIT, 'en'));
    expect(problems).toEqual([]);
  }, STEP);

  it('wallet: after an operator changed the address, the next withdrawal is held; its record and details say why and until when', async () => {
    const t = server.testApp;
    // the withdrawal above is paid out; the buyer then loses that wallet and an admin binds a new address
    const operator = await operatorLogin(server.baseUrl);
    await payOutWithdrawal(server.baseUrl, operator, await withdrawalIdOf(t, orderNo), PAYOUT_HASH);
    const userId = await userIdOf(t, await apiLogin(t, USERNAME, NEW_PASSWORD));
    const changed = await changeWithdrawAddress(server.baseUrl, operator, userId, { blockchainName: 'TRC20', address: NEW_WITHDRAW_ADDRESS, reason: 'lost the old wallet; identity checked by video call' });
    heldUntil = new Date(changed.address?.coolDownUntil ?? '');
    expect(heldUntil.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // a first withdrawal to an address above 100 is also reviewed
    await configure(t, 'withdraw_new_address_review_above', '100');

    await page.goto('/userInfo/money-package/withdraw');
    await page.getByRole('heading', { name: wallet('withdraw.formTitle') }).waitFor(WAIT);
    await page.getByText(NEW_WITHDRAW_ADDRESS).waitFor(WAIT);
    await page.getByLabel(wallet('withdraw.amount'), { exact: true }).fill(HELD_WITHDRAWAL);
    await page.getByLabel(wallet('withdraw.fundPassword'), { exact: true }).fill(NEW_FUND_PASSWORD);
    await page.getByRole('button', { name: wallet('withdraw.submit') }).click();
    heldOrderNo = await submittedWithdrawal();
    await page.getByRole('button', { name: wallet('submitted.viewRecords') }).click();
    await page.waitForURL('**/userInfo/money-package?index=2', WAIT);

    // the time in the buyer's zone (the browser's), kept in one left-to-right piece
    const until = `\u2068${await shownTime(heldUntil)}\u2069`;
    const held = page.getByRole('row').filter({ hasText: heldOrderNo });
    await held.waitFor(WAIT);
    const fee = t.services.withdrawals.feeOf(parseMoney(HELD_WITHDRAWAL));
    const cells = await held.getByRole('cell').allTextContents();
    expect(cells.slice(1, 6)).toEqual([
      formatUsdt(HELD_WITHDRAWAL, 'en'),
      formatUsdt(money.format(fee), 'en'),
      formatUsdt(money.format(money.sub(parseMoney(HELD_WITHDRAWAL), fee)), 'en'),
      `${wallet('hold.short.addressChanged', { until })} \u00b7 ${wallet('hold.short.newAddress')}`,
      wallet('state.processing'),
    ]);
    // the one paid out before: nothing to say
    const paid = await page.getByRole('row').filter({ hasText: orderNo }).getByRole('cell').allTextContents();
    expect(paid.slice(4, 6)).toEqual(['', wallet('state.success')]);

    await held.getByRole('button', { name: wallet('records.detailsOf', { orderNo: heldOrderNo }) }).click();
    const dialog = page.getByRole('dialog', { name: wallet('detail.withdrawTitle') });
    await dialog.getByText(NEW_WITHDRAW_ADDRESS).waitFor(WAIT);
    expect(await dialog.getByRole('status').textContent()).toBe(`${wallet('hold.addressChanged', { until })}${wallet('hold.newAddress')}`);
    await animationsFinished(page);
    await screenshot(page, 'wallet-withdrawal-held-en', { fullPage: false });
    await dialog.getByRole('button', { name: wallet('detail.close') }).first().click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expectLedgerConsistent(t);
    expect(problems).toEqual([]);
  }, STEP);

  it('wallet: in Arabic the held withdrawal reads right to left, its time in one left-to-right piece', async () => {
    const shown = await shownTime(heldUntil);
    const until = `\u2068${shown}\u2069`;
    await page.goto('/userInfo/money-package?index=2&lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    const held = page.getByRole('row').filter({ hasText: heldOrderNo });
    const note = held.getByRole('note');
    await expect.poll(() => note.textContent(), WAIT).toBe(`${walletAr('hold.short.addressChanged', { until })} \u00b7 ${walletAr('hold.short.newAddress')}`);
    expect(await readsLeftToRight(note, shown)).toBe(true);

    await held.getByRole('button', { name: walletAr('records.detailsOf', { orderNo: heldOrderNo }) }).click();
    const dialog = page.getByRole('dialog', { name: walletAr('detail.withdrawTitle') });
    const notice = dialog.getByRole('status');
    await notice.waitFor(WAIT);
    expect(await notice.textContent()).toBe(`${walletAr('hold.addressChanged', { until })}${walletAr('hold.newAddress')}`);
    expect(await readsLeftToRight(notice, shown)).toBe(true);
    await animationsFinished(page);
    await screenshot(page, 'wallet-withdrawal-held-ar', { fullPage: false });
    await dialog.getByRole('button', { name: walletAr('detail.close') }).first().click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await page.goto('/userInfo/money-package?index=2&lang=en');
    await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
    expect(problems).toEqual([]);
  }, STEP);
});
