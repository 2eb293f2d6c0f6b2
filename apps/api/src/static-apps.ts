// Serves the built web apps (ARCHITECTURE section 2, boot order: ... gateway -> static apps). The buyer
// store (at /), the operator console (at /console/) and the seller panel (at /seller/) are single-page apps: their hashed assets are
// immutable files (served pre-compressed when the build wrote .br/.gz twins), and every other page path
// answers the app's index.html so the client router takes over. API, console API, docs, upload and
// payment paths keep their own 404s.
// The store's page is also the mobile /wap site (same build, mobile layout chosen by the client from the
// path), beside the legacy calls under /wap/api/, /wap/seller/ and /wap/public/; phones asking for a PC
// page are sent there (spec section 2, see wap-redirect.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearPageSession } from './modules/accounts/page-session.routes.ts';
import { BOOT_SCRIPT_SOURCE, encodedPage, PageRenderer, type PageSessionReader } from './page-render.ts';
import type { Clock } from './platform/clock.ts';
import { resolveFromRoot } from './platform/paths.ts';
import { isPhoneUserAgent, WAP_PATH, WAP_SERVER_PREFIXES, wapLocation } from './wap-redirect.ts';

export const STORE_DIST_DIR = 'apps/store/dist';
/** The store's server-side renderer of the /wap pages (page-render.ts). */
export const STORE_SERVER_DIST_DIR = 'apps/store/dist-server';
export const CONSOLE_DIST_DIR = 'apps/console/dist';
/** Where the operator console is served; its REST API is under `${CONSOLE_PATH}/api`. */
export const CONSOLE_PATH = '/console';
export const SELLER_DIST_DIR = 'apps/seller/dist';
/** Where the seller panel is served; it speaks the legacy API (/wap/seller/, /wap/api/). */
export const SELLER_PATH = '/seller';

/** Paths that belong to the server, never to the store's client router. */
const SERVER_PREFIXES = ['/wap/', '/api/', '/console/', '/seller/', '/docs', '/uploads/', '/payments/', '/health', '/metrics', '/public/'];

/** The apps' pages: scripts and styles only from this origin; antd writes its styles at run time, hence inline styles. */
export const STORE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * The store's page policy when it may also open the chat socket: connect-src allows ws(s) to the chat
 * port of the host the page was asked from, or the socket's own origin when it is a whole URL.
 * `host` is the request's host name (without a port); anything that is not a plain host name is left out.
 */
export function storeContentSecurityPolicy(chatSocket: string | undefined, host: string): string {
  const value = chatSocket?.trim() ?? '';
  let sources: string[] = [];
  if (/^\d{1,5}$/.test(value) && /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i.test(host)) {
    sources = [`ws://${host}:${value}`, `wss://${host}:${value}`];
  } else if (/^wss?:\/\//i.test(value)) {
    try {
      sources = [new URL(value).origin];
    } catch {
      sources = [];
    }
  }
  if (sources.length === 0) return STORE_CONTENT_SECURITY_POLICY;
  return STORE_CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${sources.join(' ')}`);
}

export interface StaticAppsOptions {
  platformTimeZone: string;
  /**
   * Where the store's chat dialog finds the chat socket, written into the page's `caravan:chat-socket`
   * meta tag: a port on the page's own host (`"5000"`, CHAT_PORT), a whole ws(s):// URL, or nothing
   * (the default: no socket is served, the dialog polls).
   */
  chatSocket?: string;
  /** Defaults to apps/store/dist under the repository root. */
  storeDir?: string;
  /**
   * The /wap pages rendered by the server (page-render.ts) when the store's server build exists
   * (`dir`, default apps/store/dist-server); `cache`: pages for visitors kept a few seconds.
   */
  serverRender?: { dir?: string; clock: Clock; cache: boolean; session: PageSessionReader };
  /** Defaults to apps/console/dist under the repository root. */
  consoleDir?: string;
  /** Defaults to apps/seller/dist under the repository root. */
  sellerDir?: string;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A second path where the same app's page is served (its assets stay where the build put them). */
interface AlsoServedAt {
  path: `/${string}`;
  /** Paths under `path` that belong to the server: they keep their own answers and 404s. */
  serverPaths: string[];
}

/** Page paths that are not the app's: server paths, and anything that looks like a file. */
function isServerPath(pathname: string, serverPaths: string[]): boolean {
  return serverPaths.some((serverPath) => pathname.startsWith(serverPath)) || /\.[a-z0-9]+$/i.test(pathname);
}

/**
 * One built single-page app under `prefix`: immutable hashed assets, and its index.html (with the
 * platform's zone written in) for every other page path except `serverPaths`, which keep their 404s;
 * `alsoAt` serves the same page under a second path. With `phonesTo`, a phone asking for a page under
 * `prefix` is redirected (302) to the address `phonesTo` gives, and every such page answer varies by
 * User-Agent. Answers whether the app has been built.
 */
async function serveSinglePageApp(
  app: FastifyInstance,
  options: {
    dir: string;
    prefix: '/' | `/${string}/`;
    serverPaths: string[];
    platformTimeZone: string;
    decorateReply: boolean;
    chatSocket?: string;
    alsoAt?: AlsoServedAt;
    phonesTo?: (pathname: string, query: URLSearchParams) => string;
    /** Renders the pages under `alsoAt` on the server (the /wap site). */
    serverRender?: { dir: string; clock: Clock; cache: boolean; session: PageSessionReader };
  },
): Promise<boolean> {
  const { dir, prefix } = options;
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return false;
  // the platform's zone is a server setting: written into the page so the client converts times from it
  const indexHtml = readFileSync(indexFile, 'utf8')
    .replace(/<meta name="caravan:platform-time-zone" content="[^"]*"/, `<meta name="caravan:platform-time-zone" content="${escapeAttribute(options.platformTimeZone)}"`)
    // ... and so is the chat socket's address (the store's chat dialog polls when there is none)
    .replace(/<meta name="caravan:chat-socket" content="[^"]*"/, `<meta name="caravan:chat-socket" content="${escapeAttribute(options.chatSocket ?? '')}"`);

  await app.register(fastifyStatic, {
    root: dir,
    prefix,
    wildcard: false,
    index: false,
    preCompressed: true,
    decorateReply: options.decorateReply,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // framing, referrer and HSTS headers come with every HTML answer (platform/security-headers.ts)
      .header('content-security-policy', storeContentSecurityPolicy(options.chatSocket, request.hostname))
      .send(indexHtml);

  const { phonesTo } = options;
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!phonesTo) return sendIndex(request, reply);
    // shared caches must keep the phone's answer apart from the desktop's
    reply.header('vary', 'User-Agent');
    if (!isPhoneUserAgent(request.headers['user-agent'])) return sendIndex(request, reply);
    // only the path and the query are read; the target is always a path of this site
    const url = new URL(request.url, 'http://localhost');
    return reply.header('cache-control', 'no-cache').redirect(phonesTo(url.pathname, url.searchParams), 302);
  };

  const root = prefix === '/' ? '/' : prefix.slice(0, -1);
  app.get(root, { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  app.get(`${prefix}*`, { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isServerPath(pathname, options.serverPaths)) return reply.callNotFound();
    return sendPage(request, reply);
  });

  const { alsoAt } = options;
  if (alsoAt) {
    const renderer = options.serverRender
      ? PageRenderer.create(dir, options.serverRender.dir, indexHtml, { platformTimeZone: options.platformTimeZone, clock: options.serverRender.clock, cache: options.serverRender.cache, session: options.serverRender.session, log: app.log })
      : undefined;
    // the renderer's 6 MB load waits until the server listens (a restart answers as soon as it can)
    if (renderer) app.addHook('onListen', async () => renderer.warm());
    const sendAlso = async (request: FastifyRequest, reply: FastifyReply) => {
      const page = renderer ? await renderer.render(app, request) : undefined;
      if (!page) return sendIndex(request, reply);
      // what the page shows depends on the language cookie and header, and a signed-in page on its visitor
      reply.header('vary', 'Cookie, Accept-Language, Accept-Encoding').header('cache-control', page.personal ? 'private, no-store' : 'no-cache');
      // a page-session cookie whose session has ended is dropped (the page was rendered for a visitor)
      if (page.endedSession) clearPageSession(request, reply);
      if (page.location !== undefined) return reply.redirect(page.location, page.status);
      const { body, encoding } = encodedPage(page, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .code(page.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', storeContentSecurityPolicy(options.chatSocket, request.hostname).replace("script-src 'self'", `script-src 'self' ${BOOT_SCRIPT_SOURCE}`))
        .send(body);
    };
    app.get(alsoAt.path, { schema: { hide: true } }, (request, reply) => sendAlso(request, reply));
    app.get(`${alsoAt.path}/*`, { schema: { hide: true } }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isServerPath(pathname, alsoAt.serverPaths)) return reply.callNotFound();
      return sendAlso(request, reply);
    });
  }
  return true;
}

/** Registers the store, the operator console and the seller panel where they have been built; answers whether the store was. */
export async function registerStaticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<boolean> {
  const storeServed = await serveSinglePageApp(app, {
    dir: options.storeDir ?? resolveFromRoot(STORE_DIST_DIR),
    prefix: '/',
    serverPaths: SERVER_PREFIXES,
    platformTimeZone: options.platformTimeZone,
    decorateReply: true,
    // the mobile site: the same page, beside the legacy calls under /wap/, rendered by the server
    alsoAt: { path: WAP_PATH, serverPaths: WAP_SERVER_PREFIXES },
    ...(options.serverRender ? { serverRender: { ...options.serverRender, dir: options.serverRender.dir ?? resolveFromRoot(STORE_SERVER_DIST_DIR) } } : {}),
    phonesTo: wapLocation,
    ...(options.chatSocket ? { chatSocket: options.chatSocket } : {}),
  });
  const consoleServed = await serveSinglePageApp(app, {
    dir: options.consoleDir ?? resolveFromRoot(CONSOLE_DIST_DIR),
    prefix: `${CONSOLE_PATH}/`,
    // the console's REST API lives under the console's own path
    serverPaths: [`${CONSOLE_PATH}/api/`],
    platformTimeZone: options.platformTimeZone,
    decorateReply: !storeServed,
  });
  await serveSinglePageApp(app, {
    dir: options.sellerDir ?? resolveFromRoot(SELLER_DIST_DIR),
    prefix: `${SELLER_PATH}/`,
    // the panel's calls live under /wap/seller/, outside its path: every page path is the panel's
    serverPaths: [],
    platformTimeZone: options.platformTimeZone,
    // @fastify/static decorates the reply once; the first app served did it
    decorateReply: !storeServed && !consoleServed,
  });
  return storeServed;
}
