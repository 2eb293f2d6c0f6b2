import { DEFAULT_LOCALE, resolveLocale } from '@caravan/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import type { Translator } from '../platform/i18n.ts';
import { sendAppError } from './gateway.ts';

// Failures that happen before a handler runs (unparseable bodies, bodies too large, unknown paths)
// still answer in the envelope, translated when the query names a language. Anything else
// unexpected becomes the generic 500 envelope, logged with the request id (URLs are redacted by the
// logger's serializer, so no token reaches the log).

function localeOfQuery(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  return query && typeof query.lang === 'string' ? resolveLocale(query.lang) : DEFAULT_LOCALE;
}

/** The refusal a known framework failure (body too large or unparseable, wrong media type) stands for. */
export function toAppError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('common.payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('common.unsupported_media_type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_VALIDATION':
      return new AppError('common.param_invalid', { field: 'body' });
    default:
      if (error.statusCode === 400 && error instanceof SyntaxError) return new AppError('common.param_invalid', { field: 'body' });
      return undefined;
  }
}

export function registerLegacyErrorHandling(app: FastifyInstance, translator: Translator): void {
  // Legacy clients POST with an empty JSON body or stray content types; neither is an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('common.param_invalid', { field: 'body' }) as unknown as Error, undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOfQuery(request);
    const known = error instanceof AppError ? error : toAppError(error);
    if (known) return sendAppError(reply, known, locale, translator);
    request.log.error({ err: error }, 'unexpected error');
    return sendAppError(reply, new AppError('common.system_error'), locale, translator);
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('common.not_found');
    return sendAppError(reply.code(404), error, localeOfQuery(request), translator);
  });
}
