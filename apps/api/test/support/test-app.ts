import type { Envelope } from '@caravan/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { buildApp, type ServedRoute, type Services } from '../../src/app.ts';
import type { AnyAction } from '../../src/gateway/action.ts';
import { testEnv, type Env } from '../../src/env.ts';
import type { SpecCall } from '../../src/gateway/spec-calls.ts';
import { RecordingCodeSender } from '../../src/modules/accounts/code-sender.ts';
import { MemoryBlobStore } from '../../src/platform/blob-store.ts';
import type { Bus } from '../../src/platform/bus.ts';
import type { Lifecycle } from '../../src/platform/health.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { argon2Hasher } from '../../src/platform/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { instrumentSecretSources, recordSecret, recordSecretParams, recordingHasher, testLogStream } from './secrets.ts';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  clock: ManualClock;
  codes: RecordingCodeSender;
  blobs: MemoryBlobStore;
  /** spec calls still answering "not available yet" */
  pendingCalls: SpecCall[];
  /** the legacy action table as served */
  actions: AnyAction[];
  /** every route the app registered (method, URL, schemas) */
  routes: ServedRoute[];
  /** the shutdown state its health routes report */
  lifecycle: Lifecycle;
  call<T = unknown>(call: string, params?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T> & { status: number }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  method?: 'GET' | 'POST';
  /** how parameters travel: query string (legacy default), urlencoded form or JSON body */
  as?: 'query' | 'form' | 'json';
  prefix?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/**
 * The real server on a fresh database, driven with app.inject. The clock stands still unless moved;
 * verification codes and uploads stay in memory so tests can read them. Its logs (level info unless the
 * test sets LOG_LEVEL) go to a file of the run's log folder, which the whole-suite log scan reads
 * (tests/support/log-scan.ts), and to `logStream` too when given.
 */
export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  /** ISO time the manual clock starts at */
  start?: string;
  /** also receives the app's log lines (the run's log file gets them anyway) */
  logStream?: NodeJS.WritableStream;
  /** share rate limits (and later jobs and chat fan-out) through this Redis */
  redis?: Redis;
  /** BullMQ key prefix (with redis); a fresh one by default */
  jobPrefix?: string;
  /** reuse another test app's database (two API instances on one database) */
  database?: TestDatabase;
  /** the built store to serve (a fixture folder); apps/store/dist when absent */
  storeDir?: string;
  /** the store's server-side renderer build (apps/store/dist-server when absent) */
  storeServerDir?: string;
  /** A stand-in for apps/console/dist. */
  consoleDir?: string;
  /** A stand-in for apps/seller/dist. */
  sellerDir?: string;
  /** what the store's page names as the chat socket (a port or a ws URL); none by default (the dialog polls) */
  chatSocket?: string;
  /** share this bus with other test apps (two instances hearing each other without Redis) */
  bus?: Bus;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const clock = new ManualClock(options.start);
  const codes = new RecordingCodeSender();
  const blobs = new MemoryBlobStore();
  instrumentSecretSources();
  const logFile = testLogStream('app', options.logStream);
  const env = testEnv({ ...(logFile ? { LOG_LEVEL: 'info' } : {}), ...options.env });
  for (const name of ['FUND_PASSWORD_KEY', 'UPLOAD_SIGNING_SECRET', 'METRICS_TOKEN'] as const) recordSecret(name, env[name]);
  const logStream = logFile?.stream ?? options.logStream;
  const { app, services, pendingCalls, actions, routes, lifecycle } = await buildApp({
    env,
    db: database.db,
    clock,
    codeSender: codes,
    blobStore: blobs,
    hasher: recordingHasher(argon2Hasher()),
    ...(logStream ? { logStream } : {}),
    ...(options.storeDir ? { storeDir: options.storeDir } : {}),
    ...(options.storeServerDir ? { storeServerDir: options.storeServerDir } : {}),
    ...(options.consoleDir ? { consoleDir: options.consoleDir } : {}),
    ...(options.sellerDir ? { sellerDir: options.sellerDir } : {}),
    ...(options.chatSocket ? { chatSocket: options.chatSocket } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.redis ? { redis: options.redis, jobPrefix: options.jobPrefix ?? `caravan-test-${process.pid}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}` } : {}),
  });
  await app.ready();

  const call: TestApp['call'] = async (name, params = {}, callOptions = {}) => {
    const method = callOptions.method ?? 'POST';
    const as = callOptions.as ?? 'query';
    const query: Record<string, string> = {};
    // undefined means "not sent"
    const all = Object.fromEntries(
      Object.entries({ ...params, ...(callOptions.token ? { token: callOptions.token } : {}) }).filter(([, value]) => value !== undefined),
    );
    recordSecretParams(all);
    let payload: string | undefined;
    const headers: Record<string, string> = { ...callOptions.headers };
    if (as === 'query' || method === 'GET') {
      for (const [key, value] of Object.entries(all)) query[key] = String(value);
    } else if (as === 'form') {
      payload = new URLSearchParams(Object.entries(all).map(([key, value]): [string, string] => [key, String(value)])).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      payload = JSON.stringify(all);
      headers['content-type'] = 'application/json';
    }
    const response = await app.inject({
      method,
      url: `${callOptions.prefix ?? '/wap/api/'}${name}.action`,
      query,
      ...(payload !== undefined ? { payload } : {}),
      headers,
      remoteAddress: callOptions.remoteAddress ?? '127.0.0.1',
    });
    return { ...(response.json() as Envelope<never>), status: response.statusCode };
  };

  return {
    app,
    services,
    database,
    clock,
    codes,
    blobs,
    pendingCalls,
    actions,
    routes,
    lifecycle,
    call,
    async close() {
      await app.close();
      logFile?.close();
      if (!options.database) await database.drop();
    },
  };
}

/** startTestApp for a whole file, closed after its tests. */
export async function useTestApp(options?: TestAppOptions): Promise<TestApp> {
  const testApp = await startTestApp(options);
  afterAll(() => testApp.close());
  return testApp;
}

let addressCounter = 0;
/** A distinct client address, so per-IP limits of one test do not leak into another. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let userCounter = 0;
export interface TestUser {
  username: string;
  password: string;
  token: string;
  usercode: string;
}

/** Registers a fresh user through the legacy call and returns its session. */
export async function registerUser(testApp: TestApp, overrides: { username?: string; password?: string } = {}): Promise<TestUser> {
  userCounter += 1;
  const username = overrides.username ?? `user${process.pid}x${userCounter}`;
  const password = overrides.password ?? 'Kx9#mountain';
  const response = await testApp.call<{ token: string; usercode: string }>(
    'localuser!registerNoVerifcode',
    { username, password, re_password: password },
    { remoteAddress: nextAddress() },
  );
  if (response.code !== '0' || !response.data) throw new Error(`registration failed: ${response.msg}`);
  return { username, password, token: response.data.token, usercode: response.data.usercode };
}
