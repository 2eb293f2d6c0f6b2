// The real API server on a fresh database of its own (cloned from the run's migrated template, like
// every test file), listening on an ephemeral port and serving the built store from apps/store/dist,
// with a small seeded catalogue and the demo console operator.
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { testLogStream } from '../../../apps/api/test/support/secrets.ts';
import { freePort } from '../../support/ports.ts';
import { startTestApp, type TestApp } from '../../../apps/api/test/support/test-app.ts';
import { DEMO_OPERATOR } from '../../../apps/api/src/seed/demo-accounts.ts';
import { seedCatalogue } from '../../../apps/api/src/seed/catalogue.ts';
import { argon2Hasher } from '../../../apps/api/src/platform/passwords.ts';
import { announceRestart, buildChatSocketServer } from '../../../apps/api/src/modules/chat/chat.socket.ts';
import { testEnv } from '../../../apps/api/src/env.ts';
import type { FastifyInstance } from 'fastify';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const STORE_DIST = path.join(root, 'apps', 'store', 'dist');

export interface StoreServer {
  baseUrl: string;
  testApp: TestApp;
  /** The brand name the store was built with (its <title>). */
  brandName: string;
  /** A visible listing of the seeded catalogue, for searches and detail pages. */
  sampleGoods: { id: string; name: string };
  /** With `chatSocket: true`: the chat socket the store's page names, which a test can stop and start again. */
  chatSocket?: ChatSocketControl;
  close(): Promise<void>;
}

export interface ChatSocketControl {
  port: number;
  /** As at a shutdown: every client gets the `reconnect` frame and close code 1012, then the socket stops. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function chatSocketOn(testApp: TestApp, port: number): ChatSocketControl {
  let server: FastifyInstance | undefined;
  return {
    port,
    async start() {
      if (server) return;
      // its logs go to the run's log folder too (the whole-suite log scan reads them)
      const logFile = testLogStream('chat-socket');
      server = await buildChatSocketServer({
        env: testEnv(logFile ? { LOG_LEVEL: 'info' } : {}),
        translator: testApp.services.translator,
        authenticate: (token) => testApp.services.sessions.authenticate(token),
        operators: testApp.services.operators,
        chat: testApp.services.chat,
        bus: testApp.services.bus,
        ...(logFile ? { logStream: logFile.stream } : {}),
      });
      if (logFile) server.addHook('onClose', async () => logFile.close());
      await server.listen({ host: '127.0.0.1', port });
    },
    async stop() {
      if (!server) return;
      announceRestart(server);
      await server.close();
      server = undefined;
    },
  };
}

export async function startStoreServer(options: { products?: number; chatSocket?: boolean } = {}): Promise<StoreServer> {
  const indexFile = path.join(STORE_DIST, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`the store is not built (${indexFile} is missing): run npm run build`);
  const brandName = /<title>([^<]*)<\/title>/.exec(readFileSync(indexFile, 'utf8'))?.[1] ?? '';

  // the clock starts now (times on screen look right) and stands still, as in the API tests
  // (the store's page must name the socket's port before the socket runs)
  const chatPort = options.chatSocket ? await freePort() : undefined;
  const testApp = await startTestApp({ start: new Date().toISOString(), ...(chatPort ? { chatSocket: String(chatPort) } : {}) });
  const chatSocket = chatPort ? chatSocketOn(testApp, chatPort) : undefined;
  try {
    await seedCatalogue({
      products: options.products ?? 120,
      shops: 6,
      imageVariants: 1,
      // pictures large enough to look like pictures in the screenshots, small enough to seed fast
      pictureWidths: { large: 240, thumb: 120 },
      pool: testApp.database.pool,
      blobs: testApp.blobs,
      hasher: argon2Hasher(),
      now: testApp.clock.now(),
      publicBaseUrl: '',
    });
    await testApp.services.operators.create(DEMO_OPERATOR, 'e2e');
    const list = await testApp.call<{ pageList: { id: string; name: string }[] }>('sellerGoods!list', { pageNum: 1, pageSize: 1, lang: 'en' }, { method: 'GET' });
    const sampleGoods = list.data?.pageList[0];
    if (!sampleGoods) throw new Error(`the seeded catalogue lists nothing: ${list.msg}`);
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    await chatSocket?.start();
    const { port } = testApp.app.server.address() as AddressInfo;
    const close = async () => {
      await chatSocket?.stop();
      await testApp.close();
    };
    return { baseUrl: `http://127.0.0.1:${port}`, testApp, brandName, sampleGoods, ...(chatSocket ? { chatSocket } : {}), close };
  } catch (error) {
    await chatSocket?.stop();
    await testApp.close();
    throw error;
  }
}
