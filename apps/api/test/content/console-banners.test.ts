import { describe, expect, it } from 'vitest';
import { multipart, png } from '../support/chat.ts';
import { useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken } from '../support/wallet.ts';

// The store's banners in the console: an admin uploads a picture, creates, edits, orders and deletes
// banners of a placement, each audited with before and after; `banner!bannerList` shows the result.
// A picture that is not one of our uploads, bad links, other roles and unknown banners are refused.

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });

interface Banner {
  id: string;
  type: string;
  imgUrl: string;
  link: string;
  title: string;
  sort: number;
  enabled: boolean;
}

const admin = await operatorToken(t, 'admin');
const store = async (type = 'h5_home') => (await t.call<{ result: { id: string; title: string; sort: number }[] }>('banner!bannerList', { type })).data?.result ?? [];
const audit = async (id: string) => (await consoleCall<{ items: { action: string; reason: string | null; detail: Record<string, unknown> }[] }>(t, 'GET', `/audit?targetType=banner&targetId=${id}`, admin.token)).body.items;

async function upload(token = admin.token): Promise<{ status: number; url: string; errorKey?: string }> {
  const form = multipart({}, { name: 'file', bytes: await png() });
  const response = await t.app.inject({ method: 'POST', url: '/console/api/banners/images', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
  const body = response.json() as { url?: string; errorKey?: string };
  return { status: response.statusCode, url: body.url ?? '', ...(body.errorKey ? { errorKey: body.errorKey } : {}) };
}

describe('banners in the console', () => {
  it('creates banners from uploaded pictures, last in their placement; the store lists the enabled ones in order', async () => {
    const ids: string[] = [];
    for (const title of ['Spring sale', 'New arrivals', 'Hidden']) {
      const picture = await upload();
      expect(picture.status).toBe(200);
      const created = await consoleCall<Banner>(t, 'POST', '/banners', admin.token, { type: 'h5_home', imgUrl: picture.url, link: '/commodity?categoryId=1', title, enabled: title !== 'Hidden', reason: 'campaign' });
      expect(created).toMatchObject({ status: 200, body: { type: 'h5_home', title, sort: ids.length } });
      ids.push(created.body.id);
    }
    expect((await store()).map((banner) => banner.title)).toEqual(['Spring sale', 'New arrivals']);
    const list = await consoleCall<{ items: Banner[]; total: number }>(t, 'GET', '/banners?type=h5_home', admin.token);
    expect(list.body).toMatchObject({ total: 3 });
    expect(list.body.items.map((banner) => banner.id)).toEqual(ids);
    expect((await audit(ids[0] ?? ''))[0]).toMatchObject({ action: 'banner.create', reason: 'campaign', detail: { after: { title: 'Spring sale', type: 'h5_home' } } });
  });

  it('edits, moves and deletes a banner, each audited; the store follows', async () => {
    const list = (await consoleCall<{ items: Banner[] }>(t, 'GET', '/banners?type=h5_home', admin.token)).body.items;
    const [first, second] = list;
    if (!first || !second) throw new Error('two banners');
    const edited = await consoleCall<Banner>(t, 'POST', `/banners/${second.id}`, admin.token, { type: 'h5_home', imgUrl: second.imgUrl, link: 'https://example.com/autumn', title: 'Autumn sale', enabled: true });
    expect(edited.body).toMatchObject({ title: 'Autumn sale', link: 'https://example.com/autumn' });
    expect((await audit(second.id))[0]).toMatchObject({ action: 'banner.update', detail: { before: { title: 'New arrivals' }, after: { title: 'Autumn sale' } } });

    expect((await consoleCall<Banner>(t, 'POST', `/banners/${second.id}/move`, admin.token, { direction: 'up' })).body.sort).toBe(0);
    expect((await store()).map((banner) => banner.title)).toEqual(['Autumn sale', 'Spring sale']);
    expect((await audit(second.id))[0]).toMatchObject({ action: 'banner.move', detail: { direction: 'up', placement: 'h5_home' } });

    expect(await consoleCall(t, 'POST', `/banners/${first.id}/delete`, admin.token, { reason: '' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    expect((await consoleCall(t, 'POST', `/banners/${first.id}/delete`, admin.token, { reason: 'sale ended' })).status).toBe(204);
    expect((await store()).map((banner) => banner.title)).toEqual(['Autumn sale']);
    expect((await audit(first.id))[0]).toMatchObject({ action: 'banner.delete', reason: 'sale ended', detail: { before: { title: 'Spring sale' } } });
    expect(await consoleCall(t, 'POST', `/banners/${first.id}/delete`, admin.token, { reason: 'again' })).toMatchObject({ status: 404, body: { errorKey: 'common.not_found' } });
  });

  it('refuses pictures that are not our uploads, bad links and placements, and every role but admin, writing nothing', async () => {
    const before = await consoleCall<{ total: number }>(t, 'GET', '/banners', admin.token);
    for (const imgUrl of ['https://elsewhere.example/banner.png', `/uploads/${'a'.repeat(64)}.png`]) {
      expect(await consoleCall(t, 'POST', '/banners', admin.token, { type: 'pc_home', imgUrl, title: 'x' }), imgUrl).toMatchObject({ status: 400, body: { errorKey: 'content.banner_image_invalid' } });
    }
    const picture = await upload();
    for (const body of [{ type: 'sidebar' }, { link: 'javascript:alert(1)' }, { link: '//evil.example' }, { title: 'x'.repeat(101) }]) {
      expect(await consoleCall(t, 'POST', '/banners', admin.token, { type: 'pc_home', imgUrl: picture.url, ...body }), JSON.stringify(body)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    for (const role of ['finance', 'support'] as const) {
      const operator = await operatorToken(t, role);
      expect((await consoleCall(t, 'GET', '/banners', operator.token)).status, role).toBe(200);
      expect(await consoleCall(t, 'POST', '/banners', operator.token, { type: 'pc_home', imgUrl: picture.url }), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
      expect(await upload(operator.token), role).toMatchObject({ status: 403, errorKey: 'operators.forbidden' });
    }
    expect((await consoleCall<{ total: number }>(t, 'GET', '/banners', admin.token)).body.total).toBe(before.body.total);
  });
});
