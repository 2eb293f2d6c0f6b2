import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken } from '../support/wallet.ts';

// Lucky-draw activities from the console: an admin schedules one, the store's
// `activity/lottery!getCurrentActivity` shows it only while it runs, the admin can end it early;
// bad links, bad windows and overlapping activities are refused; other roles only read. Audited.

const t = await useTestApp({ start: '2026-10-01T00:00:00.000Z' });
const admin = await operatorToken(t, 'admin');
const support = await operatorToken(t, 'support');

interface Activity {
  id: string;
  title: string;
  detailUrl: string;
  startsAt: string;
  endsAt: string;
  state: string;
}

const current = async () => (await t.call('activity/lottery!getCurrentActivity', {}, { method: 'GET' })).data;
const create = (body: Record<string, unknown>, token = admin.token) => consoleCall<Activity & { errorKey?: string }>(t, 'POST', '/activities', token, body);
const audit = async (id: string) => (await consoleCall<{ items: { action: string; reason: string | null; detail: Record<string, unknown> }[] }>(t, 'GET', `/audit?targetType=activity&targetId=${id}`, admin.token)).body.items;

describe('lucky-draw activities in the console', () => {
  it('schedules an activity; the store shows it only while it runs; the admin ends it early', async () => {
    expect(await current()).toEqual({});
    const created = await create({ title: 'Autumn lucky draw', detailUrl: 'https://draw.example.com/autumn', startsAt: '2026-10-01T01:00:00.000Z', endsAt: '2026-10-09T00:00:00.000Z', reason: 'campaign' });
    expect(created).toMatchObject({ status: 200, body: { title: 'Autumn lucky draw', state: 'scheduled' } });
    expect(await current()).toEqual({});
    expect((await audit(created.body.id))[0]).toMatchObject({ action: 'activity.create', reason: 'campaign', detail: { after: { detailUrl: 'https://draw.example.com/autumn' } } });

    t.clock.set('2026-10-01T02:00:00.000Z');
    expect(await current()).toEqual({ id: created.body.id, title: 'Autumn lucky draw', detailUrl: 'https://draw.example.com/autumn', status: '1', running: '1' });
    const list = await consoleCall<{ items: Activity[] }>(t, 'GET', '/activities', support.token);
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, state: 'running' });

    const ended = await consoleCall<Activity>(t, 'POST', `/activities/${created.body.id}/end`, admin.token, { reason: 'prizes gone' });
    expect(ended.body).toMatchObject({ state: 'ended', endsAt: '2026-10-01T02:00:00.000Z' });
    expect(await current()).toEqual({});
    expect((await audit(created.body.id))[0]).toMatchObject({ action: 'activity.end', reason: 'prizes gone', detail: { before: { enabled: true, endsAt: '2026-10-09T00:00:00.000Z' }, after: { enabled: false } } });
    expect((await consoleCall<{ errorKey: string }>(t, 'POST', `/activities/${created.body.id}/end`, admin.token, {})).body.errorKey).toBe('content.activity_ended');
  });

  it('refuses links that are not web addresses, bad windows and overlaps, with stable keys', async () => {
    const window = { startsAt: '2026-10-10T00:00:00.000Z', endsAt: '2026-10-20T00:00:00.000Z' };
    for (const detailUrl of ['javascript:alert(1)', 'data:text/html,hi', '/promote/draw', 'ftp://draw.example.com', 'https://', 'https://draw.example.com/a b']) {
      expect(await create({ title: 'Draw', detailUrl, ...window }), detailUrl).toMatchObject({ status: 400, body: { errorKey: 'content.activity_url_invalid' } });
    }
    expect(await create({ title: 'Draw', detailUrl: 'https://draw.example.com', startsAt: window.endsAt, endsAt: window.startsAt })).toMatchObject({ status: 400, body: { errorKey: 'content.activity_window_invalid' } });
    expect(await create({ title: 'Draw', detailUrl: 'https://draw.example.com', startsAt: '2026-09-01T00:00:00.000Z', endsAt: '2026-10-01T00:00:00.000Z' })).toMatchObject({ status: 400, body: { errorKey: 'content.activity_window_invalid' } });
    expect(await create({ title: '', detailUrl: 'https://draw.example.com', ...window })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });

    const first = await create({ title: 'Draw one', detailUrl: 'http://draw.example.com/1', ...window });
    expect(first.status).toBe(200);
    expect(await create({ title: 'Draw two', detailUrl: 'https://draw.example.com/2', startsAt: '2026-10-19T00:00:00.000Z', endsAt: '2026-10-25T00:00:00.000Z' })).toMatchObject({ status: 409, body: { errorKey: 'content.activity_overlaps' } });
    // right after the first one is fine
    expect((await create({ title: 'Draw three', detailUrl: 'https://draw.example.com/3', startsAt: window.endsAt, endsAt: '2026-10-25T00:00:00.000Z' })).status).toBe(200);
    const titles = (await consoleCall<{ items: Activity[] }>(t, 'GET', '/activities', admin.token)).body.items.map((row) => row.title);
    expect(titles).toEqual(['Draw three', 'Draw one', 'Autumn lucky draw']);
  });

  it('lets only the admin change activities', async () => {
    expect(await create({ title: 'Draw', detailUrl: 'https://draw.example.com', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-02T00:00:00.000Z' }, support.token)).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect((await consoleCall(t, 'GET', '/activities', undefined)).status).toBe(401);
  });
});
