import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testEnv } from '../../src/env.ts';
import { announceRestart, buildChatSocketServer, CLOSE_SERVICE_RESTART, CLOSE_UNAUTHORISED, RECONNECT_AFTER_MS } from '../../src/modules/chat/chat.socket.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp();
const chat = await buildChatSocketServer({
  env: testEnv(),
  translator: t.services.translator,
  authenticate: (token) => t.services.sessions.authenticate(token),
});
await chat.listen({ host: '127.0.0.1', port: 0 });
afterAll(() => chat.close());
const port = (chat.server.address() as AddressInfo).port;

/** Opens a socket and collects its frames until it closes or `count` frames arrived. */
function converse(query: string, send?: string, count = 1): Promise<{ frames: Record<string, unknown>[]; closeCode?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/${query}`);
    const frames: Record<string, unknown>[] = [];
    socket.addEventListener('open', () => {
      if (send) socket.send(send);
    });
    socket.addEventListener('message', (event) => {
      frames.push(JSON.parse(String(event.data)) as Record<string, unknown>);
      if (frames.length >= count) {
        socket.close();
        resolve({ frames });
      }
    });
    socket.addEventListener('close', (event) => resolve({ frames, closeCode: event.code }));
    socket.addEventListener('error', () => reject(new Error('socket error')));
  });
}

describe('chat socket', () => {
  it('greets a logged-in user', async () => {
    const user = await registerUser(t);
    const { frames } = await converse(`?token=${user.token}`);
    expect(frames[0]).toMatchObject({ type: 'welcome', username: user.username });
  });

  it('closes with 4401 without a valid token, in the request language', async () => {
    const missing = await converse('?lang=cn', undefined, Number.POSITIVE_INFINITY);
    expect(missing.frames[0]).toMatchObject({ type: 'error', code: '403', errorKey: 'common.not_logged_in', msg: '请重新登录' });
    expect(missing.closeCode).toBe(CLOSE_UNAUTHORISED);
    const bogus = await converse('?token=bogus', undefined, Number.POSITIVE_INFINITY);
    expect(bogus.closeCode).toBe(CLOSE_UNAUTHORISED);
  });

  it('answers message frames with "not available yet" until the chat module lands', async () => {
    const user = await registerUser(t);
    const { frames } = await converse(`?token=${user.token}&lang=en`, JSON.stringify({ type: 'text', content: 'hello' }), 2);
    expect(frames[1]).toMatchObject({ type: 'error', errorKey: 'common.not_available_yet', msg: 'This feature is not available yet' });
  });
});

describe('chat socket at shutdown and in the metrics', () => {
  it('counts open sockets, and before a shutdown tells every client to reconnect with close code 1012', async () => {
    const events: string[] = [];
    const own = await buildChatSocketServer({
      env: testEnv(),
      translator: t.services.translator,
      authenticate: (token) => t.services.sessions.authenticate(token),
      onSocket: (event) => events.push(event),
    });
    await own.listen({ host: '127.0.0.1', port: 0 });
    const ownPort = (own.server.address() as AddressInfo).port;
    const user = await registerUser(t);
    const frames: Record<string, unknown>[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${ownPort}/?token=${user.token}`);
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    const welcomed = new Promise<void>((resolve) =>
      socket.addEventListener('message', (event) => {
        frames.push(JSON.parse(String(event.data)) as Record<string, unknown>);
        if (frames.length === 1) resolve();
      }),
    );
    await welcomed;
    expect(events).toEqual(['open']);
    announceRestart(own);
    expect(await closed).toBe(CLOSE_SERVICE_RESTART);
    expect(frames.at(-1)).toEqual({ type: 'reconnect', afterMs: RECONNECT_AFTER_MS });
    await own.close();
    // the server side's close event follows the closing handshake
    await vi.waitFor(() => expect(events).toEqual(['open', 'close']));
  });
});
