// The operator console's measurements for `npm run bench` (scenario "console"), on the data at scale
// that `caravan seed-scale` adds to the bench database (100,000 users, 100,000 orders, 1,000,000 ledger
// entries by default):
//
// - list latencies: the console REST calls operators live in (queues, order search, users, statements,
//   audit, dashboard), each over many distinct requests with an admin's bearer token and 10 connections
//   (a busy operations team, not a crowd), reported with req/s, p50 and p99 (goal: p99 <= 100 ms at
//   that size; reported, never asserted);
// - initial JS: the JavaScript Chromium loads for the login page, and for the dashboard of a signed-in
//   operator (gzip KB, reported: Ant Design is most of it), from the built console in apps/console/dist.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const CONSOLE_LIST_GOAL_MS = 100;

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const CONNECTIONS = 10;

async function signIn(baseUrl, operator) {
  const response = await fetch(`${baseUrl}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(operator),
  });
  if (!response.ok) throw new Error(`bench operator login failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Ids the scenarios rotate over, read from the bench database. */
async function consoleSamples(pg, databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const many = async (text) => (await pool.query(text)).rows.map((row) => row.id);
    return {
      orders: await many('select id from orders order by md5(id) limit 2000'),
      buyers: await many("select id from users where username like 'scale%' order by md5(id) limit 2000"),
      shops: await many('select id from shops order by id'),
      prefixes: (await pool.query("select left(username, 9) as p from users where username like 'scale%' group by 1 order by md5(left(username, 9)) limit 500")).rows.map((row) => row.p),
    };
  } finally {
    await pool.end();
  }
}

/** [name, paths] of every console list scenario. */
function consoleScenarios(sample) {
  const api = (route) => `/console/api${route}`;
  const pages = (count, make) => Array.from({ length: count }, (_, index) => api(make(index + 1)));
  return [
    ['console: orders, newest, pages 1..50', pages(50, (page) => `/orders?page=${page}&pageSize=20`)],
    ['console: orders by state, pages 1..50', pages(50, (page) => `/orders?status=${['completed', 'paid', 'shipped', 'cancelled'][page % 4]}&page=${page}&pageSize=20`)],
    ['console: orders of a buyer (2,000 buyers)', sample.buyers.map((id) => api(`/orders?buyerId=${id}&page=1&pageSize=20`))],
    ['console: orders of a shop', sample.shops.map((id) => api(`/orders?shopId=${id}&page=1&pageSize=20`))],
    ['console: order by number (2,000 orders)', sample.orders.map((id) => api(`/orders?id=${id}&page=1&pageSize=20`))],
    ['console: order detail with its transfers', sample.orders.map((id) => api(`/orders/${id}`))],
    ['console: deposits waiting, pages 1..25', pages(25, (page) => `/recharges?state=pending&page=${page}&pageSize=20`)],
    ['console: deposits approved, pages 1..100', pages(100, (page) => `/recharges?state=approved&page=${page}&pageSize=20`)],
    ['console: users by name prefix', sample.prefixes.map((prefix) => api(`/users?q=${prefix}`))],
    ['console: wallet statement (2,000 users)', sample.buyers.map((id) => api(`/users/${id}/statement?page=1&pageSize=20`))],
    ['console: audit log, pages 1..20', pages(20, (page) => `/audit?page=${page}&pageSize=20`)],
    // the dashboard asks for the operator's today (here: the last 24 hours)
    ['console: dashboard', [api(`/dashboard?from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`)]],
  ];
}

/** The scripts Chromium loads for a page of the console (optionally signed in), in gzip KB. */
async function loadedConsoleScripts(root, baseUrl, chromiumPath, answer) {
  const distDir = path.join(root, 'apps', 'console', 'dist');
  const { chromium } = createRequire(path.join(root, 'package.json'))('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    if (answer) await context.addInitScript((saved) => window.localStorage.setItem('caravan.console.session', saved), JSON.stringify(answer));
    const page = await context.newPage();
    const scripts = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname.replace(/^\/console\//, ''));
    });
    await page.goto(`${baseUrl}/console/`, { waitUntil: 'networkidle' });
    const files = [...scripts].filter((file) => existsSync(path.join(distDir, file)));
    const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
    return { files: files.length, jsGzipKB: kb(gzip) };
  } finally {
    await browser.close();
  }
}

/**
 * Runs the console scenarios with `measure(name, url, requests)` (the bench's autocannon runner) and
 * the initial-JS measurement; answers rows for the main table, a markdown section and goals.
 */
export async function measureConsole({ root, baseUrl, databaseUrl, pg, chromiumPath, measure, rotating, scale, log }) {
  // the operator `caravan seed-scale` created, as its --out file names it
  const answer = await signIn(baseUrl, scale.operator);
  const sample = await consoleSamples(pg, databaseUrl);
  const authorised = (requests) => requests.map((request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${answer.token}` } }));
  const rows = [];
  for (const [name, paths] of consoleScenarios(sample)) rows.push(await measure(name, baseUrl, authorised(rotating(paths)), CONNECTIONS));
  log('console: initial JS');
  const login = await loadedConsoleScripts(root, baseUrl, chromiumPath, undefined);
  const dashboard = await loadedConsoleScripts(root, baseUrl, chromiumPath, answer);
  const slowest = rows.reduce((worst, row) => (row.p99 > worst.p99 ? row : worst), rows[0]);
  const goals = [
    `console lists at ${scale.orders.toLocaleString('en')} orders / ${scale.entries.toLocaleString('en')} ledger entries: slowest p99 ${slowest.p99} ms (${slowest.name}; goal <= ${CONSOLE_LIST_GOAL_MS} ms)`,
    `console initial JS: login ${login.jsGzipKB} KB, signed-in dashboard ${dashboard.jsGzipKB} KB gzip`,
  ];
  const markdown = [
    '## Operator console',
    `Data: ${scale.users.toLocaleString('en')} users, ${scale.orders.toLocaleString('en')} orders, ${scale.entries.toLocaleString('en')} ledger entries (\`caravan seed-scale\`). List latencies are in the table above (rows "console: ...", ${CONNECTIONS} connections).`,
    '',
    '| page | scripts | JS gzip KB |',
    '|---|---:|---:|',
    `| /console/ (login) | ${login.files} | ${login.jsGzipKB} |`,
    `| /console/ (signed in: dashboard) | ${dashboard.files} | ${dashboard.jsGzipKB} |`,
  ].join('\n');
  return { rows, goals, markdown, json: { scale, initialJs: { login, dashboard } } };
}
