#!/usr/bin/env node
// The one entry point behind `npm start`, `npm test` and the other root scripts.
// It runs on any Node >= 20 with nothing else installed: it fetches a supported Node
// and pnpm from the npm registry into .tools/, installs dependencies when the lockfile
// changed, builds what is stale, then hands over to the real command.
// Plain JavaScript without dependencies on purpose: nothing is installed yet when it starts.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
// 22.18: the first 22 that runs TypeScript files as they are (the bench scripts import the embedded
// PostgreSQL launcher's source, scripts/bench/bench-database.mjs)
const MIN_NODE = [22, 18];
const PNPM_VERSION = '11.28.11';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = path.join(root, '.tools');
const [command = 'start', ...rest] = process.argv.slice(2);

function log(message) {
  process.stderr.write(`[caravan] ${message}\n`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    log(`command failed (${result.status}): ${cmd} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function npmBin() {
  // npm next to the running node, so an old global npm is not picked by accident.
  const candidate = path.join(path.dirname(process.execPath), process.platform === 'win32' ? 'npm.cmd' : 'npm');
  return existsSync(candidate) ? candidate : 'npm';
}

// 1. A supported Node. Re-exec this script under it when the machine's Node is older.
function ensureNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const prefix = path.join(toolsDir, `node-${NODE_VERSION}`);
  const nodeDir = path.join(prefix, 'node_modules', pkg);
  const nodeBin = path.join(nodeDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(nodeBin)) {
    log(`Node ${process.versions.node} is older than ${MIN_NODE.join('.')}; fetching ${pkg}@${NODE_VERSION} from the npm registry`);
    mkdirSync(prefix, { recursive: true });
    run(npmBin(), ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${NODE_VERSION}`]);
  }
  const env = {
    ...process.env,
    PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
    // native addons without a prebuilt binary compile against the headers that ship with this Node
    npm_config_nodedir: nodeDir,
  };
  const child = spawnSync(nodeBin, [fileURLToPath(import.meta.url), command, ...rest], { stdio: 'inherit', env });
  process.exit(child.status ?? 1);
}

// 2. pnpm, pinned, installed into .tools (corepack fails signature checks on these machines).
function ensurePnpm() {
  const prefix = path.join(toolsDir, `pnpm-${PNPM_VERSION}`);
  const entry = path.join(prefix, 'node_modules', 'pnpm', 'bin', 'pnpm.mjs');
  if (!existsSync(entry)) {
    log(`installing pnpm@${PNPM_VERSION}`);
    mkdirSync(prefix, { recursive: true });
    run(npmBin(), ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]);
  }
  return entry;
}

function pnpm(entry, args, options) {
  run(process.execPath, [entry, ...args], options);
}

function hashFiles(files) {
  const hash = createHash('sha256');
  hash.update(process.versions.node);
  for (const file of files) {
    hash.update(file);
    hash.update(existsSync(file) ? readFileSync(file) : '');
  }
  return hash.digest('hex');
}

function workspaceManifests() {
  const manifests = [path.join(root, 'package.json'), path.join(root, 'pnpm-workspace.yaml'), path.join(root, 'pnpm-lock.yaml')];
  for (const group of ['apps', 'packages']) {
    const dir = path.join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const manifest = path.join(dir, name, 'package.json');
      if (existsSync(manifest)) manifests.push(manifest);
    }
  }
  return manifests;
}

// 3. Dependencies, only when a manifest or the lockfile changed since the last install.
function ensureInstalled(entry) {
  const marker = path.join(toolsDir, 'install.hash');
  const digest = hashFiles(workspaceManifests());
  if (existsSync(marker) && readFileSync(marker, 'utf8') === digest && existsSync(path.join(root, 'node_modules', '.modules.yaml'))) {
    return;
  }
  log('installing dependencies');
  const frozen = existsSync(path.join(root, 'pnpm-lock.yaml')) && process.env.CARAVAN_UNFROZEN_INSTALL !== '1';
  pnpm(entry, ['install', ...(frozen ? ['--frozen-lockfile'] : []), '--reporter=append-only']);
  writeFileSync(marker, digest);
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop();
    for (const name of readdirSync(current)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = path.join(current, name);
      const stat = statSync(full);
      if (stat.isDirectory()) stack.push(full);
      else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
    }
  }
  return newest;
}

// 4. Build, skipped when no source is newer than the last build.
function ensureBuilt(entry) {
  const marker = path.join(toolsDir, 'build.stamp');
  const sources = ['apps', 'packages', 'locales', 'brands'].map((dir) => newestMtime(path.join(root, dir)));
  const newestSource = Math.max(...sources, statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs);
  // the store is built for one brand (BRAND, default caravan): another brand means another build
  const brand = process.env.BRAND || 'caravan';
  const builtBrand = existsSync(marker) ? readFileSync(marker, 'utf8').split(' ')[1]?.trim() : undefined;
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestSource && builtBrand === brand) return;
  log(`building (brand ${brand})`);
  pnpm(entry, ['-r', '--workspace-concurrency=1', 'run', 'build']);
  writeFileSync(marker, `${new Date().toISOString()} ${brand}\n`);
}

// 5. Chromium for the end-to-end tests and the store measurements (`test`, `bench`): CHROMIUM_PATH when
// set, else Debian's /usr/bin/chromium, else installed from the machine's apt repositories (Linux, as
// root). Never downloaded from anywhere else; without one the command fails rather than skip tests.
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function chromiumVersion(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error || result.status !== 0) return undefined;
  return result.stdout.trim();
}

function ensureChromium() {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) {
      log(`CHROMIUM_PATH=${explicit} does not exist; point it at a Chromium or Chrome binary, or unset it`);
      process.exit(1);
    }
    return explicit;
  }
  if (existsSync(DEFAULT_CHROMIUM)) {
    process.env.CHROMIUM_PATH = DEFAULT_CHROMIUM;
    return DEFAULT_CHROMIUM;
  }
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform !== 'linux' || !isRoot || !hasApt) {
    log(
      `no Chromium found: the end-to-end tests and the store bench need one. Set CHROMIUM_PATH to a Chromium or Chrome ` +
        `binary, or install Debian's package (apt-get install chromium, as root), which puts it at ${DEFAULT_CHROMIUM}. ` +
        `(Automatic installation needs Linux, root and apt-get.)`,
    );
    process.exit(1);
  }
  log(`no Chromium at ${DEFAULT_CHROMIUM}: installing Debian's chromium package with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('apt-get update');
  run('apt-get', ['update'], { env });
  log('apt-get install -y --no-install-recommends chromium');
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  const version = existsSync(DEFAULT_CHROMIUM) ? chromiumVersion(DEFAULT_CHROMIUM) : undefined;
  if (!version) {
    log(`apt-get finished but ${DEFAULT_CHROMIUM} does not run; set CHROMIUM_PATH to a working Chromium`);
    process.exit(1);
  }
  log(`installed ${version}`);
  process.env.CHROMIUM_PATH = DEFAULT_CHROMIUM;
  return DEFAULT_CHROMIUM;
}

/**
 * The environment the server and the worker run with: glibc's malloc keeps an arena per thread that
 * allocates (up to 8 per core), each holding what was freed in it; two arenas leave a quiet API about 15 MB
 * less resident (docs/performance.md, "Memory"). The container image sets the same; a value set outside wins.
 */
const SERVER_ENV = { MALLOC_ARENA_MAX: '2', ...process.env };

function exec(cmd, args, env = process.env) {
  // Forward signals so Ctrl+C stops the server and its embedded PostgreSQL cleanly.
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, env });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

ensureNode();
mkdirSync(toolsDir, { recursive: true });
const pnpmEntry = ensurePnpm();
// `npm run pnpm -- add ...` manages dependencies itself; everything else needs them installed
if (command !== 'pnpm') ensureInstalled(pnpmEntry);

const apiEntry = path.join(root, 'apps', 'api', 'dist', 'main.mjs');
switch (command) {
  case 'install':
    break;
  case 'build':
    ensureBuilt(pnpmEntry);
    break;
  case 'start':
    ensureBuilt(pnpmEntry);
    exec(process.execPath, [apiEntry, 'serve', ...rest], SERVER_ENV);
    break;
  case 'worker':
    ensureBuilt(pnpmEntry);
    exec(process.execPath, [apiEntry, 'worker', ...rest], SERVER_ENV);
    break;
  case 'seed':
    ensureBuilt(pnpmEntry);
    exec(process.execPath, [apiEntry, 'seed', ...rest]);
    break;
  case 'migrate':
  case 'backup':
  case 'restore':
    ensureBuilt(pnpmEntry);
    exec(process.execPath, [apiEntry, command, ...rest]);
    break;
  case 'dev':
    exec(process.execPath, [pnpmEntry, '--filter', '@caravan/api', 'run', 'dev', ...rest]);
    break;
  case 'test':
    ensureBuilt(pnpmEntry);
    ensureChromium();
    exec(process.execPath, [path.join(root, 'scripts', 'run-tests.mjs'), ...rest]);
    break;
  case 'test:containers':
    ensureBuilt(pnpmEntry);
    exec(process.execPath, [path.join(root, 'scripts', 'test-containers.mjs'), ...rest]);
    break;
  case 'bench':
    ensureBuilt(pnpmEntry);
    ensureChromium();
    exec(process.execPath, [path.join(root, 'scripts', 'bench', 'run.mjs'), ...rest]);
    break;
  case 'lint':
    exec(process.execPath, [pnpmEntry, 'exec', 'eslint', '.', ...rest]);
    break;
  case 'typecheck':
    pnpm(pnpmEntry, ['-r', '--workspace-concurrency=1', 'run', 'typecheck']);
    exec(process.execPath, [pnpmEntry, 'exec', 'tsc', '-p', 'tsconfig.json']);
    break;
  case 'pnpm':
    exec(process.execPath, [pnpmEntry, ...rest]);
    break;
  case 'audit':
    exec(process.execPath, [path.join(root, 'scripts', 'audit-deps.mjs'), pnpmEntry, ...rest]);
    break;
  default:
    log(`unknown command "${command}"`);
    process.exit(2);
}
