// Serves the built web apps (ARCHITECTURE section 2, boot order: ... gateway -> static apps). The buyer
// store (at /) and the operator console (at /console/) are single-page apps: their hashed assets are
// immutable files (served pre-compressed when the build wrote .br/.gz twins), and every other page path
// answers the app's index.html so the client router takes over. API, console API, docs, upload and
// payment paths keep their own 404s.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveFromRoot } from './platform/paths.ts';

export const STORE_DIST_DIR = 'apps/store/dist';
export const CONSOLE_DIST_DIR = 'apps/console/dist';
/** Where the operator console is served; its REST API is under `${CONSOLE_PATH}/api`. */
export const CONSOLE_PATH = '/console';

/** Paths that belong to the server, never to the store's client router. */
const SERVER_PREFIXES = ['/wap/', '/api/', '/console/', '/docs', '/uploads/', '/payments/', '/health', '/metrics', '/public/'];

/** Both apps' pages: scripts and styles only from this origin; antd writes its styles at run time, hence inline styles. */
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

export interface StaticAppsOptions {
  platformTimeZone: string;
  /** Defaults to apps/store/dist under the repository root. */
  storeDir?: string;
  /** Defaults to apps/console/dist under the repository root. */
  consoleDir?: string;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * One built single-page app under `prefix`: immutable hashed assets, and its index.html (with the
 * platform's zone written in) for every other page path except `serverPaths`, which keep their 404s.
 * Answers whether the app has been built.
 */
async function serveSinglePageApp(app: FastifyInstance, options: { dir: string; prefix: '/' | `/${string}/`; serverPaths: string[]; platformTimeZone: string; decorateReply: boolean }): Promise<boolean> {
  const { dir, prefix } = options;
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return false;
  // the platform's zone is a server setting: written into the page so the client converts times from it
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    /<meta name="caravan:platform-time-zone" content="[^"]*"/,
    `<meta name="caravan:platform-time-zone" content="${escapeAttribute(options.platformTimeZone)}"`,
  );

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

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', STORE_CONTENT_SECURITY_POLICY)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(indexHtml);

  const root = prefix === '/' ? '/' : prefix.slice(0, -1);
  app.get(root, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get(`${prefix}*`, { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (options.serverPaths.some((serverPath) => pathname.startsWith(serverPath)) || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
  return true;
}

/** Registers the store and the operator console where they have been built; answers whether the store was. */
export async function registerStaticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<boolean> {
  const storeServed = await serveSinglePageApp(app, {
    dir: options.storeDir ?? resolveFromRoot(STORE_DIST_DIR),
    prefix: '/',
    serverPaths: SERVER_PREFIXES,
    platformTimeZone: options.platformTimeZone,
    decorateReply: true,
  });
  await serveSinglePageApp(app, {
    dir: options.consoleDir ?? resolveFromRoot(CONSOLE_DIST_DIR),
    prefix: `${CONSOLE_PATH}/`,
    // the console's REST API lives under the console's own path
    serverPaths: [`${CONSOLE_PATH}/api/`],
    platformTimeZone: options.platformTimeZone,
    decorateReply: !storeServed,
  });
  return storeServed;
}
