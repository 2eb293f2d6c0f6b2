/// <reference types="node" />
// The server's renderer of the /wap store (ADR 0019): the same routes, pages and providers as the browser,
// rendered to HTML with the API answers they ask for, so a phone shows the page before any script has
// run; the browser then hydrates it (main.tsx). Built by `vite build --ssr` into dist-server/ and
// loaded by the API (apps/api/src/page-render.ts), which reaches the API in process through `fetch`.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { loadAntdLocale } from '@caravan/ui/antd-locale';
import { findLocale, type Locale } from '@caravan/contract/languages';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { routes, type PageHandle } from './app/router.tsx';
import { readCheckoutCookie } from './features/cart/lib/checkout-cookie.ts';
import { initAllMessages } from './lib/i18n.ts';
import { WAP_BASENAME, wapQuery } from './lib/mount.ts';
import { provideServerContext, type ServerContext, type ServerSession } from './lib/server-context.ts';
import type { SsrState } from './lib/ssr-state.ts';

/**
 * Renders after each round of API answers, until nothing new is asked for: a page's queries can depend
 * on others' answers (home's banners fall back to the home content). What is still missing after the
 * last round is left to the browser (a skeleton, as it would show anyway).
 */
export const MAX_RENDER_ROUNDS = 3;

export interface RenderRequest {
  /** The address asked for, under /wap (path and query). */
  url: string;
  /** The language from the query, the language cookie or the browser's header, decided by the caller. */
  locale: Locale;
  /** The visitor of the page-session cookie, or null. */
  session: ServerSession | null;
  platformTimeZone: string;
  /** The API in the server's own process. */
  fetch: typeof fetch;
  /** The store's checkout cookie (the buyer's checked cart lines), as the browser sent it. */
  checkout?: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page's markup, for <div id="root">. */
      html: string;
      /** Ant Design's styles for the page, as <style> elements for <head>. */
      styles: string;
      state: SsrState;
      /** The page modules rendered (relative to src/), whose chunks and styles the page needs. */
      pages: string[];
      /** Whether the render depended on the visitor (a signed-in page must not be shared by a cache). */
      personal: boolean;
    };

const context = new AsyncLocalStorage<ServerContext>();
provideServerContext(() => context.getStore());

/** The checkout's route: the one page drawn with the buyer's cart. */
const CHECKOUT_PAGE = '/settlement';
const pageOf = (location: string): string => location.split('?')[0] ?? location;

const handler = createStaticHandler(routes, { basename: WAP_BASENAME });

/** One i18next instance per language, with every namespace (loaded once, read by every render). */
const messages = new Map<Locale, Promise<i18n>>();
function messagesOf(locale: Locale): Promise<i18n> {
  let instance = messages.get(locale);
  if (!instance) {
    instance = initAllMessages(locale);
    instance.catch(() => messages.delete(locale));
    messages.set(locale, instance);
  }
  return instance;
}

/** The namespaces one render uses, as react-i18next reports them (fresh for each synchronous render). */
function trackNamespaces(instance: i18n): Set<string> {
  const used = new Set<string>();
  (instance as i18n & { reportNamespaces?: unknown }).reportNamespaces = {
    addUsedNamespaces: (namespaces: readonly string[]) => namespaces.forEach((namespace) => used.add(namespace)),
    getUsedNamespaces: () => [...used],
  };
  return used;
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false && typeof query.options.queryFn === 'function';
}

/** Queries the last render asked for and nobody has fetched: the next round's work. */
function unanswered(client: QueryClient, tried: Set<Query>): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !tried.has(query) && isEnabled(query));
}

/** The router path and query the browser will hydrate at: the legacy query rewritten, `lang` left out. */
export function hydrationLocation(url: URL): string {
  const path = url.pathname === WAP_BASENAME ? '/' : url.pathname.slice(WAP_BASENAME.length);
  const search = wapQuery(path, url.searchParams) ?? new URLSearchParams(url.searchParams);
  search.delete('lang');
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://store.invalid');
  const location = hydrationLocation(url);
  const ctx: ServerContext = {
    session: request.session,
    locale: findLocale(request.locale) ?? 'en',
    platformTimeZone: request.platformTimeZone,
    fetch: request.fetch,
    checkoutLines: request.session && pageOf(location) === CHECKOUT_PAGE ? readCheckoutCookie(request.checkout, request.session.user.usercode) : [],
  };
  return context.run(ctx, async () => {
    const routed = await handler.query(new Request(new URL(`${WAP_BASENAME}${location === '/' ? '' : location}`, url.origin)));
    if (routed instanceof Response) {
      const target = routed.headers.get('location') ?? `${WAP_BASENAME}/index`;
      return { kind: 'redirect', status: routed.status, location: target };
    }
    const staticContext: StaticHandlerContext = routed;
    const router = createStaticRouter(handler.dataRoutes, staticContext);
    const [i18n, antdLocale] = await Promise.all([messagesOf(ctx.locale), loadAntdLocale(ctx.locale)]);
    const queryClient = createQueryClient({ server: true });
    const styleCache = createCache();
    const tree = (
      <StyleProvider cache={styleCache}>
        <App i18n={i18n} locale={ctx.locale} antdLocale={antdLocale} queryClient={queryClient} router={<StaticRouterProvider router={router} context={staticContext} hydrate={false} />} />
      </StyleProvider>
    );

    const tried = new Set<Query>();
    let html = '';
    let namespaces = new Set<string>();
    for (let round = 1; ; round += 1) {
      namespaces = trackNamespaces(i18n);
      html = renderToString(tree);
      const next = unanswered(queryClient, tried);
      if (next.length === 0 || round === MAX_RENDER_ROUNDS) break;
      for (const query of next) tried.add(query);
      await Promise.all(next.map((query) => query.fetch().catch(() => undefined)));
      // a failed answer is not shown: the browser asks again, as it would for a page it renders itself
      for (const query of queryClient.getQueryCache().getAll()) if (query.state.status === 'error') queryClient.getQueryCache().remove(query);
    }

    const pages = staticContext.matches.map((match) => (match.route.handle as Partial<PageHandle> | undefined)?.page).filter((page): page is string => typeof page === 'string');
    const notFound = pages.includes('app/layout/not-found-page.tsx');
    const state: SsrState = {
      locale: ctx.locale,
      location,
      user: request.session ? { username: request.session.user.username, usercode: request.session.user.usercode } : null,
      checkout: ctx.checkoutLines,
      namespaces: [...namespaces],
      queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' }),
    };
    queryClient.clear();
    return { kind: 'page', status: notFound ? 404 : staticContext.statusCode, html, styles: extractStyle(styleCache), state, pages, personal: request.session !== null };
  });
}
