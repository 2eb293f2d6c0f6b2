// Arranging a buyer's account quickly through the server (registration, funds, settings), and the few
// browser gestures several account tests repeat (log in, log out, pick an antd Select option).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, type TestApp, type TestUser } from '../../../apps/api/test/support/test-app.ts';
import { fund, uploadProof, userIdOf } from '../../../apps/api/test/support/wallet.ts';
import type { SettingKey, SettingValue } from '../../../apps/api/src/modules/content/settings.ts';
import { english } from './messages.ts';

const WAIT = { timeout: 30_000 };
const common = english('common');

/** A registered buyer (through the legacy call, as the API tests do) with an approved deposit of `deposit` USDT. */
export async function fundedBuyer(testApp: TestApp, credentials: { username: string; password: string }, deposit: string): Promise<TestUser> {
  const user = await registerUser(testApp, credentials);
  const id = await userIdOf(testApp, user.token);
  await fund(testApp, { ...user, id, proofUrl: await uploadProof(testApp, id) }, deposit);
  return user;
}

/** Changes a platform setting as an operator would (applies at once). */
export async function configure<K extends SettingKey>(testApp: TestApp, key: K, value: SettingValue<K>): Promise<void> {
  await testApp.services.settings.set(testApp.database.db, key, value, { type: 'system', id: 'e2e', reason: 'e2e arrangement' });
}

/** A fresh API session of the user (the browser's session stays as it is). */
export async function apiLogin(testApp: TestApp, username: string, password: string): Promise<string> {
  const response = await testApp.call<{ token: string }>('user!newlogin', { username, password });
  expect(response.code).toBe('0');
  return response.data?.token ?? '';
}

/** Logs in through the login page; the header then shows the user name. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await expect.poll(() => page.getByTestId('user-menu').textContent(), WAIT).toContain(username);
}

/** Logs out through the header's user menu: a toast, and back on the home page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.locator('[role^="menuitem"]', { hasText: common('header.logout') }).click();
  await toast(page, common('header.loggedOut')).waitFor(WAIT);
  await page.waitForURL('**/index', WAIT);
  await page.getByRole('link', { name: common('header.login'), exact: true }).waitFor(WAIT);
}

/** Picks an option of an antd Select (with search) by its label text, within `scope`. */
export async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await expect.poll(() => field.isEnabled(), WAIT).toBe(true);
  await field.click();
  await field.fill(option);
  // the filtered list's first entry is active; Enter picks it (the list animates, clicks miss it)
  await page.locator(`.ant-select-dropdown .ant-select-item-option-active[title="${option}"]`).waitFor(WAIT);
  await field.press('Enter');
  // antd 6 writes a single choice into the select's content box (class -content-has-value)
  // (an inner locator is relative to the outer one: the label is looked up inside the select)
  await scope.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) }).locator('.ant-select-content-has-value', { hasText: option }).waitFor(WAIT);
}

/**
 * A toast (antd message) with the text. The latest one: an earlier toast with the same text may still be
 * fading out, so callers check the effect on the page as well.
 */
export function toast(page: Page, text: string) {
  return page.locator('.ant-message').getByText(text, { exact: true }).last();
}
