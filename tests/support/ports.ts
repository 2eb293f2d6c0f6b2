import { createServer } from 'node:net';

// Free ports of 127.0.0.1 for the servers the tests start (embedded PostgreSQL, `caravan serve` processes,
// proxies, chat sockets). A port is free only at the moment it is looked up: before the server listens on
// it, any connection the machine opens (the other test files open many) may take it as its local port.
// What starts on such ports can start again on new ones (startOnFreePorts).

/** `count` different ports free on 127.0.0.1 a moment ago: all held open at once, so none is given twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => {
              const address = server.address();
              if (typeof address === 'object' && address) resolve(address.port);
              else reject(new Error('no port'));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))));
  }
}

/** One port free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * `start` on `count` free ports, and again on new ones, `attempts` times in all, while it fails in a way
 * `portTaken` says is a port taken before it listened; any other failure, or the last, is thrown.
 */
export async function startOnFreePorts<T>(count: number, attempts: number, start: (ports: number[]) => Promise<T>, portTaken: (error: unknown) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const ports = await freePorts(count);
    try {
      return await start(ports);
    } catch (error) {
      if (attempt >= attempts || !portTaken(error)) throw error;
    }
  }
}
