import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../src/env.ts';
import { buildChatSocketServer, CLOSE_UNAUTHORISED } from '../../src/modules/chat/chat.socket.ts';
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
