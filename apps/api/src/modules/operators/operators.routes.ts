import { consoleOperator, loginAnswer, loginBody, restError } from '@caravan/contract/console';
import { findLocale, DEFAULT_LOCALE, type Locale } from '@caravan/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorActor } from '../../platform/audit.ts';
import { toAppError } from '../../gateway/http-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { Translator } from '../../platform/i18n.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { RateLimiter, RateRule } from '../../platform/rate-limit.ts';
import { fieldWithNul } from '../../platform/text-safety.ts';
import { type OperatorIdentity, type OperatorsService, type Permission } from './operators.service.ts';

// The operator console's REST API under /console/api: bearer-token auth, JSON in and out, zod schemas
// (documented at /docs), errors as `{ errorKey, message }` with the HTTP status of the error catalogue.
// Modules add their console routes through `ConsoleRoutes`; every rule stays in the services.

export const CONSOLE_PREFIX = '/console/api';

export type ConsoleInstance = ReturnType<FastifyInstance['withTypeProvider']>;

export interface ConsoleAuth {
  /** preHandler: a live operator session with this permission */
  require(permission?: Permission): (request: FastifyRequest) => Promise<void>;
  /** the operator of an authenticated request */
  operator(request: FastifyRequest): OperatorIdentity;
  meta(request: FastifyRequest): { ip: string; requestId: string };
}

export type ConsoleRoutes = (scope: FastifyInstance, auth: ConsoleAuth) => void;

/** The operator of an authenticated console request as the audit log records them, with their reason. */
export function operatorActor(auth: ConsoleAuth, request: FastifyRequest, reason?: string): OperatorActor {
  return { id: auth.operator(request).id, reason, requestId: request.id };
}

export const restErrorOutput = restError;

function localeOf(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? findLocale(query.lang) : undefined;
  if (fromQuery) return fromQuery;
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : undefined;
  return (first ? (findLocale(first) ?? findLocale(first.split('-')[0])) : undefined) ?? DEFAULT_LOCALE;
}

export function sendRestError(reply: FastifyReply, request: FastifyRequest, error: AppError, translator: Translator, issues?: { path: string; message: string }[]) {
  return reply.code(error.status).send({ errorKey: error.key, message: translator.t(localeOf(request), error.key, error.params), ...(issues ? { issues } : {}) });
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

/** Guessing operator passwords from one address is throttled before the lock-out even starts. */
export const OPERATOR_LOGIN_PER_IP: RateRule = { name: 'console-login:ip', max: 20, windowMs: MINUTE_MS };

export function registerConsoleApi(app: FastifyInstance, deps: { operators: OperatorsService; translator: Translator; limiter: RateLimiter; routes: ConsoleRoutes[] }): void {
  const { operators, translator } = deps;
  const identities = new WeakMap<FastifyRequest, OperatorIdentity>();
  const auth: ConsoleAuth = {
    require: (permission) => async (request) => {
      const operator = await operators.authenticate(bearerOf(request));
      if (permission) operators.require(operator, permission);
      identities.set(request, operator);
    },
    operator: (request) => {
      const operator = identities.get(request);
      if (!operator) throw new AppError('operators.not_logged_in');
      return operator;
    },
    meta: (request) => ({ ip: request.ip, requestId: request.id }),
  };

  app.register(
    async (scope) => {
      scope.setValidatorCompiler(validatorCompiler);
      scope.setSerializerCompiler(serializerCompiler);
      scope.setErrorHandler((error: FastifyError | AppError, request, reply) => {
        if (error instanceof AppError) return sendRestError(reply, request, error, translator);
        if (hasZodFastifySchemaValidationErrors(error)) {
          const issues = error.validation.map((issue) => ({ path: issue.instancePath, message: issue.message ?? '' }));
          return sendRestError(reply, request, new AppError('common.param_invalid', { field: error.validationContext ?? 'body' }), translator, issues);
        }
        const known = toAppError(error);
        if (known) return sendRestError(reply, request, known, translator);
        if (error.statusCode && error.statusCode < 500) return sendRestError(reply, request, new AppError('common.param_invalid', { field: 'body' }), translator);
        request.log.error({ err: error }, 'unexpected error');
        return sendRestError(reply, request, new AppError('common.system_error'), translator);
      });
      scope.setNotFoundHandler((request, reply) => sendRestError(reply, request, new AppError('common.not_found'), translator));
      scope.addHook('preValidation', async (request) => {
        const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
        if (field !== undefined) throw new AppError('common.param_invalid', { field });
      });

      const typed = scope.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/auth/login',
        {
          schema: {
            summary: 'Operator login: a bearer token for the console API (locks after repeated wrong passwords).',
            tags: ['console'],
            body: loginBody,
            response: { 200: loginAnswer, 401: restErrorOutput, 423: restErrorOutput, 429: restErrorOutput },
          },
          preHandler: async (request, reply) => {
            const decision = await deps.limiter.hit(OPERATOR_LOGIN_PER_IP, request.ip);
            if (!decision.allowed) {
              reply.header('retry-after', Math.ceil(decision.retryAfterMs / 1000));
              throw new AppError('common.too_frequent');
            }
          },
        },
        async (request) => {
          const session = await operators.login(request.body, auth.meta(request));
          return { token: session.token, expiresAt: session.expiresAt.toISOString(), operator: { ...session.operator, permissions: operators.permissionsOf(session.operator.role) } };
        },
      );
      typed.post(
        '/auth/logout',
        { schema: { summary: 'End this console session.', tags: ['console'], response: { 204: z.null(), 401: restErrorOutput } }, preHandler: auth.require() },
        async (request, reply) => {
          await operators.logout(bearerOf(request) ?? '', auth.operator(request), auth.meta(request));
          return reply.code(204).send(null);
        },
      );
      typed.get(
        '/auth/me',
        { schema: { summary: 'The operator of this session and what the role may do.', tags: ['console'], response: { 200: consoleOperator, 401: restErrorOutput } }, preHandler: auth.require() },
        async (request) => {
          const { id, username, role } = auth.operator(request);
          return { id, username, role, permissions: operators.permissionsOf(role) };
        },
      );
      for (const routes of deps.routes) routes(scope, auth);
    },
    { prefix: CONSOLE_PREFIX },
  );
}
