import { z } from 'zod';

// The only reader of process.env. Infrastructure settings live here; business rules that operators
// change at run time live in the settings table (modules/content/settings.ts).

const boolean = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/** Signs the simulator's callbacks in development and tests; refused in production. */
export const DEVELOPMENT_PAYMENT_SECRET = 'caravan-development-payment-secret';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  CHAT_PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** External PostgreSQL; unset -> embedded PostgreSQL with data in DATA_DIR/postgres. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Redis for rate limits, jobs and chat fan-out; unset -> in-process equivalents. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of every key this deployment writes to Redis (queues, rate limits), so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, "_" and "-", at most 40').default('caravan'),
  /**
   * Whether `caravan serve` also runs the background jobs (deadlines and the sweep). `on` for one
   * process (npm start); `off` on API replicas when separate `caravan worker` processes run them.
   */
  WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the sweep looks for deadlines that were missed (a lost hint, a restart). */
  JOBS_SWEEP_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /**
   * After a burst of requests, how long the API's event loop must be quiet before it gives back the heap
   * it grew for the load (one full collection; platform/idle-memory.ts). 0 turns it off.
   */
  MEMORY_RELEASE_QUIET_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** On SIGTERM: how long readiness answers 503 before the server stops accepting (lets a balancer drain). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** On SIGTERM: how long in-flight requests and jobs may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, it is open (keep it off the public proxy). */
  METRICS_TOKEN: z.string().min(16).optional(),
  DATA_DIR: z.string().default('.data'),
  /** The white-label brand (brands/<id>/brand.json) whose information pages this server answers with. */
  BRAND: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a folder name under brands/').default('caravan'),
  /**
   * Verification codes (registration, forgot password) by e-mail through this SMTP server, e.g.
   * smtps://user:password@mail.example.com:465; unset -> written to MAIL_OUTBOX_DIR (development).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sender address of those mails. */
  MAIL_FROM: z.string().default('Caravan <no-reply@localhost>'),
  /** Where the development sender writes codes (one file per message); empty -> DATA_DIR/mail. */
  MAIL_OUTBOX_DIR: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Zone of the platform's business day (lock-outs until "tomorrow", displayed times). */
  PLATFORM_TIMEZONE: z.string().default('Asia/Shanghai'),
  /** Prefix for URLs the server hands out (uploaded images); empty -> root-relative URLs. */
  PUBLIC_BASE_URL: z.string().default(''),
  /** Honour X-Forwarded-For from a reverse proxy (needed for per-IP limits behind nginx). */
  TRUST_PROXY: boolean.default(false),
  SESSION_IDLE_TTL_HOURS: z.coerce.number().positive().default(168),
  SESSION_ABSOLUTE_TTL_DAYS: z.coerce.number().positive().default(30),
  /**
   * How long a live session read from the database answers later calls without reading it again (ADR
   * 0018). Logout, password changes, locks, cancellation and role changes forget it at once on every
   * instance; this bounds only what a change made outside the server leaves stale. 0: read every time.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * Catalogue micro-caches (list pages 5 s, details 3 s, suggestions 60 s). Off, every request reads
   * the database (the bench measures both); list totals stay cached either way.
   */
  CATALOG_MICRO_CACHE: boolean.default(true),
  /**
   * Third-party deposits: 'simulator' (a local stand-in that signs callbacks like a real provider;
   * the default outside production) or 'none' (third-party channels closed).
   */
  PAYMENT_PROVIDER: z.enum(['simulator', 'none']).optional(),
  /** Shared secret of the provider's HMAC-SHA256 callback signatures. */
  PAYMENT_CALLBACK_SECRET: z.string().min(16).default(DEVELOPMENT_PAYMENT_SECRET),
  /**
   * HMAC-SHA256 secret of the signed, expiring URLs of private pictures (identity documents). Unset:
   * a random secret per process (fine for one process; several replicas need one shared value).
   */
  UPLOAD_SIGNING_SECRET: z.string().min(32).optional(),
  /**
   * Secret key of the fund passwords' keyed hash (HMAC-SHA256, ADR 0010), at least 32 characters. Unset:
   * a random key kept in DATA_DIR/fund-password.key (one machine); several replicas need one shared value.
   */
  FUND_PASSWORD_KEY: z.string().min(32).optional(),
  /** Seed demo data (catalogue subset, demo logins) into an empty database at start. */
  SEED_DEMO: boolean.default(true),
  /** Answer with unvalidated responses only after checking them against the output schema (tests). */
  VALIDATE_RESPONSES: boolean.default(false),
});

/** Every variable the server reads (the README's configuration table lists each; a test checks it). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export type Env = z.infer<typeof envSchema> & { PAYMENT_PROVIDER: 'simulator' | 'none' };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema
    .transform((env) => ({ ...env, PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'simulator') }))
    // a payment provider in production needs a secret of its own: the default one is public
    .refine((env) => env.NODE_ENV !== 'production' || env.PAYMENT_PROVIDER === 'none' || env.PAYMENT_CALLBACK_SECRET !== DEVELOPMENT_PAYMENT_SECRET, {
      message: 'set PAYMENT_CALLBACK_SECRET when a payment provider runs in production',
      path: ['PAYMENT_CALLBACK_SECRET'],
    })
    .safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`invalid environment: ${problems}`);
  }
  return result.data;
}

/** The search path child tools are looked up on (pg_dump and pg_restore for `caravan backup|restore`). */
export function systemPath(): string {
  return process.env.PATH ?? '';
}

/** Environment for tests and tools: defaults plus explicit overrides, ignoring the process environment. */
/** The tests' fund-password key (tests never read or write a key file). */
export const TEST_FUND_PASSWORD_KEY = 'test-fund-password-key-0123456789abcdef';

export function testEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', VALIDATE_RESPONSES: '1', FUND_PASSWORD_KEY: TEST_FUND_PASSWORD_KEY, ...overrides });
}
