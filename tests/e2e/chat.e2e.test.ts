import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../apps/api/test/support/test-app.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { readsLeftToRight } from './support/bidi.ts';
import { closeAll, launchChromium, newStoreContext, screenshot, screenshotFailures, VIEWPORT } from './support/browser.ts';
import { logIn } from './support/buyer.ts';
import { buyerConversation, operatorLogin, replyInChat } from './support/console-api.ts';
import { english } from './support/messages.ts';
import { makePng } from './support/png.ts';
import { startStoreServer, type StoreServer } from './support/store-server.ts';

// The customer-service chat in Chromium, against the real API server serving the built store: a visitor
// is told to log in -> a reply waiting shows as the badge on both header icons -> the dialog (480 x 680,
// focus inside) reads it and the badges clear -> Enter sends a text (Shift+Enter breaks the line) -> a
// picture is stored and sent, and enlarges on click -> an operator answers through the console REST
// route and the reply appears without a reload -> Escape closes, focus back on the icon -> the dialog in
// Arabic, right to left (screenshots in en and ar) -> it moves and resizes within the viewport.
// The server runs the chat socket its page names: replies arrive over it; stopped (as at a shutdown,
// with the reconnect frame) the dialog polls, and once it runs again the dialog reconnects.
// The steps share one page and run in order; a failed step fails the ones after it.

const WAIT = { timeout: 30_000 };
const STEP = 120_000;
const common = english('common');
const chat = english('chat');

const USERNAME = `chat${Date.now().toString(36).slice(-6)}`;
const PASSWORD = 'Tr0ub4dor';
const QUESTION = 'Where is my order? (e2e)';
const FIRST_REPLY = 'Hello, customer service here (e2e)';
const SECOND_REPLY = 'It left the warehouse today (e2e)';
const THIRD_REPLY = 'The tracking number follows by mail (e2e)';
const FOURTH_REPLY = 'Anything else? (e2e)';
/** More than a page of newOnlinechat!list (20). */
const EXTRA_REPLIES = 25;

let server: StoreServer;
let buyer: TestUser;
let browser: Browser;
let context: BrowserContext;
let problems: string[];
let page: Page;
/** What the page's chat sockets received, in order. */
const received: string[] = [];

beforeAll(async () => {
  server = await startStoreServer({ products: 12, chatSocket: true });
  buyer = await registerUser(server.testApp, { username: USERNAME, password: PASSWORD });
  browser = await launchChromium();
  ({ context, problems } = await newStoreContext(browser, server.baseUrl));
  page = await context.newPage();
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))));
}, STEP);

screenshotFailures(() => page);
afterAll(() => closeAll(context, browser, server));

const dialog = () => page.getByRole('dialog', { name: chat('dialog.title') });
const log = () => dialog().getByTestId('chat-log');
const badge = (icon: 'customer-service' | 'chat-messages') => page.getByTestId(`${icon}-badge`);
const welcomes = () => received.filter((frame) => frame.includes('"type":"welcome"')).length;
/** A reply pushed over the socket (text travels URL-encoded, as in newOnlinechat!list). */
const pushed = (text: string) => received.some((frame) => frame.includes('"type":"message"') && frame.includes(encodeURIComponent(text)));

async function operatorReply(text: string): Promise<void> {
  const token = await operatorLogin(server.baseUrl);
  const conversation = await buyerConversation(server.baseUrl, token, USERNAME);
  expect(conversation, 'the buyer has a conversation in the inbox').toBeDefined();
  const reply = await replyInChat(server.baseUrl, token, conversation?.id ?? '', text);
  expect(reply.from).toBe('operator');
}

describe('a buyer chats with customer service', () => {
  it('a visitor who opens customer service (query value) is told to log in, with a link back', async () => {
    await page.goto('/index?customer-service=1');
    await dialog().getByText(chat('visitor.text')).waitFor(WAIT);
    const link = dialog().getByRole('link', { name: chat('visitor.login') });
    expect(await link.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/index?customerService=1')}`);
    // the focus moved into the dialog; visitors see no badges
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent)).toBe(chat('visitor.login'));
    expect(await badge('customer-service').count()).toBe(0);
    // Escape closes it and forgets the query value
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached', ...WAIT });
    await page.waitForURL((url) => url.pathname === '/index' && url.search === '', WAIT);
    expect(problems).toEqual([]);
  }, STEP);

  it('logs in with a reply waiting: both header icons show the unread badge', async () => {
    const asked = await server.testApp.call('newOnlinechat!send', { type: 'text', content: encodeURIComponent(QUESTION) }, { token: buyer.token });
    expect(asked.code).toBe('0');
    await operatorReply(FIRST_REPLY);
    await logIn(page, USERNAME, PASSWORD);
    await expect.poll(() => badge('customer-service').textContent(), WAIT).toBe('1');
    expect(await badge('chat-messages').textContent()).toBe('1');
    expect(await page.getByTestId('customer-service').getAttribute('aria-label')).toBe(common('header.customerServiceUnread_one', { count: 1 }));
    expect(problems).toEqual([]);
  }, STEP);

  it('opens the dialog from the header icon: 480 x 680, the conversation newest at the bottom, badges cleared', async () => {
    await page.getByTestId('customer-service').click();
    await log().getByText(FIRST_REPLY).waitFor(WAIT);
    const box = await dialog().boundingBox();
    expect([box?.width, box?.height]).toEqual([480, 680]);
    const order = await log().locator('li').evaluateAll((items) => items.map((item) => [item.getAttribute('data-from'), (item as unknown as { innerText: string }).innerText]));
    expect(order.map(([from]) => from)).toEqual(['buyer', 'service']);
    expect(order[0]?.[1]).toContain(QUESTION);
    // reading the list marks the reply read: the badges go away
    await badge('customer-service').waitFor({ state: 'detached', ...WAIT });
    expect(await badge('chat-messages').count()).toBe(0);
    expect(await page.getByTestId('customer-service').getAttribute('aria-label')).toBe(common('header.customerService'));
    const unread = await server.testApp.call<number>('newOnlinechat!unread', {}, { token: buyer.token });
    expect(unread.data).toBe(0);
    await screenshot(page, 'chat-dialog-en', { fullPage: false });
    // keyboard: the message box has the focus, Tab stays inside the dialog
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid')), WAIT).toBe('chat-input');
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog().evaluate((root) => root.contains((globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement as never))).toBe(true);
    }
    expect(await seriousAxeViolations(page, '[data-testid="chat-dialog"]')).toEqual([]);
    expect(problems).toEqual([]);
  }, STEP);

  it('Enter sends a text, Shift+Enter breaks the line', async () => {
    const input = dialog().getByLabel(chat('composer.label'));
    await input.click();
    await input.pressSequentially('First line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    expect(await input.inputValue()).toBe('First line\nsecond line');
    await input.press('Enter');
    const mine = log().locator('li[data-from="buyer"]').filter({ hasText: 'second line' });
    await mine.waitFor(WAIT);
    expect(await mine.locator('.chat-text').evaluate((element) => (element as unknown as { innerText: string }).innerText)).toBe('First line\nsecond line');
    await expect.poll(() => input.inputValue(), WAIT).toBe('');
    expect(problems).toEqual([]);
  }, STEP);

  it('sends a picture: stored, sent, shown, and enlarged on click', async () => {
    await dialog().getByLabel(chat('composer.image')).setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: makePng() });
    const picture = log().locator('li[data-from="buyer"]').getByRole('button', { name: chat('message.enlarge') });
    await picture.waitFor(WAIT);
    await expect.poll(() => picture.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), WAIT).toBe(120);
    await picture.click();
    const preview = page.locator('.ant-image-preview');
    await preview.waitFor({ state: 'visible', ...WAIT });
    // Escape closes the preview, not the dialog
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden', ...WAIT });
    expect(await dialog().isVisible()).toBe(true);
    expect(problems).toEqual([]);
  }, STEP);

  it("an operator's reply through the console route arrives over the socket without a reload; no badge while the dialog is open", async () => {
    expect(welcomes()).toBeGreaterThan(0);
    await page.evaluate(() => {
      (globalThis as unknown as { chatMarker: number }).chatMarker = 42;
    });
    await operatorReply(SECOND_REPLY);
    await log().locator('li[data-from="service"]').getByText(SECOND_REPLY).waitFor(WAIT);
    expect(pushed(SECOND_REPLY)).toBe(true);
    // the same document (no reload), newest at the bottom
    expect(await page.evaluate(() => (globalThis as unknown as { chatMarker?: number }).chatMarker)).toBe(42);
    expect(await log().locator('li').last().textContent()).toContain(SECOND_REPLY);
    // the dialog read it: the server counts nothing unread, and no badge shows
    await expect.poll(async () => (await server.testApp.call<number>('newOnlinechat!unread', {}, { token: buyer.token })).data, WAIT).toBe(0);
    expect(await badge('customer-service').count()).toBe(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('with the socket down the dialog polls; when it is back, the dialog reconnects', async () => {
    const socket = server.chatSocket;
    if (!socket) throw new Error('the store server runs no chat socket');
    const before = welcomes();
    // as at a shutdown: the reconnect frame, close 1012; nothing listens afterwards
    await socket.stop();
    await operatorReply(THIRD_REPLY);
    await log().locator('li[data-from="service"]').getByText(THIRD_REPLY).waitFor(WAIT);
    expect(pushed(THIRD_REPLY)).toBe(false);
    expect(received.some((frame) => frame.includes('"type":"reconnect"'))).toBe(true);
    await socket.start();
    await expect.poll(welcomes, { timeout: 45_000 }).toBeGreaterThan(before);
    await operatorReply(FOURTH_REPLY);
    await log().locator('li[data-from="service"]').getByText(FOURTH_REPLY).waitFor(WAIT);
    expect(pushed(FOURTH_REPLY)).toBe(true);
    // while nothing listened, the browser reported each refused connection attempt; nothing else went wrong
    const refused = (problem: string) => /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/.*' failed/.test(problem);
    expect(problems.filter((problem) => !refused(problem))).toEqual([]);
    problems.splice(0, problems.length);
  }, STEP);

  it('moves by its title bar and resizes by its corner, within the viewport', async () => {
    const before = await dialog().boundingBox();
    if (!before) throw new Error('no dialog box');
    await page.mouse.move(before.x + before.width / 2, before.y + 20);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 - 300, before.y + 20 - 100, { steps: 5 });
    await page.mouse.up();
    const moved = await dialog().boundingBox();
    expect([moved?.x, moved?.y]).toEqual([before.x - 300, before.y - 100]);
    const corner = dialog().getByRole('button', { name: chat('dialog.resize') });
    const handle = await corner.boundingBox();
    if (!handle || !moved) throw new Error('no resize handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 5000, handle.y + handle.height / 2 + 5000, { steps: 5 });
    await page.mouse.up();
    const resized = await dialog().boundingBox();
    expect(resized?.x).toBe(moved.x);
    // as large as the viewport allows, not beyond it
    expect((resized?.x ?? 0) + (resized?.width ?? 0)).toBeLessThanOrEqual(VIEWPORT.width);
    expect((resized?.y ?? 0) + (resized?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
    expect(resized?.width).toBeGreaterThan(moved.width ?? 0);
    // from the keyboard: the arrow keys on the resize and move buttons
    await corner.focus();
    await corner.press('ArrowUp');
    await expect.poll(async () => (await dialog().boundingBox())?.height, WAIT).toBe((resized?.height ?? 0) - 20);
    const mover = dialog().getByRole('button', { name: chat('dialog.move') });
    await mover.focus();
    await mover.press('ArrowDown');
    await expect.poll(async () => (await dialog().boundingBox())?.y, WAIT).toBe((resized?.y ?? 0) + 20);
    expect(problems).toEqual([]);
  }, STEP);

  it('Escape closes it and gives the focus back to the icon', async () => {
    await dialog().getByLabel(chat('composer.label')).focus();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached', ...WAIT });
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid'))).toBe(
      'customer-service',
    );
    // everything was read while it was open: no badge comes back
    expect(await badge('customer-service').count()).toBe(0);
    expect(await badge('chat-messages').count()).toBe(0);
    expect(problems).toEqual([]);
  }, STEP);

  it('in Arabic the dialog opens on the left, reads right to left, times keep their digits in order', async () => {
    await page.goto('/index?lang=ar&customerService=1');
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });
    // the dialog's name is Arabic now
    const arabic = page.getByTestId('chat-dialog');
    expect(await arabic.getAttribute('role')).toBe('dialog');
    const arabicLog = arabic.getByTestId('chat-log');
    await arabicLog.getByText(FOURTH_REPLY).waitFor(WAIT);
    const box = await arabic.boundingBox();
    expect(box?.x).toBeLessThan(VIEWPORT.width / 2);
    expect([box?.width, box?.height]).toEqual([480, 680]);
    const time = (await arabicLog.locator('.chat-time').last().textContent()) ?? '';
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await readsLeftToRight(arabicLog.locator('.chat-time').last(), time)).toBe(true);
    expect(await seriousAxeViolations(page, '[data-testid="chat-dialog"]')).toEqual([]);
    await screenshot(page, 'chat-dialog-ar', { fullPage: false });
    await page.goto('/index?lang=en');
    await page.locator('html[dir="ltr"][lang="en"]').waitFor({ state: 'attached', ...WAIT });
    expect(problems).toEqual([]);
  }, STEP);

  it('a long conversation: the badge counts, the newest page shows, scrolling up loads the older ones in place', async () => {
    const token = await operatorLogin(server.baseUrl);
    const conversation = await buyerConversation(server.baseUrl, token, USERNAME);
    for (let n = 1; n <= EXTRA_REPLIES; n += 1) await replyInChat(server.baseUrl, token, conversation?.id ?? '', `Note ${n} of ${EXTRA_REPLIES} (e2e)`);
    await page.reload();
    await expect.poll(() => badge('chat-messages').textContent(), WAIT).toBe(String(EXTRA_REPLIES));
    expect(await page.getByTestId('chat-messages').getAttribute('aria-label')).toBe(common('header.messagesUnread_other', { count: EXTRA_REPLIES }));
    await page.getByTestId('chat-messages').click();
    await log().getByText(`Note ${EXTRA_REPLIES} of ${EXTRA_REPLIES} (e2e)`).waitFor(WAIT);
    // one page (20) to begin with, scrolled to the newest
    expect(await log().locator('li').count()).toBe(20);
    expect(await log().evaluate((element) => {
      const box = element as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number };
      return box.scrollHeight - box.scrollTop - box.clientHeight;
    })).toBeLessThan(2);
    const anchor = log().getByText(`Note 10 of ${EXTRA_REPLIES} (e2e)`);
    await log().evaluate((element) => {
      (element as unknown as { scrollTop: number }).scrollTop = 0;
    });
    await log().getByText(QUESTION).waitFor(WAIT);
    await log().getByText(chat('list.beginning')).waitFor(WAIT);
    // the older messages went in above what was on screen: it did not jump back to the top
    expect(await log().evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop)).toBeGreaterThan(0);
    expect(await anchor.isVisible()).toBe(true);
    await badge('chat-messages').waitFor({ state: 'detached', ...WAIT });
    expect(problems).toEqual([]);
  }, STEP);
});
