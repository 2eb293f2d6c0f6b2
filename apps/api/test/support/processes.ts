import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_FUND_PASSWORD_KEY } from '../../src/env.ts';
import { startOnFreePorts } from '../../../../tests/support/ports.ts';
import { openTestLogFile } from './secrets.ts';

// The built server (`apps/api/dist/main.mjs`, made by `npm test`'s build step) as real processes:
// `caravan serve` and `caravan worker`, configured by their environment alone, on free ports of
// 127.0.0.1. For the crash and multi-instance tests. What they print goes to a log file of the run too
// (level info unless LOG_LEVEL is given), for the whole-suite log scan (tests/support/log-scan.ts).

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
export const SERVER_ENTRY = path.join(root, 'apps', 'api', 'dist', 'main.mjs');

/**
 * How many times a server process is started on new ports when the ones it was given were taken before it
 * listened (tests/support/ports.ts).
 */
const PORT_ATTEMPTS = 5;

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<PORT> */
  base: string;
  /** ws://127.0.0.1:<CHAT_PORT>/ (serve only) */
  chatUrl: string;
  /** everything it printed so far */
  output(): string;
  /** SIGTERM, then waits for the exit; answers the exit code */
  stop(): Promise<number | null>;
  /** SIGKILL, then waits for the exit */
  kill(): Promise<void>;
}

const READY_LINE = { serve: 'Caravan is running', worker: 'Caravan worker is running' } as const;

/** Starts `caravan <role>` with only these variables (plus defaults for ports and logging) and waits until it is ready. */
export async function startServerProcess(role: 'serve' | 'worker', env: Record<string, string>): Promise<ServerProcess> {
  return startOnFreePorts(2, PORT_ATTEMPTS, ([port, chatPort]) => startOn(role, env, port!, chatPort!), (error) => error instanceof PortTakenError);
}

class PortTakenError extends Error {}

async function startOn(role: 'serve' | 'worker', env: Record<string, string>, port: number, chatPort: number): Promise<ServerProcess> {
  const logFile = openTestLogFile(role);
  const child = spawn(process.execPath, [SERVER_ENTRY, role], {
    cwd: root,
    // the same fund-password key as the in-process test app that prepared the users
    env: { NODE_ENV: 'production', LOG_LEVEL: logFile ? 'info' : 'warn', HOST: '127.0.0.1', SEED_DEMO: '0', PORT: String(port), CHAT_PORT: String(chatPort), FUND_PASSWORD_KEY: TEST_FUND_PASSWORD_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += String(chunk);
    logFile?.write(String(chunk));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // its pipes close after the exit, once everything it printed has been read
  child.once('close', () => logFile?.close());
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes(READY_LINE[role])) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      const message = `${role} exited (${code}) before it was ready: ${output.slice(-2000)}`;
      // only when the environment leaves the ports to this helper: a port the test chose stays its own
      const ours = env.PORT === undefined && env.CHAT_PORT === undefined;
      reject(ours && output.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message));
    });
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    chatUrl: `ws://127.0.0.1:${chatPort}/`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
