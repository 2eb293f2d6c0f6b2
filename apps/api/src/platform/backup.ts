import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createPool } from '@caravan/db/client';
import { embeddedBinDir } from '@caravan/db/embedded';
import { BackupProblem } from './backup-problem.ts';
import { logicalBackup, logicalRestore } from './logical-backup.ts';
import { MIGRATIONS_DIR } from './paths.ts';

// `caravan backup [file]` and `caravan restore <file> [--force]`: pg_dump / pg_restore in custom format
// of DATABASE_URL or the embedded database. The binaries are looked up, never installed: beside the
// embedded PostgreSQL (the package ships none as of 18.4), in /usr/lib/postgresql/<major>/bin (Debian,
// Ubuntu), then on PATH; the newest one whose major version is at least the server's is used, since
// pg_dump refuses a server newer than itself. Without one, the built-in logical format
// (logical-backup.ts) is used: `--format auto` (the default), `pg_dump` or `logical`.

export const BACKUP_FORMATS = ['auto', 'pg_dump', 'logical'] as const;
export type BackupFormat = (typeof BACKUP_FORMATS)[number];

export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  major: number;
}


/** Folders that may hold PostgreSQL client binaries, most specific first. */
export function toolFolders(pathVariable: string): string[] {
  const folders: string[] = [];
  const embedded = embeddedBinDir();
  if (embedded) folders.push(embedded);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    for (const major of majors) folders.push(path.join(debian, major, 'bin'));
  }
  for (const folder of pathVariable.split(path.delimiter)) if (folder) folders.push(folder);
  return [...new Set(folders)];
}

/** The major version a PostgreSQL binary reports ("pg_dump (PostgreSQL) 15.20 (Debian ...)" -> 15). */
export function parseToolMajor(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return match ? Number(match[1]) : undefined;
}

function probe(file: string): FoundTool | undefined {
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const major = result.status === 0 ? parseToolMajor(result.stdout) : undefined;
  return major === undefined ? undefined : { path: file, major };
}

/** Every copy of the tool in those folders that runs. */
export function findTools(tool: PgTool, folders: string[]): FoundTool[] {
  const found: FoundTool[] = [];
  const seen = new Set<string>();
  for (const folder of folders) {
    const candidate = path.resolve(folder, tool);
    // /bin is often /usr/bin: one binary, listed once
    const real = existsSync(candidate) ? realpathSync(candidate) : undefined;
    if (!real || seen.has(real)) continue;
    seen.add(real);
    const probed = probe(candidate);
    if (probed) found.push(probed);
  }
  return found;
}

/** The newest tool that can work with a server of this major version, or a message saying what to install. */
export function chooseTool(tool: PgTool, found: FoundTool[], serverMajor: number): FoundTool {
  const usable = found.filter((candidate) => candidate.major >= serverMajor).sort((a, b) => b.major - a.major);
  const chosen = usable[0];
  if (chosen) return chosen;
  const seen = found.length === 0 ? 'none was found' : `found only ${found.map((candidate) => `${candidate.path} (${candidate.major})`).join(', ')}`;
  throw new BackupProblem(
    `${tool} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server, and ${seen}. ` +
      `Install PostgreSQL ${serverMajor} client tools (e.g. the postgresql-client-${serverMajor} package) or put a folder holding them on PATH.`,
  );
}

/** The server's major version (150020 -> 15). */
export async function serverMajor(url: string): Promise<number> {
  const pool = createPool(url, { max: 1 });
  try {
    const result = await pool.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(result.rows[0]?.server_version_num ?? '0') / 10_000);
  } finally {
    await pool.end();
  }
}

/** Tables outside PostgreSQL's own schemas: a database with any is not empty. */
export async function userTableCount(url: string): Promise<number> {
  const pool = createPool(url, { max: 1 });
  try {
    const result = await pool.query<{ n: number }>(
      "select count(*)::int as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'",
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await pool.end();
  }
}

/** The connection as libpq arguments: the password travels in PGPASSWORD, never on the command line. */
function connection(url: string, pathVariable: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { PATH: pathVariable, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(tool: FoundTool, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(tool.path, args, { env, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new BackupProblem(`${path.basename(tool.path)} failed (exit ${result.status}): ${result.stderr.trim().slice(-2000)}`);
}

/** The default backup file: DATA_DIR/backups/caravan-<UTC date and time>.dump. */
export function defaultBackupFile(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-');
  return path.join(dataDir, 'backups', `caravan-${stamp}.dump`);
}

/** What wrote or read a backup: the pg_dump / pg_restore binary, or the built-in logical format. */
export type BackupMethod = { kind: 'pg_dump'; tool: FoundTool } | { kind: 'logical' };

export function describeMethod(method: BackupMethod): string {
  return method.kind === 'logical' ? 'built-in logical format' : method.tool.path;
}

/**
 * The database into `file`, written beside it first and renamed when complete, so a file with the
 * final name is always a whole backup. `auto`: pg_dump --format=custom when one at least as new as
 * the server exists, else the logical format.
 */
export async function backupDatabase(url: string, file: string, pathVariable: string, format: BackupFormat = 'auto'): Promise<{ file: string; method: BackupMethod; bytes: number }> {
  let tool: FoundTool | undefined;
  if (format !== 'logical') {
    try {
      tool = chooseTool('pg_dump', findTools('pg_dump', toolFolders(pathVariable)), await serverMajor(url));
    } catch (error) {
      if (format === 'pg_dump' || !(error instanceof BackupProblem)) throw error;
    }
  }
  if (!tool) {
    const done = await logicalBackup(url, file);
    return { file: done.file, method: { kind: 'logical' }, bytes: done.bytes };
  }
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const { dbname, env } = connection(url, pathVariable);
  try {
    runTool(tool, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`], env);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file: target, method: { kind: 'pg_dump', tool }, bytes: statSync(target).size };
}

/** Which format a backup file is in, from its first bytes: pg_dump's custom format starts "PGDMP", gzip 1f 8b. */
export function backupFileFormat(file: string): 'pg_dump' | 'logical' {
  const start = Buffer.alloc(5);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, start, 0, start.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (start.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (start[0] === 0x1f && start[1] === 0x8b) return 'logical';
  throw new BackupProblem(`${file} is not a Caravan backup (neither pg_dump's custom format nor the logical format)`);
}

/**
 * A backup into the database, all or nothing; its format is read from the file (`format`, when not
 * auto, must match). An empty database only, unless `force` with a pg_dump backup: then what the
 * backup holds replaces the same objects (--clean --if-exists); objects the backup does not hold
 * stay. A logical backup goes into an empty database only.
 */
export async function restoreDatabase(url: string, file: string, options: { force?: boolean; format?: BackupFormat }, pathVariable: string): Promise<{ method: BackupMethod }> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupProblem(`no backup at ${source}`);
  const kind = backupFileFormat(source);
  if (options.format && options.format !== 'auto' && options.format !== kind) throw new BackupProblem(`${source} is a ${kind === 'logical' ? 'logical' : 'pg_dump'} backup, not ${options.format}`);
  const tables = await userTableCount(url);
  if (tables > 0 && kind === 'logical') {
    throw new BackupProblem(
      `the target database is not empty (${tables} tables): a logical backup restores into an empty database only (${options.force ? '--force is not supported for it' : 'no --force'}); create a new database or drop and recreate this one`,
    );
  }
  if (tables > 0 && !options.force) {
    throw new BackupProblem(`the target database is not empty (${tables} tables): restore into an empty database, or pass --force to replace what the backup holds`);
  }
  if (kind === 'logical') {
    await logicalRestore(url, source, MIGRATIONS_DIR);
    return { method: { kind: 'logical' } };
  }
  const tool = chooseTool('pg_restore', findTools('pg_restore', toolFolders(pathVariable)), await serverMajor(url));
  const { dbname, env } = connection(url, pathVariable);
  runTool(tool, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(tables > 0 ? ['--clean', '--if-exists'] : []), `--dbname=${dbname}`, source], env);
  return { method: { kind: 'pg_dump', tool } };
}
