import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/platform/clock.ts';
import { nextAddress, registerUser, useTestApp } from '../support/test-app.ts';
import { userIdOf } from '../support/wallet.ts';

// Invitation codes: a user's code registers invitees; an unknown code is wrong, the code of an account
// that may no longer invite (disabled or cancelled) has "no right"; localuser!invitedList lists the
// invitees of the logged-in user only, masked and paged.

const t = await useTestApp();
const PASSWORD = 'Kx9#mountain';

function registerWith(username: string, agentCode: string) {
  return t.call('localuser!registerNoVerifcode', { username, password: PASSWORD, re_password: PASSWORD, agentCode, lang: 'en' }, { method: 'GET', remoteAddress: nextAddress() });
}

type InvitedPage = { pageInfo: { pageNum: number; pageSize: number; totalElements: number }; pageList: { username: string; joinTime: string }[] };

describe('invitation codes', () => {
  it('an unknown code is wrong; a disabled or cancelled referrer has no right to invite', async () => {
    expect(await registerWith('unknownref1', '1234567x')).toMatchObject({ code: '1', errorKey: 'accounts.agent_code_invalid', msg: 'The invitation code is incorrect' });

    const disabled = await registerUser(t);
    await t.services.accounts.setDisabled(await userIdOf(t, disabled.token), true, { id: 'op-test', reason: 'fraud' });
    const refused = await registerWith('invitedbyoff1', disabled.usercode);
    expect(refused).toMatchObject({ code: '1', errorKey: 'accounts.referrer_no_right', msg: 'This invitation code can no longer be used: its owner has no right to invite' });

    const leaving = await registerUser(t);
    expect((await t.call('user!logoff', { account: leaving.username, reason: 'bye' }, { token: leaving.token })).code).toBe('0');
    expect((await registerWith('invitedbygone', leaving.usercode)).errorKey).toBe('accounts.referrer_no_right');
    const zh = await t.call('localuser!registerNoVerifcode', { username: 'invitedbygone', password: PASSWORD, re_password: PASSWORD, agentCode: leaving.usercode, lang: 'zh-CN' }, { method: 'GET', remoteAddress: nextAddress() });
    expect(zh.msg).toBe('该邀请码已不可用：推荐人无推荐权限');
    // nothing was created
    expect((await t.database.pool.query('select 1 from users where username_key in ($1, $2)', ['invitedbyoff1', 'invitedbygone'])).rowCount).toBe(0);
  });
});

describe('localuser!invitedList', () => {
  it('lists the users invited by the logged-in user, newest first, masked, paged', async () => {
    const referrer = await registerUser(t);
    const other = await registerUser(t);
    expect((await registerWith('firstfriend1', referrer.usercode)).code).toBe('0');
    t.clock.advance(MINUTE_MS);
    expect((await registerWith('friend.two@example.com', referrer.usercode)).code).toBe('0');
    t.clock.advance(MINUTE_MS);
    expect((await registerWith('thirdfriend3', referrer.usercode)).code).toBe('0');
    expect((await registerWith('notmine12345', other.usercode)).code).toBe('0');

    const first = await t.call<InvitedPage>('localuser!invitedList', { pageNum: 1, pageSize: 2 }, { token: referrer.token });
    expect(first.data?.pageInfo).toEqual({ pageNum: 1, pageSize: 2, totalElements: 3 });
    expect(first.data?.pageList.map((user) => user.username)).toEqual(['t***3', 'f***o']);
    expect(first.data?.pageList[0]?.joinTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await t.call<InvitedPage>('localuser!invitedList', { pageNum: 2, pageSize: 2 }, { token: referrer.token });
    expect(second.data?.pageList.map((user) => user.username)).toEqual(['f***1']);
    // full names never leave the server
    expect(JSON.stringify([first.data, second.data])).not.toMatch(/firstfriend1|friend\.two|thirdfriend3/);

    const theirs = await t.call<InvitedPage>('localuser!invitedList', {}, { token: other.token });
    expect(theirs.data?.pageList.map((user) => user.username)).toEqual(['n***5']);
    expect((await t.call<InvitedPage>('localuser!invitedList', {}, { token: (await registerUser(t)).token })).data).toMatchObject({ pageInfo: { totalElements: 0 }, pageList: [] });
  });

  it('needs a login and refuses bad paging', async () => {
    expect((await t.call('localuser!invitedList', {})).code).toBe('403');
    const user = await registerUser(t);
    expect((await t.call('localuser!invitedList', { pageNum: 'x' }, { token: user.token })).errorKey).toBe('common.page_invalid');
  });
});
