import type { FastifyInstance, FastifyReply } from 'fastify';

// Security headers on every answer, decided by kind (issue 18), in one place:
// - every answer: nosniff; a Content-Security-Policy that loads nothing and may not be framed, unless the
//   route set its own (the apps' pages and the API docs do); HSTS when the request came over HTTPS
//   (directly, or through a trusted proxy's X-Forwarded-Proto with TRUST_PROXY), never over plain HTTP;
// - HTML answers also: X-Frame-Options DENY (browsers without frame-ancestors) and a referrer policy
//   that keeps paths and query strings (legacy tokens) from other sites.
// JSON answers thus carry two short headers more than before, no more: the API stays lean.

/** Answers that are not pages (JSON, pictures, scripts, errors): nothing loads from them, nobody frames them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** One year, subdomains included; sent only over HTTPS, where browsers honour it. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
export const PAGE_REFERRER_POLICY = 'strict-origin-when-cross-origin';

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    if (isHtml(reply)) {
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', PAGE_REFERRER_POLICY);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
