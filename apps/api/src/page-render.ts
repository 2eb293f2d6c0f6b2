// The /wap pages rendered by the server (ADR 0019): the store's own renderer (apps/store/dist-server,
// built from apps/store/src/entry-server.tsx) draws the page with the API answers it needs, reached in
// this process through `inject`; this file puts that markup into the store's index.html with the page's
// styles and hands the browser what it needs to hydrate it. The scripts load once the page is on screen
// (after the load event): a phone on a slow network sees the page first and gets the app after.
// Without the renderer's build, or when it fails, the page is the plain index.html (the client renders).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { findLocale, isRtl, type Locale } from '@caravan/contract/languages';
import { CHECKOUT_COOKIE, LANGUAGE_COOKIE, PAGE_SESSION_COOKIE, SSR_BOOT_ELEMENT_ID, SSR_STATE_ELEMENT_ID } from '@caravan/contract/server-page';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import type { Clock } from './platform/clock.ts';
import { TtlCache } from './platform/ttl-cache.ts';

/** A page for visitors is the same for everyone: kept this long per address and language. */
export const PAGE_CACHE_TTL_MS = 3_000;
/** Rendered pages kept at most (about 60 KB each). */
export const PAGE_CACHE_ENTRIES = 200;

/** The boot script's bound: the app loads at the latest this long after the load event. */
export const BOOT_AT_LATEST_MS = 5_000;

/**
 * Loads the app once the page is on screen: after the load event (the page's own pictures first) and
 * the first contentful paint, two frames later, the entry module and the page's own chunk (a hidden page
 * loads them at once: it paints nothing). Until the app is live (it sets `__caravanLive` once hydrated,
 * apps/store/src/app/app-live.tsx), a tap on a button or other control is held and given again to the
 * app then, instead of being lost; links and text fields work as they are. One fixed text, allowed by
 * its hash in the page's Content-Security-Policy.
 */
export const BOOT_SCRIPT =
  `(function(){var d=document,w=window,started=0,held=w.__caravanHeldClicks=[];` +
  `d.addEventListener('click',function(e){if(w.__caravanLive)return;var t=e.target;if(!t||!t.closest||t.closest('a[href]'))return;` +
  `var c=t.closest('button,summary,label,input[type=checkbox],input[type=radio],input[type=submit],input[type=button],[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=menuitem],[role=option]');` +
  `if(!c)return;e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(c)<0)held.push(c)},true);` +
  `function go(){if(started)return;started=1;var b=JSON.parse(d.getElementById('${SSR_BOOT_ELEMENT_ID}').textContent);` +
  `b.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});` +
  `var s=d.createElement('script');s.type='module';s.src=b.entry;d.head.appendChild(s)}` +
  `function later(){w.requestAnimationFrame(function(){w.requestAnimationFrame(function(){setTimeout(go)})})}` +
  // a page that is (or goes) out of sight paints nothing and runs no animation frame: it loads at once;
  // and however the paint goes, the app comes within BOOT_AT_LATEST_MS of the load event
  `function painted(){if(d.visibilityState==='hidden')return go();` +
  `d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')go()});setTimeout(go,${BOOT_AT_LATEST_MS});` +
  `try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}});o.observe({type:'paint',buffered:true})}catch(e){later()}}` +
  `if(d.readyState==='complete')painted();else w.addEventListener('load',painted)})()`;

/** The Content-Security-Policy source that allows BOOT_SCRIPT and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

interface ServerSession {
  token: string;
  user: { username: string; usercode: string };
}

/** The visitor of a page-session token (modules/accounts/page-session.routes.ts), or null when it has ended. */
export type PageSessionReader = (token: string) => Promise<ServerSession | null>;

/** What apps/store/src/entry-server.tsx exports (kept structural: the API does not import the store). */
interface StoreRenderer {
  render(request: {
    url: string;
    locale: Locale;
    session: ServerSession | null;
    platformTimeZone: string;
    fetch: typeof fetch;
    /** The store's checkout cookie (a signed-in buyer's checked cart lines), read by the store's renderer. */
    checkout?: string;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; html: string; styles: string; state: Record<string, unknown>; pages: string[]; personal: boolean }
  >;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RenderedPage {
  status: number;
  /** A redirect's target, or the page's HTML. */
  location?: string;
  html?: string;
  /** Depends on the visitor: never shared by a cache. */
  personal: boolean;
  /** The HTML compressed for a browser that accepts it, made once per page (a cached page serves many). */
  encoded?: { br?: Buffer; gzip?: Buffer };
  /** The page-session cookie named a session that has ended: the answer drops it. */
  endedSession?: boolean;
}

/** Whether an Accept-Encoding header accepts `name` (listed, and not with q=0). */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (token.toLowerCase() !== name) return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * The page's body for this Accept-Encoding: brotli, else gzip, else plain. A page is 60 to 130 KB of
 * HTML, a phone on a slow network waits for every byte of it before it can paint (about a fifth of that
 * compressed); brotli at quality 5 costs about a millisecond.
 */
export function encodedPage(page: RenderedPage, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  const html = page.html ?? '';
  const accepts = (name: string) => acceptsEncoding(acceptEncoding, name);
  page.encoded ??= {};
  if (accepts('br')) {
    page.encoded.br ??= brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
    return { body: page.encoded.br, encoding: 'br' };
  }
  if (accepts('gzip')) {
    page.encoded.gzip ??= gzipSync(html, { level: 6 });
    return { body: page.encoded.gzip, encoding: 'gzip' };
  }
  return { body: html };
}

/** The language to render in: `lang` in the query, the store's language cookie, the browser's languages, English. */
export function pageLocale(query: URLSearchParams, cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const fromQuery = findLocale(query.get('lang'));
  if (fromQuery) return fromQuery;
  const cookie = readCookie(cookieHeader, LANGUAGE_COOKIE);
  const fromCookie = cookie ? findLocale(cookie) : undefined;
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const locale = findLocale(tag) ?? findLocale(tag.split('-')[0]);
    if (locale) return locale;
  }
  return 'en';
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** JSON safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The API, answered in this process: what the store's client would get over the network. */
function inProcessFetch(app: FastifyInstance, clientIp: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof URLSearchParams)) {
      throw new Error('the server-side renderer sends form or text bodies only');
    }
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(body !== undefined && body !== null ? { payload: String(body) } : {}),
      remoteAddress: clientIp,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

export class PageRenderer {
  private renderer: Promise<StoreRenderer> | undefined;
  private readonly cache: TtlCache<RenderedPage> | undefined;
  private readonly entry: string;
  private readonly head: string;
  private readonly tail: string;

  private constructor(
    private readonly serverEntry: string,
    private readonly manifest: Record<string, ManifestChunk>,
    template: string,
    private readonly options: { platformTimeZone: string; clock: Clock; cache: boolean; session: PageSessionReader; log: FastifyBaseLogger },
  ) {
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    const entry = entryKey ? manifest[entryKey] : undefined;
    if (!entryKey || !entry) throw new Error('the store manifest has no entry');
    this.entry = `/${entry.file}`;
    // the template without its scripts (they load after the page is on screen) and without the boot shell
    const page = template
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    const root = page.indexOf('<div id="root">');
    const bodyEnd = page.indexOf('</body>');
    if (root < 0 || bodyEnd < root) throw new Error('the store index.html has no <div id="root"> in its body');
    this.head = page.slice(0, root);
    this.tail = page.slice(bodyEnd);
    this.cache = options.cache ? new TtlCache(options.clock, PAGE_CACHE_TTL_MS, PAGE_CACHE_ENTRIES) : undefined;
  }

  /** The renderer over a built store, or undefined when its server build is missing. */
  static create(storeDir: string, serverDir: string, template: string, options: { platformTimeZone: string; clock: Clock; cache: boolean; session: PageSessionReader; log: FastifyBaseLogger }): PageRenderer | undefined {
    const serverEntry = path.join(serverDir, 'entry-server.js');
    const manifestFile = path.join(storeDir, '.vite', 'manifest.json');
    if (!existsSync(serverEntry) || !existsSync(manifestFile)) return undefined;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    return new PageRenderer(serverEntry, manifest, template, options);
  }

  /** Loads the renderer (about 6 MB of JavaScript) without waiting for the first page. */
  warm(): void {
    void this.load().catch((error: unknown) => this.options.log.error({ err: error }, 'the store renderer did not load'));
  }

  private load(): Promise<StoreRenderer> {
    this.renderer ??= import(pathToFileURL(this.serverEntry).href) as Promise<StoreRenderer>;
    return this.renderer;
  }

  /** Every chunk a chunk imports statically, itself first. */
  private importsOf(key: string, seen = new Set<string>()): string[] {
    const chunk = this.manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => this.importsOf(imported, seen))];
  }

  private stylesOf(key: string, seen = new Set<string>()): string[] {
    const chunk = this.manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => this.stylesOf(imported, seen))];
  }

  /** The page, or undefined when the renderer cannot give one (the caller sends the plain index.html). */
  async render(app: FastifyInstance, request: FastifyRequest): Promise<RenderedPage | undefined> {
    const url = new URL(request.url, 'http://localhost');
    const locale = pageLocale(url.searchParams, request.headers.cookie, request.headers['accept-language']);
    try {
      const token = readCookie(request.headers.cookie, PAGE_SESSION_COOKIE);
      const session = token ? await this.options.session(token) : null;
      const draw = () => this.draw(app, request, url, locale, session);
      // a visitor's page is everyone's: kept a few seconds; a signed-in visitor's page is theirs alone
      const page = this.cache && !session ? await this.cache.get(`${locale} ${url.pathname}${url.search}`, draw) : await draw();
      return token && !session ? { ...page, endedSession: true } : page;
    } catch (error) {
      request.log.error({ err: error }, 'rendering a /wap page failed; the browser renders it');
      return undefined;
    }
  }

  private async draw(app: FastifyInstance, request: FastifyRequest, url: URL, locale: Locale, session: ServerSession | null): Promise<RenderedPage> {
    const renderer = await this.load();
    const result = await renderer.render({
      url: `${url.pathname}${url.search}`,
      locale,
      session,
      platformTimeZone: this.options.platformTimeZone,
      fetch: inProcessFetch(app, request.ip),
      ...(session ? { checkout: readCookie(request.headers.cookie, CHECKOUT_COOKIE) } : {}),
    });
    if (result.kind === 'redirect') return { status: result.status, location: result.location, personal: false };
    const pageKeys = result.pages.map((page) => `src/${page}`);
    const entryStyles = new Set(this.stylesOf(Object.keys(this.manifest).find((key) => this.manifest[key]?.isEntry) ?? ''));
    const styles = [...new Set(pageKeys.flatMap((key) => this.stylesOf(key)))].filter((file) => !entryStyles.has(file));
    // the page's own chunk, fetched with the entry; what the entry and the page import the browser finds in
    // them (a modulepreload link costs its insertion on the main thread: naming the entry's stages as well
    // measured worse, Lighthouse mobile median 87 against 91 on checkout)
    const preload = pageKeys.map((key) => this.manifest[key]?.file).filter((file): file is string => typeof file === 'string').map((file) => `/${file}`);
    const tag = locale === 'ph' ? 'fil' : locale;
    const html =
      this.head
        .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${tag}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}">`)
        .replace('</head>', `${styles.map((file) => `    <link rel="stylesheet" href="/${escapeAttribute(file)}">\n`).join('')}    ${result.styles}\n  </head>`) +
      `<div id="root">${result.html}</div>\n` +
      `    <script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptSafeJson(result.state)}</script>\n` +
      `    <script type="application/json" id="${SSR_BOOT_ELEMENT_ID}">${scriptSafeJson({ entry: this.entry, preload })}</script>\n` +
      `    <script>${BOOT_SCRIPT}</script>\n  ` +
      this.tail;
    // the session token authenticates API calls: it never travels in a page (the store's keys use the
    // viewer's user code); a page that held it is not sent, the browser renders that page itself
    if (session && html.includes(session.token)) throw new Error('a rendered page held the visitor\'s session token');
    return { status: result.status, html, personal: result.personal };
  }
}
