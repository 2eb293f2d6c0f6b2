import type { AddressInfo } from 'node:net';
import { chatServerFrame, type ChatServerFrame } from '@caravan/contract/chat';
import sharp from 'sharp';
import { expect, vi } from 'vitest';
import { testEnv } from '../../src/env.ts';
import { buildChatSocketServer } from '../../src/modules/chat/chat.socket.ts';
import type { FastifyInstance } from 'fastify';
import { testLogStream } from './secrets.ts';
import { nextAddress, type TestApp } from './test-app.ts';

// Helpers of the chat tests: a socket server on the test app's services, a socket client that keeps
// every frame (each checked against the contract), console calls with any method, images to send.

/** The chat socket server on the test app's services; its logs go to the run's log folder (the log scan reads them). */
export async function startChatSocket(t: TestApp, options: { heartbeatMs?: number; onSocket?: (event: 'open' | 'close') => void } = {}): Promise<{ server: FastifyInstance; url: string }> {
  const logFile = testLogStream('chat-socket');
  const server = await buildChatSocketServer({
    env: testEnv(logFile ? { LOG_LEVEL: 'info' } : {}),
    translator: t.services.translator,
    authenticate: (token) => t.services.sessions.authenticate(token),
    operators: t.services.operators,
    chat: t.services.chat,
    bus: t.services.bus,
    ...(logFile ? { logStream: logFile.stream } : {}),
    ...options,
  });
  if (logFile) server.addHook('onClose', async () => logFile.close());
  await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url: `ws://127.0.0.1:${(server.server.address() as AddressInfo).port}/` };
}

export type Frame = ChatServerFrame;

export class ChatClient {
  readonly frames: Frame[] = [];
  closeCode: number | undefined;
  readonly closed: Promise<number>;
  private constructor(readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const frame = chatServerFrame.parse(JSON.parse(String(event.data)));
      this.frames.push(frame);
    });
    this.closed = new Promise((resolve) =>
      socket.addEventListener('close', (event) => {
        this.closeCode = event.code;
        resolve(event.code);
      }),
    );
  }

  /** Connects; resolves once open (or closed, for refused logins). */
  static async connect(url: string, query: string): Promise<ChatClient> {
    const client = new ChatClient(new WebSocket(`${url}?${query}`));
    await new Promise<void>((resolve, reject) => {
      client.socket.addEventListener('open', () => resolve());
      client.socket.addEventListener('close', () => resolve());
      client.socket.addEventListener('error', () => reject(new Error('socket error')));
    });
    return client;
  }

  /** A buyer (token) or operator (operatorToken) socket, once welcomed. */
  static async welcomed(url: string, query: string): Promise<ChatClient> {
    const client = await ChatClient.connect(url, query);
    await client.waitFor((frame) => frame.type === 'welcome');
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  of<T extends Frame['type']>(type: T): Extract<Frame, { type: T }>[] {
    return this.frames.filter((frame): frame is Extract<Frame, { type: T }> => frame.type === type);
  }

  /** The first frame matching, waiting for it when it has not arrived yet. */
  async waitFor<T = Frame>(predicate: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<T> {
    let found: Frame | undefined;
    await vi.waitFor(
      () => {
        found = this.frames.find(predicate);
        expect(found, `frames so far: ${JSON.stringify(this.frames).slice(0, 2000)}`).toBeDefined();
      },
      { timeout: timeoutMs, interval: 10 },
    );
    return found as T;
  }

  close(): Promise<number> {
    this.socket.close();
    return this.closed;
  }
}

/** A console REST call with any method. */
export async function consoleRequest<T = Record<string, unknown>>(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await t.app.inject({
    method,
    url: `/console/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    remoteAddress: nextAddress(),
  });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

let pictureCounter = 0;
/** A small distinct PNG. */
export async function png(): Promise<Buffer> {
  pictureCounter += 1;
  return sharp({ create: { width: 12, height: 12, channels: 3, background: { r: pictureCounter % 256, g: (pictureCounter >> 8) % 256, b: 7 } } }).png().toBuffer();
}

/** A multipart body with one file field and text fields. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----chat${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="picture.png"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
