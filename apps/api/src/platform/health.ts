import type { Database } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';

// Liveness and readiness for load balancers, orchestrators and the compose health checks:
//   /health/live   the process runs and its event loop answers (no dependency is asked: a database
//                  outage must not get every replica restarted);
//   /health/ready  this process should get traffic: the database answers, Redis answers when it is
//                  configured, and the process is not draining for a shutdown;
//   /health        the same as ready (kept for the clients and checks that already use it).

/** How long a dependency may take to answer a readiness probe before it counts as down. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Shutdown state shared by the health routes and the process's signal handler. */
export class Lifecycle {
  draining = false;
}

const readyOutput = z.object({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.boolean(),
  /** absent when Redis is not configured */
  redis: z.boolean().optional(),
});
const liveOutput = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await within(check(), READINESS_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database; redis?: Redis; lifecycle: Lifecycle }): void {
  const { db, redis, lifecycle } = deps;
  // while draining, every answer ends its keep-alive connection: clients (the proxy, browsers) reconnect
  // to a replica that stays up, and the closing server is not held open by idle connections
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  app.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/health/live',
      { schema: { summary: 'Liveness: the process answers', tags: ['platform'], response: { 200: liveOutput } } },
      async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
    );

    const ready = async (_request: unknown, reply: { code(status: number): unknown }) => {
      const [database, redisUp] = await Promise.all([
        answers(() => db.execute(sql`select 1`)),
        redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
      ]);
      const healthy = database && redisUp !== false;
      const status = lifecycle.draining ? ('draining' as const) : healthy ? ('ok' as const) : ('degraded' as const);
      if (status !== 'ok') reply.code(503);
      return { status, database, ...(redisUp === undefined ? {} : { redis: redisUp }) };
    };
    const readySchema = { tags: ['platform'], response: { 200: readyOutput, 503: readyOutput } };
    routes.get('/health/ready', { schema: { summary: 'Readiness: database and Redis answer, not draining', ...readySchema } }, ready);
    routes.get('/health', { schema: { summary: 'Health check (same as /health/ready)', ...readySchema } }, ready);
  });
}
