import { CHAT_PAGE_SIZE, CHAT_TEXT_MAX, type ChatMessage } from '@caravan/contract/chat';
import { describe, expect, it } from 'vitest';
import { CHAT_RATE_RULES } from '../../src/modules/chat/chat.service.ts';
import { consoleRequest, multipart, png } from '../support/chat.ts';
import { registerUser, useTestApp, type TestUser } from '../support/test-app.ts';
import { operatorToken, userIdOf } from '../support/wallet.ts';

// The legacy chat calls over the wire (API reference section 8): send (text URL-encoded, image URL,
// the older multipart file), list (newest first, message_id pages), both unread paths, reading marks
// read, every refusal with its key and nothing written, and ownership.

const t = await useTestApp();

async function messagesOf(user: TestUser): Promise<number> {
  const id = await userIdOf(t, user.token);
  const rows = await t.database.pool.query<{ n: string }>('select count(*) as n from chat_messages m join chat_conversations c on c.id = m.conversation_id where c.user_id = $1', [id]);
  return Number(rows.rows[0]?.n ?? 0);
}

async function conversationIdOf(user: TestUser): Promise<string> {
  const conversation = await t.services.chat.conversationOf(await userIdOf(t, user.token));
  if (!conversation) throw new Error('no conversation');
  return conversation.id;
}

async function reply(user: TestUser, token: string, content: string) {
  const response = await consoleRequest(t, 'POST', `/chat/conversations/${await conversationIdOf(user)}/messages`, token, { content });
  expect(response.status).toBe(200);
  return response.body;
}

describe('newOnlinechat!send', () => {
  it('stores URL-encoded text decoded once, answers the message and lists it (GET and POST, /wap/api and /api)', async () => {
    const user = await registerUser(t);
    const text = 'Hello 100% — where is my order? 你好 & co';
    const sent = await t.call<ChatMessage>('newOnlinechat!send', { type: 'text', content: encodeURIComponent(text) }, { token: user.token });
    expect(sent).toMatchObject({ code: '0', data: { send_receive: 'send', type: 'text', content: encodeURIComponent(text), read: false } });
    expect(sent.data?.createtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // sent as plain text too (some transports decode on the way); a lone "%" is kept as it is
    await t.call('newOnlinechat!send', { content: '50% off?' }, { token: user.token, method: 'GET', prefix: '/api/' });
    await t.call('newOnlinechat!send', { content: 'form body' }, { token: user.token, as: 'form' });
    const list = await t.call<ChatMessage[]>('newOnlinechat!list', {}, { token: user.token, method: 'GET' });
    expect(list.code).toBe('0');
    expect(list.data?.map((message) => decodeURIComponent(message.content))).toEqual(['form body', '50% off?', text]);
    const rows = await t.database.pool.query<{ body: string }>('select body from chat_messages where id = $1', [sent.data?.id]);
    expect(rows.rows[0]?.body).toBe(text);
  });

  it('sends an image the sender uploaded, refuses someone else\'s or a foreign URL', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const mine = (await t.services.uploads.storeImage(await png(), 'chat', await userIdOf(t, user.token))).url;
    const theirs = (await t.services.uploads.storeImage(await png(), 'chat', await userIdOf(t, other.token))).url;
    const sent = await t.call<ChatMessage>('newOnlinechat!send', { type: 'img', content: mine }, { token: user.token });
    expect(sent).toMatchObject({ code: '0', data: { type: 'img', content: mine } });
    for (const content of [theirs, 'https://evil.example/x.png', `${mine}x`]) {
      expect(await t.call('newOnlinechat!send', { type: 'img', content, lang: 'en' }, { token: user.token })).toMatchObject({ code: '1', errorKey: 'chat.image_invalid' });
    }
    expect(await messagesOf(user)).toBe(1);
  });

  it('accepts the older multipart variant with a file, and refuses a file that is not an image', async () => {
    const user = await registerUser(t);
    const form = multipart({ type: 'img', content: 'picture.png', token: user.token }, { name: 'file', bytes: await png() });
    const response = await t.app.inject({ method: 'POST', url: '/wap/api/newOnlinechat!send.action', payload: form.payload, headers: form.headers });
    const body = response.json();
    expect(body).toMatchObject({ code: '0', data: { type: 'img', send_receive: 'send' } });
    expect(String(body.data.content)).toMatch(/\/uploads\/[0-9a-f]{64}\.png$/);
    const bad = multipart({ type: 'img', token: user.token }, { name: 'file', bytes: Buffer.from('not an image at all'), type: 'image/png' });
    const refused = (await t.app.inject({ method: 'POST', url: '/wap/api/newOnlinechat!send.action', payload: bad.payload, headers: bad.headers })).json();
    expect(refused).toMatchObject({ code: '1', errorKey: 'uploads.type_not_allowed' });
    expect(await messagesOf(user)).toBe(1);
  });

  it('refuses empty, too long and unknown types with stable keys, writing nothing', async () => {
    const user = await registerUser(t);
    expect(await t.call('newOnlinechat!send', { lang: 'en' }, { token: user.token })).toMatchObject({ code: '1', errorKey: 'chat.content_required', msg: 'Please enter a message' });
    expect(await t.call('newOnlinechat!send', { content: encodeURIComponent('   ') }, { token: user.token })).toMatchObject({ errorKey: 'chat.content_required' });
    expect(await t.call('newOnlinechat!send', { type: 'img' }, { token: user.token })).toMatchObject({ errorKey: 'chat.content_required' });
    const long = 'x'.repeat(CHAT_TEXT_MAX + 1);
    expect(await t.call('newOnlinechat!send', { content: long, lang: 'en' }, { token: user.token, as: 'form' })).toMatchObject({
      errorKey: 'chat.text_too_long',
      msg: `A message may not be longer than ${CHAT_TEXT_MAX} characters`,
    });
    // the limit counts characters, not bytes or UTF-16 units
    expect(await t.call('newOnlinechat!send', { content: '😀'.repeat(CHAT_TEXT_MAX) }, { token: user.token, as: 'form' })).toMatchObject({ code: '0' });
    expect(await t.call('newOnlinechat!send', { type: 'video', content: 'x', lang: 'cn' }, { token: user.token })).toMatchObject({ errorKey: 'chat.type_invalid', msg: '消息类型必须是文字或图片' });
    expect(await messagesOf(user)).toBe(1);
  });

  it('limits the sending rate per user with chat.too_frequent, storing nothing beyond the limit', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const max = CHAT_RATE_RULES.sendPerBuyer.max;
    for (let i = 0; i < max; i += 1) expect((await t.call('newOnlinechat!send', { content: `m${i}` }, { token: user.token })).code).toBe('0');
    const refused = await t.call('newOnlinechat!send', { content: 'one more', lang: 'en' }, { token: user.token });
    expect(refused).toMatchObject({ code: '1', errorKey: 'chat.too_frequent', status: 200 });
    expect(await messagesOf(user)).toBe(max);
    // another user is not affected; the window passes with the clock
    expect((await t.call('newOnlinechat!send', { content: 'hi' }, { token: other.token })).code).toBe('0');
    t.clock.advance(CHAT_RATE_RULES.sendPerBuyer.windowMs);
    expect((await t.call('newOnlinechat!send', { content: 'later' }, { token: user.token })).code).toBe('0');
  });

  it('needs a login on every chat call (code 403)', async () => {
    for (const call of ['newOnlinechat!send', 'newOnlinechat!list', 'newOnlinechat!unread']) {
      expect(await t.call(call, { content: 'x' })).toMatchObject({ code: '403', errorKey: 'common.not_logged_in' });
    }
    const legacy = await t.app.inject({ method: 'GET', url: '/public/userOnlineChatController!unread.action?loginType=user' });
    expect(legacy.json()).toMatchObject({ code: '403' });
  });
});

describe('newOnlinechat!list and unread', () => {
  it('pages older messages with message_id, newest first', async () => {
    const user = await registerUser(t);
    const total = CHAT_PAGE_SIZE + 5;
    for (let i = 0; i < total; i += 1) {
      await t.call('newOnlinechat!send', { content: `n${i}` }, { token: user.token });
      // spread over time, within the sending rate
      t.clock.advance(4000);
    }
    const first = await t.call<ChatMessage[]>('newOnlinechat!list', {}, { token: user.token });
    expect(first.data).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.data?.[0]?.content).toBe(`n${total - 1}`);
    const oldest = first.data?.at(-1);
    const second = await t.call<ChatMessage[]>('newOnlinechat!list', { message_id: oldest?.id }, { token: user.token, method: 'GET' });
    expect(second.data?.map((message) => message.content)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    const end = await t.call<ChatMessage[]>('newOnlinechat!list', { message_id: second.data?.at(-1)?.id }, { token: user.token });
    expect(end).toMatchObject({ code: '0', data: [] });
  });

  it('counts customer-service messages not read on both unread paths; reading the list marks them read', async () => {
    const user = await registerUser(t);
    const support = await operatorToken(t, 'support');
    expect(await t.call('newOnlinechat!unread', {}, { token: user.token, method: 'GET' })).toMatchObject({ code: '0', data: 0 });
    await t.call('newOnlinechat!send', { content: 'help' }, { token: user.token });
    await reply(user, support.token, 'Hello, how can we help?');
    await reply(user, support.token, 'Still there?');
    expect(await t.call('newOnlinechat!unread', {}, { token: user.token, method: 'GET' })).toMatchObject({ code: '0', data: 2 });
    for (const url of ['/public/userOnlineChatController!unread.action', '/wap/public/userOnlineChatController!unread.action']) {
      const response = await t.app.inject({ method: 'GET', url: `${url}?token=${user.token}&lang=en&loginType=user` });
      expect(response.json()).toMatchObject({ code: '0', data: 2 });
    }
    // paging older messages does not mark anything read; the latest page does
    const list = await t.call<ChatMessage[]>('newOnlinechat!list', {}, { token: user.token });
    expect(list.data?.map((message) => [message.send_receive, decodeURIComponent(message.content)])).toEqual([
      ['receive', 'Still there?'],
      ['receive', 'Hello, how can we help?'],
      ['send', 'help'],
    ]);
    expect(await t.call('newOnlinechat!unread', {}, { token: user.token })).toMatchObject({ data: 0 });
    const again = await t.call<ChatMessage[]>('newOnlinechat!list', {}, { token: user.token });
    expect(again.data?.filter((message) => message.send_receive === 'receive').every((message) => message.read)).toBe(true);
  });

  it('never shows one buyer another buyer\'s conversation', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const sent = await t.call<ChatMessage>('newOnlinechat!send', { content: 'my secret order number' }, { token: alice.token });
    const bobsList = await t.call<ChatMessage[]>('newOnlinechat!list', {}, { token: bob.token });
    expect(bobsList).toMatchObject({ code: '0', data: [] });
    // paging from Alice's message id is "not found" for Bob, not a window into her conversation
    expect(await t.call('newOnlinechat!list', { message_id: sent.data?.id, lang: 'en' }, { token: bob.token })).toMatchObject({ code: '1', errorKey: 'chat.message_not_found' });
    await t.call('newOnlinechat!send', { content: 'bob here' }, { token: bob.token });
    expect(await t.call('newOnlinechat!list', { message_id: sent.data?.id }, { token: bob.token })).toMatchObject({ errorKey: 'chat.message_not_found' });
    expect(await t.call('newOnlinechat!list', { message_id: 'not-an-id' }, { token: bob.token })).toMatchObject({ errorKey: 'chat.message_not_found' });
    const bobs = await t.call<ChatMessage[]>('newOnlinechat!list', {}, { token: bob.token });
    expect(bobs.data?.map((message) => message.content)).toEqual(['bob%20here']);
  });
});
