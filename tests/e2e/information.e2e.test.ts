import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/api/src/seed/demo-accounts.ts';
import { screenshot } from './support/browser.ts';
import { operatorLogin } from './support/console-api.ts';
import { english } from './support/messages.ts';
import type { StoreServer } from './support/store-server.ts';
import { storeSession } from './support/store-session.ts';

// Information pages and the lucky draw in Chromium, against the real API server serving the built
// store: an operator writes a French version of the returns policy over console REST -> the footer's
// link reaches the page -> French readers get the French text, Arabic readers the English one (said so
// in Arabic, the page right to left, the English text left to right) -> /information lists the pages;
// an operator writes the Spanish privacy policy in the console's editor -> the store shows it; an
// operator schedules a lucky draw -> the home page shows its box, linking to the activity in a new
// tab, until the visitor closes it -> the operator ends it in the console.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const common = english('common');
const catalog = english('catalog');
const consoleCommon = english('common', 'console');
const consoleCatalog = english('catalog', 'console');

const FRENCH_TITLE = `Retours et échanges ${process.pid}`;
const FRENCH_TEXT = 'Vous disposez de 14 jours pour demander un retour.';
const SPANISH_TITLE = `Política de privacidad ${process.pid}`;
const DRAW_TITLE = `Autumn lucky draw ${process.pid}`;
const DRAW_URL = 'https://draw.example.com/autumn';

let server: StoreServer;
let problems: string[];
let page: Page;
let operator = '';

async function consolePost(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}/console/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

storeSession(
  {
    server: { products: 6 },
    seed: async (opened) => {
      await opened.testApp.services.information.seedDefaults();
      operator = await operatorLogin(opened.baseUrl);
    },
  },
  (session) => ({ server, problems, page } = session),
);

describe('information pages edited by an operator', () => {
  it('an operator writes the French returns policy over console REST', async () => {
    const response = await consolePost('/information-pages/returns/fr', { title: FRENCH_TITLE, body: `${FRENCH_TEXT}\n\n## Remboursement\n\nLe remboursement est versé sur votre portefeuille.`, reason: 'e2e' });
    expect(response.status).toBe(200);
  }, STEP);

  it("the footer's policy link opens the returns page in English", async () => {
    await page.goto('/index?lang=en');
    const footer = page.getByRole('navigation', { name: common('footer.policies') });
    await footer.getByRole('link', { name: common('footer.returns'), exact: true }).click();
    await page.waitForURL('**/information/returns', WAIT);
    await page.getByRole('heading', { level: 1, name: 'Returns and exchanges' }).waitFor(WAIT);
    await page.getByText('within 7 days', { exact: false }).first().waitFor(WAIT);
    expect(await page.getByText(catalog('information.fallback')).count()).toBe(0);
    await screenshot(page, 'information-returns-en');
  }, STEP);

  it('French readers get the French version the operator wrote', async () => {
    await page.goto('/information/returns?lang=fr');
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByRole('heading', { level: 1, name: FRENCH_TITLE }).waitFor(WAIT);
    await page.getByText(FRENCH_TEXT).waitFor(WAIT);
    await page.getByRole('heading', { level: 2, name: 'Remboursement' }).waitFor(WAIT);
  }, STEP);

  it('Arabic readers get the English version, said so, right to left around a left-to-right text', async () => {
    await page.goto('/information/returns?lang=ar');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    await page.getByRole('heading', { level: 1, name: 'Returns and exchanges' }).waitFor(WAIT);
    await page.locator('article[lang="en"][dir="ltr"]').waitFor(WAIT);
    await page.locator('.catalog-notice[lang="ar"][dir="rtl"]').waitFor(WAIT);
    await screenshot(page, 'information-returns-ar');
  }, STEP);

  it('/information lists every page, and a link inside a page stays in the store', async () => {
    await page.goto('/information?lang=en');
    const list = page.locator('.catalog-link-list');
    await list.getByRole('link', { name: 'Modern slavery statement' }).waitFor(WAIT);
    expect(await list.getByRole('link').count()).toBe(11);
    await screenshot(page, 'information-index-en');
    await list.getByRole('link', { name: 'Seller rules' }).click();
    await page.waitForURL('**/information/seller-rules', WAIT);
    await page.getByRole('link', { name: 'Modern slavery statement' }).click();
    await page.waitForURL('**/information/modern-slavery', WAIT);
    await page.getByRole('heading', { level: 1, name: 'Modern slavery statement' }).waitFor(WAIT);
    await page.goto('/information/no-such-page?lang=en');
    await page.getByText(common('notFound.title')).waitFor(WAIT);
  }, STEP);
});

describe('the console editor', () => {
  it('an operator writes the Spanish privacy policy in the console, with the preview beside it; the store shows it', async () => {
    await page.goto('/console/');
    await page.waitForURL('**/console/login', WAIT);
    await page.getByLabel(consoleCommon('login.username')).fill(DEMO_OPERATOR.username);
    await page.getByLabel(consoleCommon('login.password')).fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: consoleCommon('login.submit') }).click();
    await page.getByRole('menuitem', { name: consoleCommon('nav.information') }).click();
    await page.waitForURL('**/console/information', WAIT);
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL('**/console/information/privacy/en', WAIT);
    await page.goto('/console/information/privacy/es');
    // no Spanish version yet: the English text is the starting point
    await page.getByText(consoleCatalog('information.noVersion', { language: 'Español' })).waitFor(WAIT);
    await page.getByLabel(consoleCatalog('information.pageTitle')).fill(SPANISH_TITLE);
    await page.getByLabel(consoleCatalog('information.body')).fill('Tratamos tus datos con **cuidado**.\n\n<script>alert(1)</script>');
    const preview = page.locator('.console-information-preview');
    await preview.locator('strong', { hasText: 'cuidado' }).waitFor(WAIT);
    expect(await preview.locator('script').count()).toBe(0);
    await screenshot(page, 'console-information-editor');
    await page.getByRole('button', { name: consoleCatalog('information.save') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: consoleCommon('actions.confirm') }).click();
    await page.getByText(consoleCatalog('information.saved')).waitFor(WAIT);

    await page.goto('/information/privacy?lang=es');
    await page.getByRole('heading', { level: 1, name: SPANISH_TITLE }).waitFor(WAIT);
    await page.getByText('Tratamos tus datos con').waitFor(WAIT);
    // the typed script is text on the page, never run
    await page.getByText('<script>alert(1)</script>').waitFor(WAIT);
  }, STEP);
});

describe('the lucky draw', () => {
  it('shows the running activity on the home page, linking to it in a new tab, until closed', async () => {
    const now = server.testApp.clock.now().getTime();
    const response = await consolePost('/activities', { title: DRAW_TITLE, detailUrl: DRAW_URL, startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 86_400_000).toISOString() });
    expect(response.status).toBe(200);

    await page.goto('/index?lang=en');
    const box = page.getByRole('complementary', { name: catalog('luckyDraw.title') });
    await box.getByText(DRAW_TITLE).waitFor(WAIT);
    const link = box.getByRole('link', { name: catalog('luckyDraw.open') });
    expect(await link.getAttribute('href')).toBe(DRAW_URL);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await screenshot(page, 'lucky-draw-home-en');
    await box.getByRole('button', { name: catalog('luckyDraw.dismiss') }).click();
    await box.waitFor({ state: 'detached', ...WAIT });
    await page.reload();
    await page.getByRole('heading', { name: catalog('home.recommended') }).waitFor(WAIT);
    expect(await page.getByRole('complementary', { name: catalog('luckyDraw.title') }).count()).toBe(0);
  }, STEP);

  it('the console lists the activity as running, and ending it there takes it off the store', async () => {
    await page.goto('/console/lucky-draw');
    const row = page.getByRole('row').filter({ hasText: DRAW_TITLE });
    await row.getByText(consoleCatalog('luckyDraw.states.running')).waitFor(WAIT);
    await row.getByRole('button', { name: consoleCatalog('luckyDraw.end') }).waitFor(WAIT);
    await screenshot(page, 'console-lucky-draw');
    await row.getByRole('button', { name: consoleCatalog('luckyDraw.end') }).click();
    await page.getByRole('dialog').getByRole('button', { name: consoleCommon('actions.confirm') }).click();
    await page.getByText(consoleCatalog('luckyDraw.ended')).waitFor(WAIT);
    await row.getByText(consoleCatalog('luckyDraw.states.ended')).waitFor(WAIT);
    const current = (await (await fetch(`${server.baseUrl}/wap/api/activity/lottery!getCurrentActivity.action`)).json()) as { data: unknown };
    expect(current.data).toEqual({});
  }, STEP);

  it('leaves no script errors or failed loads behind', () => {
    expect(problems).toEqual([]);
  });
});
