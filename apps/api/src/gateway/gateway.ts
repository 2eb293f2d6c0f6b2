import { envelopeSchema } from '@caravan/contract/envelope';
import { DEFAULT_LOCALE, findLocale, resolveLocale, type Locale } from '@caravan/contract/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { AppError, isAppError } from '../platform/errors.ts';
import type { Translator } from '../platform/i18n.ts';
import type { RateLimiter } from '../platform/rate-limit.ts';
import { fieldWithNul } from '../platform/text-safety.ts';
import { actionKey, type ActionContext, type AnyAction, type Area, type AuthUser, type UploadedFile } from './action.ts';
import { errorEnvelope, paramError, successEnvelope } from './envelope.ts';
import { mergeParams, readMultipart, type LegacyParams } from './params.ts';
import { compileProjection } from './projection.ts';

export type AuthFailureKey = 'common.session_expired' | 'common.not_logged_in' | 'common.account_disabled';
export type AuthResult = { ok: true; user: AuthUser } | { ok: false; key: AuthFailureKey };

export interface GatewayOptions {
  actions: AnyAction[];
  translator: Translator;
  limiter: RateLimiter;
  authenticate(token: string): Promise<AuthResult>;
  /** Check every answer against the action's output schema before sending (tests). */
  validateResponses: boolean;
  /** Told each call's envelope code (metrics). */
  observe?: (call: string, code: string) => void;
}

export const AREA_PREFIXES: Record<Area, string[]> = {
  api: ['/wap/api/', '/api/'],
  seller: ['/wap/seller/'],
};

const BEARER = /^Bearer\s+(\S+)$/i;

export function localeOf(params: LegacyParams, request: FastifyRequest): Locale {
  if (params.lang !== undefined) return resolveLocale(params.lang);
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const locale = findLocale(part.split(';')[0]);
      if (locale) return locale;
    }
  }
  return DEFAULT_LOCALE;
}

function tokenOf(params: LegacyParams, request: FastifyRequest): string | undefined {
  if (typeof params.token === 'string' && params.token.length > 0 && params.token.length <= 256) return params.token;
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** A call's answer (the envelope around its output) as JSON Schema: its documentation and its serializer. */
export function responseSchemaOf(action: AnyAction): Record<string, unknown> {
  return jsonSchemaOf(envelopeSchema(action.output), 'output');
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * The answer's serializer, compiled on the call's first answer and shared by all of its paths and methods:
 * JSON.stringify of the answer's declared part (projection.ts, ADR 0003 addendum) where the output schema
 * allows, fast-json-stringify otherwise. Compiling the serializers of every path at start-up was a fifth of
 * a server's start (ADR 0016); most calls of a replica are never made before it is killed or scaled down.
 */
function lazySerializer(schema: Record<string, unknown>): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => {
    compiled ??= answerSerializer(schema);
    return compiled(data);
  };
}

export function answerSerializer(schema: Record<string, unknown>): (data: unknown) => string {
  const project = compileProjection(schema);
  return project ? (data) => JSON.stringify(project(data)) : (fastJson(schema) as (data: unknown) => string);
}

/**
 * Business errors answer HTTP 200 as the legacy server did (clients read `code`); unexpected ones
 * answer 500. A status already set on the reply (404 for unknown paths) is kept.
 */
export function sendAppError(reply: FastifyReply, error: AppError, locale: Locale, translator: Translator): FastifyReply {
  if (error.code === '500') reply.code(500);
  else if (reply.statusCode === 500) reply.code(200);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(errorEnvelope(error, locale, translator)));
}

export function registerLegacyGateway(app: FastifyInstance, options: GatewayOptions): void {
  const seen = new Set<string>();
  for (const action of options.actions) {
    const area = action.area ?? 'api';
    const key = actionKey(area, action.call);
    if (seen.has(key)) throw new Error(`duplicate action ${key}`);
    seen.add(key);

    const responseSchema = responseSchemaOf(action);
    const inputSchema = jsonSchemaOf(action.input, 'input');
    const serialize = lazySerializer(responseSchema);
    const urls = [...AREA_PREFIXES[area].map((prefix) => `${prefix}${action.call}.action`), ...(action.extraPaths ?? [])];
    urls.forEach((url, index) => {
      app.route({
        method: ['GET', 'POST'],
        url,
        schema: {
          summary: action.summary,
          tags: [action.tag],
          // Documents the parameters; validation is done by the zod schema on the merged parameters.
          querystring: inputSchema,
          response: { 200: responseSchema },
          // one documented path per call: the others are aliases
          hide: index > 0,
          ...(action.auth === 'public' ? {} : { security: [{ token: [] }] }),
        },
        validatorCompiler: () => () => true,
        serializerCompiler: () => serialize,
        config: { metricsRoute: action.call },
        handler: (request, reply) => handle(action, request, reply, options),
      });
    });
  }
}

async function handle(action: AnyAction, request: FastifyRequest, reply: FastifyReply, options: GatewayOptions): Promise<FastifyReply> {
  let locale: Locale = DEFAULT_LOCALE;
  try {
    let params: LegacyParams;
    let files: UploadedFile[] = [];
    if (request.isMultipart()) {
      const multipart = await readMultipart(request, action.acceptsFiles === true);
      params = mergeParams(request.query, multipart.fields);
      files = multipart.files;
    } else {
      params = mergeParams(request.query, request.body);
    }
    locale = localeOf(params, request);

    const token = tokenOf(params, request);
    let user: AuthUser | undefined;
    if (action.auth !== 'public' && token) {
      const result = await options.authenticate(token);
      if (result.ok) user = result.user;
      else if (action.auth === 'user' || action.auth === 'seller') throw new AppError(result.key);
    }
    if ((action.auth === 'user' || action.auth === 'seller') && !user) throw new AppError('common.not_logged_in');
    if (action.auth === 'seller' && user?.role !== 'seller') throw new AppError('common.no_permission');

    const nulField = fieldWithNul(params);
    if (nulField !== undefined) throw new AppError('common.param_invalid', { field: nulField });
    const parsed = action.input.safeParse(params);
    if (!parsed.success) throw paramError(parsed.error, params);

    const idempotencyHeader = request.headers['idempotency-key'];
    const ctx: ActionContext = {
      requestId: String(request.id),
      locale,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      user,
      token,
      idempotencyKey: typeof idempotencyHeader === 'string' && idempotencyHeader.length <= 200 ? idempotencyHeader : undefined,
      files,
      log: request.log,
    };

    for (const limit of action.rateLimits ?? []) {
      const subject =
        limit.subject === 'ip' ? ctx.ip : limit.subject === 'user' ? ctx.user?.id : limit.subject(parsed.data, ctx);
      if (subject === undefined) continue;
      const decision = await options.limiter.hit(limit.rule, subject);
      if (!decision.allowed) {
        reply.header('retry-after', Math.ceil(decision.retryAfterMs / 1000));
        throw new AppError('common.too_frequent');
      }
    }

    const data = await action.handler(parsed.data, ctx as never);
    if (options.validateResponses) {
      const check = action.output.safeParse(data);
      if (!check.success) throw new Error(`response of ${action.call} does not match its schema: ${check.error.message}`);
    }
    const msg = action.successMessage ? options.translator.t(locale, action.successMessage) : '';
    options.observe?.(action.call, '0');
    return reply.send(successEnvelope(data ?? null, msg));
  } catch (error) {
    const appError = isAppError(error) ? error : new AppError('common.system_error');
    if (!isAppError(error)) request.log.error({ err: error, call: action.call }, 'unexpected error in legacy call');
    options.observe?.(action.call, appError.code);
    return sendAppError(reply, appError, locale, options.translator);
  }
}
