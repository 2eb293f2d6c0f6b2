import { subscriptions } from '@caravan/db/schema/content';
import { settings } from '@caravan/db/schema/content';
import { auditLog } from '@caravan/db/schema/platform';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ContentRepository } from '../../src/modules/content/content.repository.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp({ start: '2026-07-01T00:00:00.000Z' });
const repository = new ContentRepository();

describe('syspara!getSyspara', () => {
  it('answers public values as strings, keyed by code; unknown and private codes map to null', async () => {
    const response = await t.call('syspara!getSyspara', { code: 'mall_max_goods_number_in_order, customer_service_url,number_of_wrong_passwords,nope' });
    expect(response.data).toEqual({
      mall_max_goods_number_in_order: '500',
      customer_service_url: '',
      number_of_wrong_passwords: null,
      nope: null,
    });
  });

  it('reflects values operators change, immediately', async () => {
    await t.services.settings.set(t.database.db, 'mall_max_goods_number_in_order', 120, { type: 'operator', id: 'op-1', reason: 'smaller carts' });
    const response = await t.call('syspara!getSyspara', { code: 'mall_max_goods_number_in_order' });
    expect(response.data).toEqual({ mall_max_goods_number_in_order: '120' });
    const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'mall_max_goods_number_in_order'));
    expect(row?.value).toBe(120);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit[0]).toMatchObject({ actorType: 'operator', actorId: 'op-1', reason: 'smaller carts', targetId: 'mall_max_goods_number_in_order' });
    // a value outside the setting's schema never reaches the table
    await expect(t.services.settings.set(t.database.db, 'mall_max_goods_number_in_order', 0, { type: 'operator' })).rejects.toThrow();
    await t.services.settings.set(t.database.db, 'mall_max_goods_number_in_order', 500, { type: 'system' });
  });

  it('refuses a missing code and more than 50 codes', async () => {
    expect((await t.call('syspara!getSyspara', {})).errorKey).toBe('common.param_missing');
    const many = Array.from({ length: 51 }, (_, index) => `code${index}`).join(',');
    expect((await t.call('syspara!getSyspara', { code: many })).errorKey).toBe('common.param_invalid');
    expect((await t.call('syspara!getSyspara', { code: ',,,' })).errorKey).toBe('common.param_invalid');
  });

  it('is safe against prototype keys', async () => {
    const response = await t.call('syspara!getSyspara', { code: '__proto__,constructor' });
    expect(response.data).toEqual({ ['__proto__']: null, constructor: null });
  });
});

describe('subscribe!add', () => {
  it('subscribes an address once; the same address in other case is already subscribed', async () => {
    const first = await t.call('subscribe!add', { email: 'news.reader@example.com', lang: 'en' }, { remoteAddress: nextAddress() });
    expect(first).toMatchObject({ code: '0', msg: 'Subscribed successfully' });
    const again = await t.call('subscribe!add', { email: 'News.Reader@Example.com', lang: 'en' }, { remoteAddress: nextAddress() });
    expect(again).toMatchObject({ code: '1', errorKey: 'content.already_subscribed', msg: 'This e-mail address is already subscribed' });
    const rows = await t.database.db.select().from(subscriptions);
    expect(rows.filter((row) => row.email === 'news.reader@example.com')).toHaveLength(1);
  });

  it('links the subscription to the logged-in user and stores the language', async () => {
    const user = await registerUser(t);
    await t.call('subscribe!add', { email: 'member@example.co.uk', lang: 'ja' }, { token: user.token, remoteAddress: nextAddress() });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.email, 'member@example.co.uk'));
    expect(row?.locale).toBe('ja');
    expect(row?.userId).toMatch(/^[0-9a-f]{32}$/);
  });

  it.each([['ab@example.com'], ['.abc@example.com'], ['abc@e.com'], ['abc@example'], ['abc@example.c'], ['abc@example.co.uk.org'], ['not an email'], [`${'a'.repeat(95)}@example.com`]])(
    'refuses %s',
    async (email) => {
      const response = await t.call('subscribe!add', { email }, { remoteAddress: nextAddress() });
      expect(response).toMatchObject({ code: '1', errorKey: 'content.email_invalid' });
    },
  );

  it('needs an e-mail', async () => {
    expect((await t.call('subscribe!add', {}, { remoteAddress: nextAddress() })).errorKey).toBe('common.param_missing');
  });
});

describe('home, downloads, banners, lucky draw', () => {
  it('index!home answers configured content; banner is absent when there are no links', async () => {
    const empty = await t.call('index!home', {});
    expect(empty.data).toEqual({ service_link: '', announcement: [], aboutus: '' });
    await t.services.settings.set(t.database.db, 'index_banner_links', ['/promo/summer', '/promo/winter'], { type: 'system' });
    await t.services.settings.set(t.database.db, 'index_announcements', ['Free shipping over 500 USDT'], { type: 'system' });
    const filled = await t.call('index!home', {});
    expect(filled.data).toEqual({ banner: ['/promo/summer', '/promo/winter'], service_link: '', announcement: ['Free shipping over 500 USDT'], aboutus: '' });
  });

  it('index!download-url answers the configured link', async () => {
    expect((await t.call('index!download-url', {})).data).toBe('');
    await t.services.settings.set(t.database.db, 'app_download_url', 'https://example.com/app', { type: 'system' });
    expect((await t.call('index!download-url', {})).data).toBe('https://example.com/app');
  });

  it('banner!bannerList needs a type and answers that placement’s enabled banners in order', async () => {
    const missing = await t.call('banner!bannerList', { lang: 'cn' });
    expect(missing).toMatchObject({ errorKey: 'common.param_missing', msg: '缺少必要参数type' });
    const now = t.clock.now();
    const base = { type: 'pc_home', imgType: '0', createdAt: now };
    await repository.insertBanner(t.database.db, { ...base, id: 'b2', imgUrl: '/uploads/2.jpg', sort: 2, link: '/discounted' });
    await repository.insertBanner(t.database.db, { ...base, id: 'b1', imgUrl: '/uploads/1.jpg', sort: 1 });
    await repository.insertBanner(t.database.db, { ...base, id: 'b3', imgUrl: '/uploads/3.jpg', sort: 0, enabled: false });
    await repository.insertBanner(t.database.db, { ...base, id: 'b4', type: 'h5_home', imgUrl: '/uploads/4.jpg', sort: 0 });
    const response = await t.call<{ result: { id: string; link: string }[] }>('banner!bannerList', { type: 'pc_home' });
    expect(response.data?.result.map((banner) => banner.id)).toEqual(['b1', 'b2']);
    expect(response.data?.result[1]).toMatchObject({ imgUrl: '/uploads/2.jpg', link: '/discounted', type: 'pc_home', imgType: '0', sort: 2 });
    const paged = await t.call<{ result: { id: string }[] }>('banner!bannerList', { type: 'pc_home', pageNum: 2, pageSize: 1 });
    expect(paged.data?.result.map((banner) => banner.id)).toEqual(['b2']);
    const bad = await t.call('banner!bannerList', { type: 'pc_home', pageNum: 'two' });
    expect(bad.errorKey).toBe('common.param_invalid');
  });

  it('activity/lottery!getCurrentActivity answers {} outside any activity window', async () => {
    const none = await t.call('activity/lottery!getCurrentActivity', {}, { method: 'GET' });
    expect(none).toMatchObject({ code: '0', data: {} });
    await repository.insertActivity(t.database.db, {
      id: 'act1',
      title: 'Summer draw',
      detailUrl: 'https://promo.example.com/draw/1',
      startsAt: new Date('2026-07-02T00:00:00Z'),
      endsAt: new Date('2026-07-09T00:00:00Z'),
      createdAt: t.clock.now(),
    });
    expect((await t.call('activity/lottery!getCurrentActivity', {})).data).toEqual({});
    t.clock.set('2026-07-03T00:00:00Z');
    expect((await t.call('activity/lottery!getCurrentActivity', {})).data).toEqual({
      id: 'act1',
      title: 'Summer draw',
      detailUrl: 'https://promo.example.com/draw/1',
      status: '1',
      running: '1',
    });
    t.clock.set('2026-07-09T00:00:00Z');
    expect((await t.call('activity/lottery!getCurrentActivity', {})).data).toEqual({});
  });

  it('jscode!execute answers code 0', async () => {
    expect(await t.call('jscode!execute', {}, { method: 'GET' })).toMatchObject({ code: '0', data: null });
  });
});
