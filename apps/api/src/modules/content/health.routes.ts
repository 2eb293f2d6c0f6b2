import type { Database } from '@caravan/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthOutput = z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean() });

/** Liveness and database reachability, for load balancers and the start-up check. */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      { schema: { summary: 'Health check', tags: ['platform'], response: { 200: healthOutput, 503: healthOutput } } },
      async (_request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: 'ok' as const, database: true };
        } catch {
          return reply.code(503).send({ status: 'degraded' as const, database: false });
        }
      },
    );
  });
}
