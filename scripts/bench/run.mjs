// `npm run bench`: autocannon scenarios against a real API server on the 50,000-product seed, each
// reported with req/s, p50, p99, errors and its ratio to two ceilings measured in the same run.
// Results go to bench/results/<date>.json and .md. Goals are reported, never asserted. The buyer
// store's measurements (bundle size, Lighthouse, axe: scripts/bench/store.mjs) run against the same
// server, which serves the built store.
//
// Environment: BENCH_DURATION (seconds per scenario, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_PRODUCTS (default 50000), BENCH_WALLET_USERS (users of the withdraw!apply scenario, each
// applies once: default 1000), BENCH_SCENARIOS (comma-separated names to run a subset; "api" for every API scenario; "store" or
// store:bundle, store:lighthouse, store:axe, store:mobile (the /wap site, Lighthouse mobile preset) for the store alone), BENCH_LIGHTHOUSE_RUNS (default 3),
// CHROMIUM_PATH (set by scripts/bootstrap.mjs), DATABASE_URL (bench against an external PostgreSQL
// instead of the embedded one in .data/bench). The scenario "chat" is the chat socket's fan-out with
// the wallet users (scripts/bench/chat.mjs).
//
// The report opens with issue 17's goals, each beside its figure and the ceiling it is a share of (bare pg:
// a primary key, a 20-row catalogue page, a buyer's newest 20 orders). After each money scenario
// `caravan audit` checks the ledger's invariants and counts SKUs sold below zero (an oversell): a problem is
// an error, and errors make the run exit non-zero (speed never does). BENCH_PROFILE=1 profiles the API
// (--cpu-prof) and adds where its time went (scripts/bench/profile.mjs).
//
// `--scale` (or BENCH_SCALE=1, or the scenario "console") runs on a bench database of its own
// (.data/bench-scale) to which `caravan seed-scale` adds 100,000 users, 100,000 orders and 1,000,000
// ledger entries and grows the catalogue to 500,000 goods (BENCH_SCALE_USERS, BENCH_SCALE_ORDERS,
// BENCH_SCALE_ENTRIES, BENCH_SCALE_GOODS), and adds the operator console's list latencies and initial JS
// (scripts/bench/console.mjs). The report then sets each API scenario beside its newest figure on the
// BENCH_PRODUCTS catalogue from bench/results (issue 17: hot paths within 1.5x of it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureChat } from './chat.mjs';
import { measureConsole } from './console.mjs';
import { isStoreScenario, measureStore, storeParts } from './store.mjs';
import { checkoutRequests } from './checkout-requests.mjs';
import { withdrawRequests } from './withdraw-requests.mjs';
import { benchDatabase, benchServerEnv } from './bench-database.mjs';
import { cpuSeconds, machineBusySeconds } from './proc.mjs';
import { newestProfile, profileMarkdown, summarizeProfile } from './profile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const autocannon = require('autocannon');
const pg = require('pg');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const WALLET_USERS = Number(process.env.BENCH_WALLET_USERS ?? 1000);
const API_PORT = 18080;
const COLD_API_PORT = 18081;
const CEILING_PORT = 18090;
// scenario names separated by commas, or by semicolons when a name holds a comma ("cold: sellerGoods!info 20,000 goods")
const only = process.env.BENCH_SCENARIOS ? new Set(process.env.BENCH_SCENARIOS.split(process.env.BENCH_SCENARIOS.includes(';') ? ';' : ',')) : undefined;
/** Whether an API scenario runs: all without BENCH_SCENARIOS, all with "api", else those named. */
const wants = (name) => !only || only.has('api') || only.has(name);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const store = storeParts(only);
const SCALE = process.argv.includes('--scale') || process.env.BENCH_SCALE === '1' || Boolean(only?.has('console'));
const consoleScenario = SCALE && (!only || only.has('console'));
const database = benchDatabase(SCALE);
/** API scenarios selected (all of them without BENCH_SCENARIOS) */
const apiScenarios = !only || [...only].some((name) => !isStoreScenario(name));

const serverEnv = { ...benchServerEnv(database), PORT: String(API_PORT), CHAT_PORT: '18050' };
const databaseUrl = process.env.DATABASE_URL ?? database.url;
const apiEntry = path.join(root, 'apps', 'api', 'dist', 'main.mjs');
// BENCH_PROFILE=1: the API runs with Node's --cpu-prof and the report says where its time went (profile.mjs)
const PROFILE_DIR = process.env.BENCH_PROFILE === '1' ? path.join(root, serverEnv.DATA_DIR, 'profiles', new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)) : undefined;

function log(line) {
  process.stderr.write(`[bench] ${line}\n`);
}

function start(command, args, env, readyWhen) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    // the server's error log lines (pino level 50 and above), printed when a scenario had errors
    child.errorLines = [];
    const onData = (chunk) => {
      const text = String(chunk);
      for (const line of text.split('\n')) if (/"level":(5|6)\d/.test(line) && child.errorLines.length < 20) child.errorLines.push(line.slice(0, 2000));
      output = (output + text).slice(-20_000);
      if (readyWhen(output)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${path.basename(args[0] ?? command)} exited (${code}):\n${output.slice(-2000)}`)));
  });
}

/**
 * How many times the API gave back the heap a burst grew (platform/idle-memory.ts), and the MB it gave
 * back, from its metrics; undefined when they cannot be read.
 */
async function heapReleases(base) {
  try {
    const token = serverEnv.METRICS_TOKEN;
    const text = await (await fetch(`${base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).text();
    const figure = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    const [count, bytes] = [figure('caravan_heap_releases_total'), figure('caravan_heap_released_bytes_total')];
    return Number.isFinite(count) && Number.isFinite(bytes) ? { count, mb: Math.round(bytes / 2 ** 20) } : undefined;
  } catch {
    return undefined;
  }
}

/** What a process's resident memory is made of, in MB (Linux /proc): anonymous memory and mapped files. */
function residentParts(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
    const [rss, anonymous] = [kb('Rss'), kb('Anonymous')];
    return Number.isFinite(rss) && Number.isFinite(anonymous) ? { anonymousMb: Math.round(anonymous / 1024), filesMb: Math.round((rss - anonymous) / 1024) } : undefined;
  } catch {
    return undefined;
  }
}

/** A process's resident memory in MB (Linux /proc), or undefined elsewhere. */
function residentMegabytes(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The servers' process ids by port (the API, the cold API, the ceilings): each scenario also reports the
 * CPU its server spent per request, a figure that moves far less with the machine's load than req/s.
 */
const serverPids = new Map();

/** CPU microseconds per request of the scenario's server and of the whole machine (load generator and PostgreSQL included). */
function cpuPerRequest(before, after, requests) {
  const perRequest = (from, to) => (from !== undefined && to !== undefined && requests > 0 ? Math.round(((to - from) * 1e6) / requests) : undefined);
  return { serverCpuUs: perRequest(before.server, after.server), machineCpuUs: perRequest(before.machine, after.machine) };
}

function cpuNow(url) {
  const pid = serverPids.get(Number(new URL(url).port));
  return { server: pid === undefined ? undefined : cpuSeconds(pid), machine: machineBusySeconds() };
}

const RSS_GOAL_MB = 300;
/**
 * How long the bench waits, after its last scenario, before it reads the API's resident memory again:
 * the API gives back the heap it grew for a burst once it has been quiet MEMORY_RELEASE_QUIET_SECONDS
 * (10 by default; platform/idle-memory.ts). Both figures are reported.
 */
const QUIET_WAIT_MS = (Number(process.env.MEMORY_RELEASE_QUIET_SECONDS ?? 10) + 5) * 1000;

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** Seeds the bench database once (the server must be running: it owns the embedded PostgreSQL). */
async function ensureSeeded() {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let goods = 0;
  try {
    goods = Number((await pool.query('select count(*) from goods')).rows[0].count);
  } finally {
    await pool.end();
  }
  if (goods >= PRODUCTS) return goods;
  log(`seeding ${PRODUCTS} products into the bench database (once)`);
  const result = spawnSync(process.execPath, [apiEntry, 'seed', '--products', String(PRODUCTS)], { cwd: root, env: serverEnv, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('seeding failed');
  return PRODUCTS;
}

/** With --scale: users, orders and ledger entries at scale, and the console operator (once per database). */
function scaleFixtures() {
  const out = path.join(root, '.data', 'bench-scale', 'scale.json');
  mkdirSync(path.dirname(out), { recursive: true });
  const size = (name, variable, fallback) => [`--${name}`, String(Number(process.env[variable] ?? fallback))];
  log('seeding data at scale (once per database)');
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      apiEntry, 'seed-scale',
      ...size('users', 'BENCH_SCALE_USERS', 100_000), ...size('orders', 'BENCH_SCALE_ORDERS', 100_000), ...size('ledger-entries', 'BENCH_SCALE_ENTRIES', 1_000_000),
      ...size('goods', 'BENCH_SCALE_GOODS', 500_000), '--out', out,
    ],
    { cwd: root, env: serverEnv, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('seeding at scale failed');
  // what this run spent seeding (next to nothing once the database holds the data)
  return { ...JSON.parse(readFileSync(out, 'utf8')), seedSeconds: Math.round((Date.now() - started) / 100) / 10 };
}

/** Issue 17's goal at scale: a hot path costs at most this many times its figure on the small catalogue. */
const SCALE_GROWTH_GOAL = 1.5;

/**
 * Each API scenario of this scale run beside its newest figure on the BENCH_PRODUCTS catalogue (the newest
 * results file without scale data that has the scenario): the growth of the time per request (the small
 * run's req/s over this one's) and of the p99. Ceilings are listed for the machine's state, without a goal.
 */
function scaleComparison(rows) {
  const dir = path.join(root, 'bench', 'results');
  const small = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .reverse()
    .map((file) => ({ file, result: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) }))
    .filter(({ result }) => !result.environment?.scale && result.environment?.goods === PRODUCTS);
  const round = (value) => Math.round(value * 100) / 100;
  return rows.flatMap((row) => {
    const found = small.find(({ result }) => result.rows?.some((other) => other.name === row.name && other.requestsPerSecond > 0));
    if (!found || row.requestsPerSecond === 0) return [];
    const before = found.result.rows.find((other) => other.name === row.name);
    const cost = round(before.requestsPerSecond / row.requestsPerSecond);
    const p99 = round(row.p99 / Math.max(before.p99, 1));
    const ceiling = row.name.startsWith('ceiling');
    return [{
      name: row.name,
      small: { file: found.file, requestsPerSecond: before.requestsPerSecond, p99: before.p99 },
      scale: { requestsPerSecond: row.requestsPerSecond, p99: row.p99 },
      cost,
      p99,
      ...(ceiling ? {} : { met: cost <= SCALE_GROWTH_GOAL && p99 <= SCALE_GROWTH_GOAL }),
    }];
  });
}

function scaleComparisonTable(comparison, goods) {
  return [
    `## At ${goods.toLocaleString('en')} goods beside ${PRODUCTS.toLocaleString('en')}`,
    `Each scenario beside its newest figure on the ${PRODUCTS.toLocaleString('en')}-goods catalogue (bench/results). Cost: time per request, ` +
      `the small run's req/s over this one's; p99: this run's over the small run's. Goal: both within ${SCALE_GROWTH_GOAL}x. ` +
      'The ceilings say how loaded the machine was in either run.',
    '',
    `| scenario | ${PRODUCTS.toLocaleString('en')}: req/s, p99 ms | at scale: req/s, p99 ms | cost | p99 | within ${SCALE_GROWTH_GOAL}x | small figure from |`,
    '|---|---:|---:|---:|---:|---|---|',
    ...comparison.map(
      (row) =>
        `| ${row.name} | ${row.small.requestsPerSecond}, ${row.small.p99} | ${row.scale.requestsPerSecond}, ${row.scale.p99} | ${row.cost}x | ${row.p99}x | ${row.met === undefined ? '-' : row.met ? 'yes' : 'no'} | ${row.small.file} |`,
    ),
  ].join('\n');
}

/** Every run starts from the same maintenance state: fresh statistics and visibility map. */
async function vacuum() {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query('vacuum analyze seller_goods, seller_goods_views, goods, goods_skus, shops');
    // the bulk-generated tables at scale: their visibility map, as autovacuum would leave it
    if (SCALE) await pool.query('vacuum analyze users, orders, order_items, recharge_orders, withdraw_orders, ledger_accounts, ledger_transfers, ledger_entries, audit_log');
  } finally {
    await pool.end();
  }
}

/**
 * The last page number the API serves (MAX_PAGE_NUMBER in packages/contract/src/paging.ts: a pageNum beyond
 * it is answered with page 1), read from the source, as this script runs on any Node >= 22 without a TypeScript loader.
 */
function maxPageNumber() {
  const source = readFileSync(path.join(root, 'packages', 'contract', 'src', 'paging.ts'), 'utf8');
  const value = /export const MAX_PAGE_NUMBER = ([\d_]+);/.exec(source)?.[1];
  if (!value) throw new Error('MAX_PAGE_NUMBER not found in packages/contract/src/paging.ts');
  return Number(value.replaceAll('_', ''));
}

async function samples(pool) {
  const all = (await pool.query('select id from seller_goods where visible order by md5(id) limit 20000')).rows.map((row) => row.id);
  const ids = all.slice(0, 2000);
  const words = (await pool.query(`select word from ts_stat('select search_vector from seller_goods') where word ~ '^[a-z]{4,}$' order by ndoc desc limit 3000`)).rows.map((row) => row.word);
  const pages = (await pool.query('select count(*)::int as n from seller_goods where visible')).rows[0].n;
  const top = (await pool.query(`select id from categories where level = 1 and enabled order by rank limit 1`)).rows[0].id;
  const second = (await pool.query(`select category_id as id, count(*) from seller_goods where visible group by category_id order by count(*) desc limit 1`)).rows[0].id;
  // up to the last page the API serves (at 500,000 goods the catalogue has about 39,000 pages), and the ceiling
  // walks the same pages
  return { ids, all, words, lastPage: Math.min(Math.floor(pages / 20), maxPageNumber()), top, second };
}

const KEYWORDS = ['dress', 'shirt', 'bluetooth', 'power bank', 'sneakers', 'lamp', 'cotton', 'wallet', 'yoga mat', 'kettle', '连衣裙', 'T恤', '耳机', 'backpack', 'watch'];
const PREFIXES = ['dr', 'shi', 'blu', 'pow', 'sne', 'cot', 'wal', 'yog', 'ket', '连衣', '耳', 'bac', 'wat', 'leat', 'usb'];

/** Distinct paths in a random order (deterministic), so caches cannot answer most requests. */
function shuffled(items) {
  const copy = [...items];
  let seed = 42;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = seed % (index + 1);
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

function rotating(paths) {
  let index = 0;
  return [
    {
      method: 'GET',
      setupRequest(request) {
        request.path = paths[index % paths.length];
        index += 1;
        return request;
      },
    },
  ];
}

/** Wallet users with a funded wallet, a bound address, a fund password and a fresh login. */
function walletFixtures() {
  // beside the database the users are in (the scale bench's own, with --scale)
  const out = path.join(root, serverEnv.DATA_DIR, 'wallet-fixtures.json');
  mkdirSync(path.dirname(out), { recursive: true });
  log(`preparing ${WALLET_USERS} wallet users`);
  const result = spawnSync(process.execPath, [apiEntry, 'bench-fixtures', '--users', String(WALLET_USERS), '--out', out], { cwd: root, env: serverEnv, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('wallet fixtures failed');
  return JSON.parse(readFileSync(out, 'utf8'));
}

function noteRefusal(status, body) {
  if ((status !== 200 || !String(body).startsWith('{"code":"0"')) && refusals.length < 10) refusals.push(`${status} ${String(body).slice(0, 300)}`);
}

async function countAccepted(since) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return Number((await pool.query('select count(*)::int as n from withdraw_orders where created_at >= $1', [since])).rows[0].n);
  } finally {
    await pool.end();
  }
}

async function countOrders(since) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const rows = (await pool.query('select status, count(*)::int as n from orders where created_at >= $1 group by status', [since])).rows;
    const of = (status) => rows.find((row) => row.status === status)?.n ?? 0;
    return { paid: of('paid'), unpaid: of('pending_payment') };
  } finally {
    await pool.end();
  }
}

/** Checkouts for DURATION seconds: orders paid per second, and the latency of both calls. */
async function measureCheckout(name, url, requests) {
  const since = new Date();
  const before = cpuNow(url);
  const result = await new Promise((resolve, reject) => {
    autocannon({ url, connections: Math.min(CONNECTIONS, 20), duration: DURATION, requests, timeout: 30 }, (error, outcome) => (error ? reject(error) : resolve(outcome)));
  });
  const cpu = cpuPerRequest(before, cpuNow(url), result.requests.total);
  const { paid, unpaid } = await countOrders(since);
  // checkouts cut off by the end of the run between submit and pay stay unpaid; anything beyond the
  // number of connections would be a failed payment
  const stranded = Math.max(0, unpaid - Math.min(CONNECTIONS, 20));
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    ordersPerSecond: Math.round((paid / DURATION) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + stranded,
    total: result.requests.total,
    accepted: paid,
    unpaidAtCutOff: unpaid,
    ...cpu,
  };
  log(`${name}: ${row.ordersPerSecond} orders/s (${row.requestsPerSecond} req/s), p50 ${row.p50} ms, p99 ${row.p99} ms, paid ${paid}, unpaid at the cut-off ${unpaid}`);
  return row;
}

/**
 * `caravan audit` on the bench database after a money scenario: the ledger's invariants and the SKUs
 * sold below zero stock. A problem counts as an error of the scenario (the bench then exits non-zero).
 */
function audited(row) {
  const result = spawnSync(process.execPath, [apiEntry, 'audit'], { cwd: root, env: { ...serverEnv, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let report;
  try {
    report = JSON.parse(line);
  } catch {
    throw new Error(`caravan audit answered no report (status ${result.status}): ${result.stderr}`);
  }
  row.audit = { ok: report.ok, ledgerProblems: report.ledger.problems, oversoldSkus: report.oversoldSkus };
  if (!report.ok) row.errors += 1;
  log(`${row.name}: ledger audit ${report.ledger.ok ? 'clean' : `${report.ledger.problems.length} problems: ${report.ledger.problems.slice(0, 5).join('; ')}`}, oversold SKUs ${report.oversoldSkus}`);
  return row;
}

/** Each request is one user's first application: a fixed number of requests, no warm-up round. */
async function measureOnce(name, url, requests, amount) {
  const since = new Date();
  const before = cpuNow(url);
  const started = performance.now();
  let answered = started;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: Math.min(CONNECTIONS, 20), amount, requests, timeout: 30 }, (error, outcome) => (error ? reject(error) : resolve(outcome)));
    instance.on('response', () => {
      answered = performance.now();
    });
  });
  const cpu = cpuPerRequest(before, cpuNow(url), result.requests.total);
  const accepted = await countAccepted(since);
  const row = {
    name,
    // the requests over the time to the last answer: autocannon notices the end of a fixed number of
    // requests on its one-second tick only, so its average reads amount / whole seconds (1,000 requests
    // answered in 5.2 s: 167/s, as in 6 s)
    requestsPerSecond: Math.round(result.requests.total / ((answered - started) / 1000)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + (result.requests.total - accepted),
    total: result.requests.total,
    accepted,
    ...cpu,
  };
  log(`${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, accepted ${accepted}/${row.total}`);
  return row;
}

async function measure(name, url, requests, connections = CONNECTIONS) {
  const run = (duration) =>
    new Promise((resolve, reject) => {
      autocannon({ url, connections, duration, requests, timeout: 10 }, (error, result) => (error ? reject(error) : resolve(result)));
    });
  await run(2); // warm-up: JIT, prepared statements, caches
  const before = cpuNow(url);
  const result = await run(DURATION);
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    ...cpuPerRequest(before, cpuNow(url), result.requests.total),
  };
  log(`${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, server CPU ${row.serverCpuUs ?? '?'} us/request, machine ${row.machineCpuUs ?? '?'} us/request`);
  return row;
}

function table(rows, ceilings) {
  const lines = [
    `| scenario | req/s | p50 ms | p99 ms | errors | vs bare Fastify | vs bare pg | server CPU us/req | machine CPU us/req |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const row of rows) {
    const ratio = (ceiling) => (ceiling ? `${Math.round((row.requestsPerSecond / ceiling) * 100)}%` : '-');
    lines.push(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${ratio(ceilings.fastify)} | ${ratio(ceilings.pg)} | ${row.serverCpuUs ?? '-'} | ${row.machineCpuUs ?? '-'} |`);
  }
  return lines.join('\n');
}

/**
 * Issue 17's table: each goal beside its figure and, where the goal is a share of a ceiling, that ceiling
 * as measured in this run. Rows whose scenario did not run are left out.
 */
function goalRows(rows, ceilings, memory) {
  const find = (prefix) => rows.find((row) => row.name.startsWith(prefix));
  const share = (row, ceiling, goal, ceilingName) =>
    row && ceiling ? { figure: `${row.requestsPerSecond} req/s`, ceiling: `${ceilingName} ${ceiling} req/s`, ratio: `${Math.round((row.requestsPerSecond / ceiling) * 100)}%`, goal: `>= ${goal}% of it`, met: row.requestsPerSecond / ceiling >= goal / 100 && row.errors === 0 } : undefined;
  const out = [];
  const add = (scenario, row) => row && out.push({ scenario, ...row });
  const checkout = find('checkout:');
  if (checkout) {
    add('checkout: order!submit + order!pay', {
      figure: `${checkout.ordersPerSecond} orders/s, p99 ${checkout.p99} ms, oversold SKUs ${checkout.audit?.oversoldSkus ?? '?'}, ledger ${checkout.audit?.ok ? 'clean' : 'NOT clean'}, errors ${checkout.errors}`,
      goal: '>= 300 orders/s, 0 oversell, 0 errors',
      met: checkout.ordersPerSecond >= 300 && checkout.audit?.ok === true && checkout.errors === 0,
    });
  }
  const withdraw = find('withdraw!apply');
  if (withdraw) {
    add('withdraw!apply, full path', {
      figure: `${withdraw.requestsPerSecond}/s, p99 ${withdraw.p99} ms, ledger ${withdraw.audit?.ok ? 'clean' : 'NOT clean'}, errors ${withdraw.errors}`,
      goal: '>= 200/s',
      met: withdraw.requestsPerSecond >= 200 && withdraw.audit?.ok === true && withdraw.errors === 0,
    });
  }
  add('wallet!getUsdt', share(find('wallet!getUsdt'), ceilings.pg, 40, 'bare-pg primary key'));
  add('order!listMain page 1', share(find('order!listMain'), ceilings.orderPage, 40, 'bare-pg 20-row order page'));
  const keyword = find('cold: sellerGoods!search-keyword');
  if (keyword) add('cold sellerGoods!search-keyword (9,000 prefixes)', { figure: `p99 ${keyword.p99} ms`, goal: 'p99 <= 50 ms', met: keyword.p99 <= 50 && keyword.errors === 0 });
  add('cold sellerGoods!list random pages', share(find('cold: sellerGoods!list random pages'), ceilings.goodsPage, 50, 'bare-pg 20-row goods page'));
  if (memory.quietMb !== undefined) {
    add('API resident memory after the bench', {
      figure: `${memory.quietMb} MB ${memory.quietSeconds} s after the last scenario (${memory.atEndMb} MB as it ended)`,
      goal: `< ${RSS_GOAL_MB} MB`,
      met: memory.quietMb < RSS_GOAL_MB,
    });
  }
  return out;
}

/** The heap's releases in the quiet (after minus at the end) and in the whole run, from two readings. */
function releasesFigures(atEnd, after) {
  if (!atEnd || !after) return undefined;
  return { inQuiet: after.count - atEnd.count, mbInQuiet: after.mb - atEnd.mb, inRun: after.count, mbInRun: after.mb };
}

/** How the quiet figure came about: the resident memory's parts, the heap's releases, the API's CPU in the quiet. */
function memoryDetail(memory) {
  const parts = memory.parts ? `; ${memory.parts.anonymousMb} MB anonymous, ${memory.parts.filesMb} MB mapped files` : '';
  const { releases } = memory;
  const given = releases ? `; the heap given back ${releases.inQuiet} time(s) in the quiet (${releases.mbInQuiet} MB), ${releases.inRun} in the whole run (${releases.mbInRun} MB)` : '';
  const cpu = memory.cpuSecondsBySecond.length > 0 ? `; the API's CPU seconds in each second of the quiet: ${memory.cpuSecondsBySecond.join(' ')}` : '';
  return `${parts}${given}${cpu}`;
}

function goalTable(goalList) {
  return [
    '| goal of issue 17 | figure | in-run ceiling | share | goal | met |',
    '|---|---|---|---:|---|---|',
    ...goalList.map((goal) => `| ${goal.scenario} | ${goal.figure} | ${goal.ceiling ?? '-'} | ${goal.ratio ?? '-'} | ${goal.goal} | ${goal.met ? 'yes' : 'no'} |`),
  ].join('\n');
}

/** The API scenarios and the two ceilings; the servers it starts go into `children` (stopped by the caller). */
async function measureApi(base, children) {
  const rows = [];
  const wallet = ['wallet!getUsdt', 'withdraw!apply', 'checkout', 'order!listMain', 'chat'].some(wants) ? walletFixtures() : undefined;
  // a second server on the same database with the catalogue micro-caches off: "cold" scenarios
  const cold = await start(
    process.execPath,
    [apiEntry, 'serve'],
    { ...serverEnv, PORT: String(COLD_API_PORT), CHAT_PORT: '18051', CATALOG_MICRO_CACHE: '0', DATABASE_URL: databaseUrl },
    (output) => output.includes('Caravan is running'),
  );
  children.push(cold);
  serverPids.set(COLD_API_PORT, cold.pid);
  const ceiling = await start(process.execPath, [path.join(root, 'scripts', 'bench', 'ceiling-server.mjs'), String(CEILING_PORT), databaseUrl], process.env, (output) => output.includes('ready'));
  children.push(ceiling);
  serverPids.set(CEILING_PORT, ceiling.pid);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const sample = await samples(pool);
  await pool.end();
  const coldBase = `http://127.0.0.1:${COLD_API_PORT}`;
  const legacy = (call, query) => `/wap/api/${call}.action?lang=en${query ? `&${query}` : ''}`;
  const scenarios = [
    ['ceiling: bare Fastify JSON', `http://127.0.0.1:${CEILING_PORT}`, rotating(['/json'])],
    ['ceiling: bare pg primary key', `http://127.0.0.1:${CEILING_PORT}`, rotating(sample.ids.map((id) => `/pk?id=${id}`))],
    ['ceiling: bare pg 20-row goods page, random pages', `http://127.0.0.1:${CEILING_PORT}`, rotating(shuffled(Array.from({ length: sample.lastPage }, (_, page) => `/goods-page?offset=${page * 20}`)))],
    ['sellerGoods!list page 1', base, rotating([legacy('sellerGoods!list', 'pageNum=1&pageSize=20')])],
    ['sellerGoods!list page 1000', base, rotating([legacy('sellerGoods!list', 'pageNum=1000&pageSize=20')])],
    ['sellerGoods!list category, price asc, page 1', base, rotating([legacy('sellerGoods!list', `categoryId=${sample.top}&isPrice=1&pageNum=1&pageSize=20`)])],
    ['sellerGoods!list sub-category, new, page 20', base, rotating([legacy('sellerGoods!list', `categoryId=${sample.second}&pageNum=20&pageSize=20`)])],
    ['sellerGoods!info', base, rotating(sample.ids.map((id) => legacy('sellerGoods!info', `sellerGoodsId=${id}`)))],
    ['sellerGoods!search-keyword', base, rotating(PREFIXES.map((prefix) => legacy('sellerGoods!search-keyword', `keyword=${encodeURIComponent(prefix)}`)))],
    ['sellerGoods!search', base, rotating(KEYWORDS.map((keyword) => legacy('sellerGoods!search', `keyword=${encodeURIComponent(keyword)}&pageNum=1&pageSize=20`)))],
    ['category!tree', base, rotating([legacy('category!tree')])],
    // without micro-caches, over thousands of distinct requests: what the database path costs
    ['cold: sellerGoods!list page 1', coldBase, rotating([legacy('sellerGoods!list', 'pageNum=1&pageSize=20')])],
    ['cold: sellerGoods!list random pages 1..last', coldBase, rotating(shuffled(Array.from({ length: sample.lastPage }, (_, page) => legacy('sellerGoods!list', `pageNum=${page + 1}&pageSize=20`))))],
    ['cold: sellerGoods!info 20,000 goods', coldBase, rotating(sample.all.map((id) => legacy('sellerGoods!info', `sellerGoodsId=${id}`)))],
    ['cold: sellerGoods!search-keyword 9,000 prefixes', coldBase, rotating(shuffled(sample.words.flatMap((word) => [3, 4, 5].map((length) => legacy('sellerGoods!search-keyword', `keyword=${word.slice(0, length)}`)))))],
    ['cold: sellerGoods!search 3,000 words', coldBase, rotating(shuffled(sample.words.map((word) => legacy('sellerGoods!search', `keyword=${word}&pageNum=1&pageSize=20`))))],
    ...(wallet ? [['wallet!getUsdt', base, rotating(wallet.users.map((user) => legacy('wallet!getUsdt', `token=${encodeURIComponent(user.token)}`)))]] : []),
  ].filter(([name]) => name.startsWith('ceiling') || wants(name));

  for (const [name, url, requests] of scenarios) rows.push(await measure(name, url, requests));
  if (wallet && wants('withdraw!apply')) {
    // the settings cache of the running server refreshes every 10 s; the fixtures raised the daily cap
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    rows.push(audited(await measureOnce(`withdraw!apply (full path: fund password, locks, hold; ${wallet.users.length} users once each)`, base, withdrawRequests(wallet.users, wallet.safeword, noteRefusal), wallet.users.length)));
  }
  if (wallet && wants('checkout')) {
    rows.push(audited(await measureCheckout('checkout: order!submit + order!pay (priced, stock reserved, fund password, escrow)', base, checkoutRequests(wallet, noteRefusal))));
  }
  if (wallet && wants('order!listMain')) {
    // the ceiling on the same orders (the checkouts above placed them)
    rows.push(await measure('ceiling: bare pg 20-row order page (a buyer\'s newest)', `http://127.0.0.1:${CEILING_PORT}`, rotating(wallet.users.map((user) => `/order-page?buyer=${user.userId}`))));
    rows.push(await measure('order!listMain page 1', base, rotating(wallet.users.map((user) => legacy('order!listMain', `pageNum=1&pageSize=20&token=${encodeURIComponent(user.token)}`)))));
  }
  if (wallet && wants('chat')) {
    rows.push(...(await measureChat({ chatUrl: `ws://127.0.0.1:${serverEnv.CHAT_PORT}/`, users: wallet.users, log })));
  }
  const ceilings = {
    fastify: rows.find((row) => row.name === 'ceiling: bare Fastify JSON')?.requestsPerSecond,
    pg: rows.find((row) => row.name === 'ceiling: bare pg primary key')?.requestsPerSecond,
    goodsPage: rows.find((row) => row.name.startsWith('ceiling: bare pg 20-row goods page'))?.requestsPerSecond,
    orderPage: rows.find((row) => row.name.startsWith('ceiling: bare pg 20-row order page'))?.requestsPerSecond,
  };
  return { rows, ceilings };
}

async function main() {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const api = await start(process.execPath, [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), apiEntry, 'serve'], serverEnv, (output) => output.includes('Caravan is running'));
  serverPids.set(API_PORT, api.pid);
  const children = [];
  try {
    const scale = SCALE ? (await ensureSeeded(), scaleFixtures()) : undefined;
    const goods = scale ? scale.catalogue.goods : await ensureSeeded();
    await vacuum();
    const base = `http://127.0.0.1:${API_PORT}`;
    // the store first, on a quiet machine
    const storeResult = store ? await measureStore({ root, baseUrl: base, parts: store, chromiumPath: CHROMIUM_PATH, runs: LIGHTHOUSE_RUNS, log }) : undefined;
    const { rows, ceilings } = apiScenarios ? await measureApi(base, children) : { rows: [], ceilings: {} };
    const consoleResult = consoleScenario && scale ? await measureConsole({ root, baseUrl: base, databaseUrl, pg, chromiumPath: CHROMIUM_PATH, measure, rotating, scale, log }) : undefined;
    if (consoleResult) rows.push(...consoleResult.rows);
    const info = rows.find((row) => row.name === 'sellerGoods!info');
    // what the API process holds after everything above ran against it (issue 17: under 300 MB): as the
    // last scenario ends, and once it has been quiet for a while
    const apiRssMb = residentMegabytes(api.pid);
    const releasesAtEnd = await heapReleases(base);
    const quietCpu = [];
    if (apiRssMb !== undefined) {
      log(`API resident memory as the last scenario ended: ${apiRssMb} MB; waiting ${QUIET_WAIT_MS / 1000} s of quiet`);
      // the API's CPU use second by second: what kept it from being quiet, if anything did
      let last = cpuSeconds(api.pid);
      for (let second = 0; second < QUIET_WAIT_MS / 1000; second++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const now = cpuSeconds(api.pid);
        if (now !== undefined && last !== undefined) quietCpu.push(Math.round((now - last) * 100) / 100);
        last = now;
      }
    }
    const memory = {
      atEndMb: apiRssMb,
      quietMb: residentMegabytes(api.pid),
      quietSeconds: QUIET_WAIT_MS / 1000,
      parts: residentParts(api.pid),
      // whether the API gave its heap back in the quiet (it did not: it found no quiet moment, or its heap
      // had not grown enough since its last release), and in the whole run
      releases: releasesFigures(releasesAtEnd, await heapReleases(base)),
      cpuSecondsBySecond: quietCpu,
    };
    const goals = [
      memory.quietMb !== undefined ? `API resident memory after the bench: ${memory.quietMb} MB after ${memory.quietSeconds} s of quiet, ${memory.atEndMb} MB as the last scenario ended (goal < ${RSS_GOAL_MB} MB)${memoryDetail(memory)}` : undefined,
      info && ceilings.pg ? `sellerGoods!info at ${Math.round((info.requestsPerSecond / ceilings.pg) * 100)}% of the bare-pg ceiling (goal >= 50%)` : undefined,
      ...rows
        .filter((row) => /sellerGoods!(list|search-keyword)/.test(row.name))
        .map((row) => `${row.name}: p99 ${row.p99} ms (goal <= 50 ms)`),
      ...rows.filter((row) => row.accepted !== undefined && row.ordersPerSecond === undefined).map((row) => `${row.name}: ${row.accepted} of ${row.total} applications accepted (goal: all)`),
      ...rows.filter((row) => row.ackP99 !== undefined).map((row) => `${row.name}: fan-out p99 ${row.p99} ms, ack p99 ${row.ackP99} ms, ${row.delivered} of ${row.total} delivered (goal: all)`),
      ...rows.filter((row) => row.ordersPerSecond !== undefined).map((row) => `${row.name}: ${row.ordersPerSecond} orders/s, p99 ${row.p99} ms, ${row.accepted} paid, ${row.unpaidAtCutOff} placed but cut off before paying`),
      rows.length > 0 ? `errors: ${rows.reduce((sum, row) => sum + row.errors, 0)} (goal 0)` : undefined,
      ...(storeResult?.goals ?? []),
      ...(consoleResult?.goals ?? []),
    ].filter(Boolean);

    const goalList = rows.length > 0 ? goalRows(rows, ceilings, memory) : [];
    const comparison = scale ? scaleComparison(rows) : undefined;
    // the profile is written as the API exits: the servers stop before the report
    let profile;
    if (PROFILE_DIR) {
      for (const child of children.reverse()) await stop(child);
      children.length = 0;
      await stop(api);
      profile = summarizeProfile(newestProfile(PROFILE_DIR), root);
    }
    const date = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const environment = { apiRssMb, apiRssQuietMb: memory.quietMb, apiMemory: memory, node: process.version, cpus: (await import('node:os')).cpus().length, duration_s: DURATION, connections: CONNECTIONS, goods, ...(scale ? { scale: { users: scale.users, orders: scale.orders, ledgerEntries: scale.entries, goods: scale.catalogue.goods, listings: scale.catalogue.listings, seedSeconds: scale.seedSeconds } } : {}) };
    const sections = [
      `# Bench ${date}`,
      rows.length > 0
        ? `${goods} goods, ${CONNECTIONS} connections, ${DURATION} s per scenario, ${environment.cpus} CPUs, Node ${process.version}.`
        : `${goods} goods, ${environment.cpus} CPUs, Node ${process.version}.`,
      goalList.length > 0 ? goalTable(goalList) : undefined,
      rows.length > 0 ? table(rows, ceilings) : undefined,
      comparison?.length ? scaleComparisonTable(comparison, goods) : undefined,
      scale ? `Seeding at scale took ${scale.seedSeconds} s in this run (\`caravan seed-scale\`; next to nothing when the database held the data already).` : undefined,
      storeResult?.markdown,
      consoleResult?.markdown,
      profile ? profileMarkdown(profile) : undefined,
      goals.map((goal) => `- ${goal}`).join('\n'),
    ];
    const markdown = `${sections.filter(Boolean).join('\n\n')}\n`;
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', `${date}.json`), `${JSON.stringify({ date, environment, ceilings, goalTable: goalList, rows, ...(comparison ? { scaleComparison: comparison } : {}), ...(profile ? { profile } : {}), ...(storeResult ? { store: storeResult.json } : {}), ...(consoleResult ? { console: consoleResult.json } : {}), goals }, null, 2)}\n`);
    writeFileSync(path.join(root, 'bench', 'results', `${date}.md`), markdown);
    process.stdout.write(`\n${markdown}\n`);
    // speed is reported, never asserted; errors (including a failed ledger audit or an oversell) fail the run
    const errors = rows.reduce((sum, row) => sum + row.errors, 0);
    if (errors > 0) {
      for (const refusal of refusals) log(`refused: ${refusal}`);
      for (const child of [api, ...children]) for (const line of child.errorLines ?? []) log(`server error: ${line}`);
      log(`${errors} errors: the run fails`);
      process.exitCode = 1;
    }
  } finally {
    for (const child of children.reverse()) await stop(child);
    await stop(api);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
