import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../env.ts';

// Structured logs (pino). Legacy clients put the token and even passwords in the query string, so
// URLs are redacted before anything is logged, as are credential headers.

export const SECRET_PARAMS = [
  'token', 'session_token', 'password', 're_password', 'old_password', 'comfirm_password', 'safeword',
  're_safeword', 'old_safeword', 'cashPassword', 'verifcode', 'code_token', 'access_token',
  // the chat socket's operator login (a console bearer token in the query string)
  'operatorToken',
  // signed URLs of private pictures (identity documents): a capability while it lasts
  'signature',
];
const SECRET_PARAM_PATTERN = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&]*`, 'gi');
// ... and inside a parameter's value: a signed picture URL sent back as a form field (kyc!apply's
// idimg_1=%2Fuploads%2Fprivate%2F...%3Fexpires%3D...%26signature%3D...) carries its signature encoded
const ENCODED_SECRET_PARAM_PATTERN = new RegExp(`((?:%3F|%26)(?:${SECRET_PARAMS.join('|')})%3D)(?:(?!%26)[^&])*`, 'gi');

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM_PATTERN, '$1[redacted]').replace(ENCODED_SECRET_PARAM_PATTERN, '$1[redacted]');
}

export function loggerOptions(env: Env): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]', 'headers.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string; headers?: Record<string, unknown> }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
          userAgent: request.headers?.['user-agent'],
        };
      },
    },
  };
}
