import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessage } from '@caravan/contract/chat';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectRedis } from '../../src/platform/redis.ts';
import { ChatClient } from '../support/chat.ts';
import { startServerProcess } from '../support/processes.ts';
import { recordSecret } from '../support/secrets.ts';
import { registerUser, useTestApp } from '../support/test-app.ts';
import { OPERATOR_PASSWORD, userIdOf } from '../support/wallet.ts';

// Two real API processes (apps/api/dist, `caravan serve`) on one PostgreSQL and one Redis: a buyer's
// socket on process A gets, live, the reply an operator sent through process B's console route, and
// the operator's socket on B gets the buyer's message sent through A. The fan-out goes through Redis
// pub/sub (REDIS_URL); without Redis each process only reaches its own sockets, and the buyer gets
// the reply by catching up after a reconnect, which this file checks in that mode instead.

const redisUrl = inject('redisUrl');
const MODE = redisUrl ? 'Redis pub/sub' : 'in-process fallback, no Redis: catch-up on reconnect';
const t = await useTestApp({ start: new Date().toISOString() });
const dataDir = mkdtempSync(path.join(tmpdir(), 'caravan-chat-multi-'));
const keyPrefix = `caravan-chat-${process.pid}-${Date.now()}`;
const shared = { DATABASE_URL: t.database.url, DATA_DIR: dataDir, REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: keyPrefix, DATABASE_POOL_MAX: '5', WORKER: 'off' };
const [apiA, apiB] = await Promise.all([startServerProcess('serve', shared), startServerProcess('serve', shared)]);

afterAll(async () => {
  await Promise.all([apiA.stop(), apiB.stop()]);
  if (redisUrl) {
    const redis = connectRedis(redisUrl);
    const leftovers = await redis.keys(`${keyPrefix}*`);
    if (leftovers.length > 0) await redis.del(...leftovers);
    await redis.quit();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function legacy<T>(base: string, name: string, params: Record<string, string>, token: string): Promise<{ code: string; data?: T }> {
  const response = await fetch(`${base}/wap/api/${name}.action?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return (await response.json()) as { code: string; data?: T };
}

async function consoleLogin(base: string): Promise<string> {
  const username = `chatop${process.pid}`;
  await t.services.operators.create({ username, password: OPERATOR_PASSWORD, role: 'support' });
  const response = await fetch(`${base}/console/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: OPERATOR_PASSWORD }) });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  // issued by the server process: the log scan must know it too
  recordSecret('operator token', token);
  return token;
}

describe(`chat across two API processes (${MODE})`, () => {
  it('a buyer on process A gets the reply an operator sent through process B', { timeout: 60_000 }, async () => {
    const user = await registerUser(t);
    const operatorToken = await consoleLogin(apiB.base);
    const buyerSocket = await ChatClient.welcomed(apiA.chatUrl, `token=${user.token}`);
    const operatorSocket = await ChatClient.welcomed(apiB.chatUrl, `operatorToken=${operatorToken}`);

    const sent = await legacy<ChatMessage>(apiA.base, 'newOnlinechat!send', { content: encodeURIComponent('Hello from A') }, user.token);
    expect(sent.code).toBe('0');
    const conversationId = (await t.services.chat.conversationOf(await userIdOf(t, user.token)))?.id ?? '';
    if (redisUrl) await operatorSocket.waitFor((frame) => frame.type === 'message' && frame.message.id === sent.data?.id);

    const reply = await fetch(`${apiB.base}/console/api/chat/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorToken}` },
      body: JSON.stringify({ content: 'Answer from B' }),
    });
    expect(reply.status).toBe(200);
    const replyId = ((await reply.json()) as { id: string }).id;

    if (redisUrl) {
      const pushed = await buyerSocket.waitFor<{ type: 'message'; message: ChatMessage }>((frame) => frame.type === 'message' && frame.message.id === replyId);
      expect(decodeURIComponent(pushed.message.content)).toBe('Answer from B');
      await buyerSocket.waitFor((frame) => frame.type === 'unread' && frame.count === 1);
    } else {
      await buyerSocket.close();
      const back = await ChatClient.welcomed(apiA.chatUrl, `token=${user.token}&lastMessageId=${sent.data?.id ?? ''}`);
      await back.waitFor((frame) => frame.type === 'missed' && frame.messages.some((message) => message.id === replyId));
      await back.close();
    }
    // polling stays a complete fallback: either process lists the reply
    const list = await legacy<ChatMessage[]>(apiA.base, 'newOnlinechat!list', {}, user.token);
    expect(list.data?.[0]?.id).toBe(replyId);
    await Promise.all([buyerSocket.close(), operatorSocket.close()]);
  });
});
