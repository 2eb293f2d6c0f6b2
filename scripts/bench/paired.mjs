// `node scripts/bench/paired.mjs <build A> <build B> [call] [rounds] [seconds]`: compares two builds of the
// API on this machine without the machine's drift between runs. Both builds serve at once, on the bench
// database (`npm run bench` prepares it and its wallet users first), and take turns: each round loads one
// and then the other for a few seconds (the order alternates), so a slow minute of the machine falls on
// both. It prints each build's CPU per request (from /proc: Linux only) and req/s round by round.
//
// A build is a directory holding a built `main.mjs`, at the depth of apps/api/dist (it finds the apps and
// migrations relative to itself), e.g. `cp -r apps/api/dist apps/api/dist-before` before a change, then
// `npm run build` and `node scripts/bench/paired.mjs apps/api/dist-before apps/api/dist`.
// Calls: order!listMain (page 1 of 20, the default) and wallet!getUsdt, over the bench's wallet users,
// checkout (order!submit then order!pay, as the bench's checkout scenario: a refused answer is an error),
// and withdraw (withdraw!apply once per wallet user and round, half of them per build: rounds are counted
// in applications, not seconds; the open withdrawals are refused between rounds).
// Besides the build's own CPU it prints the machine's per request: PostgreSQL's share of a call is there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabase, benchServerEnv } from './bench-database.mjs';
import { checkoutRequests } from './checkout-requests.mjs';
import { withdrawRequests } from './withdraw-requests.mjs';
import { cpuSeconds, machineBusySeconds } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const autocannon = require('autocannon');

const [builds, call, rounds, seconds] = [process.argv.slice(2, 4), process.argv[4] ?? 'order!listMain', Number(process.argv[5] ?? 8), Number(process.argv[6] ?? 3)];
const queries = { 'order!listMain': 'pageNum=1&pageSize=20', 'wallet!getUsdt': '', checkout: undefined, withdraw: undefined };
const database = benchDatabase(false);
const fixturesFile = path.join(root, database.dataDir, 'wallet-fixtures.json');
if (builds.length !== 2 || !(call in queries) || !(rounds > 0) || !(seconds > 0)) {
  process.stderr.write(`usage: node scripts/bench/paired.mjs <build A> <build B> [${Object.keys(queries).join(' | ')}] [rounds] [seconds]\n`);
  process.exit(2);
}
for (const build of builds) if (!existsSync(path.join(root, build, 'main.mjs'))) throw new Error(`${build}/main.mjs not found`);
if (cpuSeconds(process.pid) === undefined) throw new Error('paired.mjs reads CPU times from /proc: Linux only');
if (!existsSync(fixturesFile)) throw new Error('no bench wallet users: run `BENCH_SCENARIOS=order!listMain npm run bench` once first');
const fixtures = JSON.parse(readFileSync(fixturesFile, 'utf8'));
const { users } = fixtures;

const env = benchServerEnv(database);
const servers = [];

// checkouts spend the wallet users' balances: topped up first (the bench's own fixture step, which does that
// on every run); it also refuses the withdrawals a round left open, so that each user may apply again
// (once the first build serves, the step joins its embedded PostgreSQL)
function refreshFixtures(joined = servers.length > 0) {
  const topped = spawnSync(process.execPath, [path.join(root, builds[0], 'main.mjs'), 'bench-fixtures', '--users', String(users.length), '--out', fixturesFile], {
    cwd: root,
    env: joined ? { ...env, DATABASE_URL: database.url } : env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (topped.status !== 0) throw new Error('bench-fixtures failed');
}
if (call === 'checkout') refreshFixtures(false);

function start(build, port, extra) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(build, 'main.mjs'), 'serve'], { cwd: root, env: { ...env, ...extra, PORT: String(port), CHAT_PORT: String(port + 100) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output = (output + chunk).slice(-4000);
      if (output.includes('Caravan is running')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${build} exited (${code}): ${output}`)));
  });
}

let next = 0;
const paths = users.map((user) => `/wap/api/${call}.action?lang=en&${queries[call]}&token=${encodeURIComponent(user.token)}`);
// a refusal in a body of status 200 (the legacy envelope's code) is an error too
let refused = 0;
const firstRefusals = [];
const noteRefusal = (status, body) => {
  if (status !== 200 || String(body).startsWith('{"code":"0"')) return;
  refused += 1;
  if (firstRefusals.length < 3) firstRefusals.push(String(body).slice(0, 200));
};
const requests = call === 'checkout' ? checkoutRequests(fixtures, noteRefusal) : [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
const load = (port, duration) =>
  new Promise((resolve, reject) => autocannon({ url: `http://127.0.0.1:${port}`, connections: 20, duration, requests, timeout: 30 }, (error, result) => (error ? reject(error) : resolve(result))));

// withdrawals: each user applies once a round, and a round is one application of each user of a half of them
// per build (the halves swap every round); the open withdrawals are refused between rounds
const halves = [users.slice(0, Math.floor(users.length / 2)), users.slice(Math.floor(users.length / 2))];
const applyOnce = (port, half) =>
  new Promise((resolve, reject) =>
    autocannon({ url: `http://127.0.0.1:${port}`, connections: 20, amount: half.length, requests: withdrawRequests(half, fixtures.safeword, noteRefusal), timeout: 30 }, (error, result) => (error ? reject(error) : resolve(result))),
  );

// the first build starts the bench's embedded PostgreSQL; the second joins it
try {
  servers.push({ build: builds[0], port: 18280, child: await start(builds[0], 18280, {}) });
  servers.push({ build: builds[1], port: 18281, child: await start(builds[1], 18281, { DATABASE_URL: database.url }) });
  // warm-up: JIT, prepared statements, the session cache (withdrawals: a first round, not counted)
  if (call === 'withdraw') refreshFixtures();
  for (const [index, server] of servers.entries()) {
    await (call === 'withdraw' ? applyOnce(server.port, halves[index]) : load(server.port, 2));
    Object.assign(server, { requests: 0, cpu: 0, machine: 0, errors: 0, rates: [], costs: [], machineCosts: [] });
  }
  refused = 0;
  firstRefusals.length = 0;
  for (let round = 0; round < rounds; round += 1) {
    if (call === 'withdraw') refreshFixtures();
    for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
      const before = cpuSeconds(server.child.pid);
      const machineBefore = machineBusySeconds();
      const refusedBefore = refused;
      const result = await (call === 'withdraw' ? applyOnce(server.port, halves[(servers.indexOf(server) + round) % 2]) : load(server.port, seconds));
      const used = cpuSeconds(server.child.pid) - before;
      const machine = machineBusySeconds() - machineBefore;
      server.requests += result.requests.total;
      server.cpu += used;
      server.machine += machine;
      server.errors += result.errors + result.timeouts + result.non2xx + (refused - refusedBefore);
      // answered requests over the run's wall time (autocannon's per-second average counts whole seconds only)
      server.rates.push(Math.round(result.requests.total / Math.max(0.01, result.duration)));
      server.costs.push(Math.round((used * 1e6) / Math.max(1, result.requests.total)));
      server.machineCosts.push(Math.round((machine * 1e6) / Math.max(1, result.requests.total)));
    }
  }
  process.stdout.write(call === 'withdraw' ? `${call}, ${rounds} rounds of ${halves[0].length} applications each, 20 connections\n` : `${call}, ${rounds} rounds of ${seconds} s each, 20 connections\n`);
  for (const server of servers) {
    process.stdout.write(
      `${server.build}: ${Math.round((server.cpu * 1e6) / server.requests)} us CPU per request, machine ${Math.round((server.machine * 1e6) / server.requests)} us, errors ${server.errors}; by round: req/s ${server.rates.join(' ')}; us/request ${server.costs.join(' ')}; machine us/request ${server.machineCosts.join(' ')}\n`,
    );
  }
  const [a, b] = servers.map((server) => server.cpu / server.requests);
  const [machineA, machineB] = servers.map((server) => server.machine / server.requests);
  process.stdout.write(`${builds[1]} spends ${Math.round((b / a) * 100)} % of ${builds[0]}'s CPU per request, and the machine ${Math.round((machineB / machineA) * 100)} %\n`);
  for (const refusal of firstRefusals) process.stdout.write(`refused: ${refusal}\n`);
  if (servers.some((server) => server.errors > 0)) process.exitCode = 1;
} finally {
  for (const server of [...servers].reverse()) server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
}
