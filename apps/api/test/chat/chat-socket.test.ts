import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { ChatMessage } from '@caravan/contract/chat';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { announceRestart, CLOSE_FORBIDDEN, CLOSE_SERVICE_RESTART, CLOSE_UNAUTHORISED, RECONNECT_AFTER_MS } from '../../src/modules/chat/chat.socket.ts';
import { ChatClient, consoleRequest, startChatSocket } from '../support/chat.ts';
import { registerUser, useTestApp, type TestUser } from '../support/test-app.ts';
import { operatorToken, userIdOf } from '../support/wallet.ts';

// The chat socket (port 5000 in production): token auth for buyers and operators, every frame of the
// contract, pushes to every socket of the buyer and to the operators, catch-up after a reconnect,
// heartbeats that drop dead sockets, and the restart announcement.

const t = await useTestApp();
const { server, url } = await startChatSocket(t);
afterAll(() => server.close());

async function conversationOf(user: TestUser): Promise<string> {
  const conversation = await t.services.chat.conversationOf(await userIdOf(t, user.token));
  if (!conversation) throw new Error('no conversation yet');
  return conversation.id;
}

describe('chat socket: login', () => {
  it('greets a logged-in buyer with the unread count', async () => {
    const user = await registerUser(t);
    const client = await ChatClient.welcomed(url, `token=${user.token}`);
    expect(client.frames[0]).toMatchObject({ type: 'welcome', role: 'buyer', username: user.username, unread: 0 });
    await client.close();
  });

  it('closes with 4401 without a valid token, in the request language', async () => {
    const missing = await ChatClient.connect(url, 'lang=cn');
    expect(await missing.closed).toBe(CLOSE_UNAUTHORISED);
    expect(missing.frames[0]).toMatchObject({ type: 'error', code: '403', errorKey: 'common.not_logged_in', msg: '请重新登录' });
    const bogus = await ChatClient.connect(url, 'token=bogus');
    expect(await bogus.closed).toBe(CLOSE_UNAUTHORISED);
  });

  it('lets operators in with their console token and the chat permission (support yes, finance no)', async () => {
    const support = await operatorToken(t, 'support');
    const operator = await ChatClient.welcomed(url, `operatorToken=${support.token}`);
    expect(operator.frames[0]).toMatchObject({ type: 'welcome', role: 'operator', username: support.username });
    await operator.close();
    const finance = await operatorToken(t, 'finance');
    const refused = await ChatClient.connect(url, `operatorToken=${finance.token}&lang=en`);
    expect(await refused.closed).toBe(CLOSE_FORBIDDEN);
    expect(refused.frames[0]).toMatchObject({ type: 'error', errorKey: 'operators.forbidden' });
    const bogus = await ChatClient.connect(url, 'operatorToken=nope');
    expect(await bogus.closed).toBe(CLOSE_UNAUTHORISED);
    expect(bogus.frames[0]).toMatchObject({ type: 'error', code: '403', errorKey: 'operators.not_logged_in' });
  });

  it('answers frames that are not the contract\'s with chat.frame_invalid and stays open', async () => {
    const user = await registerUser(t);
    const client = await ChatClient.welcomed(url, `token=${user.token}&lang=en`);
    client.send('not json');
    client.send({ type: 'send', content: 'no client id' });
    client.send({ type: 'dance' });
    await vi.waitFor(() => expect(client.of('error')).toHaveLength(3));
    expect(client.of('error').every((frame) => frame.errorKey === 'chat.frame_invalid' && frame.msg === 'The message could not be understood')).toBe(true);
    client.send({ type: 'ping' });
    await client.waitFor((frame) => frame.type === 'pong');
    await client.close();
  });
});

describe('chat socket: messages', () => {
  it('acknowledges a committed message and pushes it to the buyer\'s other sockets and to operators', async () => {
    const user = await registerUser(t);
    const support = await operatorToken(t, 'support');
    const operator = await ChatClient.welcomed(url, `operatorToken=${support.token}`);
    const tab1 = await ChatClient.welcomed(url, `token=${user.token}`);
    const tab2 = await ChatClient.welcomed(url, `token=${user.token}`);
    tab1.send({ type: 'send', clientId: 'c-1', content: 'Where is my parcel? 100%' });
    const ack = await tab1.waitFor<{ type: 'ack'; message: ChatMessage; conversationId: string }>((frame) => frame.type === 'ack');
    expect(ack).toMatchObject({ clientId: 'c-1', message: { send_receive: 'send', type: 'text', content: encodeURIComponent('Where is my parcel? 100%') } });
    // committed before the ack
    const stored = await t.database.pool.query('select body from chat_messages where id = $1', [ack.message.id]);
    expect(stored.rows).toEqual([{ body: 'Where is my parcel? 100%' }]);
    await tab2.waitFor((frame) => frame.type === 'message' && frame.message.id === ack.message.id);
    await operator.waitFor((frame) => frame.type === 'message' && frame.message.id === ack.message.id && frame.conversationId === ack.conversationId);
    await operator.waitFor((frame) => frame.type === 'unread' && frame.conversationId === ack.conversationId && frame.count === 1);
    // the sending tab gets the ack, not a second copy
    expect(tab1.of('message')).toHaveLength(0);

    // the operator replies through the console route: both tabs get it live with the unread count
    const reply = await consoleRequest<{ id: string }>(t, 'POST', `/chat/conversations/${ack.conversationId}/messages`, support.token, { content: 'On its way!' });
    expect(reply.status).toBe(200);
    for (const tab of [tab1, tab2]) {
      await tab.waitFor((frame) => frame.type === 'message' && frame.message.id === reply.body.id && frame.message.send_receive === 'receive');
      await tab.waitFor((frame) => frame.type === 'unread' && frame.count === 1);
    }
    // the buyer reads: the badge clears on every tab and the operator sees a read receipt
    tab2.send({ type: 'read' });
    await tab1.waitFor((frame) => frame.type === 'unread' && frame.count === 0);
    await operator.waitFor((frame) => frame.type === 'read' && frame.by === 'buyer' && frame.upToId === reply.body.id);
    expect(await t.call('newOnlinechat!unread', {}, { token: user.token })).toMatchObject({ data: 0 });
    await Promise.all([operator.close(), tab1.close(), tab2.close()]);
  });

  it('stores a repeated clientId once and answers the first message again', async () => {
    const user = await registerUser(t);
    const client = await ChatClient.welcomed(url, `token=${user.token}`);
    client.send({ type: 'send', clientId: 'same', content: 'once' });
    client.send({ type: 'send', clientId: 'same', content: 'once' });
    await vi.waitFor(() => expect(client.of('ack')).toHaveLength(2));
    const [first, second] = client.of('ack');
    expect(first?.message.id).toBe(second?.message.id);
    const rows = await t.database.pool.query('select id from chat_messages where conversation_id = $1', [await conversationOf(user)]);
    expect(rows.rows).toHaveLength(1);
    await client.close();
  });

  it('answers a refused send with the key and the clientId, storing nothing', async () => {
    const user = await registerUser(t);
    const client = await ChatClient.welcomed(url, `token=${user.token}&lang=en`);
    client.send({ type: 'send', clientId: 'empty', content: '   ' });
    client.send({ type: 'send', clientId: 'pic', messageType: 'img', content: 'https://elsewhere.example/a.png' });
    const empty = await client.waitFor((frame) => frame.type === 'error' && frame.clientId === 'empty');
    const pic = await client.waitFor((frame) => frame.type === 'error' && frame.clientId === 'pic');
    expect(empty).toMatchObject({ code: '1', errorKey: 'chat.content_required', msg: 'Please enter a message' });
    expect(pic).toMatchObject({ errorKey: 'chat.image_invalid' });
    expect(await t.services.chat.conversationOf(await userIdOf(t, user.token))).toBeUndefined();
    await client.close();
  });

  it('lets an operator answer and mark read over the socket', async () => {
    const user = await registerUser(t);
    await t.call('newOnlinechat!send', { content: 'anyone?' }, { token: user.token });
    const conversationId = await conversationOf(user);
    const support = await operatorToken(t, 'support');
    const operator = await ChatClient.welcomed(url, `operatorToken=${support.token}`);
    const buyer = await ChatClient.welcomed(url, `token=${user.token}`);
    operator.send({ type: 'read', conversationId });
    await buyer.waitFor((frame) => frame.type === 'read' && frame.by === 'operator');
    operator.send({ type: 'send', clientId: 'op-1', conversationId, content: 'Yes, hello' });
    const ack = await operator.waitFor<{ type: 'ack'; message: ChatMessage }>((frame) => frame.type === 'ack');
    await buyer.waitFor((frame) => frame.type === 'message' && frame.message.id === ack.message.id);
    operator.send({ type: 'send', clientId: 'op-2', content: 'no conversation given' });
    await operator.waitFor((frame) => frame.type === 'error' && frame.clientId === 'op-2' && frame.errorKey === 'chat.conversation_not_found');
    await Promise.all([operator.close(), buyer.close()]);
  });
});

describe('chat socket: reconnect', () => {
  it('sends what a reconnecting buyer missed after its last message id (query or resume frame)', async () => {
    const user = await registerUser(t);
    const support = await operatorToken(t, 'support');
    const first = await ChatClient.welcomed(url, `token=${user.token}`);
    first.send({ type: 'send', clientId: 'x', content: 'before the tunnel' });
    const ack = await first.waitFor<{ type: 'ack'; message: ChatMessage; conversationId: string }>((frame) => frame.type === 'ack');
    await first.close();
    const missedIds: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const reply = await consoleRequest<{ id: string }>(t, 'POST', `/chat/conversations/${ack.conversationId}/messages`, support.token, { content: text });
      missedIds.push(reply.body.id);
    }
    const back = await ChatClient.welcomed(url, `token=${user.token}&lastMessageId=${ack.message.id}`);
    expect(back.frames[0]).toMatchObject({ type: 'welcome', unread: 3 });
    const missed = await back.waitFor<{ type: 'missed'; messages: ChatMessage[]; hasMore: boolean }>((frame) => frame.type === 'missed');
    expect(missed.messages.map((message) => message.id)).toEqual(missedIds);
    expect(missed.messages.map((message) => decodeURIComponent(message.content))).toEqual(['one', 'two', 'three']);
    expect(missed.hasMore).toBe(false);
    back.send({ type: 'resume', lastMessageId: missedIds[1] });
    await back.waitFor((frame) => frame.type === 'missed' && frame.messages.length === 1 && frame.messages[0]?.id === missedIds[2]);
    // another buyer's message id is not a way into this conversation
    const stranger = await registerUser(t);
    const other = await ChatClient.welcomed(url, `token=${stranger.token}&lastMessageId=${ack.message.id}`);
    await other.waitFor((frame) => frame.type === 'error' && frame.errorKey === 'chat.message_not_found');
    expect(other.of('missed')).toHaveLength(0);
    await Promise.all([back.close(), other.close()]);
  });
});

/** A bare WebSocket handshake over TCP that never answers pings: what a vanished client looks like. */
function silentSocket(port: number, token: string): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        [`GET /?token=${token} HTTP/1.1`, 'Host: 127.0.0.1', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13', '', ''].join('\r\n'),
      );
    });
    socket.once('data', (data) => {
      expect(String(data)).toContain('101 Switching Protocols');
      resolve({ closed });
    });
  });
}

describe('chat socket: heartbeats and shutdown', () => {
  it('drops a socket that stops answering pings, keeps the ones that answer, and counts them', async () => {
    const events: string[] = [];
    const own = await startChatSocket(t, { heartbeatMs: 40, onSocket: (event) => events.push(event) });
    const port = Number(new URL(own.url).port);
    const user = await registerUser(t);
    const healthy = await ChatClient.welcomed(own.url, `token=${user.token}`);
    const silent = await silentSocket(port, user.token);
    await vi.waitFor(() => expect(events).toEqual(['open', 'open']));
    // dropped by the server after a missed ping; the browser-like socket answers and stays
    await silent.closed;
    await vi.waitFor(() => expect(events).toEqual(['open', 'open', 'close']));
    expect(healthy.closeCode).toBeUndefined();
    healthy.send({ type: 'ping' });
    await healthy.waitFor((frame) => frame.type === 'pong');
    await healthy.close();
    await own.server.close();
  });

  it('closes the sockets of a session that ended (logout) with 4401 at the next heartbeat', async () => {
    const own = await startChatSocket(t, { heartbeatMs: 40 });
    const user = await registerUser(t);
    const support = await operatorToken(t, 'support');
    const buyerSocket = await ChatClient.welcomed(own.url, `token=${user.token}&lang=en`);
    const operatorSocket = await ChatClient.welcomed(own.url, `operatorToken=${support.token}`);
    expect((await t.call('user!logout', {}, { token: user.token })).code).toBe('0');
    expect(await buyerSocket.closed).toBe(CLOSE_UNAUTHORISED);
    expect(buyerSocket.frames.at(-1)).toMatchObject({ type: 'error', code: '403' });
    const loggedOut = await t.app.inject({ method: 'POST', url: '/console/api/auth/logout', headers: { authorization: `Bearer ${support.token}` } });
    expect(loggedOut.statusCode).toBe(204);
    expect(await operatorSocket.closed).toBe(CLOSE_UNAUTHORISED);
    await own.server.close();
  });

  it('before a shutdown tells every client to reconnect with close code 1012', async () => {
    const events: string[] = [];
    const own = await startChatSocket(t, { onSocket: (event) => events.push(event) });
    const user = await registerUser(t);
    const client = await ChatClient.welcomed(own.url, `token=${user.token}`);
    expect(events).toEqual(['open']);
    announceRestart(own.server);
    expect(await client.closed).toBe(CLOSE_SERVICE_RESTART);
    expect(client.frames.at(-1)).toEqual({ type: 'reconnect', afterMs: RECONNECT_AFTER_MS });
    await own.server.close();
    // the server side's close event follows the closing handshake
    await vi.waitFor(() => expect(events).toEqual(['open', 'close']));
  });
});
