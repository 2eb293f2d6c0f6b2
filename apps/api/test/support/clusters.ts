import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createDatabasePools, createPool } from '@caravan/db/client';
import { runMigrations } from '@caravan/db/migrate';
import type { TestDatabase } from '../../../../tests/support/database.ts';
import { MIGRATIONS_DIR } from '../../src/platform/paths.ts';
import { startOnFreePorts } from '../../../../tests/support/ports.ts';

// A PostgreSQL cluster of the test's own, from a folder of server binaries (the embedded package's,
// or the machine's /usr/lib/postgresql/<major>/bin): for tests that stop and start PostgreSQL, or
// need a server of the version the machine's pg_dump can dump. Never the run's shared PostgreSQL,
// which other test files use. PostgreSQL refuses to run as root: as root it runs as the `postgres`
// user, in a folder under /tmp that user owns. Throw-away data: fsync is off.

export interface PrivateCluster {
  port: number;
  binDir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication on the loopback) */
  url(database?: string): string;
  /** fast shutdown: open connections are cut, then the server exits */
  stop(): Promise<void>;
  /** starts it again on the same data and port */
  start(): Promise<void>;
  /** stops it and removes its data */
  destroy(): Promise<void>;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('running as root, and there is no postgres user to run a private PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether the folder holds the server binaries a private cluster needs. */
export function holdsServer(binDir: string): boolean {
  return existsSync(path.join(binDir, 'initdb')) && existsSync(path.join(binDir, 'postgres'));
}

export async function startPrivateCluster(binDir: string): Promise<PrivateCluster> {
  const owner = postgresUser();
  const root = mkdtempSync('/tmp/caravan-cluster-');
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, 'data');
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const initdb = spawnSync(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], { ...as, encoding: 'utf8' });
  if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr}`);
  let port = 0;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const server = spawn(
      path.join(binDir, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=200'],
      { ...as, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = server;
    exited = new Promise((resolve) => server.once('exit', () => resolve()));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('ready to accept connections')) {
          server.stderr?.off('data', onData);
          resolve();
        }
      };
      server.stderr?.on('data', onData);
      void exited.then(() => reject(new Error(`postgres exited before it was ready: ${output.slice(-2000)}`)));
    });
    // keep reading, or a full pipe would block the server
    server.stderr?.resume();
    server.stdout?.resume();
  };
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };

  // a port free a moment ago may be taken before the server binds it (tests/support/ports.ts): then the
  // first start tries again on another; a restart keeps the port its clients know
  await startOnFreePorts(
    1,
    5,
    async ([chosen]) => {
      port = chosen!;
      await start();
    },
    (error) => error instanceof Error && /could not bind|Address already in use/.test(error.message),
  );
  return {
    port,
    binDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A new database on the cluster with every migration applied, in the shape the test app takes. */
export async function migratedDatabase(cluster: PrivateCluster, name: string, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = createPool(cluster.url(), { max: 1 });
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const { pool, db, end } = createDatabasePools(cluster.url(name), 20);
  if (options.migrate !== false) await runMigrations(pool, MIGRATIONS_DIR);
  return {
    url: cluster.url(name),
    pool,
    db,
    drop: end,
  };
}
