import { emptyInput, emptyOutput } from '@caravan/contract/accounts';
import {
  balanceOutput,
  bankCardRechargeInput,
  bindAddressInput,
  channelOutput,
  coinListOutput,
  coinPriceInput,
  coinPriceOutput,
  orderNoInput,
  orderPlacedOutput,
  pageNoInput,
  payUrlOutput,
  rechargeInput,
  rechargeLimitsOutput,
  rechargePageOutput,
  rechargeRecordOutput,
  sessionTokenOutput,
  statementInput,
  statementOutput,
  thirdPartyRechargeInput,
  withdrawApplyInput,
  withdrawFeeInput,
  withdrawFeeOutput,
  withdrawLimitsOutput,
  withdrawOpenOutput,
  withdrawPageOutput,
  withdrawRecordOutput,
} from '@caravan/contract/wallet';
import { money } from '@caravan/contract/money';
import QRCode from 'qrcode';
import { defineAction, type ActionContext, type AnyAction } from '../../gateway/action.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { RateRule } from '../../platform/rate-limit.ts';
import { FUND_PASSWORD_LIMITS } from '../accounts/accounts.legacy.ts';
import type { SettingsService } from '../content/settings.ts';
import type { RechargeService } from './recharge.service.ts';
import type { RequestKey, WalletService } from './wallet.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

const TAG = 'wallet';

export const WALLET_RATE_RULES = {
  /** placing deposits and binding addresses: generous for people, tight for scripts */
  moneyPerUser: { name: 'wallet:user', max: 30, windowMs: MINUTE_MS },
  moneyPerIp: { name: 'wallet:ip', max: 120, windowMs: MINUTE_MS },
} as const satisfies Record<string, RateRule>;

/** The calls of the third-party channels (API reference section 7), each a productType of the settings. */
export const THIRD_PARTY_CALLS = ['recharge', 'PHP_recharge', 'PHP_recharge2', 'PHP_recharge3', 'PHP_recharge4', 'PHP_recharge5'] as const;

function requestKey(input: { session_token?: string | undefined }, ctx: ActionContext): RequestKey {
  return { sessionToken: input.session_token, idempotencyKey: ctx.idempotencyKey, requestId: ctx.requestId };
}

/** QR codes of the deposit addresses, drawn once per address. */
const qrCodes = new Map<string, Promise<string>>();
function qrCodeOf(address: string): Promise<string> {
  let image = qrCodes.get(address);
  if (!image) {
    image = QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    qrCodes.set(address, image);
  }
  return image;
}

export function walletActions(deps: { wallet: WalletService; recharges: RechargeService; withdrawals: WithdrawalService; settings: SettingsService }): AnyAction[] {
  const { wallet, recharges, withdrawals, settings } = deps;
  const moneyLimits = [
    { rule: WALLET_RATE_RULES.moneyPerUser, subject: 'user' as const },
    { rule: WALLET_RATE_RULES.moneyPerIp, subject: 'ip' as const },
  ];

  const thirdParty = THIRD_PARTY_CALLS.map((name) =>
    defineAction({
      call: `thirdPartyRecharge!${name}`,
      tag: TAG,
      auth: 'user',
      summary: `Third-party deposit through the channel bound to ${name}; answers the payment page URL.`,
      input: thirdPartyRechargeInput,
      output: payUrlOutput,
      rateLimits: moneyLimits,
      handler: (input, ctx) => recharges.thirdParty(ctx.user.id, name, input, requestKey(input, ctx)),
    }),
  );

  return [
    defineAction({
      call: 'wallet!getUsdt',
      tag: TAG,
      auth: 'user',
      summary: 'Wallet balance in USDT: `money` is spendable, `frozen` is held for withdrawals under review.',
      input: emptyInput,
      output: balanceOutput,
      handler: (_input, ctx) => wallet.balance(ctx.user.id),
    }),
    defineAction({
      call: 'wallet!statement',
      tag: TAG,
      auth: 'user',
      summary: 'Every movement of the wallet, newest first, with the balance after each (filter by kind).',
      input: statementInput,
      output: statementOutput,
      handler: (input, ctx) => wallet.statement(ctx.user.id, input),
    }),

    // ---- deposits ---------------------------------------------------------------------------------
    defineAction({
      call: 'rechargeBlockchain!recharge_open',
      tag: TAG,
      auth: 'user',
      summary: 'A single-use session_token for the next deposit or withdrawal.',
      input: emptyInput,
      output: sessionTokenOutput,
      rateLimits: moneyLimits,
      handler: async (_input, ctx) => ({ session_token: await wallet.openSession(ctx.user.id) }),
    }),
    defineAction({
      call: 'rechargeBlockchain!recharge',
      tag: TAG,
      auth: 'user',
      summary: 'Report a blockchain transfer with its payment-proof image; an operator reviews it.',
      input: rechargeInput,
      output: orderPlacedOutput,
      rateLimits: moneyLimits,
      handler: (input, ctx) => recharges.recharge(ctx.user.id, input, requestKey(input, ctx)),
    }),
    defineAction({
      call: 'rechargeBlockchain!list',
      tag: TAG,
      auth: 'user',
      summary: 'Deposit records, newest first.',
      input: pageNoInput,
      output: rechargePageOutput,
      handler: (input, ctx) => recharges.records(ctx.user.id, input),
    }),
    defineAction({
      call: 'rechargeBlockchain!get',
      tag: TAG,
      auth: 'user',
      summary: 'One deposit record of the caller.',
      input: orderNoInput,
      output: rechargeRecordOutput,
      handler: (input, ctx) => recharges.record(ctx.user.id, input.order_no),
    }),
    defineAction({
      call: 'rechargeBlockchain!fee',
      tag: TAG,
      auth: 'optional',
      summary: 'USDT price of a coin (1 for stablecoins; BTC and ETH at the configured rates).',
      input: coinPriceInput,
      output: coinPriceOutput,
      handler: (input) => ({ price: money.format(recharges.rateOf(input.symbol?.trim() || 'USDT')) }),
    }),
    defineAction({
      call: 'rechargeBlockchain!rechargeLimitConfig',
      tag: TAG,
      auth: 'optional',
      summary: 'Smallest and largest deposit, USDT.',
      input: emptyInput,
      output: rechargeLimitsOutput,
      handler: () => recharges.limits(),
    }),
    defineAction({
      call: 'channelBlockchain!list',
      tag: TAG,
      auth: 'user',
      summary: 'Deposit channels: coin, network, platform address with its QR code, limits.',
      input: emptyInput,
      output: channelOutput,
      handler: async () =>
        Promise.all(recharges.channels().map(async (channel) => ({ ...channel, img: channel.address ? await qrCodeOf(channel.address) : '' }))),
    }),
    defineAction({
      call: 'thirdPartyRecharge!getCoinList',
      tag: TAG,
      auth: 'user',
      summary: 'Open third-party channels with their fiat currencies and amount ranges.',
      input: emptyInput,
      output: coinListOutput,
      handler: () => recharges.thirdPartyChannels(),
    }),
    ...thirdParty,
    defineAction({
      call: 'bankCardRecharge!recharge',
      tag: TAG,
      auth: 'user',
      summary: 'Bank-card deposit (bank name, card number, amount); the card number is stored masked.',
      input: bankCardRechargeInput,
      output: orderPlacedOutput,
      rateLimits: moneyLimits,
      handler: (input, ctx) => recharges.bankCard(ctx.user.id, input, requestKey(input, ctx)),
    }),

    // ---- withdrawals ------------------------------------------------------------------------------
    defineAction({
      call: 'withdraw!withdraw_open',
      tag: TAG,
      auth: 'user',
      summary: 'A single-use session_token and the bound withdrawal address, if any.',
      input: emptyInput,
      output: withdrawOpenOutput,
      rateLimits: moneyLimits,
      handler: (_input, ctx) => wallet.withdrawOpen(ctx.user.id),
    }),
    defineAction({
      call: 'withdraw!apply',
      tag: TAG,
      auth: 'user',
      summary: 'Apply for a withdrawal to the bound address (fund password); the amount is held until reviewed.',
      input: withdrawApplyInput,
      output: orderPlacedOutput,
      rateLimits: FUND_PASSWORD_LIMITS,
      handler: (input, ctx) => withdrawals.apply(ctx.user.id, input, requestKey(input, ctx), { ip: ctx.ip, ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}) }),
    }),
    defineAction({
      call: 'withdraw!fee',
      tag: TAG,
      auth: 'optional',
      summary: 'The withdrawal fee as a rate (0.01 = 1%); arrival = amount x (1 - rate).',
      input: withdrawFeeInput,
      output: withdrawFeeOutput,
      handler: () => ({ withdraw_fee: settings.get('withdraw_fee_rate') }),
    }),
    defineAction({
      call: 'withdraw!withdrawLimitConfig',
      tag: TAG,
      auth: 'optional',
      summary: 'Smallest and largest withdrawal, USDT.',
      input: emptyInput,
      output: withdrawLimitsOutput,
      handler: () => withdrawals.limits(),
    }),
    defineAction({
      call: 'withdraw!list',
      tag: TAG,
      auth: 'user',
      summary: 'Withdrawal records, newest first.',
      input: pageNoInput,
      output: withdrawPageOutput,
      handler: (input, ctx) => withdrawals.records(ctx.user.id, input),
    }),
    defineAction({
      call: 'withdraw!get',
      tag: TAG,
      auth: 'user',
      summary: 'One withdrawal record of the caller.',
      input: orderNoInput,
      output: withdrawRecordOutput,
      handler: (input, ctx) => withdrawals.record(ctx.user.id, input.order_no),
    }),
    defineAction({
      call: 'user!bindWithdrawAddress',
      tag: TAG,
      auth: 'user',
      summary: 'Bind the one withdrawal address (TRC20, ERC20 with checksum, OMNI).',
      input: bindAddressInput,
      output: emptyOutput,
      successMessage: 'success.address_bound',
      rateLimits: moneyLimits,
      handler: async (input, ctx) => {
        await wallet.bindAddress(ctx.user.id, input, ctx.requestId);
        return null;
      },
    }),
  ];
}
