import type { SuccessKey } from '@caravan/contract/errors/all-errors';
import type { Locale } from '@caravan/contract/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RateRule } from '../platform/rate-limit.ts';

// One entry of the legacy action table: a `resource!method` call served as `<prefix><call>.action`
// for GET and POST, with its auth mode, input and output schemas and its handler. Handlers are thin:
// they call one service method and map the result to the wire shape.

/** public: no token needed; optional: a valid token is used when present; user/seller: required. */
export type AuthMode = 'public' | 'optional' | 'user' | 'seller';
/** api -> /wap/api/ and /api/; seller -> /wap/seller/ (seller panel). */
export type Area = 'api' | 'seller';

export interface AuthUser {
  id: string;
  username: string;
  usercode: string;
  role: string;
  sessionId: string;
}

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface ActionContext {
  requestId: string;
  locale: Locale;
  ip: string;
  userAgent: string | undefined;
  /** Set when a valid token came with the request (always set for auth user/seller). */
  user: AuthUser | undefined;
  /** The raw token (never log it); needed by logout. */
  token: string | undefined;
  /** `Idempotency-Key` header of new clients; legacy clients use a single-use session_token param. */
  idempotencyKey: string | undefined;
  files: UploadedFile[];
  log: FastifyBaseLogger;
}

export interface UserContext extends ActionContext {
  user: AuthUser;
}

export interface RateLimitSpec<In> {
  rule: RateRule;
  /** 'ip', or a function naming the subject from the parsed input (e.g. the account name). */
  subject: 'ip' | 'user' | ((input: In, ctx: ActionContext) => string | undefined);
}

interface BaseAction<I extends z.ZodType, O extends z.ZodType> {
  /** `resource!method`, exactly as legacy clients spell it (typos included). */
  call: string;
  area?: Area;
  /** Additional absolute paths serving the same call (e.g. `/public/...`). */
  extraPaths?: string[];
  summary: string;
  /** OpenAPI tag: the owning module. */
  tag: string;
  input: I;
  output: O;
  /** `msg` on success (legacy "操作成功" and friends); empty otherwise. */
  successMessage?: SuccessKey;
  rateLimits?: RateLimitSpec<z.output<I>>[];
  /** Accepts multipart files (up to this many bytes each, before the module's own finer limits). */
  acceptsFiles?: boolean;
}

export interface PublicAction<I extends z.ZodType, O extends z.ZodType> extends BaseAction<I, O> {
  auth: 'public' | 'optional';
  handler(input: z.output<I>, ctx: ActionContext): Promise<z.input<O>> | z.input<O>;
}

export interface ProtectedAction<I extends z.ZodType, O extends z.ZodType> extends BaseAction<I, O> {
  auth: 'user' | 'seller';
  handler(input: z.output<I>, ctx: UserContext): Promise<z.input<O>> | z.input<O>;
}

export type ActionDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> =
  | PublicAction<I, O>
  | ProtectedAction<I, O>;

// The table holds actions of many shapes; the gateway only relies on the common structure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAction = ActionDefinition<any, any>;

export function defineAction<I extends z.ZodType, O extends z.ZodType>(definition: PublicAction<I, O>): AnyAction;
export function defineAction<I extends z.ZodType, O extends z.ZodType>(definition: ProtectedAction<I, O>): AnyAction;
export function defineAction(definition: AnyAction): AnyAction {
  return definition;
}

export function actionKey(area: Area, call: string): string {
  return `${area}:${call}`;
}
