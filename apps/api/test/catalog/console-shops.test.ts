import { describe, expect, it } from 'vitest';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken } from '../support/wallet.ts';

// Shops in the console: the list by state and name with the seller's name and the listings buyers see;
// an admin suspends an open shop (its listings leave the store in the same transaction) and reopens it,
// each with a reason, audited; other moves, other roles and unknown shops are refused, changing nothing.

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
await seedSmallCatalogue(t, { products: 60, shops: 6 });
const q = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows as T[]);

interface Shop {
  id: string;
  name: string;
  ownerName: string;
  status: string;
  visibleListings: number;
}
interface Page<T> {
  items: T[];
  total: number;
}

const admin = await operatorToken(t, 'admin');
const [busiest] = await q<{ shop_id: string; n: number }>('select shop_id, count(*)::int as n from seller_goods where visible group by shop_id order by count(*) desc, shop_id limit 1');
const shopId = busiest?.shop_id ?? '';

describe('shops in the console', () => {
  it('lists shops by state and name, with the seller and the listings buyers see', async () => {
    const all = await consoleCall<Page<Shop>>(t, 'GET', '/shops?pageSize=100', admin.token);
    const [shops] = await q<{ n: number }>('select count(*)::int as n from shops');
    expect(all.body.total).toBe(shops?.n);
    const shop = all.body.items.find((item) => item.id === shopId);
    expect(shop).toMatchObject({ status: 'open', visibleListings: busiest?.n });
    expect(shop?.ownerName.length).toBeGreaterThan(0);
    const open = await consoleCall<Page<Shop>>(t, 'GET', '/shops?state=open&pageSize=100', admin.token);
    expect(open.body.items.every((item) => item.status === 'open')).toBe(true);
    const byName = await consoleCall<Page<Shop>>(t, 'GET', `/shops?q=${encodeURIComponent((shop?.name ?? '').slice(0, 6).toUpperCase())}`, admin.token);
    expect(byName.body.items.map((item) => item.id)).toContain(shopId);
    expect(await consoleCall(t, 'GET', '/shops?state=sleeping', admin.token)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    const support = await operatorToken(t, 'support');
    expect((await consoleCall(t, 'GET', '/shops', support.token)).status).toBe(200);
  });

  it('suspends an open shop with a reason: its listings leave the store; reopening brings them back', async () => {
    const listings = async () => (await t.call<{ pageList: unknown[] }>('sellerGoods!list', { sellerId: shopId, pageSize: 100 })).data?.pageList.length ?? 0;
    expect(await listings()).toBe(busiest?.n);
    const suspended = await consoleCall<Shop>(t, 'POST', `/shops/${shopId}/suspend`, admin.token, { reason: 'counterfeit complaints' });
    expect(suspended).toMatchObject({ status: 200, body: { status: 'suspended', visibleListings: 0 } });
    expect(await listings()).toBe(0);
    expect((await q<{ n: number }>('select count(*)::int as n from seller_goods where shop_id = $1 and visible', [shopId]))[0]?.n).toBe(0);
    expect((await t.call('seller!info', { sellerId: shopId })).errorKey).toBe('shops.shop_unavailable');

    // suspended twice, or reopening an open shop: refused
    expect(await consoleCall(t, 'POST', `/shops/${shopId}/suspend`, admin.token, { reason: 'again' })).toMatchObject({ status: 409, body: { errorKey: 'shops.status_invalid' } });
    const reopened = await consoleCall<Shop>(t, 'POST', `/shops/${shopId}/reopen`, admin.token, { reason: 'complaints cleared' });
    expect(reopened).toMatchObject({ status: 200, body: { status: 'open', visibleListings: busiest?.n } });
    expect(await listings()).toBe(busiest?.n);
    expect(await consoleCall(t, 'POST', `/shops/${shopId}/reopen`, admin.token, { reason: 'again' })).toMatchObject({ status: 409, body: { errorKey: 'shops.status_invalid' } });

    const audit = await consoleCall<{ items: { action: string; reason: string; detail: unknown; actorName: string }[] }>(t, 'GET', `/audit?targetType=shop&targetId=${shopId}`, admin.token);
    expect(audit.body.items.map((entry) => [entry.action, entry.reason, entry.detail, entry.actorName])).toEqual([
      ['shop.status_changed', 'complaints cleared', { from: 'suspended', to: 'open' }, admin.username],
      ['shop.status_changed', 'counterfeit complaints', { from: 'open', to: 'suspended' }, admin.username],
    ]);
  });

  it('refuses a missing reason, an unknown shop and every role but admin, changing nothing', async () => {
    expect(await consoleCall(t, 'POST', `/shops/${shopId}/suspend`, admin.token, {})).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    expect(await consoleCall(t, 'POST', '/shops/no-such-shop/suspend', admin.token, { reason: 'x' })).toMatchObject({ status: 404, body: { errorKey: 'shops.shop_unavailable' } });
    for (const role of ['finance', 'support'] as const) {
      const operator = await operatorToken(t, role);
      expect(await consoleCall(t, 'POST', `/shops/${shopId}/suspend`, operator.token, { reason: 'x' }), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    }
    expect((await q<{ status: string }>('select status from shops where id = $1', [shopId]))[0]?.status).toBe('open');
    expect((await q<{ n: number }>('select count(*)::int as n from seller_goods where shop_id = $1 and visible', [shopId]))[0]?.n).toBe(busiest?.n);
  });
});
