import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { balanceOf, consoleCall, fund, operatorToken, SAFEWORD, sessionToken, TRC20_ADDRESS, uploadProof, walletUser, type WalletUser } from '../support/wallet.ts';

// Identity verification over the wire: real-name and advanced submissions (every refusal with its key
// and nothing written), private pictures (only signed, unexpired URLs work, only the owner's pictures
// can be submitted), one pending per level under races, re-submission after a refusal, the console
// queue with roles and audit, the withdrawal threshold and localuser!get.

const t = await useTestApp();

let pictureCounter = 0;
/** Uploads a picture through uploadimg!execute with moduleName=kyc (private); answers the URL it gets. */
async function kycPicture(user: WalletUser): Promise<string> {
  pictureCounter += 1;
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: pictureCounter % 256, g: 40, b: (pictureCounter >> 8) % 256 } } })
    .png()
    .toBuffer();
  const boundary = `----kyc${pictureCounter}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${user.token}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="moduleName"\r\n\r\nkyc\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/wap/api/uploadimg!execute.action', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload, remoteAddress: nextAddress() });
  const body = response.json() as { code: string; data: string };
  expect(body.code).toBe('0');
  return body.data;
}

async function realNameFor(user: WalletUser, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Amina Yusuf',
    nationality: 233,
    idname: 'passport',
    idnumber: 'p1234567',
    idimg_1: await kycPicture(user),
    idimg_2: await kycPicture(user),
    idimg_3: await kycPicture(user),
    ...overrides,
  };
}

async function advancedFor(user: WalletUser, overrides: Record<string, unknown> = {}) {
  return { address: '12 Harbour Street', city: 'Leeds', postcode: 'LS1 4AP', idimg_1: await kycPicture(user), ...overrides };
}

type KycRecord = { id: string; status: number; msg: string; name: string; idnumber: string; idimg_1: string; idimg_2: string; idimg_3: string };

function applyRealName(user: WalletUser, params: Record<string, unknown>) {
  return t.call<KycRecord>('kyc!apply', params, { token: user.token, remoteAddress: nextAddress() });
}

function applyAdvanced(user: WalletUser, params: Record<string, unknown>) {
  return t.call<{ status: number; realNameStatus: number }>('kycHighLevel!apply', params, { token: user.token, remoteAddress: nextAddress() });
}

async function submissionsOf(userId: string) {
  return (await t.database.pool.query<{ id: string; level: string; state: string; reason: string }>('select id, level, state, reason from kyc_submissions where user_id = $1 order by created_at, id', [userId])).rows;
}

async function auditOf(id: string) {
  return (await t.database.pool.query<{ action: string; actor_type: string; actor_id: string; reason: string | null }>("select action, actor_type, actor_id, reason from audit_log where target_type = 'kyc_submission' and target_id = $1 order by id", [id])).rows;
}

function fetchUrl(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function userInfo(user: WalletUser) {
  return (await t.call<Record<string, unknown>>('localuser!get', {}, { token: user.token })).data;
}

/** A user whose real-name check an operator approved. */
async function verifiedUser(): Promise<WalletUser> {
  const user = await walletUser(t);
  const applied = await applyRealName(user, await realNameFor(user));
  expect(applied.code).toBe('0');
  await t.services.kyc.approve(applied.data?.id ?? '', { id: 'test-operator', reason: 'documents checked' });
  return user;
}

describe('kyc: real-name submission', () => {
  it('refuses bad input with a stable key and writes nothing', async () => {
    const user = await walletUser(t);
    const other = await walletUser(t);
    const othersPicture = await kycPicture(other);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'kyc.name_required'],
      [{ name: '   ' }, 'kyc.name_required'],
      [{ name: 'x'.repeat(101) }, 'kyc.name_invalid'],
      [{ nationality: 999_999 }, 'kyc.nationality_invalid'],
      [{ nationality: 'GB' }, 'kyc.nationality_invalid'],
      [{ idname: undefined }, 'kyc.document_type_required'],
      [{ idname: 'library_card' }, 'kyc.document_type_invalid'],
      [{ idnumber: undefined }, 'kyc.document_number_required'],
      [{ idnumber: '12' }, 'kyc.document_number_invalid'],
      [{ idnumber: '<script>' }, 'kyc.document_number_invalid'],
      [{ idimg_3: undefined }, 'kyc.picture_required'],
      // another user's picture, a public upload of the same user, a made-up key, a foreign URL
      [{ idimg_2: othersPicture }, 'kyc.picture_invalid'],
      [{ idimg_1: user.proofUrl }, 'kyc.picture_invalid'],
      [{ idimg_1: `/uploads/private/p${'a'.repeat(64)}.png` }, 'kyc.picture_invalid'],
      [{ idimg_1: 'https://elsewhere.example/id.png' }, 'kyc.picture_invalid'],
    ];
    for (const [override, key] of cases) {
      const params = await realNameFor(user, override);
      const response = await applyRealName(user, Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
      expect({ override, key: response.errorKey }).toEqual({ override, key });
    }
    expect(await submissionsOf(user.id)).toEqual([]);
    expect((await t.call<KycRecord>('kyc!get', {}, { token: user.token })).data).toMatchObject({ status: 0, name: '', idimg_1: '' });
    expect((await t.call('kyc!get', {})).errorKey).toBe('common.not_logged_in');
    expect(await userInfo(user)).toMatchObject({ identityverif: false, advancedverif: false, kyc_status: 0, kyc_high_level_status: 0, name: '', nationality: '' });
  });

  it('one submission waits at a time, also when two race; localuser!get shows it pending', async () => {
    const user = await walletUser(t);
    const params = await realNameFor(user);
    const [first, second] = await Promise.all([applyRealName(user, params), applyRealName(user, params)]);
    expect([first.errorKey ?? 'ok', second.errorKey ?? 'ok'].sort()).toEqual(['kyc.pending', 'ok']);
    expect(await submissionsOf(user.id)).toHaveLength(1);
    expect((await applyRealName(user, await realNameFor(user))).errorKey).toBe('kyc.pending');
    const record = (await t.call<KycRecord>('kyc!get', {}, { token: user.token })).data;
    expect(record).toMatchObject({ status: 1, name: 'Amina Yusuf', idnumber: 'P1234567', msg: '' });
    expect(record?.idimg_1).toMatch(/^\/uploads\/private\/p[0-9a-f]{64}\.png\?expires=\d+&signature=/);
    expect(await userInfo(user)).toMatchObject({ identityverif: false, kyc_status: 1, name: '' });
  });
});

describe('kyc: private pictures', () => {
  it('are served only with a valid, unexpired signature; never through the public path', async () => {
    const user = await walletUser(t);
    const signed = await kycPicture(user);
    const [path, query] = signed.split('?') as [string, string];
    const key = path.slice('/uploads/private/'.length);

    const ok = await fetchUrl(signed);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toBe('private, no-store');

    expect((await fetchUrl(path)).statusCode).toBe(403);
    expect((await fetchUrl(`/uploads/${key}`)).statusCode).toBe(404);
    // the same bytes' public key does not exist either: the private key space is separate
    expect((await fetchUrl(`/uploads/${key.slice(1)}`)).statusCode).toBe(404);
    const expires = new URLSearchParams(query).get('expires') ?? '';
    const signature = new URLSearchParams(query).get('signature') ?? '';
    expect((await fetchUrl(`${path}?expires=${Number(expires) + 3600}&signature=${signature}`)).statusCode).toBe(403);
    expect((await fetchUrl(`${path}?expires=${expires}&signature=${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).statusCode).toBe(403);
    // another picture's signature does not open this one
    const otherSigned = await kycPicture(user);
    expect((await fetchUrl(`${path}?${otherSigned.split('?')[1]}`)).statusCode).toBe(403);

    // expired (the clock moves past the 15 minutes)
    t.clock.advance(16 * 60 * 1000);
    expect((await fetchUrl(signed)).statusCode).toBe(403);
    // kyc!get hands the owner fresh URLs; another user sees only their own (empty) record
    await applyRealName(user, await realNameFor(user));
    const fresh = (await t.call<KycRecord>('kyc!get', {}, { token: user.token })).data?.idimg_1 ?? '';
    expect((await fetchUrl(fresh)).statusCode).toBe(200);
    const stranger = await walletUser(t);
    expect((await t.call<KycRecord>('kyc!get', {}, { token: stranger.token })).data).toMatchObject({ status: 0, idimg_1: '' });
  });

  it('cannot be used as public pictures (a shop logo, a deposit proof)', async () => {
    const user = await walletUser(t);
    const signed = await kycPicture(user);
    expect(await t.services.uploads.isOwnedImage(signed, user.id)).toBe(false);
    expect(await t.services.uploads.isStoredImage(signed)).toBe(false);
    expect(await t.services.uploads.isOwnedImage(await uploadProof(t, user.id), user.id)).toBe(true);
  });
});

describe('kyc: advanced verification', () => {
  it('is refused until real-name passed, then accepted once; bad input refused with nothing written', async () => {
    const user = await walletUser(t);
    expect((await applyAdvanced(user, await advancedFor(user))).errorKey).toBe('kyc.real_name_required');
    const pending = await applyRealName(user, await realNameFor(user));
    expect((await applyAdvanced(user, await advancedFor(user))).errorKey).toBe('kyc.real_name_required');
    expect((await t.call('kycHighLevel!get', {}, { token: user.token })).data).toMatchObject({ status: 0, realNameStatus: 1 });
    await t.services.kyc.approve(pending.data?.id ?? '', { id: 'test-operator', reason: 'ok' });
    // the advanced submission comes later than the real-name one (the clock does not move by itself)
    t.clock.advance(60_000);

    const other = await walletUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ address: undefined }, 'kyc.address_required'],
      [{ address: ' ' }, 'kyc.address_required'],
      [{ city: undefined }, 'kyc.city_required'],
      [{ postcode: '###' }, 'kyc.postcode_invalid'],
      [{ idimg_1: undefined }, 'kyc.picture_required'],
      [{ idimg_1: await kycPicture(other) }, 'kyc.picture_invalid'],
      [{ idimg_2: user.proofUrl }, 'kyc.picture_invalid'],
    ];
    for (const [override, key] of cases) {
      const params = await advancedFor(user, override);
      const response = await applyAdvanced(user, Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
      expect({ override, key: response.errorKey }).toEqual({ override, key });
    }
    expect((await submissionsOf(user.id)).map((row) => row.level)).toEqual(['real_name']);

    const [first, second] = [await advancedFor(user), await advancedFor(user)];
    const [applied, raced] = await Promise.all([applyAdvanced(user, first), applyAdvanced(user, second)]);
    const accepted = applied.code === '0' ? applied : raced;
    expect([applied.errorKey ?? 'ok', raced.errorKey ?? 'ok'].sort()).toEqual(['kyc.pending', 'ok']);
    expect(accepted.data).toMatchObject({ status: 1, realNameStatus: 2 });
    expect((await submissionsOf(user.id)).map((row) => row.level)).toEqual(['real_name', 'advanced']);
    expect((await applyRealName(user, await realNameFor(user))).errorKey).toBe('kyc.already_verified');
    expect(await userInfo(user)).toMatchObject({ identityverif: true, advancedverif: false, kyc_status: 2, kyc_high_level_status: 1, name: 'Amina Yusuf', nationality: expect.any(String) });
    expect((await userInfo(user))?.nationality).not.toBe('');
  });
});

describe('kyc: the console decides', () => {
  it('finance reads but cannot decide; a refusal needs a reason, is shown, and the user submits again; every decision audited', async () => {
    const user = await walletUser(t);
    const first = await applyRealName(user, await realNameFor(user));
    const id = first.data?.id ?? '';
    const finance = await operatorToken(t, 'finance');
    const support = await operatorToken(t, 'support');

    const queue = await consoleCall<{ items: { id: string; username: string; level: string }[]; total: number }>(t, 'GET', `/kyc?state=pending&level=real_name&applicant=${user.username}`, finance.token);
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ total: 1, items: [{ id, username: user.username, level: 'real_name' }] });
    expect((await consoleCall<{ pending: number }>(t, 'GET', '/kyc/pending-count', finance.token)).body.pending).toBeGreaterThanOrEqual(1);
    expect(await consoleCall(t, 'POST', `/kyc/${id}/approve`, finance.token, {})).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'POST', `/kyc/${id}/reject`, finance.token, { reason: 'blurred' })).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await consoleCall(t, 'GET', '/kyc', undefined)).toMatchObject({ status: 401 });
    expect(await consoleCall(t, 'POST', `/kyc/${id}/reject`, support.token, { reason: '  ' })).toMatchObject({ status: 400, body: { errorKey: 'kyc.reason_required' } });
    expect((await submissionsOf(user.id))[0]?.state).toBe('pending');

    // the detail hands out signed picture URLs that work
    const detail = await consoleCall<{ pictures: { role: string; url: string }[]; documentNumber: string }>(t, 'GET', `/kyc/${id}`, finance.token);
    expect(detail.body.pictures.map((picture) => picture.role)).toEqual(['front', 'back', 'hand_held']);
    expect((await fetchUrl(detail.body.pictures[2]!.url)).statusCode).toBe(200);

    const rejected = await consoleCall<{ state: string }>(t, 'POST', `/kyc/${id}/reject`, support.token, { reason: 'The back of the card is unreadable' });
    expect(rejected).toMatchObject({ status: 200, body: { state: 'rejected' } });
    expect(await consoleCall(t, 'POST', `/kyc/${id}/approve`, support.token, {})).toMatchObject({ status: 409, body: { errorKey: 'kyc.already_decided' } });
    expect((await t.call<KycRecord>('kyc!get', {}, { token: user.token })).data).toMatchObject({ status: 3, msg: 'The back of the card is unreadable', name: 'Amina Yusuf' });
    expect(await userInfo(user)).toMatchObject({ kyc_status: 3, identityverif: false });

    const again = await applyRealName(user, await realNameFor(user, { idnumber: 'P7654321' }));
    expect(again.code).toBe('0');
    const secondId = again.data?.id ?? '';
    const secondDetail = await consoleCall<{ history: { id: string; state: string }[] }>(t, 'GET', `/kyc/${secondId}`, finance.token);
    expect(secondDetail.body.history).toEqual([expect.objectContaining({ id, state: 'rejected' })]);

    // two operators approving at once: exactly one decision
    const [a, b] = await Promise.all([
      consoleCall<{ errorKey?: string }>(t, 'POST', `/kyc/${secondId}/approve`, support.token, { reason: 'documents checked' }),
      consoleCall<{ errorKey?: string }>(t, 'POST', `/kyc/${secondId}/reject`, support.token, { reason: 'second opinion' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const decided = new Map((await submissionsOf(user.id)).map((row) => [row.id, row.state]));
    expect(decided).toEqual(new Map([[id, 'rejected'], [secondId, a.status === 200 ? 'approved' : 'rejected']]));
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['kyc.submit', 'kyc.reject']);
    expect((await auditOf(secondId)).map((row) => [row.action, row.actor_type])).toEqual([
      ['kyc.submit', 'user'],
      [a.status === 200 ? 'kyc.approve' : 'kyc.reject', 'operator'],
    ]);

    // the console's user detail shows the state
    const userDetail = await consoleCall<{ kyc: { realName: string; advanced: string } }>(t, 'GET', `/users/${user.id}`, finance.token);
    expect(userDetail.body.kyc).toMatchObject({ realName: a.status === 200 ? 'approved' : 'rejected', advanced: 'none' });
    expect(await consoleCall(t, 'GET', '/kyc/00000000000000000000000000000000', finance.token)).toMatchObject({ status: 404, body: { errorKey: 'kyc.submission_not_found' } });
  });

  it('decides advanced submissions too; localuser!get then shows both passed', async () => {
    const user = await verifiedUser();
    const applied = await applyAdvanced(user, await advancedFor(user));
    expect(applied.code).toBe('0');
    const support = await operatorToken(t, 'support');
    const queue = await consoleCall<{ items: { id: string }[] }>(t, 'GET', `/kyc?level=advanced&applicant=${user.id}`, support.token);
    const id = queue.body.items[0]?.id ?? '';
    const detail = await consoleCall<{ pictures: { role: string }[]; address: string; history: { level: string }[] }>(t, 'GET', `/kyc/${id}`, support.token);
    expect(detail.body).toMatchObject({ address: '12 Harbour Street', pictures: [{ role: 'proof' }], history: [{ level: 'real_name' }] });
    expect(await consoleCall(t, 'POST', `/kyc/${id}/approve`, support.token, {})).toMatchObject({ status: 200, body: { state: 'approved' } });
    expect(await userInfo(user)).toMatchObject({ identityverif: true, advancedverif: true, kyc_status: 2, kyc_high_level_status: 2 });
    expect((await applyAdvanced(user, await advancedFor(user))).errorKey).toBe('kyc.already_verified');
  });
});

describe('kyc: withdrawals above the threshold', () => {
  it('need advanced verification when the setting is on; at or below it, with advanced passed, or with the rule off, they do not', async () => {
    const funded = async (user: WalletUser) => {
      await t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, { token: user.token, remoteAddress: nextAddress() });
      await fund(t, user, '500');
      return user;
    };
    const withdraw = async (user: WalletUser, amount: string) =>
      t.call<{ order_no: string }>('withdraw!apply', { session_token: await sessionToken(t, user), safeword: SAFEWORD, amount }, { token: user.token, remoteAddress: nextAddress() });

    // off by default
    expect((await withdraw(await funded(await walletUser(t)), '150')).errorKey ?? 'ok').toBe('ok');
    await t.services.settings.set(t.database.db, 'withdraw_advanced_kyc_above', '100', { type: 'system', reason: 'test: advanced KYC above 100' });
    try {
      const user = await funded(await verifiedUser());
      const refused = await withdraw(user, '100.01');
      expect(refused.errorKey).toBe('kyc.advanced_required');
      expect(refused.msg).toMatch(/advanced/i);
      expect(await balanceOf(t, user)).toMatchObject({ money: '500.00', frozen: '0.00' });
      expect((await withdraw(user, '100')).errorKey ?? 'ok').toBe('ok');

      const advanced = await funded(await verifiedUser());
      const applied = await applyAdvanced(advanced, await advancedFor(advanced));
      await t.services.kyc.approve((await t.services.kyc.current(advanced.id, 'advanced'))?.id ?? '', { id: 'test-operator', reason: 'proof checked' });
      expect(applied.code).toBe('0');
      expect((await withdraw(advanced, '150')).errorKey ?? 'ok').toBe('ok');
    } finally {
      await t.services.settings.set(t.database.db, 'withdraw_advanced_kyc_above', '0', { type: 'system', reason: 'test: back to off' });
    }
  });
});
