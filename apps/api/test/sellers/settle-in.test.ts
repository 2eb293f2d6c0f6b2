import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadKindOf } from '../../src/modules/uploads/upload-kinds.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { settleInApplication } from '../support/sellers.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken, walletUser, type WalletUser } from '../support/wallet.ts';

// Settle-in over the wire: a buyer applies (every refusal with its key and nothing written), an
// operator of the right role approves (the shop opens and the account sells, in one step) or rejects
// with a reason the applicant sees and may answer with a new application; every decision audited.

const t = await useTestApp();
await seedSmallCatalogue(t, { products: 30, shops: 3 });

const applicationFor = (user: WalletUser, overrides: Record<string, unknown> = {}) => settleInApplication(t, user, overrides);

function apply(user: WalletUser, params: Record<string, unknown>) {
  return t.call<{ application: { id: string; state: string; reason: string; documents: string[] } }>('merchantSettled!apply', params, { token: user.token, remoteAddress: nextAddress() });
}

async function applicationsOf(userId: string) {
  return (await t.database.pool.query<{ id: string; state: string; reason: string }>('select id, state, reason from seller_applications where user_id = $1 order by created_at', [userId])).rows;
}

async function auditOf(id: string) {
  return (await t.database.pool.query<{ action: string; actor_id: string; reason: string | null }>("select action, actor_id, reason from audit_log where target_type = 'seller_application' and target_id = $1 order by id", [id])).rows;
}

describe('settle-in: applying', () => {
  it('refuses bad input with a stable key and writes nothing', async () => {
    const user = await walletUser(t);
    const other = await walletUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ shopName: undefined }, 'sellers.shop_name_required'],
      [{ shopName: 'x'.repeat(61) }, 'sellers.shop_name_invalid'],
      [{ shopName: '   ' }, 'sellers.shop_name_required'],
      [{ logo: other.proofUrl }, 'sellers.logo_invalid'],
      [{ documents: other.proofUrl }, 'sellers.documents_invalid'],
      [{ documents: '' }, 'sellers.documents_required'],
      [{ documents: Array.from({ length: 7 }, () => user.proofUrl).map((url, index) => `${url}?${index}`).join(',') }, 'sellers.documents_invalid'],
      [{ email: 'not-an-address' }, 'sellers.email_invalid'],
      [{ phone: 'call me' }, 'sellers.phone_invalid'],
      [{ countryId: 999_999 }, 'sellers.country_invalid'],
      [{ description: undefined }, 'sellers.description_required'],
    ];
    for (const [override, key] of cases) {
      const params = await applicationFor(user, override);
      const response = await apply(user, Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
      expect({ override, key: response.errorKey }).toEqual({ override, key });
    }
    expect(await applicationsOf(user.id)).toEqual([]);
    expect((await t.call('merchantSettled!get', {}, { token: user.token })).data).toEqual({ isSeller: false, shopId: '', application: null });
    expect((await t.call('merchantSettled!get', {})).errorKey).toBe('common.not_logged_in');
  });

  it('one application waits at a time, also when two race; a name waiting or in use is taken', async () => {
    const user = await walletUser(t);
    const params = await applicationFor(user);
    const [first, second] = await Promise.all([apply(user, params), apply(user, params)]);
    expect([first.errorKey ?? 'ok', second.errorKey ?? 'ok'].sort()).toEqual(['ok', 'sellers.application_pending']);
    expect(await applicationsOf(user.id)).toHaveLength(1);
    const status = await t.call<{ application: { state: string; documents: string[] } }>('merchantSettled!get', {}, { token: user.token });
    expect(status.data?.application).toMatchObject({ state: 'pending', documents: params.documents.split(',') });

    const rival = await walletUser(t);
    expect((await apply(rival, await applicationFor(rival, { shopName: params.shopName.toUpperCase() }))).errorKey).toBe('sellers.shop_name_taken');
    const seeded = (await t.database.pool.query<{ name: string }>("select name from shops where status = 'open' limit 1")).rows[0]!;
    expect((await apply(rival, await applicationFor(rival, { shopName: seeded.name }))).errorKey).toBe('sellers.shop_name_taken');
    expect(await applicationsOf(rival.id)).toEqual([]);
  });
});

describe('settle-in: the console decides', () => {
  it('finance reads but cannot decide; a refusal needs a reason, is shown to the applicant, who applies again; approval opens the shop', async () => {
    const user = await walletUser(t);
    const first = await apply(user, await applicationFor(user));
    const id = first.data?.application.id ?? '';
    const finance = await operatorToken(t, 'finance');
    const support = await operatorToken(t, 'support');

    const queue = await consoleCall<{ items: { id: string; username: string; documents: string[] }[]; total: number }>(t, 'GET', `/seller-applications?state=pending&applicant=${user.username}`, finance.token);
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((item) => item.id)).toEqual([id]);
    expect(queue.body.items[0]).toMatchObject({ username: user.username });
    expect(await consoleCall(t, 'POST', `/seller-applications/${id}/approve`, finance.token, {})).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'POST', `/seller-applications/${id}/reject`, support.token, { reason: '  ' })).toMatchObject({ status: 400, body: { errorKey: 'sellers.reason_required' } });
    expect((await applicationsOf(user.id))[0]?.state).toBe('pending');

    const rejected = await consoleCall<{ state: string }>(t, 'POST', `/seller-applications/${id}/reject`, support.token, { reason: 'The business licence is unreadable' });
    expect(rejected).toMatchObject({ status: 200, body: { state: 'rejected' } });
    expect(await consoleCall(t, 'POST', `/seller-applications/${id}/approve`, support.token, {})).toMatchObject({ status: 409, body: { errorKey: 'sellers.already_decided' } });
    const seen = await t.call<{ application: { state: string; reason: string } }>('merchantSettled!get', {}, { token: user.token });
    expect(seen.data?.application).toMatchObject({ state: 'rejected', reason: 'The business licence is unreadable' });
    // still a buyer: the seller panel refuses
    expect((await t.call('goods!list', {}, { token: user.token, prefix: '/wap/seller/' })).errorKey).toBe('common.no_permission');

    const again = await apply(user, await applicationFor(user, { shopName: 'Harbour Traders Again ' + process.pid }));
    const secondId = again.data?.application.id ?? '';
    expect(again.code).toBe('0');
    const detail = await consoleCall<{ history: { id: string }[]; audit: { action: string }[] }>(t, 'GET', `/seller-applications/${secondId}`, finance.token);
    expect(detail.body.history.map((row) => row.id)).toEqual([id]);

    const approved = await consoleCall<{ state: string; reviewedBy: string }>(t, 'POST', `/seller-applications/${secondId}/approve`, support.token, { reason: 'documents checked' });
    expect(approved).toMatchObject({ status: 200, body: { state: 'approved' } });
    const shop = (await t.database.pool.query<{ name: string; status: string; avatar_url: string }>('select name, status, avatar_url from shops where id = $1', [user.id])).rows[0];
    expect(shop).toEqual({ name: 'Harbour Traders Again ' + process.pid, status: 'open', avatar_url: user.proofUrl });
    expect((await t.call('merchantSettled!get', {}, { token: user.token })).data).toMatchObject({ isSeller: true, shopId: user.id, application: { state: 'approved' } });
    // the same session now reaches the seller panel; a seller cannot apply again
    expect((await t.call('shop!info', {}, { token: user.token, prefix: '/wap/seller/' })).data).toMatchObject({ id: user.id, status: 'open' });
    expect((await apply(user, await applicationFor(user))).errorKey).toBe('sellers.already_seller');
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['seller_application.submit', 'seller_application.reject']);
    expect(await auditOf(secondId)).toEqual([
      expect.objectContaining({ action: 'seller_application.submit', actor_id: user.id }),
      expect.objectContaining({ action: 'seller_application.approve', reason: 'documents checked' }),
    ]);
    expect(await consoleCall(t, 'GET', '/seller-applications/00000000000000000000000000000000', finance.token)).toMatchObject({ status: 404, body: { errorKey: 'sellers.application_not_found' } });
  });
});

describe('settle-in: private supporting documents', () => {
  it('are stored as private references, shown through signed URLs, and only the uploader may use them', async () => {
    const user = await walletUser(t);
    const other = await walletUser(t);
    const privateDocument = async (owner: WalletUser, shade: number) => {
      const png = await sharp({ create: { width: 20, height: 12, channels: 3, background: { r: shade, g: 7, b: 70 } } }).png().toBuffer();
      return (await t.services.uploads.storeImage(png, uploadKindOf('seller_document'), owner.id)).url;
    };
    const mine = await privateDocument(user, 11);
    expect(mine).toMatch(/^\/uploads\/private\/p[0-9a-f]{64}\.png\?expires=/);
    expect((await apply(other, await applicationFor(other, { documents: mine }))).errorKey).toBe('sellers.documents_invalid');

    const applied = await apply(user, await applicationFor(user, { documents: `${mine},${user.proofUrl}` }));
    expect(applied.code).toBe('0');
    const stored = (await t.database.pool.query<{ documents: string[] }>('select documents from seller_applications where user_id = $1', [user.id])).rows[0]?.documents;
    expect(stored).toEqual([mine.split('?')[0], user.proofUrl]);
    const shown = applied.data?.application.documents ?? [];
    expect(shown[0]).toMatch(/\?expires=\d+&signature=/);
    expect(shown[1]).toBe(user.proofUrl);
    expect((await t.app.inject({ method: 'GET', url: shown[0] ?? '' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: stored?.[0] ?? '' })).statusCode).toBe(403);

    const support = await operatorToken(t, 'support');
    const detail = await consoleCall<{ documents: string[] }>(t, 'GET', `/seller-applications/${applied.data?.application.id}`, support.token);
    expect((await t.app.inject({ method: 'GET', url: detail.body.documents[0] ?? '' })).statusCode).toBe(200);
  });
});
