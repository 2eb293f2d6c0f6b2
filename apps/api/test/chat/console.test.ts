import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { consoleRequest, multipart, png } from '../support/chat.ts';
import { buyer, listing, placeOrder } from '../support/orders.ts';
import { registerUser, useTestApp, type TestUser } from '../support/test-app.ts';
import { operatorToken, userIdOf } from '../support/wallet.ts';

// The console's customer-service inbox: the list (unread first, waiting time, assignee, paged), one
// conversation, replies with text and images, assigning, closing and reopening, linking an order,
// canned replies per locale, the buyer's context, the roles, and an audit entry for every action.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 20, shops: 2 });

interface Conversation {
  id: string;
  userId: string;
  username: string;
  state: string;
  assigneeId: string | null;
  assigneeName: string;
  unread: number;
  waitingSince: string | null;
  waitingSeconds: number;
  lastMessage: { from: string; type: string; text: string } | null;
  orderIds: string[];
}

async function conversationOf(user: TestUser): Promise<string> {
  const conversation = await t.services.chat.conversationOf(await userIdOf(t, user.token));
  if (!conversation) throw new Error('no conversation');
  return conversation.id;
}

async function auditOf(targetId: string) {
  const rows = await t.database.pool.query<{ action: string; actor_type: string; actor_id: string; detail: Record<string, unknown> }>(
    'select action, actor_type, actor_id, detail from audit_log where target_id = $1 order by id',
    [targetId],
  );
  return rows.rows;
}

async function operatorIdOf(username: string): Promise<string> {
  return (await t.services.operators.idOf(username)) ?? '';
}

describe('console chat: the inbox', () => {
  it('lists unread first, then the longest waiting, with waiting time and paging', async () => {
    const support = await operatorToken(t, 'support');
    const early = await registerUser(t);
    const late = await registerUser(t);
    const answered = await registerUser(t);
    await t.call('newOnlinechat!send', { content: 'answered long ago' }, { token: answered.token });
    await consoleRequest(t, 'POST', `/chat/conversations/${await conversationOf(answered)}/messages`, support.token, { content: 'done' });
    t.clock.advance(60_000);
    await t.call('newOnlinechat!send', { content: 'first' }, { token: early.token });
    t.clock.advance(120_000);
    await t.call('newOnlinechat!send', { content: 'second' }, { token: late.token });
    t.clock.advance(30_000);
    const page = await consoleRequest<{ items: Conversation[]; total: number }>(t, 'GET', '/chat/conversations?state=open&pageSize=100', support.token);
    expect(page.status).toBe(200);
    const mine = page.body.items.filter((item) => [early.username, late.username, answered.username].includes(item.username));
    expect(mine.map((item) => item.username)).toEqual([early.username, late.username, answered.username]);
    expect(mine[0]).toMatchObject({ unread: 1, waitingSeconds: 150, lastMessage: { from: 'buyer', type: 'text', text: 'first' }, assigneeId: null });
    expect(mine[1]).toMatchObject({ unread: 1, waitingSeconds: 30 });
    expect(mine[2]).toMatchObject({ unread: 0, waitingSince: null, waitingSeconds: 0, assigneeName: support.username });
    const small = await consoleRequest<{ items: Conversation[]; total: number; pageSize: number }>(t, 'GET', '/chat/conversations?pageSize=1&page=2', support.token);
    expect(small.body).toMatchObject({ pageSize: 1, total: page.body.total });
    expect(small.body.items).toHaveLength(1);
    const byBuyer = await consoleRequest<{ items: Conversation[] }>(t, 'GET', `/chat/conversations?buyer=${late.username}`, support.token);
    expect(byBuyer.body.items.map((item) => item.username)).toEqual([late.username]);
  });

  it('shows one conversation; reading it marks the buyer\'s messages read; replies reach the buyer', async () => {
    const support = await operatorToken(t, 'support');
    const user = await registerUser(t);
    await t.call('newOnlinechat!send', { content: 'is this real leather?' }, { token: user.token });
    const id = await conversationOf(user);
    const detail = await consoleRequest<Conversation & { messages: { items: { from: string; text: string; readByOperator: boolean }[]; hasMore: boolean } }>(t, 'GET', `/chat/conversations/${id}`, support.token);
    expect(detail.status).toBe(200);
    expect(detail.body.messages).toMatchObject({ hasMore: false, items: [{ from: 'buyer', text: 'is this real leather?' }] });
    expect((await consoleRequest<Conversation>(t, 'GET', `/chat/conversations?buyer=${user.username}`, support.token)).body).toMatchObject({ items: [{ unread: 0 }] });
    const picture = (await t.services.uploads.storeImage(await png(), 'chat', await operatorIdOf(support.username))).url;
    const text = await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, support.token, { content: 'Yes, full grain.' });
    const image = await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, support.token, { type: 'img', content: picture });
    expect(text).toMatchObject({ status: 200, body: { from: 'operator', type: 'text', text: 'Yes, full grain.', operatorName: support.username } });
    expect(image).toMatchObject({ status: 200, body: { type: 'img', text: picture } });
    const list = await t.call<{ content: string; send_receive: string; type: string }[]>('newOnlinechat!list', {}, { token: user.token });
    expect(list.data?.slice(0, 2)).toEqual([expect.objectContaining({ send_receive: 'receive', type: 'img', content: picture }), expect.objectContaining({ content: encodeURIComponent('Yes, full grain.') })]);
    // a picture the operator did not upload, an empty text
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, support.token, { type: 'img', content: 'https://elsewhere.example/x.png' })).toMatchObject({ status: 400, body: { errorKey: 'chat.image_invalid' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, support.token, { content: '' })).toMatchObject({ status: 400, body: { errorKey: 'chat.content_required' } });
    expect(await consoleRequest(t, 'GET', '/chat/conversations/ffffffffffffffffffffffffffffffff', support.token)).toMatchObject({ status: 404, body: { errorKey: 'chat.conversation_not_found' } });
    const audit = await auditOf(id);
    expect(audit.filter((entry) => entry.action === 'chat.reply')).toHaveLength(2);
  });

  it('uploads a reply image through the console', async () => {
    const support = await operatorToken(t, 'support');
    const form = multipart({}, { name: 'file', bytes: await png() });
    const response = await t.app.inject({ method: 'POST', url: '/console/api/chat/images', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${support.token}` } });
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(await t.services.uploads.isOwnedImage(url, await operatorIdOf(support.username))).toBe(true);
  });

  it('assigns to me or a colleague, closes and reopens, each audited; a buyer message reopens', async () => {
    const support = await operatorToken(t, 'support');
    const colleague = await operatorToken(t, 'admin');
    const finance = await operatorToken(t, 'finance');
    const user = await registerUser(t);
    await t.call('newOnlinechat!send', { content: 'hello' }, { token: user.token });
    const id = await conversationOf(user);
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/assign`, support.token, {})).toMatchObject({ status: 200, body: { assigneeName: support.username } });
    const colleagueId = await operatorIdOf(colleague.username);
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/assign`, support.token, { operatorId: colleagueId })).toMatchObject({ status: 200, body: { assigneeId: colleagueId } });
    // a finance operator cannot answer chats, so cannot be assigned one; nor can an unknown id
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/assign`, support.token, { operatorId: await operatorIdOf(finance.username) })).toMatchObject({ status: 404, body: { errorKey: 'chat.operator_not_found' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/assign`, support.token, { operatorId: 'nobody' })).toMatchObject({ status: 404 });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/close`, support.token)).toMatchObject({ status: 200, body: { state: 'closed' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/close`, support.token)).toMatchObject({ status: 409, body: { errorKey: 'chat.already_closed' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, support.token, { content: 'late' })).toMatchObject({ status: 409, body: { errorKey: 'chat.conversation_closed' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/reopen`, support.token)).toMatchObject({ status: 200, body: { state: 'open', closedAt: null } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/reopen`, support.token)).toMatchObject({ status: 409, body: { errorKey: 'chat.already_open' } });
    await consoleRequest(t, 'POST', `/chat/conversations/${id}/close`, support.token);
    await t.call('newOnlinechat!send', { content: 'one more question' }, { token: user.token });
    expect((await consoleRequest<Conversation>(t, 'GET', `/chat/conversations/${id}/messages`, support.token)).status).toBe(200);
    expect((await t.services.chatInbox.one(id)).state).toBe('open');
    const supportId = await operatorIdOf(support.username);
    expect((await auditOf(id)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['chat.assign', supportId],
      ['chat.assign', supportId],
      ['chat.close', supportId],
      ['chat.reopen', supportId],
      ['chat.close', supportId],
    ]);
  });

  it('links one of the buyer\'s orders, never another buyer\'s', async () => {
    const support = await operatorToken(t, 'support');
    const owner = await buyer(t);
    const stranger = await buyer(t);
    const item = await listing(t);
    const orderId = await placeOrder(t, owner, { sellerGoodsId: item.sellerGoodsId, goodsNum: 1 });
    const strangersOrder = await placeOrder(t, stranger, { sellerGoodsId: item.sellerGoodsId, goodsNum: 1 });
    await t.call('newOnlinechat!send', { content: `about order ${orderId}` }, { token: owner.token });
    const id = await conversationOf(owner);
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/orders`, support.token, { orderId })).toMatchObject({ status: 200, body: { orderIds: [orderId] } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/orders`, support.token, { orderId: strangersOrder })).toMatchObject({ status: 404, body: { errorKey: 'chat.order_not_found' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/orders`, support.token, { orderId: 'junk' })).toMatchObject({ status: 404 });
    expect(await t.services.chatInbox.conversationOfOrder(orderId)).toBe(id);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['chat.link_order']);
    // linking twice changes nothing; the order's timeline (legacy call and console detail) shows the conversation once
    await consoleRequest(t, 'POST', `/chat/conversations/${id}/orders`, support.token, { orderId });
    const timeline = await t.call<{ key: string; log: string }[]>('orderLog!list', { orderId, lang: 'en' }, { token: owner.token });
    expect(timeline.data?.filter((entry) => entry.key === 'timeline.chat_linked')).toEqual([expect.objectContaining({ log: 'Customer service opened a conversation about this order' })]);
    const detail = await consoleRequest<{ timeline: { key: string }[] }>(t, 'GET', `/orders/${orderId}`, support.token);
    expect(detail.body.timeline.map((entry) => entry.key)).toContain('timeline.chat_linked');
    const aboutOrder = await consoleRequest<{ items: Conversation[] }>(t, 'GET', `/chat/conversations?orderId=${orderId}`, support.token);
    expect(aboutOrder.body.items.map((item) => item.id)).toEqual([id]);
    expect((await consoleRequest<{ items: Conversation[] }>(t, 'GET', `/chat/conversations?orderId=${strangersOrder}`, support.token)).body.items).toEqual([]);

    // the buyer's context: the order, the wallet, no loan
    const context = await consoleRequest<{ user: { username: string }; orders: { id: string; status: string }[]; wallet: { available: string }; loan: unknown }>(t, 'GET', `/chat/conversations/${id}/context`, support.token);
    expect(context.status).toBe(200);
    expect(context.body).toMatchObject({ user: { username: owner.username }, orders: [{ id: orderId, status: 'pending_payment' }], wallet: { available: '0.00' }, loan: null });
  });
});

describe('console chat: canned replies and roles', () => {
  it('manages canned replies per locale, audited', async () => {
    const support = await operatorToken(t, 'support');
    const created = await consoleRequest<{ id: string }>(t, 'POST', '/chat/canned-replies', support.token, { locale: 'en', title: 'Greeting', text: 'Hello, how can we help?' });
    expect(created).toMatchObject({ status: 200, body: { locale: 'en', title: 'Greeting', text: 'Hello, how can we help?' } });
    await consoleRequest(t, 'POST', '/chat/canned-replies', support.token, { locale: 'ar', title: 'تحية', text: 'مرحبًا، كيف يمكننا المساعدة؟' });
    expect(await consoleRequest(t, 'POST', '/chat/canned-replies', support.token, { locale: 'xx', title: 'x', text: 'x' })).toMatchObject({ status: 400 });
    const arabic = await consoleRequest<{ items: { locale: string }[] }>(t, 'GET', '/chat/canned-replies?locale=ar', support.token);
    expect(arabic.body.items.map((item) => item.locale)).toEqual(['ar']);
    const id = created.body.id;
    expect(await consoleRequest(t, 'PUT', `/chat/canned-replies/${id}`, support.token, { locale: 'en', title: 'Greeting', text: 'Hi! How can we help?' })).toMatchObject({ status: 200, body: { text: 'Hi! How can we help?' } });
    expect((await consoleRequest(t, 'DELETE', `/chat/canned-replies/${id}`, support.token)).status).toBe(204);
    expect(await consoleRequest(t, 'DELETE', `/chat/canned-replies/${id}`, support.token)).toMatchObject({ status: 404, body: { errorKey: 'chat.canned_reply_not_found' } });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['chat.canned_create', 'chat.canned_update', 'chat.canned_delete']);
  });

  it('lets support and admin in, keeps finance and visitors out', async () => {
    const user = await registerUser(t);
    await t.call('newOnlinechat!send', { content: 'hi' }, { token: user.token });
    const id = await conversationOf(user);
    const finance = await operatorToken(t, 'finance');
    const admin = await operatorToken(t, 'admin');
    expect(await consoleRequest(t, 'GET', '/chat/conversations', finance.token)).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, finance.token, { content: 'x' })).toMatchObject({ status: 403 });
    expect(await consoleRequest(t, 'POST', '/chat/canned-replies', finance.token, { locale: 'en', title: 't', text: 'x' })).toMatchObject({ status: 403 });
    expect((await consoleRequest(t, 'GET', '/chat/conversations', undefined)).status).toBe(401);
    expect((await consoleRequest(t, 'POST', `/chat/conversations/${id}/messages`, admin.token, { content: 'admin here' })).status).toBe(200);
    const me = await consoleRequest<{ permissions: string[] }>(t, 'GET', '/auth/me', admin.token);
    expect(me.body.permissions).toEqual(expect.arrayContaining(['chat.read', 'chat.reply', 'chat.canned']));
  });
});
