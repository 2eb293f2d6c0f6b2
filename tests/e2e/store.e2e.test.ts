/// <reference lib="dom" />
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newStoreContext, screenshot, VIEWPORT } from './support/browser.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// The buyer store in Chromium against the real API server (own database, seeded catalogue) that
// serves the built store: the shell, and language switching with right-to-left layout.

const WAIT = { timeout: 30_000 };
let server: StoreServer;
let browser: Browser;

beforeAll(async () => {
  server = await startStoreServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function htmlLanguage(page: Page): Promise<{ lang: string | null; dir: string | null }> {
  const html = page.locator('html');
  return { lang: await html.getAttribute('lang'), dir: await html.getAttribute('dir') };
}

/** Where the centre of the header logo sits, as a share of the viewport width (0 left, 1 right). */
async function logoPosition(page: Page): Promise<number> {
  // right after a reload the header may still be laying out: wait until the logo has a box
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await page.locator('.header-logo img').boundingBox()) !== null, WAIT).toBe(true);
  if (!box) throw new Error('the header logo has no box');
  const { x, width } = box as { x: number; width: number };
  return (x + width / 2) / VIEWPORT.width;
}

async function chooseLanguage(page: Page, name: string, lang: string): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.locator('[role^="menuitem"]', { hasText: name }).click();
  // the choice reloads the page in the new language
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached', ...WAIT });
  await page.locator('.header-logo img').waitFor(WAIT);
}

describe('store shell', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;

  beforeAll(async () => {
    ({ context, problems } = await newStoreContext(browser, server.baseUrl));
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('serves the home page with the brand logo, in English by default', async () => {
    await page.goto('/');
    await page.waitForURL('**/index', WAIT);
    const logo = page.locator('.header-logo img');
    await logo.waitFor(WAIT);
    expect(await logo.getAttribute('alt')).toBe(server.brandName);
    // the logo really loaded (an SVG asset of the build)
    await expect.poll(() => logo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), WAIT).toBeGreaterThan(0);
    expect(await page.title()).toContain(server.brandName);
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await logoPosition(page)).toBeLessThan(0.5);
    await screenshot(page, 'shell-en');
    expect(problems).toEqual([]);
  }, 90_000);

  it('switches to Arabic from the language menu: <html dir="rtl" lang="ar"> and a mirrored layout', async () => {
    await chooseLanguage(page, 'العربية', 'ar');
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // mirrored: the logo moved to the right-hand side, the language menu to the left
    expect(await logoPosition(page)).toBeGreaterThan(0.5);
    const menu = await page.getByTestId('language-menu').boundingBox();
    expect(menu && menu.x + menu.width / 2).toBeLessThan(VIEWPORT.width / 2);
    await expect.poll(() => page.getByTestId('language-menu').textContent(), WAIT).toContain('العربية');
    await screenshot(page, 'shell-ar');
    // the choice is remembered across a reload
    await page.reload();
    await page.locator('.header-logo img').waitFor(WAIT);
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(problems).toEqual([]);
  }, 90_000);

  it('switches to Japanese: <html lang="ja" dir="ltr">, layout back to left-to-right', async () => {
    await chooseLanguage(page, '日本語', 'ja');
    expect(await htmlLanguage(page)).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(await logoPosition(page)).toBeLessThan(0.5);
    await expect.poll(() => page.getByTestId('language-menu').textContent(), WAIT).toContain('日本語');
    expect(problems).toEqual([]);
  }, 90_000);

  it('hides the navigation bar after 78 px, shows back-to-top after 100 px; home keeps its scroll position, other pages start at the top', async () => {
    await page.goto('/index?lang=en');
    await page.locator('.catalog-goods-card').first().waitFor(WAIT);
    const nav = page.locator('nav.header-nav');
    const backToTop = page.locator('.back-to-top');
    await page.evaluate(() => window.scrollTo(0, 70));
    await expect.poll(() => nav.getAttribute('class'), WAIT).not.toContain('header-nav-hidden');
    expect(await backToTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect.poll(() => nav.getAttribute('class'), WAIT).toContain('header-nav-hidden');
    expect(await backToTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await backToTop.waitFor(WAIT);

    // leave home from deep down the page: the product page starts at the top
    const card = page.locator('.catalog-goods-card-link').last();
    await card.scrollIntoViewIfNeeded();
    const homeY = await page.evaluate(() => Math.round(window.scrollY));
    expect(homeY).toBeGreaterThan(300);
    await card.click();
    await page.waitForURL('**/productDetails?id=*', WAIT);
    await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBe(0);
    // back home (a fresh load, sections arriving one by one): the position comes back
    await page.goto('/index');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), WAIT).toBe(homeY);
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBe(0);
    expect(problems).toEqual([]);
  }, 90_000);

  it('works from the keyboard: the search combobox and the language menu', async () => {
    await page.goto('/index?lang=en');
    await page.locator('.header-logo img').waitFor(WAIT);
    // search: type, arrow down to the first suggestion (announced through aria-activedescendant), Enter
    const search = page.getByRole('combobox');
    await search.focus();
    await search.pressSequentially(server.sampleGoods.name.slice(0, 6));
    await expect.poll(() => search.getAttribute('aria-expanded'), WAIT).toBe('true');
    const first = page.getByRole('option').first();
    await first.waitFor(WAIT);
    await search.press('ArrowDown');
    await expect.poll(() => first.getAttribute('aria-selected'), WAIT).toBe('true');
    expect(await search.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await search.press('Escape');
    await expect.poll(() => search.getAttribute('aria-expanded'), WAIT).toBe('false');
    await search.fill(server.sampleGoods.name);
    await search.press('Enter');
    await page.waitForURL('**/searchGoods?*', WAIT);

    // language menu: Enter opens it with focus on the current language, arrows move, Escape closes and gives focus back
    const menuButton = page.getByTestId('language-menu');
    await menuButton.focus();
    await menuButton.press('Enter');
    await expect.poll(() => menuButton.getAttribute('aria-expanded'), WAIT).toBe('true');
    const focusedLabel = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focusedLabel, WAIT).toContain('English');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedLabel, WAIT).not.toContain('English');
    await page.keyboard.press('Escape');
    await expect.poll(() => menuButton.getAttribute('aria-expanded'), WAIT).toBe('false');
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  }, 90_000);

  it('answers an unknown page with the store (client-side not-found), and API paths with the API', async () => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(200);
    await page.locator('.header-logo img').waitFor(WAIT);
    const api = await fetch(`${server.baseUrl}/wap/api/no-such!call.action`);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(problems).toEqual([]);
  }, 90_000);
});
