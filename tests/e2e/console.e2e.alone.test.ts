import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATORS } from '../../apps/api/src/seed/demo-accounts.ts';
import { png } from '../../apps/api/test/support/chat.ts';
import { applicant, applyFor } from '../../apps/api/test/support/loans.ts';
import { buyer, placeOrder, sellerWithListing } from '../../apps/api/test/support/orders.ts';
import { settleInApplication } from '../../apps/api/test/support/sellers.ts';
import { nextAddress } from '../../apps/api/test/support/test-app.ts';
import { applyWithdrawal, expectLedgerConsistent, placeRecharge, rechargeIdOf, SAFEWORD, TRC20_ADDRESS, walletUser, fund, type WalletUser } from '../../apps/api/test/support/wallet.ts';
import { formatLocalTime } from '../../packages/ui/src/format.ts';
import { HOUR_MS } from '../../apps/api/src/platform/clock.ts';
import { animationsFinished, closeAll, launchChromium, newStoreContext, screenshot, screenshotFailures } from './support/browser.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { english } from './support/messages.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// The operator console in Chromium, against the real API server serving the built console at /console/:
// an admin logs in (after a refused password), approves a recharge (with the amount that arrived) after zooming into its proof, pays
// out one withdrawal with a transaction hash (a malformed hash is refused as typed) and rejects another,
// changes a user's bound withdrawal address with a reason (a wrong address and a missing reason are refused
// as typed), after which the user's withdrawal waits in the queue held until the cool-down ends with no
// payout offered (the server refuses one forced through), pays out a first withdrawal to an address above
// the review threshold only once the review is ticked,
// ships one order, approves another's refund, changes a system parameter (a value outside its rule is
// refused as typed), edits a category's translation, takes a good off every shop's shelf (the store stops
// listing it), adds a banner from an uploaded picture and a new operator, and finds each action in the audit log; a support operator
// is offered no money action and the server refuses one forced through, and locks a user's account; an ended session leads back to
// the login page. Screenshots of the dashboard (en, zh-CN) and each queue go to tests/e2e/screenshots/,
// and axe-core finds no serious or critical violation on the dashboard, a queue with its drawer and the
// login page. The work (deposits, withdrawals, orders) is set up through the server's own services.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const common = english('common', 'console');
const queues = english('queues', 'console');
const orders = english('orders', 'console');
const audit = english('audit', 'console');
const settings = english('settings', 'console');
const loans = english('loans', 'console');
const sellers = english('sellers', 'console');
const chat = english('chat', 'console');
const catalog = english('catalog', 'console');
const operatorTexts = english('operators', 'console');
const root = path.resolve(import.meta.dirname, '..', '..');
const serverMessages = JSON.parse(readFileSync(path.join(root, 'locales', 'en', 'server.json'), 'utf8')) as Record<string, string>;
const ADMIN = DEMO_OPERATORS.admin;
const SUPPORT = DEMO_OPERATORS.support;
const TX_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const REVIEWED_TX_HASH = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
/** The TRC20 address the admin binds instead of the user's, and an Ethereum one that is no TRC20 address. */
const NEW_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const NOT_TRC20 = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const ADDRESS_CHANGE_REASON = 'user lost the old wallet; identity checked by video call';

let server: StoreServer;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;
/** The work waiting for the operators. */
const work = {
  recharge: { id: '', orderNo: '' },
  withdrawals: [] as { id: string; orderNo: string }[],
  shipOrder: '',
  refundOrder: '',
  loan: { id: '', label: '' },
  /** a settle-in application waiting for a decision */
  settle: { shopName: '' },
  chatBuyer: '',
  /** a top-level category and a good with listings in the store (not the one the orders above bought) */
  category: { id: '', name: '' },
  goods: { id: '', name: '', categoryId: '' },
  /** withdrawal safety: a user whose bound address the admin changes, and one who never withdrew (each with 300 USDT) */
  safety: { moved: undefined as WalletUser | undefined, newcomer: undefined as WalletUser | undefined },
};

beforeAll(async () => {
  if (!existsSync(path.join(root, 'apps', 'console', 'dist', 'index.html'))) throw new Error('the console is not built: run npm run build');
  server = await startStoreServer({ products: 30 });
  const t = server.testApp;
  for (const operator of [DEMO_OPERATORS.finance, SUPPORT]) await t.services.operators.create(operator, 'e2e');

  const depositor = await walletUser(t, { safeword: false });
  work.recharge.orderNo = await placeRecharge(t, depositor, '250.5');
  work.recharge.id = await rechargeIdOf(t, work.recharge.orderNo);
  for (const amount of ['120', '80']) {
    const user = await walletUser(t, { address: true });
    await fund(t, user, '300');
    work.withdrawals.push(await applyWithdrawal(t, user, amount));
  }
  // withdrawal safety: both bound to an address and funded, neither has applied yet (the dashboard counts stay as above)
  for (const role of ['moved', 'newcomer'] as const) {
    const user = await walletUser(t, { address: true });
    await fund(t, user, '300');
    work.safety[role] = user;
  }
  const seller = await sellerWithListing(t);
  const shopper = await buyer(t, '10000');
  work.shipOrder = await placeOrder(t, shopper, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 });
  await t.services.payments.pay(shopper.id, work.shipOrder, SAFEWORD);
  work.refundOrder = await placeOrder(t, shopper, { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 2 });
  await t.services.payments.pay(shopper.id, work.refundOrder, SAFEWORD);
  const asked = await t.call('order!returns', { orderId: work.refundOrder, returnReason: '3', returnDetail: 'The colour is not the one ordered', imgUrl1: shopper.proofUrl }, { token: shopper.token, remoteAddress: nextAddress() });
  if (asked.code !== '0') throw new Error(`refund request failed: ${asked.msg}`);

  // a loan above the two-operator threshold
  await t.services.settings.set(t.database.db, 'loan_second_approval_above', '50000', { type: 'system' });
  const borrower = await applicant(t);
  work.loan.id = await applyFor(t, borrower, { applyAmount: '100000' });
  work.loan.label = `${borrower.username} · Mei Chen`;

  // a buyer applies to open a shop
  const merchant = await walletUser(t, { safeword: false });
  work.settle.shopName = `Harbour Traders ${process.pid}`;
  const settled = await t.call('merchantSettled!apply', await settleInApplication(t, merchant, { shopName: work.settle.shopName }), { token: merchant.token, remoteAddress: nextAddress() });
  if (settled.code !== '0') throw new Error(`settle-in application failed: ${settled.msg}`);

  // a buyer writes to customer service
  const asking = await walletUser(t, { safeword: false });
  const sent = await t.call('newOnlinechat!send', { content: 'Where is my parcel?' }, { token: asking.token, remoteAddress: nextAddress() });
  if (sent.code !== '0') throw new Error(`chat message failed: ${sent.msg}`);
  work.chatBuyer = asking.username;

  const [category] = (await t.database.pool.query<{ id: string; name: string }>("select id, names->>'en' as name from categories where level = 1 order by rank, id limit 1")).rows;
  work.category = { id: category?.id ?? '', name: category?.name ?? '' };
  const [goods] = (
    await t.database.pool.query<{ id: string; name: string; category_id: string }>(
      `select g.id, g.names->>'en' as name, g.category_id from goods g
        where g.id <> $1 and exists (select 1 from seller_goods sg where sg.goods_id = g.id and sg.visible) order by g.id limit 1`,
      [seller.listing.goodsId],
    )
  ).rows;
  work.goods = { id: goods?.id ?? '', name: goods?.name ?? '', categoryId: goods?.category_id ?? '' };

  browser = await launchChromium();
  ({ context, problems } = await newStoreContext(browser, server.baseUrl));
  page = await context.newPage();
}, STEP);

screenshotFailures(() => page);
afterAll(() => closeAll(context, browser, server));

/** The open drawer's panel (antd 6 names it a section). */
const OPEN_DRAWER = '.ant-drawer-open .ant-drawer-section';

/**
 * axe-core on the page at rest: the pointer off the controls (not the hover colours of the button just
 * pressed) and the transitions ended (a drawer sliding in is checked in its final colours, not half-way);
 * `within` limits it to an open drawer or dialog (what lies under its mask is not in use).
 */
async function axe(within?: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  await animationsFinished(page);
  return seriousAxeViolations(page, within);
}

async function logIn(username: string, password: string): Promise<void> {
  await page.getByLabel(common('login.username')).fill(username);
  await page.getByLabel(common('login.password')).fill(password);
  await page.getByRole('button', { name: common('login.submit') }).click();
}

/** Confirms the open dialog, filling its fields first; waits for the success message. */
async function confirmDialog(title: string, fields: Record<string, string>, success: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor(WAIT);
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: common('actions.confirm') }).click();
  await page.locator('.ant-message', { hasText: success }).waitFor(WAIT);
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

/** Opens a row's drawer from the keyboard: its link, then Enter. */
async function openFromKeyboard(linkText: string): Promise<void> {
  const link = page.getByRole('link', { name: linkText, exact: true });
  // a list that is still refreshing may replace the link under the key press: press again until the drawer's address is set
  await expect
    .poll(async () => {
      await link.press('Enter', { timeout: 5_000 }).catch(() => undefined);
      await page.waitForURL(/[?&]open=/, { timeout: 2_000 }).catch(() => undefined);
      return new URL(page.url()).searchParams.has('open');
    }, WAIT)
    .toBe(true);
}

/** A console REST call forced through with the signed-in operator's own token, as a script in the page could. */
async function postAsOperator(route: string, body: object): Promise<{ status: number; body: { errorKey?: string } }> {
  return page.evaluate(
    async ({ route, body }) => {
      const saved = JSON.parse(localStorage.getItem('caravan.console.session') ?? '{}') as { token?: string };
      const response = await fetch(`/console/api${route}`, { method: 'POST', headers: { authorization: `Bearer ${saved.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { errorKey?: string } };
    },
    { route, body },
  );
}

/** An instant as the console writes it: in the operator's zone (the browser's). */
async function shownTime(instant: Date): Promise<string> {
  return formatLocalTime(instant, await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
}

function drawer(title: string) {
  return page.getByRole('dialog', { name: title });
}

/** Closes a drawer from the keyboard (Escape), as an operator working without the mouse would. */
async function closeDrawer(title: string): Promise<void> {
  await drawer(title).focus();
  await page.keyboard.press('Escape');
  await drawer(title).waitFor({ state: 'hidden', ...WAIT });
}

describe('the operator console', () => {
  it(
    'refuses a wrong password with the server message, then logs the admin in to the dashboard',
    async () => {
      await page.goto('/console/');
      await page.waitForURL('**/console/login', WAIT);
      await logIn(ADMIN.username, 'not-the-password');
      await page.getByRole('alert').filter({ hasText: serverMessages['operators.login_failed'] ?? '' }).waitFor(WAIT);
      expect(await axe()).toEqual([]);
      await logIn(ADMIN.username, ADMIN.password);
      await page.getByRole('heading', { name: audit('dashboard.title') }).waitFor(WAIT);
      await page.getByTestId('operator').filter({ hasText: common('roles.admin') }).waitFor(WAIT);
      // the queues' sizes, on the dashboard and in the navigation
      await page.locator('.ant-statistic', { hasText: audit('dashboard.pendingWithdrawals') }).locator('.ant-statistic-content', { hasText: '2' }).waitFor(WAIT);
      const nav = page.getByRole('navigation');
      await nav.getByRole('menuitem', { name: `${common('nav.withdrawals')} (${common('nav.pendingCount', { count: 2 })})` }).waitFor(WAIT);
      await nav.getByRole('menuitem', { name: `${common('nav.recharges')} (${common('nav.pendingCount', { count: 1 })})` }).waitFor(WAIT);
      await nav.getByRole('menuitem', { name: `${common('nav.refunds')} (${common('nav.pendingCount', { count: 1 })})` }).waitFor(WAIT);
      await screenshot(page, 'console-dashboard');
      expect(await axe()).toEqual([]);
    },
    STEP,
  );

  it(
    'approves a recharge after zooming into its proof',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: new RegExp(common('nav.recharges')) }).click();
      await page.getByRole('heading', { name: queues('recharges.title') }).waitFor(WAIT);
      await page.getByRole('link', { name: work.recharge.orderNo }).waitFor(WAIT);
      expect(await axe()).toEqual([]);
      await openFromKeyboard(work.recharge.orderNo);
      const title = queues('recharges.detail', { orderNo: work.recharge.orderNo });
      const proof = drawer(title).getByRole('img', { name: queues('recharges.proofAlt', { orderNo: work.recharge.orderNo }) });
      await proof.waitFor(WAIT);
      await proof.click();
      // the preview, zoomed in twice, then closed
      const previewImage = page.locator('.ant-image-preview-img');
      await previewImage.waitFor(WAIT);
      const zoomIn = page.locator('.ant-image-preview-actions-action-zoomIn');
      await zoomIn.click();
      await zoomIn.click();
      await expect.poll(() => previewImage.evaluate((image) => getComputedStyle(image).transform), WAIT).not.toBe('none');
      await screenshot(page, 'console-recharge-proof-zoomed');
      await page.locator('.ant-image-preview-close').click();
      await previewImage.waitFor({ state: 'hidden', ...WAIT });
      expect(await axe(OPEN_DRAWER)).toEqual([]);
      await screenshot(page, 'console-recharges');
      await drawer(title).getByRole('button', { name: queues('actions.approve') }).click();
      // 250.5 declared, 250 arrived on chain: the operator approves what arrived
      await confirmDialog(
        queues('recharges.approveTitle'),
        { [queues('recharges.receivedAmount', { coin: 'USDT' })]: '250', [queues('recharges.approveReason')]: 'proof matches the chain, 250 arrived' },
        queues('recharges.approved'),
      );
      await drawer(title).getByText(queues('fields.declaredAmount')).waitFor(WAIT);
      await drawer(title).locator('.ant-tag', { hasText: common('states.approved') }).first().waitFor(WAIT);
      expect(await drawer(title).getByRole('button', { name: queues('actions.approve') }).count()).toBe(0);
      // the user's full wallet statement: the credit with the balance after it
      await drawer(title).getByRole('link', { name: queues('activity.full') }).click();
      await page.getByRole('heading', { name: english('users', 'console')('title') }).waitFor(WAIT);
      await page.locator('tr', { hasText: queues('kinds.recharge') }).filter({ hasText: '250.00 USDT' }).first().waitFor(WAIT);
      await screenshot(page, 'console-statement');
    },
    STEP,
  );

  it(
    'pays out a withdrawal with a hash checked as typed, and rejects another',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: new RegExp(common('nav.withdrawals')) }).click();
      await page.getByRole('heading', { name: queues('withdrawals.title') }).waitFor(WAIT);
      const [first, second] = work.withdrawals;
      if (!first || !second) throw new Error('two withdrawals were set up');
      await openFromKeyboard(first.orderNo);
      const firstTitle = queues('withdrawals.detail', { orderNo: first.orderNo });
      await drawer(firstTitle).getByText(queues('activity.title')).waitFor(WAIT);
      await screenshot(page, 'console-withdrawals');
      await drawer(firstTitle).getByRole('button', { name: queues('actions.approve') }).click();
      const dialog = page.getByRole('dialog', { name: queues('withdrawals.approveTitle') });
      await dialog.getByLabel(queues('fields.txHash')).fill(`0x${TX_HASH}`);
      await dialog.getByRole('button', { name: common('actions.confirm') }).click();
      await dialog.getByText(queues('withdrawals.badHash', { chain: 'TRC20' })).waitFor(WAIT);
      await confirmDialog(queues('withdrawals.approveTitle'), { [queues('fields.txHash')]: TX_HASH }, queues('withdrawals.approved'));
      await drawer(firstTitle).getByText(TX_HASH).waitFor(WAIT);
      await closeDrawer(firstTitle);

      await openFromKeyboard(second.orderNo);
      const secondTitle = queues('withdrawals.detail', { orderNo: second.orderNo });
      await drawer(secondTitle).getByRole('button', { name: queues('actions.reject') }).click();
      await confirmDialog(queues('withdrawals.rejectTitle'), { [queues('fields.reason')]: 'address flagged by the screening' }, queues('withdrawals.rejected'));
      await drawer(secondTitle).locator('.ant-tag', { hasText: common('states.rejected') }).first().waitFor(WAIT);
      await closeDrawer(secondTitle);
    },
    STEP,
  );

  it(
    "changes a user's withdrawal address with a reason (a wrong address and no reason refused as typed); the next withdrawal is held, with no payout offered",
    async () => {
      const t = server.testApp;
      const { moved } = work.safety;
      if (!moved) throw new Error('a user with a bound address was set up');
      const users = english('users', 'console');
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.users') }).click();
      const search = page.getByLabel(users('search'));
      await search.fill(moved.username);
      await search.press('Enter');
      await page.getByRole('link', { name: moved.username, exact: true }).click();
      // the address the user bound, never changed by an operator, and the money a withdrawal would take
      const bound = page.locator('.ant-descriptions', { hasText: users('address.title') });
      await bound.getByText(TRC20_ADDRESS).waitFor(WAIT);
      await bound.getByText(users('address.never')).waitFor(WAIT);
      await page.locator('.ant-descriptions-item', { hasText: queues('activity.available') }).getByText('300.00 USDT').waitFor(WAIT);

      await page.getByRole('button', { name: users('address.change') }).click();
      const title = users('address.changeTitle', { name: moved.username });
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByLabel(users('address.newAddress')).fill(NOT_TRC20);
      await dialog.getByRole('button', { name: common('actions.confirm') }).click();
      await dialog.getByText(users('address.invalid')).waitFor(WAIT);
      await dialog.getByText(common('validation.required', { field: queues('fields.reason') })).waitFor(WAIT);
      await confirmDialog(title, { [users('address.newAddress')]: NEW_ADDRESS, [queues('fields.reason')]: ADDRESS_CHANGE_REASON }, users('address.changed'));
      // changed now; new withdrawals are held until the cool-down ends
      const now = t.clock.now();
      const heldUntil = new Date(now.getTime() + t.services.settings.get('withdraw_address_cooldown_hours') * HOUR_MS);
      await bound.getByText(NEW_ADDRESS).waitFor(WAIT);
      // (the cell beside its label: the user bound the address at the same instant, the clock standing still)
      await bound.locator('th', { hasText: users('address.changedAt') }).locator('xpath=following-sibling::td[1]').locator(`time[datetime="${now.toISOString()}"]`).waitFor(WAIT);
      const coolDown = page.getByRole('status').filter({ hasText: users('address.coolDown') }).locator(`time[datetime="${heldUntil.toISOString()}"]`);
      expect(await coolDown.textContent(WAIT)).toBe(await shownTime(heldUntil));

      // the user applies at once: in the queue, held until then; its drawer says why and offers no payout
      const withdrawal = await applyWithdrawal(t, moved, '100');
      // (loaded afresh: the queue's list seen moments ago, empty then, is still cached)
      await page.goto('/console/withdrawals');
      await page.getByRole('heading', { name: queues('withdrawals.title') }).waitFor(WAIT);
      const row = page.locator('tr', { has: page.getByRole('link', { name: withdrawal.orderNo, exact: true }) });
      await row.locator('.ant-tag', { hasText: queues('withdrawals.heldTag') }).locator(`time[datetime="${heldUntil.toISOString()}"]`).waitFor(WAIT);
      await openFromKeyboard(withdrawal.orderNo);
      const drawerTitle = queues('withdrawals.detail', { orderNo: withdrawal.orderNo });
      const held = drawer(drawerTitle).getByRole('status').filter({ hasText: queues('withdrawals.heldTitle') });
      await held.getByText(queues('withdrawals.heldText')).waitFor(WAIT);
      expect(await held.locator(`time[datetime="${heldUntil.toISOString()}"]`).textContent()).toBe(await shownTime(heldUntil));
      await drawer(drawerTitle).getByText(NEW_ADDRESS).waitFor(WAIT);
      await drawer(drawerTitle).getByRole('button', { name: queues('actions.reject') }).waitFor(WAIT);
      expect(await drawer(drawerTitle).getByRole('button', { name: queues('actions.approve') }).count()).toBe(0);
      expect(await axe(OPEN_DRAWER)).toEqual([]);
      await screenshot(page, 'console-withdrawal-held');
      // forced through with the session's own token: refused until then, and still waiting
      expect(await postAsOperator(`/withdrawals/${withdrawal.id}/approve`, { txHash: TX_HASH })).toMatchObject({ status: 409, body: { errorKey: 'wallet.withdraw_held' } });
      await drawer(drawerTitle).locator('.ant-tag', { hasText: common('states.pending') }).first().waitFor(WAIT);
      await expectLedgerConsistent(t);
      await closeDrawer(drawerTitle);
    },
    STEP,
  );

  it(
    'pays out a first withdrawal to an address above the review threshold only once the review is ticked',
    async () => {
      const t = server.testApp;
      const { newcomer } = work.safety;
      if (!newcomer) throw new Error('a user with a bound address was set up');
      await t.services.settings.set(t.database.db, 'withdraw_new_address_review_above', '100', { type: 'system' });
      // nothing was ever paid out to this user's address: 150 is a first withdrawal above 100
      const withdrawal = await applyWithdrawal(t, newcomer, '150');
      await page.goto('/console/withdrawals');
      await page.getByRole('heading', { name: queues('withdrawals.title') }).waitFor(WAIT);
      const row = page.locator('tr', { has: page.getByRole('link', { name: withdrawal.orderNo, exact: true }) });
      await row.locator('.ant-tag', { hasText: queues('withdrawals.reviewTag') }).waitFor(WAIT);
      await openFromKeyboard(withdrawal.orderNo);
      const title = queues('withdrawals.detail', { orderNo: withdrawal.orderNo });
      await drawer(title).getByRole('status').filter({ hasText: queues('withdrawals.reviewTitle') }).getByText(queues('withdrawals.reviewText')).waitFor(WAIT);
      await drawer(title).getByRole('button', { name: queues('actions.approve') }).click();
      // a hash without the review ticked: refused in the dialog, nothing paid
      const dialog = page.getByRole('dialog', { name: queues('withdrawals.approveTitle') });
      await dialog.getByLabel(queues('fields.txHash')).fill(REVIEWED_TX_HASH);
      await dialog.getByRole('button', { name: common('actions.confirm') }).click();
      const review = dialog.getByRole('checkbox', { name: queues('withdrawals.reviewConfirm') });
      await dialog.getByText(common('validation.tick')).waitFor(WAIT);
      expect(await review.isChecked()).toBe(false);
      expect((await t.database.pool.query<{ state: string }>('select state from withdraw_orders where id = $1', [withdrawal.id])).rows[0]?.state).toBe('pending');
      await review.check();
      await confirmDialog(queues('withdrawals.approveTitle'), { [queues('fields.txHash')]: REVIEWED_TX_HASH }, queues('withdrawals.approved'));
      await drawer(title).getByText(REVIEWED_TX_HASH).waitFor(WAIT);
      await drawer(title).locator('.ant-tag', { hasText: common('states.approved') }).first().waitFor(WAIT);
      // the payout's audit entry keeps the operator's statement
      const audited = await t.database.pool.query<{ detail: Record<string, unknown> }>("select detail from audit_log where action = 'withdrawal.approve' and target_id = $1", [withdrawal.id]);
      expect(audited.rows.map((entry) => entry.detail)).toEqual([expect.objectContaining({ reviewConfirmed: true, reviewReason: 'new_address', toAddress: TRC20_ADDRESS })]);
      await expectLedgerConsistent(t);
      await closeDrawer(title);
    },
    STEP,
  );

  it(
    'finds an order by its number and ships it from the warehouse',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.orders') }).click();
      await page.getByRole('heading', { name: orders('title') }).waitFor(WAIT);
      const search = page.getByRole('searchbox', { name: orders('filters.number') }).or(page.getByLabel(orders('filters.number')));
      await search.first().fill(work.shipOrder);
      await search.first().press('Enter');
      await page.waitForURL(`**/console/orders?id=${work.shipOrder}`, WAIT);
      await openFromKeyboard(work.shipOrder);
      const title = orders('detail.title', { id: work.shipOrder });
      await drawer(title).getByText(orders('detail.transfers')).waitFor(WAIT);
      await screenshot(page, 'console-orders');
      await drawer(title).getByRole('button', { name: orders('actions.ship') }).click();
      await confirmDialog(orders('actions.shipTitle'), { [orders('fields.note')]: 'packed at the platform warehouse' }, orders('actions.shipped'));
      await drawer(title).locator('.ant-tag', { hasText: common('states.shipped') }).first().waitFor(WAIT);
      await closeDrawer(title);
    },
    STEP,
  );

  it(
    "approves a buyer's refund after seeing its reason, picture and timeline",
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: new RegExp(common('nav.refunds')) }).click();
      await page.getByRole('heading', { name: orders('refunds.title') }).waitFor(WAIT);
      await openFromKeyboard(work.refundOrder);
      const title = orders('detail.title', { id: work.refundOrder });
      await drawer(title).getByText(english('orders')('reasons.refund.3')).first().waitFor(WAIT);
      await drawer(title).getByText('The colour is not the one ordered').waitFor(WAIT);
      await drawer(title).getByRole('img', { name: orders('detail.refundPicture', { index: 1 }) }).waitFor(WAIT);
      await screenshot(page, 'console-refunds');
      await drawer(title).getByRole('button', { name: orders('actions.approveRefund') }).click();
      await confirmDialog(orders('actions.approveRefundTitle'), { [orders('fields.reason')]: 'wrong colour sent' }, orders('actions.refundApproved'));
      await drawer(title).locator('.ant-tag', { hasText: common('states.refunded') }).first().waitFor(WAIT);
      await closeDrawer(title);
    },
    STEP,
  );

  it(
    'changes a system parameter within its rule, with a reason',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.settings') }).click();
      await page.getByRole('heading', { name: settings('title') }).waitFor(WAIT);
      await page.getByLabel(settings('search')).fill('mall_max_goods');
      const row = page.locator('tr', { has: page.locator('[data-setting="mall_max_goods_number_in_order"]') });
      await row.getByRole('button', { name: settings('edit') }).click();
      const title = settings('editTitle', { key: 'mall_max_goods_number_in_order' });
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByLabel(settings('fields.value')).fill('a lot');
      await dialog.getByLabel(settings('reason')).fill('wholesale lots are capped at 300');
      await dialog.getByRole('button', { name: common('actions.confirm') }).click();
      await dialog.getByText(settings('kinds.number')).waitFor(WAIT);
      await confirmDialog(title, { [settings('fields.value')]: '300' }, settings('saved', { key: 'mall_max_goods_number_in_order' }));
      await row.locator('[data-setting="mall_max_goods_number_in_order"]', { hasText: '300' }).waitFor(WAIT);
      await screenshot(page, 'console-settings');
      // the store reads the new value
      const syspara = await server.testApp.call<Record<string, string>>('syspara!getSyspara', { code: 'mall_max_goods_number_in_order' });
      expect(syspara.data).toEqual({ mall_max_goods_number_in_order: '300' });
    },
    STEP,
  );

  it(
    'proposes a large loan after seeing the identity pictures; a second operator confirms it',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: new RegExp(common('nav.loans')) }).click();
      await page.getByRole('heading', { name: loans('title') }).waitFor(WAIT);
      await openFromKeyboard(work.loan.label);
      const title = loans('detail', { name: 'Mei Chen' });
      for (const side of ['face', 'back', 'hand']) await drawer(title).getByRole('img', { name: loans(`pictures.${side}`) }).waitFor(WAIT);
      await drawer(title).getByText(loans('makerChecker.needed')).waitFor(WAIT);
      await screenshot(page, 'console-loans');
      await drawer(title).getByRole('button', { name: loans('actions.propose') }).click();
      await confirmDialog(loans('actions.proposeTitle'), { [queues('fields.reason')]: 'identity and pictures checked' }, loans('actions.proposeDone'));
      await drawer(title).getByText(loans('makerChecker.proposed')).waitFor(WAIT);
      // the operator who proposed cannot confirm
      for (const action of ['actions.propose', 'actions.confirm', 'actions.approve']) expect(await drawer(title).getByRole('button', { name: loans(action) }).count(), action).toBe(0);
      // a finance operator confirms (through the REST route); the drawer shows the loan approved
      const finance = DEMO_OPERATORS.finance;
      const login = (await (await fetch(`${server.baseUrl}/console/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: finance.username, password: finance.password }) })).json()) as { token: string };
      const confirmed = await fetch(`${server.baseUrl}/console/api/loans/${work.loan.id}/approve`, { method: 'POST', headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(confirmed.status).toBe(200);
      await closeDrawer(title);
      await page.getByRole('combobox', { name: english('queues', 'console')('filters.state') }).waitFor(WAIT);
      await page.goto(`/console/loans?state=all&open=${work.loan.id}`);
      await drawer(title).locator('.ant-tag', { hasText: common('states.approved') }).first().waitFor(WAIT);
      await closeDrawer(title);
    },
    STEP,
  );

  it(
    'rejects a settle-in application with a reason after seeing its logo and documents',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: new RegExp(common('nav.sellerApplications')) }).click();
      await page.getByRole('heading', { name: sellers('title') }).waitFor(WAIT);
      await openFromKeyboard(work.settle.shopName);
      const title = sellers('detail', { name: work.settle.shopName });
      await drawer(title).getByRole('img', { name: sellers('pictures.logo') }).waitFor(WAIT);
      for (const index of [1, 2]) await drawer(title).getByRole('img', { name: sellers('pictures.document', { index }) }).waitFor(WAIT);
      await screenshot(page, 'console-seller-applications');
      await drawer(title).getByRole('button', { name: queues('actions.reject') }).click();
      await confirmDialog(sellers('actions.rejectTitle'), { [queues('fields.reason')]: 'the licence picture is unreadable' }, sellers('actions.rejected'));
      await drawer(title).locator('.ant-tag', { hasText: common('states.rejected') }).first().waitFor(WAIT);
      await closeDrawer(title);
    },
    STEP,
  );

  it(
    "answers a buyer's message from the customer-service inbox",
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: new RegExp(common('nav.chat')) }).click();
      await page.getByRole('heading', { name: chat('title') }).waitFor(WAIT);
      await openFromKeyboard(work.chatBuyer);
      const title = chat('detail', { name: work.chatBuyer });
      await drawer(title).getByText('Where is my parcel?').waitFor(WAIT);
      await drawer(title).getByLabel(chat('reply')).fill('It left the warehouse this morning.');
      await drawer(title).getByRole('button', { name: chat('send') }).click();
      await drawer(title).getByText('It left the warehouse this morning.').waitFor(WAIT);
      expect(await axe(OPEN_DRAWER)).toEqual([]);
      await screenshot(page, 'console-chat');
      await closeDrawer(title);
    },
    STEP,
  );

  it(
    "edits a category's Traditional Chinese name, takes a good off every shop's shelf, adds a banner and an operator",
    async () => {
      const t = server.testApp;
      const nav = page.getByRole('navigation');
      // categories: a translation, read by the store at once
      await nav.getByRole('menuitem', { name: common('nav.categories') }).click();
      await page.getByRole('heading', { name: catalog('categories.title') }).waitFor(WAIT);
      const row = page.locator('tr', { has: page.locator(`[data-category="${work.category.id}"]`) });
      await row.getByRole('button', { name: catalog('categories.edit'), exact: true }).click();
      await confirmDialog(catalog('categories.editTitle', { name: work.category.name }), { [`${catalog('fields.name')} (繁體中文)`]: '女裝精選' }, catalog('categories.saved'));
      await row.getByText('女裝精選').waitFor(WAIT);
      const tree = await t.call<{ id: string; name: string }[]>('category!tree', { lang: 'tw' }, { method: 'GET' });
      expect(tree.data?.find((node) => node.id === work.category.id)?.name).toBe('女裝精選');
      expect(await axe()).toEqual([]);
      await screenshot(page, 'console-categories');

      // goods: off every shop's shelf; the store's lists drop its listings
      const listed = async () => ((await t.call<{ pageList: { goodsId: string }[] }>('sellerGoods!list', { categoryId: work.goods.categoryId, pageSize: 100, lang: 'en' })).data?.pageList ?? []).filter((card) => card.goodsId === work.goods.id).length;
      expect(await listed()).toBeGreaterThan(0);
      await nav.getByRole('menuitem', { name: common('nav.goods') }).click();
      await page.getByRole('heading', { name: catalog('goods.title') }).waitFor(WAIT);
      const search = page.getByLabel(catalog('goods.search'));
      await search.fill(work.goods.id);
      await search.press('Enter');
      await page.waitForURL(`**/console/goods?q=${work.goods.id}`, WAIT);
      await openFromKeyboard(work.goods.name);
      const title = catalog('goods.detail', { name: work.goods.name });
      await drawer(title).getByText(catalog('goods.variants')).waitFor(WAIT);
      await drawer(title).getByRole('button', { name: catalog('goods.disable') }).click();
      await confirmDialog(catalog('goods.disableTitle', { name: work.goods.name }), { [queues('fields.reason')]: 'recalled by the maker' }, catalog('goods.disabled'));
      await drawer(title).locator('.ant-tag', { hasText: common('states.off_shelf') }).first().waitFor(WAIT);
      expect(await axe(OPEN_DRAWER)).toEqual([]);
      await screenshot(page, 'console-goods');
      expect(await listed()).toBe(0);
      await closeDrawer(title);

      // shops, then banners: a new one from an uploaded picture, first in the store's mobile home list
      await nav.getByRole('menuitem', { name: common('nav.shops') }).click();
      await page.getByRole('heading', { name: catalog('shops.title') }).waitFor(WAIT);
      await page.locator('.ant-tag', { hasText: common('states.open') }).first().waitFor(WAIT);
      await screenshot(page, 'console-shops');
      await nav.getByRole('menuitem', { name: common('nav.banners') }).click();
      await page.getByRole('heading', { name: catalog('banners.title') }).waitFor(WAIT);
      await page.getByRole('button', { name: catalog('banners.add') }).click();
      const bannerDialog = page.getByRole('dialog', { name: catalog('banners.addTitle') });
      await bannerDialog.locator('input[type=file]').setInputFiles({ name: 'autumn.png', mimeType: 'image/png', buffer: await png() });
      await bannerDialog.getByRole('img', { name: catalog('banners.picture') }).waitFor(WAIT);
      await confirmDialog(catalog('banners.addTitle'), { [catalog('banners.bannerTitle')]: 'Autumn sale' }, catalog('banners.saved'));
      await page.getByRole('link', { name: 'Autumn sale' }).waitFor(WAIT);
      await screenshot(page, 'console-banners');
      const banners = await t.call<{ result: { title: string }[] }>('banner!bannerList', { type: 'pc_home', pageSize: 50 });
      expect(banners.data?.result.map((banner) => banner.title)).toContain('Autumn sale');

      // operators: a new support operator, who can log in with the initial password
      await nav.getByRole('menuitem', { name: common('nav.operators') }).click();
      await page.getByRole('heading', { name: operatorTexts('title') }).waitFor(WAIT);
      await page.getByRole('button', { name: operatorTexts('add') }).click();
      await confirmDialog(operatorTexts('addTitle'), { [operatorTexts('fields.username')]: 'dana.support', [operatorTexts('fields.password')]: 'first-day-password' }, operatorTexts('created'));
      await page.getByRole('link', { name: 'dana.support' }).waitFor(WAIT);
      await screenshot(page, 'console-operators');
      const login = await fetch(`${server.baseUrl}/console/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'dana.support', password: 'first-day-password' }) });
      expect(login.status).toBe(200);
    },
    STEP,
  );

  it(
    'finds each of these actions in the audit log, with its reason',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.audit') }).click();
      await page.getByRole('heading', { name: audit('title') }).waitFor(WAIT);
      const actor = page.getByLabel(audit('filters.actor'));
      await actor.fill(ADMIN.username);
      await actor.press('Enter');
      for (const [action, reason] of [
        ['recharge.approve', 'proof matches the chain, 250 arrived'],
        ['withdrawal.approve', ''],
        ['withdrawal.reject', 'address flagged by the screening'],
        ['wallet.withdraw_address_changed', ADDRESS_CHANGE_REASON],
        ['order.ship', 'packed at the platform warehouse'],
        ['order.refund', 'wrong colour sent'],
        ['settings.update', 'wholesale lots are capped at 300'],
        ['category.update', ''],
        ['goods.disable', 'recalled by the maker'],
        ['banner.create', ''],
        ['operator.created', ''],
      ] as const) {
        const row = page.locator('tr', { has: page.locator(`[data-action="${action}"]`) }).first();
        await row.waitFor(WAIT);
        if (reason) expect(await row.textContent()).toContain(reason);
      }
      // the address change, opened: the address before and after
      const change = page.locator('tr', { has: page.locator('[data-action="wallet.withdraw_address_changed"]') }).first();
      await change.locator('.ant-table-row-expand-icon').click();
      const detail = page.locator('pre', { hasText: NEW_ADDRESS });
      await detail.waitFor(WAIT);
      expect(await detail.textContent()).toContain(TRC20_ADDRESS);
      await screenshot(page, 'console-audit');
    },
    STEP,
  );

  it(
    'speaks Simplified Chinese',
    async () => {
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.dashboard') }).click();
      await page.getByLabel(common('language')).click();
      await page.locator('.ant-select-item-option[title="简体中文"]').click();
      await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached', ...WAIT });
      const zh = JSON.parse(readFileSync(path.join(root, 'locales', 'zh-CN', 'console-audit.json'), 'utf8')) as { dashboard: { title: string } };
      await page.getByRole('heading', { name: zh.dashboard.title }).waitFor(WAIT);
      await screenshot(page, 'console-dashboard-zh-CN');
      await page.getByLabel('语言').click();
      await page.locator('.ant-select-item-option[title="English"]').click();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached', ...WAIT });
    },
    STEP,
  );

  it(
    'offers a support operator no money action, and the server refuses one forced through',
    async () => {
      await page.getByRole('button', { name: common('logout') }).click();
      await page.waitForURL('**/console/login', WAIT);
      await logIn(SUPPORT.username, SUPPORT.password);
      await page.getByTestId('operator').filter({ hasText: common('roles.support') }).waitFor(WAIT);
      for (const entry of ['nav.audit', 'nav.settings']) expect(await page.getByRole('navigation').getByRole('menuitem', { name: common(entry) }).count(), entry).toBe(0);

      // a pending deposit: visible, with no decision to take
      const t = server.testApp;
      const depositor = await walletUser(t, { safeword: false });
      const orderNo = await placeRecharge(t, depositor, '10');
      await page.goto('/console/recharges');
      await openFromKeyboard(orderNo);
      const title = queues('recharges.detail', { orderNo });
      await drawer(title).getByText(queues('recharges.proof')).first().waitFor(WAIT);
      expect(await drawer(title).getByRole('button', { name: queues('actions.approve') }).count()).toBe(0);
      expect(await drawer(title).getByRole('button', { name: queues('actions.reject') }).count()).toBe(0);
      await screenshot(page, 'console-support-recharge');
      await closeDrawer(title);

      // forced through with the session's own token: refused
      expect(await postAsOperator(`/recharges/${await rechargeIdOf(t, orderNo)}/approve`, {})).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });

      // the refunded order: nothing to do; support may not refund
      await page.goto(`/console/orders?id=${work.refundOrder}`);
      await openFromKeyboard(work.refundOrder);
      const orderTitle = orders('detail.title', { id: work.refundOrder });
      await drawer(orderTitle).getByText(orders('detail.timeline')).waitFor(WAIT);
      for (const action of ['actions.approveRefund', 'actions.rejectRefund', 'actions.manualRefund', 'actions.ship']) {
        expect(await drawer(orderTitle).getByRole('button', { name: orders(action), exact: true }).count(), action).toBe(0);
      }
      await closeDrawer(orderTitle);

      // support may lock an account: found by its exact name, locked with a reason, its logins listed
      const users = english('users', 'console');
      await page.getByRole('navigation').getByRole('menuitem', { name: common('nav.users') }).click();
      const search = page.getByLabel(users('search'));
      await search.fill(depositor.username);
      await search.press('Enter');
      await page.getByRole('link', { name: depositor.username, exact: true }).click();
      await page.getByText(users('logins')).waitFor(WAIT);
      await page.getByRole('button', { name: users('lock') }).click();
      await confirmDialog(users('lockTitle', { name: depositor.username }), { [queues('fields.reason')]: 'account shared with a stranger' }, users('locked'));
      await page.locator('.ant-tag', { hasText: common('states.disabled') }).first().waitFor(WAIT);
      await screenshot(page, 'console-users');
      expect((await t.call('user!newlogin', { username: depositor.username, password: depositor.password }, { remoteAddress: nextAddress() })).errorKey).toBe('accounts.account_disabled');
    },
    STEP,
  );

  it(
    'goes back to the login page when the session ends on the server',
    async () => {
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('caravan.console.session') ?? '{}') as { token?: string }).token ?? '');
      const ended = await fetch(`${server.baseUrl}/console/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(ended.status).toBe(204);
      await page.goto('/console/orders');
      await page.waitForURL('**/console/login', WAIT);
      await page.getByText(common('login.expired')).waitFor(WAIT);
      expect(problems.filter((problem) => !problem.includes('/console/api/'))).toEqual([]);
    },
    STEP,
  );
});
