// The bench's embedded PostgreSQL and the environment of the API processes it benches, shared by
// run.mjs and paired.mjs (which compares two builds on the same database).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedUrl, resolveDataDir, socketDirFor } from '../../packages/db/src/embedded.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The bench database: the 50,000-goods one, or the scale one, an embedded PostgreSQL of its own beside it.
 * Its ports are below Linux's ephemeral ports (32768-60999): the bench's own client connections leave
 * ports there in TIME_WAIT, and PostgreSQL could not bind 54330 after a run whose load had used it as a
 * client port.
 */
export function benchDatabase(scale) {
  const port = scale ? 25431 : 25430;
  const dataDir = scale ? '.data/bench-scale' : '.data/bench';
  // as the benched API reaches it (through the embedded server's Unix socket when it has one), so
  // that the ceilings measured beside the API pay the same round trips
  const url = new URL(embeddedUrl(port, socketDirFor(resolveDataDir(path.join(root, dataDir, 'postgres')), port)));
  url.pathname = '/caravan';
  return { port, dataDir, url: url.toString() };
}

/** The environment of a benched API process on `database` (its ports are the caller's). */
export function benchServerEnv(database) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // as `npm start` and the container image run the server (scripts/bootstrap.mjs)
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    DATA_DIR: database.dataDir,
    EMBEDDED_PG_PORT: String(database.port),
    // requests carry X-Forwarded-For as they would behind a load balancer, so per-IP limits (60
    // fund-password checks a minute per address) see many clients instead of one
    TRUST_PROXY: '1',
  };
}
