import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../apps/api/test/support/test-app.ts';
import { screenshot } from './support/browser.ts';
import { choose, logIn } from './support/buyer.ts';
import { DEMO_OPERATOR } from '../../apps/api/src/seed/demo-accounts.ts';
import { english } from './support/messages.ts';
import { makePng } from './support/png.ts';
import { storeSession } from './support/store-session.ts';

// Identity verification in Chromium, against the real API server serving the built store: the security
// settings lead to real-name verification -> the form refuses what the contract refuses -> the buyer
// submits name, nationality, passport number and three private pictures -> the submission waits (its
// pictures shown through signed URLs) -> an operator approves it in the console (queue, drawer with the
// pictures, confirmed decision) -> the store shows the
// identity verified with the document number masked, in English and in Arabic (right to left), and
// advanced verification becomes available.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const kyc = english('kyc');
const consoleCommon = english('common', 'console');
const consoleKyc = english('kyc', 'console');
const consoleQueues = english('queues', 'console');

const USERNAME = `kyc${Date.now().toString(36).slice(-7)}`;
const PASSWORD = 'Tr0ub4dor';
const DOCUMENT_NUMBER = 'P8812345';

let context: BrowserContext;
let problems: string[];
let page: Page;

storeSession(
  {
    server: { products: 4 },
    seed: async (opened) => {
      await registerUser(opened.testApp, { username: USERNAME, password: PASSWORD });
    },
  },
  (session) => ({ context, problems, page } = session),
);

describe('a buyer verifies their identity', () => {
  it('opens real-name verification from the security settings; an empty form is refused with the contract rules', async () => {
    await logIn(page, USERNAME, PASSWORD);
    await page.goto('/userInfo/setup/index');
    await page.getByTestId('setup-real-name').click();
    await page.waitForURL('**/userInfo/setup/real-name', WAIT);
    await page.getByRole('heading', { name: kyc('form.realNameTitle') }).waitFor(WAIT);
    // advanced verification is not offered yet
    await page.goto('/userInfo/setup/advanced-verification');
    await page.getByText(kyc('advanced.lockedTitle'), { exact: true }).waitFor(WAIT);
    await page.getByTestId('kyc-verify-real-name').click();
    await page.waitForURL('**/userInfo/setup/real-name', WAIT);
    await page.getByTestId('kyc-submit').click();
    for (const key of ['errors.nameRequired', 'errors.nationalityRequired', 'errors.idnameRequired', 'errors.idnumberRequired']) await page.getByText(kyc(key), { exact: true }).waitFor(WAIT);
    expect(await page.getByText(kyc('errors.pictureRequired'), { exact: true }).count()).toBe(3);
    // the form right to left
    await page.goto('/userInfo/setup/real-name?lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByTestId('kyc-submit').waitFor(WAIT);
    await screenshot(page, 'kyc-form-ar');
    await page.goto('/userInfo/setup/real-name?lang=en');
    await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByRole('heading', { name: kyc('form.realNameTitle') }).waitFor(WAIT);
  }, STEP);

  it('submits name, nationality, passport and three pictures; the submission waits with its pictures', async () => {
    const form = page.locator('form');
    await page.locator('#name').fill('Amina Yusuf');
    await choose(page, form, kyc('form.nationality'), 'United States');
    await page.getByLabel(kyc('form.documentType'), { exact: true }).click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: kyc('documentTypes.passport') }).click();
    await page.locator('#idnumber').fill('12');
    await page.getByText(kyc('errors.documentNumberInvalid'), { exact: true }).waitFor(WAIT);
    await page.locator('#idnumber').fill(DOCUMENT_NUMBER);
    await page.locator('#front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: makePng(120, 80) });
    await page.locator('#back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: makePng(121, 80) });
    await page.locator('#hand').setInputFiles({ name: 'hand.png', mimeType: 'image/png', buffer: makePng(80, 120) });
    await expect.poll(() => page.locator('.image-upload-item img').count(), WAIT).toBe(3);
    await expect.poll(() => page.getByTestId('kyc-submit').isEnabled(), WAIT).toBe(true);
    await page.getByTestId('kyc-submit').click();
    await page.getByTestId('kyc-pending').waitFor(WAIT);
    expect(await page.getByTestId('kyc-details').textContent()).toContain(DOCUMENT_NUMBER);
    // the pictures load through signed URLs (a broken one would have no natural width)
    const pictures = page.getByTestId('kyc-details').locator('img');
    await expect.poll(() => pictures.count(), WAIT).toBe(3);
    await expect.poll(() => pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)), WAIT).toBe(true);
    expect(await pictures.first().getAttribute('src')).toMatch(/^\/uploads\/private\/p[0-9a-f]{64}\.png\?expires=\d+&signature=/);
    await screenshot(page, 'kyc-pending');
  }, STEP);

  it('an operator approves it in the console: the queue, the drawer with the pictures, the confirmed decision', async () => {
    const operator = await context.newPage();
    try {
      await operator.goto('/console/');
      await operator.waitForURL('**/console/login', WAIT);
      await operator.getByLabel(consoleCommon('login.username')).fill(DEMO_OPERATOR.username);
      await operator.getByLabel(consoleCommon('login.password')).fill(DEMO_OPERATOR.password);
      await operator.getByRole('button', { name: consoleCommon('login.submit') }).click();
      await operator.getByRole('navigation').getByRole('menuitem', { name: new RegExp(consoleCommon('nav.kyc')) }).click();
      await operator.getByRole('heading', { name: consoleKyc('title') }).waitFor(WAIT);
      await operator.getByRole('link', { name: USERNAME, exact: true }).click();
      const drawer = operator.getByRole('dialog', { name: consoleKyc('detail', { level: consoleKyc('levels.real_name'), name: USERNAME }) });
      await drawer.getByText(DOCUMENT_NUMBER).waitFor(WAIT);
      // the three pictures load through signed URLs
      const pictures = drawer.locator('img');
      await expect.poll(() => pictures.evaluateAll((images) => images.length === 3 && images.every((image) => (image as HTMLImageElement).naturalWidth > 0)), WAIT).toBe(true);
      await screenshot(operator, 'console-kyc');
      await drawer.getByRole('button', { name: consoleKyc('actions.approve') }).click();
      const dialog = operator.getByRole('dialog', { name: consoleKyc('actions.approveTitle') });
      await dialog.getByLabel(consoleQueues('fields.reason')).fill('passport checked (e2e)');
      await dialog.getByRole('button', { name: consoleCommon('actions.confirm') }).click();
      await operator.locator('.ant-message', { hasText: consoleKyc('actions.approved') }).waitFor(WAIT);
      await drawer.locator('.ant-tag', { hasText: consoleCommon('states.approved') }).first().waitFor(WAIT);
    } finally {
      await operator.close();
    }
  }, STEP);

  it('shows the identity verified in the store, in English and in Arabic', async () => {
    await page.reload();
    await page.getByTestId('kyc-passed').waitFor(WAIT);
    expect(await page.getByTestId('kyc-document-number').textContent()).toBe('****2345');
    await screenshot(page, 'kyc-passed-en');

    await page.goto('/userInfo/setup/real-name?lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByTestId('kyc-passed').waitFor(WAIT);
    await screenshot(page, 'kyc-passed-ar');

    // advanced verification is now offered (its form), and the security settings show the state
    await page.goto('/userInfo/setup/advanced-verification?lang=en');
    await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByRole('heading', { name: kyc('form.advancedTitle') }).waitFor(WAIT);
    await page.goto('/userInfo/setup/index');
    await page.getByText(kyc('status.passed'), { exact: true }).waitFor(WAIT);
    await screenshot(page, 'kyc-setup-index');
    expect(problems).toEqual([]);
  }, STEP);
});
