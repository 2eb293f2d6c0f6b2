import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../apps/api/test/support/test-app.ts';
import { screenshot } from './support/browser.ts';
import { choose } from './support/buyer.ts';
import { operatorLogin } from './support/console-api.ts';
import { english } from './support/messages.ts';
import { makePng } from './support/png.ts';
import type { StoreServer } from './support/store-server.ts';
import { storeSession } from './support/store-session.ts';

// Becoming a merchant in Chromium, against the real API server serving the built store: the header's
// entry -> a visitor is asked to log in and comes back -> the form refuses what the contract refuses ->
// apply with a logo and two documents -> the application waits (its details shown) -> an operator
// rejects it with a reason (console REST) -> the applicant sees the reason, in English and in Arabic
// (right to left), with the form prefilled -> applies again -> an operator approves -> the page leads
// to the seller panel, and the new shop's page shows its service scores (none counted yet).

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const common = english('common');
const sellers = english('sellers');

const USERNAME = `shop${Date.now().toString(36).slice(-6)}`;
const PASSWORD = 'Tr0ub4dor';
const SHOP = `Harbour Traders ${process.pid}`;
const REJECTION = 'The licence picture is unreadable (e2e)';

let server: StoreServer;
let problems: string[];
let page: Page;
let token = '';

storeSession(
  {
    server: { products: 6 },
    seed: async (opened) => {
      ({ token } = await registerUser(opened.testApp, { username: USERNAME, password: PASSWORD }));
    },
  },
  (session) => ({ server, problems, page } = session),
);

async function decide(decision: 'approve' | 'reject', reason?: string): Promise<void> {
  const token = await operatorLogin(server.baseUrl);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${server.baseUrl}/console/api/seller-applications?state=pending`, { headers })).json()) as { items: { id: string; shopName: string }[] };
  const application = list.items.find((item) => item.shopName === SHOP);
  expect(application, 'the pending application').toBeDefined();
  const response = await fetch(`${server.baseUrl}/console/api/seller-applications/${application?.id}/${decision}`, { method: 'POST', headers, body: JSON.stringify(reason ? { reason } : {}) });
  expect(response.status).toBe(200);
}

describe('a buyer applies to become a merchant', () => {
  it("opens the page from the header's entry and is asked to log in first", async () => {
    await page.goto('/index');
    await page.getByRole('navigation', { name: common('nav.label') }).getByRole('link', { name: common('nav.merchantSettled'), exact: true }).click();
    await page.waitForURL('**/merchantSettled', WAIT);
    await page.getByRole('heading', { name: sellers('title') }).waitFor(WAIT);
    await page.getByTestId('settle-login').click();
    await page.waitForURL(`**/login?redirect=${encodeURIComponent('/merchantSettled')}`, WAIT);
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/merchantSettled', WAIT);
    await page.getByRole('heading', { name: sellers('form.title') }).waitFor(WAIT);
  }, STEP);

  it('refuses an empty form with the contract rules, then applies with a logo and two documents', async () => {
    await page.getByTestId('settle-submit').click();
    for (const key of ['form.errors.shopName', 'form.errors.logo', 'form.errors.documents']) await page.getByText(sellers(key), { exact: true }).waitFor(WAIT);
    await page.locator('#shopName').fill(SHOP);
    await page.locator('#logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(96, 96) });
    await page.locator('#contactName').fill('Amina Yusuf');
    await page.locator('#phone').fill('123');
    await page.locator('#email').fill('amina@example.com');
    await page.getByText(sellers('form.errors.phoneInvalid', { min: 6 }), { exact: true }).waitFor(WAIT);
    await page.locator('#phone').fill('+44 20 7946 0958');
    await choose(page, page.locator('form'), sellers('form.country'), 'United States');
    await page.locator('#description').fill('Kitchenware and small appliances for restaurants.');
    await page.locator('#documents').setInputFiles([
      { name: 'licence.png', mimeType: 'image/png', buffer: makePng(120, 80) },
      { name: 'identity.png', mimeType: 'image/png', buffer: makePng(80, 120) },
    ]);
    await expect.poll(() => page.locator('.image-upload-item img').count(), WAIT).toBe(3);
    await expect.poll(() => page.getByTestId('settle-submit').isEnabled(), WAIT).toBe(true);
    await page.getByTestId('settle-submit').click();
    await page.getByTestId('settle-pending').waitFor(WAIT);
    expect(await page.getByTestId('settle-details').textContent()).toContain(SHOP);
    // the logo and both documents (distinct pictures: identical uploads would be one stored file)
    await expect.poll(() => page.getByTestId('settle-details').locator('img').count(), WAIT).toBe(3);
    await screenshot(page, 'settle-in-pending');
  }, STEP);

  it("shows the operator's reason with the form prefilled, in English and in Arabic, and applies again", async () => {
    await decide('reject', REJECTION);
    await page.reload();
    await page.getByTestId('settle-rejected').getByText(REJECTION).waitFor(WAIT);
    expect(await page.locator('#shopName').inputValue()).toBe(SHOP);
    await page.goto('/merchantSettled?lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByTestId('settle-rejected').getByText(REJECTION).waitFor(WAIT);
    await screenshot(page, 'settle-in-rejected-ar');
    await page.goto('/merchantSettled?lang=en');
    await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
    await expect.poll(() => page.locator('.image-upload-item img').count(), WAIT).toBe(3);
    await page.getByTestId('settle-submit').click();
    await page.getByTestId('settle-pending').waitFor(WAIT);
  }, STEP);

  it('leads to the seller panel once an operator approves', async () => {
    await decide('approve');
    await page.reload();
    const link = page.getByTestId('settle-seller-panel');
    await link.waitFor(WAIT);
    expect(await link.getAttribute('href')).toBe('/seller/');
    await screenshot(page, 'settle-in-approved');

    // the new shop's page shows its measured service: nothing counted yet
    const status = await server.testApp.call<{ shopId: string }>('merchantSettled!get', {}, { token });
    await page.goto(`/store?id=${status.data?.shopId ?? ''}`);
    const scores = page.getByTestId('shop-service-scores');
    await scores.waitFor(WAIT);
    expect(await scores.getByText(english('catalog')('shop.scores.notEnough'), { exact: true }).count()).toBe(3);
    expect(problems).toEqual([]);
  }, STEP);
});
