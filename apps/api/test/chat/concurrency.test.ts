import type { ChatMessage } from '@caravan/contract/chat';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ChatClient, startChatSocket } from '../support/chat.ts';
import { registerUser, useTestApp, type TestUser } from '../support/test-app.ts';
import { operatorToken } from '../support/wallet.ts';

// 200 buyers send at once, half through the legacy call and half over the socket (each socket send
// repeated with the same clientId, as a client retrying after a lost ack would): every message is
// stored exactly once, acknowledged with its id, and pushed exactly once to a watching operator.

const t = await useTestApp();
const { server, url } = await startChatSocket(t);
afterAll(() => server.close());

const SENDERS = 200;

async function registerMany(count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  while (users.length < count) users.push(...(await Promise.all(Array.from({ length: Math.min(10, count - users.length) }, () => registerUser(t)))));
  return users;
}

describe('chat under concurrency', () => {
  it(`${SENDERS} concurrent senders: nothing lost, nothing duplicated`, { timeout: 120_000 }, async () => {
    const users = await registerMany(SENDERS);
    const support = await operatorToken(t, 'support');
    const operator = await ChatClient.welcomed(url, `operatorToken=${support.token}`);
    const socketUsers = users.slice(0, SENDERS / 2);
    const callUsers = users.slice(SENDERS / 2);
    const sockets = await Promise.all(socketUsers.map((user) => ChatClient.welcomed(url, `token=${user.token}`)));

    const callResults = Promise.all(callUsers.map((user, index) => t.call<ChatMessage>('newOnlinechat!send', { content: `call ${index}` }, { token: user.token })));
    sockets.forEach((socket, index) => {
      socket.send({ type: 'send', clientId: `s-${index}`, content: `socket ${index}` });
      socket.send({ type: 'send', clientId: `s-${index}`, content: `socket ${index}` });
    });
    const answered = await callResults;
    expect(answered.every((response) => response.code === '0')).toBe(true);
    await vi.waitFor(() => expect(sockets.every((socket) => socket.of('ack').length === 2)).toBe(true), { timeout: 60_000 });
    for (const socket of sockets) {
      const [first, retry] = socket.of('ack');
      expect(retry?.message.id).toBe(first?.message.id);
      expect(socket.of('error')).toEqual([]);
    }

    const rows = await t.database.pool.query<{ username: string; n: string; body: string }>(
      `select u.username, count(*) as n, min(m.body) as body
         from chat_messages m join chat_conversations c on c.id = m.conversation_id join users u on u.id = c.user_id
        where u.username = any($1) group by u.username`,
      [users.map((user) => user.username)],
    );
    expect(rows.rows).toHaveLength(SENDERS);
    expect(rows.rows.filter((row) => String(row.n) !== '1')).toEqual([]);
    const acknowledged = new Set([...answered.map((response) => response.data?.id), ...sockets.map((socket) => socket.of('ack')[0]?.message.id)]);
    expect(acknowledged.size).toBe(SENDERS);

    // the watching operator got each one exactly once
    await vi.waitFor(() => expect(operator.of('message').filter((frame) => acknowledged.has(frame.message.id))).toHaveLength(SENDERS), { timeout: 30_000 });
    const pushed = operator.of('message').map((frame) => frame.message.id).filter((id) => acknowledged.has(id));
    expect(new Set(pushed).size).toBe(SENDERS);
    await Promise.all([operator.close(), ...sockets.map((socket) => socket.close())]);
  });
});
