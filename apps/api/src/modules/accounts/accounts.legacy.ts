import {
  changePasswordInput,
  changeSafewordInput,
  emptyInput,
  emptyOutput,
  heartbeatInput,
  invitedListInput,
  invitedListOutput,
  loginInput,
  logoffInput,
  refreshAvatarInput,
  registerNoCodeInput,
  registerWithCodeInput,
  resetPasswordInput,
  sendCodeInput,
  sessionOutput,
  setSafewordInput,
  userInfoOutput,
} from '@caravan/contract/accounts';
import { defineAction, type ActionContext, type AnyAction } from '../../gateway/action.ts';
import { HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import type { RateRule } from '../../platform/rate-limit.ts';
import { toUserInfo } from './accounts.mapper.ts';
import type { AccountsService } from './accounts.service.ts';
import { loginKeyOf } from './credentials.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UserKycInfo } from '../kyc/kyc.mapper.ts';

/** Limits on the calls that guess or create credentials (per IP and per account). */
export const ACCOUNT_RATE_RULES = {
  loginPerIp: { name: 'login:ip', max: 30, windowMs: MINUTE_MS },
  loginPerAccount: { name: 'login:account', max: 10, windowMs: MINUTE_MS },
  registerPerIp: { name: 'register:ip', max: 20, windowMs: HOUR_MS },
  codePerIp: { name: 'code:ip', max: 10, windowMs: HOUR_MS },
  /** password-reset codes asked for one account (on top of the per-target daily limit) */
  resetCodePerAccount: { name: 'reset-code:account', max: 3, windowMs: HOUR_MS },
  resetPerIp: { name: 'reset:ip', max: 20, windowMs: HOUR_MS },
  resetPerAccount: { name: 'reset:account', max: 10, windowMs: HOUR_MS },
  passwordPerAccount: { name: 'password:user', max: 10, windowMs: MINUTE_MS },
  safewordPerAccount: { name: 'safeword:user', max: 10, windowMs: MINUTE_MS },
  safewordPerIp: { name: 'safeword:ip', max: 60, windowMs: MINUTE_MS },
} as const satisfies Record<string, RateRule>;

const R = ACCOUNT_RATE_RULES;

/**
 * The limits of every call that checks the fund password (pay, withdraw, repay, change it ...): guesses
 * are throttled per account and per address before the lock-out even counts them.
 */
export const FUND_PASSWORD_LIMITS: { rule: RateRule; subject: 'user' | 'ip' }[] = [
  { rule: R.safewordPerAccount, subject: 'user' },
  { rule: R.safewordPerIp, subject: 'ip' },
];
const TAG = 'accounts';

function meta(ctx: ActionContext) {
  return { ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId };
}

export function accountsActions(deps: {
  accounts: AccountsService;
  sessions: SessionsService;
  publicBaseUrl: string;
  timeZone: string;
  /** the user's identity verification (KYC module) */
  kycInfo(userId: string): Promise<UserKycInfo>;
}): AnyAction[] {
  const { accounts, sessions } = deps;
  const registerLimits = [{ rule: R.registerPerIp, subject: 'ip' as const }];

  return [
    defineAction({
      call: 'localuser!registerNoVerifcode',
      tag: TAG,
      auth: 'public',
      summary: 'Register with a user name, e-mail or phone and a password; logs the new user in.',
      input: registerNoCodeInput,
      output: sessionOutput,
      rateLimits: registerLimits,
      successMessage: 'success.registered',
      handler: (input, ctx) => accounts.register(input, meta(ctx), { requireCode: false }),
    }),
    defineAction({
      call: 'localuser!registerWithVerifcode',
      tag: TAG,
      auth: 'public',
      summary: 'Register with an e-mail address (or phone) and the code sent by idcode!execute.',
      input: registerWithCodeInput,
      output: sessionOutput,
      rateLimits: registerLimits,
      successMessage: 'success.registered',
      handler: (input, ctx) => accounts.register(input, meta(ctx), { requireCode: true }),
    }),
    defineAction({
      call: 'idcode!execute',
      tag: TAG,
      auth: 'public',
      summary:
        'Send a verification code: to the e-mail address or phone number `target` (registration), or with purpose=resetpsw to the e-mail (verifcode_type 2) or phone (1) bound to the account `target`; the answer does not tell whether the account exists.',
      input: sendCodeInput,
      output: emptyOutput,
      rateLimits: [
        { rule: R.codePerIp, subject: 'ip' },
        { rule: R.resetCodePerAccount, subject: (input) => (input.purpose === 'resetpsw' ? `reset:${loginKeyOf(input.target)}` : undefined) },
      ],
      successMessage: 'success.code_sent',
      handler: async (input, ctx) => {
        if (input.purpose === 'resetpsw') await accounts.sendPasswordResetCode(input.target, input.verifcode_type, ctx.locale);
        else await accounts.sendRegistrationCode(input.target, ctx.locale);
        return null;
      },
    }),
    defineAction({
      call: 'user!resetpsw',
      tag: TAG,
      auth: 'public',
      summary: 'Forgot password: the code sent by idcode!execute (purpose=resetpsw) sets a new password; every session of the account ends.',
      input: resetPasswordInput,
      output: emptyOutput,
      rateLimits: [
        { rule: R.resetPerIp, subject: 'ip' },
        { rule: R.resetPerAccount, subject: (input) => loginKeyOf(input.username) },
      ],
      successMessage: 'success.password_reset',
      handler: async (input, ctx) => {
        await accounts.resetPassword(input, meta(ctx));
        return null;
      },
    }),
    defineAction({
      call: 'localuser!invitedList',
      tag: TAG,
      auth: 'user',
      summary: 'The users the logged-in user invited with their code (newest first, names masked, join time), paged.',
      input: invitedListInput,
      output: invitedListOutput,
      handler: (input, ctx) => accounts.invitedUsers(ctx.user.id, input),
    }),
    defineAction({
      call: 'user!newlogin',
      tag: TAG,
      auth: 'public',
      summary: 'Log in with user name, e-mail or phone and password.',
      input: loginInput,
      output: sessionOutput,
      rateLimits: [
        { rule: R.loginPerIp, subject: 'ip' },
        { rule: R.loginPerAccount, subject: (input) => loginKeyOf(input.username) },
      ],
      handler: (input, ctx) => accounts.login(input, meta(ctx)),
    }),
    defineAction({
      call: 'user!logout',
      tag: TAG,
      auth: 'optional',
      summary: 'End the current session (the token is revoked).',
      input: emptyInput,
      output: emptyOutput,
      successMessage: 'success.logged_out',
      handler: async (_input, ctx) => {
        await accounts.logout(ctx.user ? ctx.token : undefined);
        return null;
      },
    }),
    defineAction({
      call: 'user!heartbeat',
      tag: TAG,
      auth: 'public',
      summary: 'Keep-alive every 5 minutes; refreshes the session. Always answers code 0.',
      input: heartbeatInput,
      output: emptyOutput,
      handler: async (_input, ctx) => {
        if (ctx.token) await sessions.authenticate(ctx.token, { touch: 'always' });
        return null;
      },
    }),
    defineAction({
      call: 'localuser!get',
      tag: TAG,
      auth: 'user',
      summary: 'The logged-in user.',
      input: emptyInput,
      output: userInfoOutput,
      handler: async (_input, ctx) => {
        const [user, kyc] = await Promise.all([accounts.getUser(ctx.user.id), deps.kycInfo(ctx.user.id)]);
        return toUserInfo(user, { publicBaseUrl: deps.publicBaseUrl, timeZone: deps.timeZone }, kyc);
      },
    }),
    defineAction({
      call: 'localuser!refreshAvatar',
      tag: TAG,
      auth: 'user',
      summary: 'Choose one of the built-in avatars by index.',
      input: refreshAvatarInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await accounts.setAvatar(ctx.user.id, input.idx);
        return null;
      },
    }),
    defineAction({
      call: 'user!updateOldAndNewPsw',
      tag: TAG,
      auth: 'user',
      summary: 'Change the login password; other sessions are revoked unless revoke_others=0.',
      input: changePasswordInput,
      output: emptyOutput,
      rateLimits: [{ rule: R.passwordPerAccount, subject: 'user' }],
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await accounts.changePassword(
          ctx.user,
          {
            old_password: input.old_password,
            password: input.password,
            confirmation: input.re_password ?? input.comfirm_password,
            revokeOthers: input.revoke_others !== '0',
          },
          meta(ctx),
        );
        return null;
      },
    }),
    defineAction({
      call: 'user!setSafewordReg',
      tag: TAG,
      auth: 'user',
      summary: 'Set the fund password (6 digits) for the first time.',
      input: setSafewordInput,
      output: emptyOutput,
      rateLimits: FUND_PASSWORD_LIMITS,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await accounts.setSafeword(ctx.user.id, input, meta(ctx));
        return null;
      },
    }),
    defineAction({
      call: 'user!updateOldAndNewSafeword',
      tag: TAG,
      auth: 'user',
      summary: 'Change the fund password (the old one is checked under its own lock-out).',
      input: changeSafewordInput,
      output: emptyOutput,
      rateLimits: FUND_PASSWORD_LIMITS,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await accounts.changeSafeword(ctx.user.id, input, meta(ctx));
        return null;
      },
    }),
    defineAction({
      call: 'user!logoff',
      tag: TAG,
      auth: 'user',
      summary: 'Cancel the account (reason, fund password when set); refused while money or orders are open.',
      input: logoffInput,
      output: emptyOutput,
      rateLimits: FUND_PASSWORD_LIMITS,
      successMessage: 'success.logged_off',
      handler: async (input, ctx) => {
        await accounts.cancelAccount(ctx.user, input, meta(ctx));
        return null;
      },
    }),
    defineAction({
      call: 'jscode!execute',
      tag: TAG,
      auth: 'public',
      summary: 'Legacy client-side challenge hook; nothing to do on this server (answers code 0).',
      input: emptyInput,
      output: emptyOutput,
      handler: () => null,
    }),
  ];
}
