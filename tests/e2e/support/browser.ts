// Chromium through playwright-core: the machine's browser (CHROMIUM_PATH, else Debian's
// /usr/bin/chromium; `npm test` provisions one, see scripts/bootstrap.mjs). Nothing is downloaded.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { afterEach } from 'vitest';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `no Chromium at ${candidate}: set CHROMIUM_PATH, or run the suite through npm test, which installs Debian's chromium package when it can`,
    );
  }
  return candidate;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/** The PC store's viewport. */
export const VIEWPORT = { width: 1366, height: 900 };

export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/** The whole page by default; `fullPage: false` for what is on screen (a floating dialog stays where it is). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * Resolves once the page's running animations and transitions have ended (a dialog's zoom-in, say), e.g.
 * before a screenshot. Endless ones (a spinner shown while an answer is awaited) never end and are not
 * waited for: on a loaded machine a slower answer left one running and the wait lasted until the test's
 * time-out.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Running = { finished: Promise<unknown>; effect: { getComputedTiming(): { iterations?: number | null } } | null };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    const ending = doc.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    return Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** A phone as the /wap tests see it: an iPhone's user agent at 390 x 844, touch, mobile viewport. */
export const PHONE: BrowserContextOptions = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/**
 * A fresh context (own storage) that records what would make a page broken without failing an
 * assertion on it: uncaught script errors, console errors and server errors. `device` replaces the
 * PC viewport (e.g. PHONE).
 */
export async function newStoreContext(browser: Browser, baseUrl: string, device: BrowserContextOptions = {}): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale: 'en-US', ...device });
  const problems: string[] = [];
  context.on('page', (page) => watch(page, problems));
  return { context, problems };
}

/** Requests the browser makes on its own that the store does not answer (yet): not the store's fault. */
const BROWSER_OWN_REQUESTS = new Set(['/favicon.ico']);

/** How many of a page's latest events a failed step prints (see `screenshotFailures`). */
const RECORDED_EVENTS = 40;

/**
 * What a page did lately, for the report of a failed step: its navigations, API calls (with their
 * answers' status and time), failed requests and console messages, and the requests still unanswered.
 * A step that timed out in CI then says whether it waited for the server, a request that never came
 * back, or the page itself.
 */
interface FlightRecord {
  events: string[];
  pending: Map<Request, { at: number; what: string }>;
}
const flights = new WeakMap<Page, FlightRecord>();

function record(flight: FlightRecord, event: string): void {
  flight.events.push(`${new Date().toISOString().slice(11, 23)} ${event}`);
  if (flight.events.length > RECORDED_EVENTS) flight.events.shift();
}

const describeRequest = (request: Request) => `${request.method()} ${request.url().replace(/^https?:\/\/[^/]+/, '')}`;

function watch(page: Page, problems: string[]): void {
  const flight: FlightRecord = { events: [], pending: new Map() };
  flights.set(page, flight);
  page.on('pageerror', (error) => {
    problems.push(`page error on ${page.url()}: ${error.message}`);
    record(flight, `page error: ${error.message}`);
  });
  page.on('console', (message) => {
    // failed loads are reported below with their address
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console error on ${page.url()}: ${message.text()}`);
    if (message.type() === 'error' || message.type() === 'warning') record(flight, `console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) record(flight, `at ${frame.url()}`);
  });
  page.on('request', (request) => {
    if (['fetch', 'xhr', 'document'].includes(request.resourceType())) flight.pending.set(request, { at: Date.now(), what: describeRequest(request) });
  });
  page.on('requestfailed', (request) => {
    const started = flight.pending.get(request);
    flight.pending.delete(request);
    if (started) record(flight, `${started.what} failed after ${Date.now() - started.at} ms: ${request.failure()?.errorText ?? 'unknown'}`);
  });
  page.on('requestfinished', (request) => flight.pending.delete(request));
  page.on('response', (response) => {
    const request = response.request();
    const isApi = ['fetch', 'xhr'].includes(request.resourceType());
    if (response.status() >= 500 || (!isApi && response.status() >= 400 && !BROWSER_OWN_REQUESTS.has(new URL(response.url()).pathname))) {
      problems.push(`${response.status()} for ${request.method()} ${response.url()}`);
    }
    const started = flight.pending.get(request);
    if (started) record(flight, `${started.what} -> ${response.status()} in ${Date.now() - started.at} ms`);
  });
}

/** The page's address, its latest events and its unanswered requests (with their age), as lines. */
export function flightReport(page: Page): string[] {
  const flight = flights.get(page);
  const now = Date.now();
  const pending = flight ? [...flight.pending.values()].map(({ at, what }) => `  unanswered for ${now - at} ms: ${what}`) : [];
  return [`page at ${page.url()}`, ...(pending.length > 0 ? ['requests still unanswered:', ...pending] : ['no request unanswered']), 'latest events:', ...(flight?.events ?? []).map((event) => `  ${event}`)];
}

/**
 * Registers an afterEach hook: a failed step leaves a picture of where it stopped (failed-<step>.png)
 * and prints what its page did last (`flightReport`), which a CI log keeps when the picture is gone.
 */
export function screenshotFailures(currentPage: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    const page = currentPage();
    if (task.result?.state !== 'fail' || !page) return;
    console.log([`[e2e] "${task.name}" failed;`, ...flightReport(page)].join('\n'));
    await screenshot(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
}

/** Closes what a test file opened, in order; any of them may be missing when its setup failed. */
export async function closeAll(...things: ({ close(): Promise<void> } | undefined)[]): Promise<void> {
  for (const thing of things) await thing?.close();
}
