import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeAll, launchChromium, newStoreContext, screenshotFailures } from './browser.ts';
import { startStoreServer, type StoreServer } from './store-server.ts';

/** What a store e2e file drives: the server, the browser, one context with its page and the problems it saw. */
export interface StoreSession {
  server: StoreServer;
  browser: Browser;
  context: BrowserContext;
  problems: string[];
  page: Page;
}

export interface StoreSessionOptions {
  /** How the server starts (products in the catalogue, the chat socket). */
  server?: Parameters<typeof startStoreServer>[0];
  /** Run on the server before the browser starts: accounts and data the file needs. */
  seed?: (server: StoreServer) => Promise<void>;
  /** Replaces the PC viewport (e.g. PHONE). */
  device?: BrowserContextOptions;
  /** The set-up's time limit (vitest's default when not given). */
  timeout?: number;
}

/**
 * The set-up store e2e files share, as hooks of the calling file: before it, the API server serving
 * the built store, `seed`, Chromium and one context with its page, handed to `opened`; after a failed
 * step, its screenshot; after the file, everything closed (whatever was opened when set-up failed).
 */
export function storeSession(options: StoreSessionOptions, opened: (session: StoreSession) => void): void {
  const open: Partial<StoreSession> = {};
  beforeAll(async () => {
    const server = (open.server = await startStoreServer(options.server));
    await options.seed?.(server);
    const browser = (open.browser = await launchChromium());
    const { context, problems } = await newStoreContext(browser, server.baseUrl, options.device);
    open.context = context;
    const page = (open.page = await context.newPage());
    opened({ server, browser, context, problems, page });
  }, options.timeout);
  screenshotFailures(() => open.page);
  afterAll(() => closeAll(open.context, open.browser, open.server));
}
