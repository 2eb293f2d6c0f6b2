// Serves the built web apps (ARCHITECTURE section 2, boot order: ... gateway -> static apps). The buyer
// store is a single-page app: its hashed assets are immutable files (served pre-compressed when the
// build wrote .br/.gz twins), and every other page path answers index.html so the client router
// takes over. API, console, docs, upload and payment paths keep their own 404s.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveFromRoot } from './platform/paths.ts';

export const STORE_DIST_DIR = 'apps/store/dist';

/** Paths that belong to the server, never to the store's client router. */
const SERVER_PREFIXES = ['/wap/', '/api/', '/console/', '/docs', '/uploads/', '/payments/', '/health', '/public/'];

/** Scripts and styles only from this origin; antd writes its styles at run time, hence inline styles. */
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
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Registers the store when it has been built; answers whether it was. */
export async function registerStaticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<boolean> {
  const dir = options.storeDir ?? resolveFromRoot(STORE_DIST_DIR);
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return false;
  // the platform's zone is a server setting: written into the page so the client converts times from it
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    /<meta name="caravan:platform-time-zone" content="[^"]*"/,
    `<meta name="caravan:platform-time-zone" content="${escapeAttribute(options.platformTimeZone)}"`,
  );

  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
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

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
  return true;
}
