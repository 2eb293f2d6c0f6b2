import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  CHAT_CLOSE_FORBIDDEN,
  CHAT_CLOSE_UNAUTHORISED,
  CHAT_HEARTBEAT_MS,
  CHAT_RECONNECT_MS,
  chatClientFrame,
  chatServerFrame,
  type ChatClientFrame,
  type ChatServerFrame,
} from '@caravan/contract/chat';
import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import { resolveLocale, type Locale } from '@caravan/contract/languages';
import Fastify, { type FastifyInstance } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { AuthResult } from '../../gateway/gateway.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { Translator } from '../../platform/i18n.ts';
import { loggerOptions } from '../../platform/logger.ts';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import type { Env } from '../../env.ts';
import type { OperatorIdentity, OperatorsService } from '../operators/operators.service.ts';
import { CHAT_CHANNEL, type ChatEvent } from './chat-events.ts';
import type { ChatService } from './chat.service.ts';

// The customer-service chat socket on its own port (5000, CHAT_PORT), as legacy clients expect.
// Buyers connect with their token (`?token=`), operators with their console bearer token
// (`?operatorToken=`, role with `chat.read`). Frames are the contract's (packages/contract/src/chat.ts),
// validated both ways. Every instance subscribes to the chat channel of the bus and turns the events
// (published after each commit, by any instance) into frames for its own sockets: the buyer's sockets
// and every operator's. Protocol pings every `heartbeatMs` drop sockets that stopped answering, and
// the login is checked again then: a socket of a session that ended closes with 4401.

export const CLOSE_UNAUTHORISED = CHAT_CLOSE_UNAUTHORISED;
export const CLOSE_FORBIDDEN = CHAT_CLOSE_FORBIDDEN;
/** WebSocket close code 1012 "service restart": the client should reconnect (to another instance). */
export const CLOSE_SERVICE_RESTART = 1012;
/** What a client is told to wait before reconnecting when the server shuts down. */
export const RECONNECT_AFTER_MS = CHAT_RECONNECT_MS;
export const MAX_FRAME_BYTES = 64 * 1024;
/** A socket that has this much unsent data is not reading: it is dropped rather than buffered without bound. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface ChatSocketOptions {
  env: Env;
  translator: Translator;
  authenticate(token: string): Promise<AuthResult>;
  operators: Pick<OperatorsService, 'authenticate' | 'can'>;
  chat: ChatService;
  bus: Bus;
  /** Protocol ping interval (tests shorten it); a socket that missed one ping is dropped at the next. */
  heartbeatMs?: number;
  logStream?: NodeJS.WritableStream;
  /** Told when a socket opens and closes (metrics). */
  onSocket?: (event: 'open' | 'close') => void;
}

interface Peer {
  id: string;
  socket: WebSocket;
  locale: Locale;
  alive: boolean;
  /** set once logged in */
  buyerId?: string;
  operator?: OperatorIdentity;
  /** the token it logged in with, checked again at every heartbeat (never logged) */
  token?: string;
  checking?: boolean;
  /** live frames that arrive between joining the fan-out and the welcome wait here: welcome comes first */
  held?: ChatServerFrame[];
}

export async function buildChatSocketServer(options: ChatSocketOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { ...loggerOptions(options.env), ...(options.logStream ? { stream: options.logStream } : {}) } });
  // its plain HTTP answers (anything but an upgrade) carry the same headers as the API's
  registerSecurityHeaders(app);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const { chat, translator } = options;
  const heartbeatMs = options.heartbeatMs ?? CHAT_HEARTBEAT_MS;
  const validate = options.env.VALIDATE_RESPONSES;

  const peers = new Set<Peer>();
  const buyers = new Map<string, Set<Peer>>();
  const operators = new Set<Peer>();

  function send(peer: Peer, frame: ChatServerFrame): void {
    if (validate) chatServerFrame.parse(frame);
    if (peer.held && frame.type !== 'welcome') {
      peer.held.push(frame);
      return;
    }
    if (peer.socket.readyState !== peer.socket.OPEN) return;
    if (peer.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      peer.socket.terminate();
      return;
    }
    peer.socket.send(JSON.stringify(frame));
  }

  function errorFrame(peer: Peer, error: unknown, clientId?: string): Extract<ChatServerFrame, { type: 'error' }> {
    let key: ErrorKey = 'common.system_error';
    let params = {};
    if (error instanceof AppError) {
      key = error.key;
      params = error.params;
    } else {
      app.log.error({ err: error }, 'chat socket frame failed');
    }
    const code = error instanceof AppError ? error.code : '1';
    return { type: 'error', code, errorKey: key, msg: translator.t(peer.locale, key, params), ...(clientId !== undefined ? { clientId } : {}) };
  }

  function deliver(event: ChatEvent): void {
    const buyerPeers = buyers.get(event.userId) ?? new Set<Peer>();
    switch (event.kind) {
      case 'message': {
        const frame: ChatServerFrame = { type: 'message', conversationId: event.conversationId, userId: event.userId, message: event.message };
        for (const peer of buyerPeers) {
          if (peer.id !== event.originSocketId) send(peer, frame);
          send(peer, { type: 'unread', count: event.buyerUnread });
        }
        for (const peer of operators) {
          if (peer.id !== event.originSocketId) send(peer, frame);
          send(peer, { type: 'unread', conversationId: event.conversationId, count: event.operatorUnread });
        }
        return;
      }
      case 'read': {
        const receipt: ChatServerFrame = { type: 'read', conversationId: event.conversationId, by: event.by, upToId: event.upToId };
        for (const peer of buyerPeers) send(peer, event.by === 'buyer' ? { type: 'unread', count: event.buyerUnread } : receipt);
        for (const peer of operators) send(peer, event.by === 'operator' ? { type: 'unread', conversationId: event.conversationId, count: event.operatorUnread } : receipt);
        return;
      }
      case 'conversation':
        for (const peer of operators) send(peer, { type: 'conversation', conversationId: event.conversationId });
        return;
    }
  }

  const unsubscribe = await options.bus.subscribe(CHAT_CHANNEL, (payload) => deliver(payload as ChatEvent));

  /** A session that ended (logout, expiry, disabled account) ends its sockets too. */
  async function stillLoggedIn(peer: Peer): Promise<void> {
    if (!peer.token || peer.checking) return;
    peer.checking = true;
    try {
      let refusal: ErrorKey | undefined;
      if (peer.operator) {
        refusal = await options.operators.authenticate(peer.token).then(
          () => undefined,
          (error: unknown) => (error instanceof AppError ? error.key : undefined),
        );
      } else {
        const result = await options.authenticate(peer.token);
        refusal = result.ok ? undefined : result.key;
      }
      if (refusal) {
        send(peer, { type: 'error', code: '403', errorKey: refusal, msg: translator.t(peer.locale, refusal) });
        peer.socket.close(CLOSE_UNAUTHORISED, 'session ended');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'chat socket session check failed');
    } finally {
      peer.checking = false;
    }
  }

  const heartbeat = setInterval(() => {
    for (const peer of peers) {
      if (!peer.alive) {
        peer.socket.terminate();
        continue;
      }
      peer.alive = false;
      peer.socket.ping();
      void stillLoggedIn(peer);
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await unsubscribe();
  });

  function forget(peer: Peer): void {
    peers.delete(peer);
    operators.delete(peer);
    if (peer.buyerId) {
      const set = buyers.get(peer.buyerId);
      set?.delete(peer);
      if (set && set.size === 0) buyers.delete(peer.buyerId);
    }
  }

  async function resume(peer: Peer, buyerId: string, lastMessageId: string): Promise<void> {
    const { messages, hasMore } = await chat.missed(buyerId, lastMessageId);
    send(peer, { type: 'missed', messages, hasMore });
  }

  /** Sends the welcome, then whatever arrived for this socket while it was being prepared. */
  function welcome(peer: Peer, frame: Extract<ChatServerFrame, { type: 'welcome' }>): void {
    const held = peer.held ?? [];
    peer.held = undefined;
    send(peer, frame);
    for (const later of held) send(peer, later);
  }

  /** Logs the socket in; false when refused (the socket is then closing). */
  async function login(peer: Peer, query: { token?: string; operatorToken?: string; lastMessageId?: string }): Promise<boolean> {
    if (query.operatorToken) {
      let operator: OperatorIdentity;
      try {
        operator = await options.operators.authenticate(query.operatorToken);
      } catch (error) {
        send(peer, { ...errorFrame(peer, error), code: '403' });
        peer.socket.close(CLOSE_UNAUTHORISED, 'unauthorised');
        return false;
      }
      if (!options.operators.can(operator, 'chat.read')) {
        send(peer, errorFrame(peer, new AppError('operators.forbidden')));
        peer.socket.close(CLOSE_FORBIDDEN, 'forbidden');
        return false;
      }
      peer.operator = operator;
      peer.token = query.operatorToken;
      peer.held = [];
      operators.add(peer);
      welcome(peer, { type: 'welcome', role: 'operator', partyId: operator.id, username: operator.username, unread: await chat.unreadConversations(), heartbeatMs });
      return true;
    }
    const result: AuthResult = query.token ? await options.authenticate(query.token) : { ok: false, key: 'common.not_logged_in' };
    if (!result.ok) {
      send(peer, { type: 'error', code: '403', errorKey: result.key, msg: translator.t(peer.locale, result.key) });
      peer.socket.close(CLOSE_UNAUTHORISED, 'unauthorised');
      return false;
    }
    // registered before anything is read, so no event falls between the catch-up and the live frames
    peer.buyerId = result.user.id;
    peer.token = query.token;
    peer.held = [];
    const set = buyers.get(result.user.id) ?? new Set<Peer>();
    set.add(peer);
    buyers.set(result.user.id, set);
    welcome(peer, { type: 'welcome', role: 'buyer', partyId: result.user.id, username: result.user.username, unread: await chat.unread(result.user.id), heartbeatMs });
    if (query.lastMessageId) {
      try {
        await resume(peer, result.user.id, query.lastMessageId);
      } catch (error) {
        send(peer, errorFrame(peer, error));
      }
    }
    return true;
  }

  async function handle(peer: Peer, frame: ChatClientFrame): Promise<void> {
    switch (frame.type) {
      case 'ping':
        send(peer, { type: 'pong' });
        return;
      case 'send': {
        try {
          const input = { type: frame.messageType, content: frame.content, clientId: frame.clientId };
          let sent;
          if (peer.operator) {
            if (!frame.conversationId) throw new AppError('chat.conversation_not_found');
            if (!options.operators.can(peer.operator, 'chat.reply')) throw new AppError('operators.forbidden');
            sent = await chat.send({ type: 'operator', operatorId: peer.operator.id, conversationId: frame.conversationId }, input, { originSocketId: peer.id });
          } else {
            sent = await chat.send({ type: 'buyer', userId: peer.buyerId ?? '' }, input, { originSocketId: peer.id });
          }
          send(peer, { type: 'ack', clientId: frame.clientId, conversationId: sent.conversationId, message: sent.message });
        } catch (error) {
          send(peer, errorFrame(peer, error, frame.clientId));
        }
        return;
      }
      case 'read':
        if (peer.operator) {
          if (!frame.conversationId) throw new AppError('chat.conversation_not_found');
          await chat.markReadByOperator(frame.conversationId);
        } else {
          await chat.markReadByBuyer(peer.buyerId ?? '');
        }
        return;
      case 'resume':
        if (!peer.buyerId) throw new AppError('chat.frame_invalid');
        await resume(peer, peer.buyerId, frame.lastMessageId);
        return;
    }
  }

  app.get<{ Querystring: { token?: string; operatorToken?: string; lang?: string; lastMessageId?: string } }>('/*', { websocket: true }, (socket, request) => {
    options.onSocket?.('open');
    const peer: Peer = { id: randomUUID(), socket, locale: resolveLocale(request.query.lang), alive: true };
    peers.add(peer);
    socket.on('pong', () => {
      peer.alive = true;
    });
    socket.once('close', () => {
      forget(peer);
      options.onSocket?.('close');
    });
    // the listener is attached before any await: frames a client sends right after connecting wait
    // for the login instead of being lost
    const loggedIn = login(peer, request.query).catch((error: unknown) => {
      peer.held = undefined;
      send(peer, errorFrame(peer, error));
      socket.close(1011, 'internal error');
      return false;
    });
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      void loggedIn.then(async (ok) => {
        if (!ok) return;
        let frame: ChatClientFrame;
        try {
          const parsed = chatClientFrame.safeParse(isBinary ? undefined : JSON.parse(String(data)));
          if (!parsed.success) throw new AppError('chat.frame_invalid');
          frame = parsed.data;
        } catch {
          send(peer, errorFrame(peer, new AppError('chat.frame_invalid')));
          return;
        }
        try {
          await handle(peer, frame);
        } catch (error) {
          send(peer, errorFrame(peer, error));
        }
      });
    });
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
