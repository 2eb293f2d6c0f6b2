import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedUrl, socketDirFor, startEmbeddedPostgres, type EmbeddedHandle } from '@caravan/db/embedded';
import { startOnFreePorts } from '../../../../tests/support/ports.ts';

// The embedded PostgreSQL is reached through its Unix socket, in its own data directory, when the
// socket's path fits the system's limit: a round trip through it costs about a third less than through
// TCP on the loopback. TCP on 127.0.0.1 stays open for tools, and is the way in when there is no socket.

/** Where pg connects for a URL (as libpq reads it too: the `host` parameter wins over the URL's host). */
function parse(url: string): { host: string; port: number; user: string | undefined; database: string | undefined } {
  const client = new pg.Client({ connectionString: url });
  return { host: client.host, port: client.port, user: client.user, database: client.database };
}

async function backendAddress(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // null: the backend's client came through a Unix socket
    const { rows } = await client.query<{ address: string | null }>('select host(inet_client_addr()) as address');
    return rows[0]!.address;
  } finally {
    await client.end();
  }
}

describe('where the socket goes', () => {
  it('is the data directory itself when the socket path fits in 107 bytes', () => {
    // '/.s.PGSQL.54329' is 15 bytes: a directory of 92 bytes makes a path of exactly 107
    const fits = `/tmp/${'d'.repeat(87)}`;
    expect(fits).toHaveLength(92);
    expect(socketDirFor(fits, 54329)).toBe(fits);
    expect(socketDirFor(`${fits}x`, 54329)).toBeUndefined();
    // a shorter port number leaves room for a longer directory
    expect(socketDirFor(`${fits}x`, 5432)).toBe(`${fits}x`);
  });

  it('is none for a directory the setting would have to quote (spaces, commas, quotes)', () => {
    for (const dir of ['/tmp/my data/pg', '/tmp/a,b/pg', "/tmp/o'brien/pg", '/tmp/"x"/pg']) {
      expect(socketDirFor(dir, 54329), dir).toBeUndefined();
    }
    expect(socketDirFor('/var/tmp/caravan-0123abcd/postgres', 54329)).toBe('/var/tmp/caravan-0123abcd/postgres');
  });

  it('is named by the URL, which pg and libpq read as the host; without one the URL is TCP on 127.0.0.1', () => {
    const throughSocket = parse(embeddedUrl(54329, '/var/tmp/caravan-0123abcd/postgres'));
    expect(throughSocket).toMatchObject({ host: '/var/tmp/caravan-0123abcd/postgres', port: 54329, user: 'postgres', database: 'postgres' });
    const tcp = parse(embeddedUrl(54329, undefined));
    expect(tcp).toMatchObject({ host: '127.0.0.1', port: 54329, database: 'postgres' });
    // the server's own use: another database of the same instance keeps the socket
    const target = new URL(embeddedUrl(54329, '/var/tmp/caravan-0123abcd/postgres'));
    target.pathname = '/caravan';
    expect(parse(target.toString())).toMatchObject({ host: '/var/tmp/caravan-0123abcd/postgres', database: 'caravan' });
  });
});

describe('an embedded PostgreSQL', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'caravan-socket-'));
  const handles: EmbeddedHandle[] = [];
  afterAll(async () => {
    for (const handle of handles.reverse()) await handle.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is reached through its socket, also when a later process adopts it, and still answers on 127.0.0.1', async () => {
    const dataDir = path.join(folder, 'data');
    const started = await startOnFreePorts(1, 3, ([port]) => startEmbeddedPostgres({ dataDir, port: port!, durable: false }), () => true);
    handles.push(started);
    const config = parse(started.url);
    expect(config.host).toBe(started.dataDir);
    expect(await backendAddress(started.url)).toBeNull();

    // as after a killed server: the next one finds it running and reads its socket from postmaster.pid
    const adopted = await startEmbeddedPostgres({ dataDir, port: Number(config.port) + 1 });
    expect(adopted.started).toBe(false);
    expect(adopted.url).toBe(started.url);

    const tcp = new URL(started.url);
    tcp.search = '';
    expect(await backendAddress(tcp.toString())).toBe('127.0.0.1');
  });
});
