// The page session (ADR 0019): the store keeps its session token in local storage, which the server
// cannot read, so the /wap pages it renders would always be a visitor's. After a sign-in the store hands
// its token here once, and the server keeps it in an HttpOnly cookie that only the /wap pages send; the
// page renderer (page-render.ts) reads it to render the visitor's own page. The cookie authenticates
// nothing else: every API call still needs the token itself (the gateway never reads cookies), so a
// request another site makes the browser send cannot act with it.
import { PAGE_SESSION_COOKIE, PAGE_SESSION_PATH } from '@caravan/contract/server-page';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResult } from '../../gateway/gateway.ts';

/** The cookie is sent to the /wap pages only. */
const COOKIE_PATH = '/wap';

const BEARER = /^Bearer\s+(\S{1,256})$/i;

export interface PageSessionDeps {
  authenticate(token: string): Promise<AuthResult>;
  /** How long a session can live at most (its cookie lives as long). */
  maxAgeSeconds: number;
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Secure when the page came over HTTPS (directly or through the trusted proxy)
  return `${PAGE_SESSION_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;
}

/** Ends the page session cookie in this answer. */
export function clearPageSession(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.header('set-cookie', cookie(request, '', 0));
}

export function registerPageSessionRoutes(app: FastifyInstance, deps: PageSessionDeps): void {
  app.post(PAGE_SESSION_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return clearPageSession(request, reply).code(401).send({ code: '403', msg: 'not logged in', errorKey: 'common.not_logged_in' });
    const result = await deps.authenticate(token);
    if (!result.ok) return clearPageSession(request, reply).code(401).send({ code: '403', msg: 'not logged in', errorKey: result.key });
    return reply.header('set-cookie', cookie(request, token, deps.maxAgeSeconds)).code(204).send();
  });
  app.delete(PAGE_SESSION_PATH, { schema: { hide: true } }, async (request, reply) => clearPageSession(request, reply).header('cache-control', 'no-store').code(204).send());
}
