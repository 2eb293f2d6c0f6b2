import websocket from '@fastify/websocket';
import { resolveLocale } from '@caravan/contract/languages';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AuthResult } from '../../gateway/gateway.ts';
import type { Translator } from '../../platform/i18n.ts';
import { loggerOptions } from '../../platform/logger.ts';
import type { Env } from '../../env.ts';

// The customer-service chat socket on its own port (5000, CHAT_PORT), as legacy clients expect.
// A client connects with its token (`?token=`); the server greets it or closes the connection with
// 4401 when the token is not valid. Chat messages themselves arrive with the chat module; until
// then a message frame is answered with "not available yet" and clients use polling.

export const CLOSE_UNAUTHORISED = 4401;
/** WebSocket close code 1012 "service restart": the client should reconnect (to another instance). */
export const CLOSE_SERVICE_RESTART = 1012;
/** What a client is told to wait before reconnecting when the server shuts down. */
export const RECONNECT_AFTER_MS = 1_000;
export const MAX_FRAME_BYTES = 64 * 1024;

export interface ChatSocketOptions {
  env: Env;
  translator: Translator;
  authenticate(token: string): Promise<AuthResult>;
  logStream?: NodeJS.WritableStream;
  /** Told when a socket opens and closes (metrics). */
  onSocket?: (event: 'open' | 'close') => void;
}

export async function buildChatSocketServer(options: ChatSocketOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { ...loggerOptions(options.env), ...(options.logStream ? { stream: options.logStream } : {}) } });
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.get<{ Querystring: { token?: string; lang?: string } }>('/*', { websocket: true }, async (socket, request) => {
    options.onSocket?.('open');
    socket.once('close', () => options.onSocket?.('close'));
    const locale = resolveLocale(request.query.lang);
    const token = request.query.token;
    // the listener is attached before any await: frames a client sends right after connecting wait
    // for authentication instead of being lost
    const authenticated = token ? options.authenticate(token) : Promise.resolve<AuthResult>({ ok: false, key: 'common.not_logged_in' });
    socket.on('message', () => {
      void authenticated.then((result) => {
        if (!result.ok) return;
        socket.send(
          JSON.stringify({
            type: 'error',
            code: '1',
            errorKey: 'common.not_available_yet',
            msg: options.translator.t(locale, 'common.not_available_yet'),
          }),
        );
      }, () => undefined);
    });
    const result = await authenticated;
    if (!result.ok) {
      socket.send(JSON.stringify({ type: 'error', code: '403', errorKey: result.key, msg: options.translator.t(locale, result.key) }));
      socket.close(CLOSE_UNAUTHORISED, 'unauthorised');
      return;
    }
    socket.send(JSON.stringify({ type: 'welcome', partyId: result.user.id, username: result.user.username }));
  });
  return app;
}

/**
 * Before a shutdown: every client gets a `reconnect` frame and close code 1012, so it reconnects
 * (through the proxy, to an instance that stays up) instead of treating the close as an error.
 */
export function announceRestart(chat: FastifyInstance): void {
  for (const client of chat.websocketServer.clients) {
    client.send(JSON.stringify({ type: 'reconnect', afterMs: RECONNECT_AFTER_MS }));
    client.close(CLOSE_SERVICE_RESTART, 'server restarting');
  }
}
