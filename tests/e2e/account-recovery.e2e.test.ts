import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextAddress, registerUser } from '../../apps/api/test/support/test-app.ts';
import { SAFEWORD, sessionToken, TRC20_ADDRESS, userIdOf, withdrawalIdOf } from '../../apps/api/test/support/wallet.ts';
import { screenshot } from './support/browser.ts';
import { apiLogin, fundedBuyer, logIn, logOut, toast } from './support/buyer.ts';
import { english } from './support/messages.ts';
import type { StoreServer } from './support/store-server.ts';
import { storeSession } from './support/store-session.ts';

// Forgot password and account cancellation in Chromium against the real API server serving the built
// store. Forgot password: from the login page, a code to the account's e-mail (read from the server's
// recording sender), the new password twice; the old sessions end and the new password logs in.
// Cancellation: refused with the server's message while the wallet holds money; once the money is
// withdrawn it goes through and the account can no longer log in. Screenshots (en, ar) of the
// forgot-password page go to tests/e2e/screenshots/.

const WAIT = { timeout: 30_000 };
const STEP = 60_000;
const account = english('account');
const common = english('common');
const serverMessages = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'locales', 'en', 'server.json'), 'utf8')) as Record<string, string>;

const SUFFIX = Date.now().toString(36).slice(-6);
const EMAIL = `mei.${SUFFIX}@example.com`;
const OLD_PASSWORD = 'Tr0ub4dor';
const NEW_PASSWORD = 'Qu1ckS1lver';
const LEAVER = `leaver${SUFFIX}`;
const DEPOSIT = '20';

let server: StoreServer;
let problems: string[];
let page: Page;

storeSession({ server: { products: 30 }, timeout: STEP * 2 }, (session) => ({ server, problems, page } = session));

describe('forgot password', () => {
  let oldToken = '';

  it('an account registered with its e-mail address, logged in elsewhere', async () => {
    const t = server.testApp;
    await t.call('idcode!execute', { target: EMAIL }, { remoteAddress: nextAddress() });
    const code = t.codes.lastCodeFor(EMAIL, 'register') ?? '';
    const registered = await t.call(
      'localuser!registerWithVerifcode',
      { username: EMAIL, password: OLD_PASSWORD, re_password: OLD_PASSWORD, type: '2', verifcode: code },
      { method: 'GET', remoteAddress: nextAddress() },
    );
    expect(registered.code).toBe('0');
    oldToken = await apiLogin(t, EMAIL, OLD_PASSWORD);
  });

  it('the login page links to the forgot-password page (screenshot en)', async () => {
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await page.waitForURL('**/forgot-password', WAIT);
    await page.getByRole('heading', { level: 1, name: account('forgot.title') }).waitFor(WAIT);
    await screenshot(page, 'forgot-password-en');
  }, STEP);

  it('sends a code to the e-mail, then sets the new password with it and goes to the login page', async () => {
    await page.locator('input[name="username"]').fill(EMAIL);
    await page.getByTestId('forgot-send-code').click();
    await toast(page, account('forgot.codeSent')).waitFor(WAIT);
    // the countdown holds the button until another code may be asked for
    await expect.poll(() => page.getByTestId('forgot-send-code').isDisabled(), WAIT).toBe(true);
    const code = server.testApp.codes.lastCodeFor(EMAIL, 'resetpsw');
    expect(code).toMatch(/^\d{6}$/);

    await page.locator('input[name="verifcode"]').fill(code ?? '');
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="re_password"]').fill(NEW_PASSWORD);
    await page.getByTestId('forgot-submit').click();
    await toast(page, account('forgot.done')).waitFor(WAIT);
    await page.waitForURL('**/login', WAIT);
  }, STEP);

  it('the old sessions have ended; the old password fails and the new one logs in', async () => {
    const t = server.testApp;
    expect((await t.call('localuser!get', {}, { token: oldToken })).code).toBe('403');
    expect((await t.call('user!newlogin', { username: EMAIL, password: OLD_PASSWORD }, { remoteAddress: nextAddress() })).errorKey).toBe('accounts.login_failed');
    await logIn(page, EMAIL, NEW_PASSWORD);
    await logOut(page);
  }, STEP);

  it('a wrong code is refused on the page with the server message', async () => {
    await page.goto('/forgot-password');
    await page.locator('input[name="username"]').fill(EMAIL);
    await page.locator('input[name="verifcode"]').fill('000000');
    await page.locator('input[name="password"]').fill('An0ther#pass');
    await page.locator('input[name="re_password"]').fill('An0ther#pass');
    await page.getByTestId('forgot-submit').click();
    await page.getByRole('alert').filter({ hasText: serverMessages['accounts.verifcode_invalid'] ?? '' }).waitFor(WAIT);
    expect(page.url()).toContain('/forgot-password');
  }, STEP);

  it('the page in Arabic reads right to left (screenshot ar)', async () => {
    await page.goto('/forgot-password?lang=ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), WAIT).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: 'إعادة تعيين كلمة المرور' }).waitFor(WAIT);
    await screenshot(page, 'forgot-password-ar');
    await page.goto('/index?lang=en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), WAIT).toBe('ltr');
  }, STEP);
});

describe('invite friends', () => {
  it('the user centre shows the invitation code and the users who registered with it, masked', async () => {
    const t = server.testApp;
    const referrer = await registerUser(t, { username: `referrer${SUFFIX}`, password: OLD_PASSWORD });
    for (const name of [`a${SUFFIX}friend1`, `b${SUFFIX}friend2`]) {
      const invited = await t.call('localuser!registerNoVerifcode', { username: name, password: OLD_PASSWORD, re_password: OLD_PASSWORD, agentCode: referrer.usercode }, { method: 'GET', remoteAddress: nextAddress() });
      expect(invited.code).toBe('0');
    }
    await logIn(page, referrer.username, OLD_PASSWORD);
    await page.goto('/userInfo/dashboard');
    await page.getByRole('link', { name: account('menu.invite') }).click();
    await page.waitForURL('**/userInfo/invite', WAIT);
    await expect.poll(() => page.getByTestId('invite-code').textContent(), WAIT).toBe(referrer.usercode);
    const rows = page.getByTestId('invited-users').locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    const names = await rows.locator('td:first-child').allTextContents();
    expect(names.sort()).toEqual(['a***1', 'b***2']);
    expect(await page.locator('#account-invite-url').inputValue()).toBe(`${server.baseUrl}/register?code=${referrer.usercode}`);
    await screenshot(page, 'invite-friends-en');
    await logOut(page);
  }, STEP);

  it('a `code` in the address is kept and offered as the invitation code on the register page', async () => {
    const t = server.testApp;
    const referrer = await registerUser(t, { username: `linker${SUFFIX}`, password: OLD_PASSWORD });
    await page.goto(`/index?code=${referrer.usercode}`);
    await page.goto('/register');
    await expect.poll(() => page.locator('input[name="agentCode"]').inputValue(), WAIT).toBe(referrer.usercode);
  }, STEP);
});

describe('account cancellation', () => {
  it('is refused while the wallet holds money, with the server message', async () => {
    await fundedBuyer(server.testApp, { username: LEAVER, password: OLD_PASSWORD }, DEPOSIT);
    await logIn(page, LEAVER, OLD_PASSWORD);
    await page.goto('/userInfo/setup/account-cancellation');
    await page.locator('textarea[name="reason"]').fill('Moving to another city');
    await page.locator('input[name="account"]').fill(LEAVER);
    await page.locator('input[name="agree"]').check();
    await page.getByTestId('cancellation-submit').click();
    await page.getByRole('alert').filter({ hasText: serverMessages['accounts.logoff_balance_remaining'] ?? '' }).waitFor(WAIT);
    expect(page.url()).toContain('/userInfo/setup/account-cancellation');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'account-cancellation-refused-en');
  }, STEP);

  it('goes through once the money is withdrawn: logged out, the account cannot log in again', async () => {
    const t = server.testApp;
    // the buyer withdraws everything (fund password, address, then finance pays it out)
    const token = await apiLogin(t, LEAVER, OLD_PASSWORD);
    const user = { username: LEAVER, password: OLD_PASSWORD, token, usercode: '' };
    expect((await t.call('user!setSafewordReg', { safeword: SAFEWORD, re_safeword: SAFEWORD }, { token })).code).toBe('0');
    expect((await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, { token })).code).toBe('0');
    const applied = await t.call<{ order_no: string }>(
      'withdraw!apply',
      { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount: DEPOSIT, from: TRC20_ADDRESS },
      { token, remoteAddress: nextAddress() },
    );
    expect(applied.code).toBe('0');
    await t.services.withdrawals.approve(await withdrawalIdOf(t, applied.data?.order_no ?? ''), { type: 'operator', id: 'e2e', reason: 'paid out' }, 'f'.repeat(64));
    const id = await userIdOf(t, token);

    await page.reload();
    await page.locator('textarea[name="reason"]').fill('Moving to another city');
    await page.locator('input[name="account"]').fill(LEAVER);
    await page.locator('input[name="cashPassword"]').fill(SAFEWORD);
    await page.locator('input[name="agree"]').check();
    await page.getByTestId('cancellation-submit').click();
    await toast(page, account('cancellation.done')).waitFor(WAIT);
    await page.waitForURL('**/index', WAIT);
    await page.getByRole('link', { name: common('header.login'), exact: true }).waitFor(WAIT);
    expect((await t.call('user!newlogin', { username: LEAVER, password: OLD_PASSWORD }, { remoteAddress: nextAddress() })).errorKey).toBe('accounts.login_failed');
    const row = await t.database.pool.query<{ status: string }>('select status from users where id = $1', [id]);
    expect(row.rows[0]?.status).toBe('cancelled');
    expect(problems).toEqual([]);
  }, STEP);
});
