import { auditLog } from '@caravan/db/schema/platform';
import { and, eq } from 'drizzle-orm';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localFileCodeSender, RecordingCodeSender, smtpCodeSender } from '../../src/modules/accounts/code-sender.ts';
import { MAX_CODE_ATTEMPTS } from '../../src/modules/accounts/verification.service.ts';
import { MINUTE_MS } from '../../src/platform/clock.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';

// Forgot password: idcode!execute (purpose resetpsw) sends a code to the account's bound e-mail or
// phone, user!resetpsw sets a new password with it. Codes are single-use, expire, burn after wrong
// guesses, serve one purpose; the answers do not reveal which accounts exist; every session ends.

const t = await useTestApp();
const OLD = 'Kx9#mountain';
const NEW = 'Fresh#river42';

let counter = 0;
/** A user registered with an e-mail address (verified by the registration code), logged in twice. */
async function emailUser() {
  counter += 1;
  const email = `reset.user${counter}@example.com`;
  await t.call('idcode!execute', { target: email }, { remoteAddress: nextAddress() });
  const code = t.codes.lastCodeFor(email, 'register') ?? '';
  const registered = await t.call<{ token: string }>(
    'localuser!registerWithVerifcode',
    { username: email, password: OLD, re_password: OLD, type: '2', verifcode: code },
    { method: 'GET', remoteAddress: nextAddress() },
  );
  expect(registered.code).toBe('0');
  const second = await t.call<{ token: string }>('user!newlogin', { username: email, password: OLD }, { remoteAddress: nextAddress() });
  return { email, tokens: [registered.data?.token ?? '', second.data?.token ?? ''] };
}

function sendResetCode(target: string, extra: Record<string, unknown> = {}, remoteAddress = nextAddress()) {
  return t.call('idcode!execute', { target, purpose: 'resetpsw', lang: 'en', ...extra }, { remoteAddress });
}

function reset(params: Record<string, unknown>, remoteAddress = nextAddress()) {
  return t.call('user!resetpsw', { verifcode_type: '2', lang: 'en', ...params }, { remoteAddress });
}

async function canLogin(username: string, password: string): Promise<boolean> {
  return (await t.call('user!newlogin', { username, password }, { remoteAddress: nextAddress() })).code === '0';
}

describe('forgot password', () => {
  it('resets the password with the code mailed to the account: every session ends, audited', async () => {
    const { email, tokens } = await emailUser();
    const sent = await sendResetCode(email);
    expect(sent).toMatchObject({ code: '0', msg: 'Verification code sent' });
    expect(t.codes.sent.at(-1)).toMatchObject({ channel: 'email', target: email, purpose: 'resetpsw' });
    const code = t.codes.lastCodeFor(email, 'resetpsw') ?? '';

    const done = await reset({ username: email, password: NEW, re_password: NEW, verifcode: code });
    expect(done).toMatchObject({ code: '0', msg: 'Password reset, please log in with the new password' });
    for (const token of tokens) expect((await t.call('localuser!get', {}, { token })).code).toBe('403');
    expect(await canLogin(email, OLD)).toBe(false);
    expect(await canLogin(email, NEW)).toBe(true);

    const [user] = (await t.database.pool.query<{ id: string }>('select id from users where username_key = $1', [email])).rows;
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.password_reset'), eq(auditLog.targetId, user!.id)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.detail)).not.toContain(code);
    expect(audit[0]?.detail).toMatchObject({ sessionsEnded: 2 });
  });

  it('a code works once', async () => {
    const { email } = await emailUser();
    await sendResetCode(email);
    const code = t.codes.lastCodeFor(email, 'resetpsw') ?? '';
    expect((await reset({ username: email, password: NEW, re_password: NEW, verifcode: code })).code).toBe('0');
    const again = await reset({ username: email, password: 'Other#pass77', re_password: 'Other#pass77', verifcode: code });
    expect(again.errorKey).toBe('accounts.verifcode_invalid');
    expect(await canLogin(email, NEW)).toBe(true);
  });

  it('a code expires after verification_code_ttl_minutes', async () => {
    const { email } = await emailUser();
    await sendResetCode(email);
    const code = t.codes.lastCodeFor(email, 'resetpsw') ?? '';
    t.clock.advance(10 * MINUTE_MS);
    const late = await reset({ username: email, password: NEW, re_password: NEW, verifcode: code });
    expect(late).toMatchObject({ code: '1', errorKey: 'accounts.verifcode_invalid', msg: 'The verification code is incorrect or has expired' });
    expect(await canLogin(email, OLD)).toBe(true);
  });

  it(`a code is burnt after ${MAX_CODE_ATTEMPTS} wrong guesses`, async () => {
    const { email } = await emailUser();
    await sendResetCode(email);
    const code = t.codes.lastCodeFor(email, 'resetpsw') ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 0; guess < MAX_CODE_ATTEMPTS; guess += 1) {
      expect((await reset({ username: email, password: NEW, re_password: NEW, verifcode: wrong })).errorKey).toBe('accounts.verifcode_invalid');
    }
    expect((await reset({ username: email, password: NEW, re_password: NEW, verifcode: code })).errorKey).toBe('accounts.verifcode_invalid');
    expect(await canLogin(email, OLD)).toBe(true);
  });

  it('a registration code does not reset a password, a reset code does not register', async () => {
    const { email } = await emailUser();
    await t.call('idcode!execute', { target: email }, { remoteAddress: nextAddress() });
    const registration = t.codes.lastCodeFor(email, 'register') ?? '';
    expect((await reset({ username: email, password: NEW, re_password: NEW, verifcode: registration })).errorKey).toBe('accounts.verifcode_invalid');

    const fresh = 'never.registered@example.com';
    await sendResetCode(fresh);
    expect(t.codes.lastCodeFor(fresh)).toBeUndefined();
    const other = `reset.other${counter}@example.com`;
    const { email: owner } = await emailUser();
    await sendResetCode(owner);
    const resetCode = t.codes.lastCodeFor(owner, 'resetpsw') ?? '';
    const registered = await t.call(
      'localuser!registerWithVerifcode',
      { username: other, password: OLD, re_password: OLD, type: '2', verifcode: resetCode },
      { method: 'GET', remoteAddress: nextAddress() },
    );
    expect(registered.errorKey).toBe('accounts.verifcode_invalid');
  });

  it('answers an unknown account exactly like a known one and sends nothing', async () => {
    const { email } = await emailUser();
    const known = await sendResetCode(email);
    const before = t.codes.sent.length;
    const unknown = await sendResetCode('nobody.here@example.com');
    const plainName = await sendResetCode('nosuchuser99');
    const strip = ({ code, msg, data, status }: { code: string; msg: string; data?: unknown; status: number }) => ({ code, msg, data, status });
    expect(strip(unknown)).toEqual(strip(known));
    expect(strip(plainName)).toEqual(strip(known));
    expect(t.codes.sent.length).toBe(before);
    // and a reset attempt for it is just a wrong code
    expect((await reset({ username: 'nobody.here@example.com', password: NEW, re_password: NEW, verifcode: '123456' })).errorKey).toBe('accounts.verifcode_invalid');
  });

  it('does not wait for the delivery: a failing mail server changes nothing in the answer', async () => {
    const { email } = await emailUser();
    const send = t.codes.send.bind(t.codes);
    t.codes.send = () => Promise.reject(new Error('mail server down'));
    try {
      expect(await sendResetCode(email)).toMatchObject({ code: '0', msg: 'Verification code sent' });
    } finally {
      t.codes.send = send;
    }
  });

  it('an account without the chosen channel gets nothing, with the same answer', async () => {
    const { email } = await emailUser();
    const before = t.codes.sent.length;
    const phone = await sendResetCode(email, { verifcode_type: '1' });
    expect(phone.code).toBe('0');
    expect(t.codes.sent.length).toBe(before);
    expect((await sendResetCode(email, { verifcode_type: '3' })).errorKey).toBe('accounts.verifcode_type_invalid');
  });

  it('limits codes per account and per day, whatever the address asking', async () => {
    const { email } = await emailUser();
    for (let i = 0; i < 3; i += 1) expect((await sendResetCode(email)).code).toBe('0');
    // a fourth within the hour, from another address
    expect((await sendResetCode(email)).errorKey).toBe('common.too_frequent');
    // the per-target daily limit (5) is reached over the day
    t.clock.advance(61 * MINUTE_MS);
    expect((await sendResetCode(email)).code).toBe('0');
    expect((await sendResetCode(email)).code).toBe('0');
    t.clock.advance(61 * MINUTE_MS);
    expect((await sendResetCode(email)).errorKey).toBe('accounts.verifcode_too_many');
    // unknown accounts are limited the same way (no difference to observe)
    for (let i = 0; i < 3; i += 1) await sendResetCode('ghost.user@example.com');
    expect((await sendResetCode('ghost.user@example.com')).errorKey).toBe('common.too_frequent');
  });

  it('limits reset attempts per account', async () => {
    const { email } = await emailUser();
    const statuses: string[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await reset({ username: email, password: NEW, re_password: NEW, verifcode: '999999' })).errorKey ?? 'ok');
    expect(statuses.slice(0, 10).every((key) => key === 'accounts.verifcode_invalid')).toBe(true);
    expect(statuses[10]).toBe('common.too_frequent');
  });

  it.each([
    ['no code', { password: NEW, re_password: NEW }, 'accounts.verifcode_required'],
    ['a short password', { password: 'a1b2', re_password: 'a1b2', verifcode: '123456' }, 'accounts.password_length'],
    ['a common password', { password: 'qwerty123', re_password: 'qwerty123', verifcode: '123456' }, 'accounts.password_too_common'],
    ['a confirmation that differs', { password: NEW, re_password: `${NEW}x`, verifcode: '123456' }, 'accounts.password_mismatch'],
    ['no new password', { re_password: NEW, verifcode: '123456' }, 'accounts.new_password_required'],
    ['an unknown channel', { password: NEW, re_password: NEW, verifcode: '123456', verifcode_type: '3' }, 'accounts.verifcode_type_invalid'],
  ])('refuses %s and keeps the old password', async (_name, params, key) => {
    const { email } = await emailUser();
    await sendResetCode(email);
    const response = await reset({ username: email, ...params });
    expect(response.errorKey).toBe(key);
    expect(await canLogin(email, OLD)).toBe(true);
  });
});

describe('development code sender', () => {
  it('writes the code to a file in the outbox and logs where, never the code', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'caravan-outbox-'));
    const lines: unknown[] = [];
    const sender = localFileCodeSender({ info: (...args: unknown[]) => void lines.push(args) } as never, dir, () => new Date('2026-11-25T08:00:00Z'));
    await sender.send({ channel: 'email', target: 'mei@example.com', code: '482913', purpose: 'resetpsw', locale: 'en' });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const text = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(text).toContain('To: mei@example.com');
    expect(text).toContain('482913');
    expect(JSON.stringify(lines)).not.toContain('482913');
    expect(JSON.stringify(lines)).toContain(files[0]);
  });
});

describe('SMTP code sender', () => {
  it('mails e-mail codes from MAIL_FROM; phone codes go to the fallback sender', async () => {
    // nodemailer's stream transport builds the real message without a server
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const fallback = new RecordingCodeSender();
    const mailed: string[] = [];
    const sender = smtpCodeSender({
      url: 'smtp://mail.example.com:587',
      from: 'Caravan <no-reply@caravan.example>',
      fallback,
      transport: {
        sendMail: async (mail) => {
          const info = await transport.sendMail(mail);
          mailed.push(String(info.message));
          return info;
        },
      },
    });
    await sender.send({ channel: 'email', target: 'mei@example.com', code: '551177', purpose: 'resetpsw', locale: 'en' });
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toContain('To: mei@example.com');
    expect(mailed[0]).toContain('From: Caravan <no-reply@caravan.example>');
    expect(mailed[0]).toContain('551177');
    expect(fallback.sent).toEqual([]);
    await sender.send({ channel: 'sms', target: '+447700900123', code: '661188', purpose: 'resetpsw', locale: 'en' });
    expect(mailed).toHaveLength(1);
    expect(fallback.sent).toEqual([{ channel: 'sms', target: '+447700900123', code: '661188', purpose: 'resetpsw' }]);
  });
});
