import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { pageObjectSchema } from './paging.ts';
import { choiceParam, intParam, moneyParam, textParam } from './params.ts';

// Wallet calls (API reference section 7). Amounts travel as decimal strings.

/** Deposits and withdrawals are whole cents of USDT (or of the fiat currency paid). */
export const WALLET_AMOUNT_DECIMALS = 2;

/** The legacy single-use token; new clients may send an Idempotency-Key header instead. */
const sessionToken = textParam(100).optional();
const amount = (invalid: string, maxDecimals = WALLET_AMOUNT_DECIMALS) =>
  z.unknown().superRefine((value, ctx) => {
    if (value === undefined) ctx.addIssue({ code: 'custom', message: invalid });
  }).pipe(moneyParam({ maxDecimals, error: invalid }));

/** BTC and ETH deposits need satoshi-like precision; stablecoins are checked for cents in the service. */
export const COIN_AMOUNT_DECIMALS = 8;

/** `page_no` / `page_size` lists: page_no must be a positive whole number (legacy "页码不能小于等于0"). */
export const pageNoInput = z.object({
  page_no: intParam({ min: 1, max: 1_000_000, error: 'common.page_invalid' }).optional(),
  page_size: intParam({ min: 1, error: 'common.param_invalid' }).optional(),
});

export const balanceOutput = z.object({
  /** what can be spent: posted balance less funds held for withdrawals */
  money: z.string(),
  rebate: z.string(),
  /** held for withdrawals under review */
  frozen: z.string(),
});

export const sessionTokenOutput = z.object({ session_token: z.string() });
export const orderPlacedOutput = z.object({ order_no: z.string() });

export const rechargeInput = z.object({
  session_token: sessionToken,
  amount: amount('wallet.recharge_amount_invalid', COIN_AMOUNT_DECIMALS),
  coin: requiredText('wallet.currency_required', 'wallet.currency_required', 10),
  blockchain_name: textParam(20).optional(),
  channel_address: textParam(100).optional(),
  /** the uploaded payment-proof screenshot */
  img: requiredText('wallet.proof_required', 'wallet.proof_invalid', 300),
  /** the address the user sent from */
  from: requiredText('wallet.from_address_required', 'wallet.from_address_required', 100),
  tx: textParam(100).optional(),
});

export const rechargeRecordOutput = z.object({
  order_no: z.string(),
  coin: z.string(),
  coin_blockchain: z.string(),
  blockchain_name: z.string(),
  symbol: z.string(),
  address: z.string(),
  channel_address: z.string(),
  from: z.string(),
  amount: z.string(),
  volume: z.string(),
  fee: z.string(),
  tx: z.string(),
  img: z.string(),
  /** 0 in process, 1 succeeded, 2 failed */
  state: z.number().int(),
  method: z.string(),
  reject_reason: z.string(),
  create_time: z.string(),
  created: z.string(),
});
export const rechargePageOutput = pageObjectSchema(rechargeRecordOutput);
export const orderNoInput = z.object({ order_no: requiredText('common.param_missing', 'wallet.order_not_found', 64) });

export const coinPriceInput = z.object({ symbol: textParam(10).optional() });
export const coinPriceOutput = z.object({ price: z.string() });
export const rechargeLimitsOutput = z.object({ rechargeAmountMin: z.string(), rechargeAmountMax: z.string() });

export const channelOutput = z.array(
  z.object({
    coin: z.string(),
    blockchain_name: z.string(),
    address: z.string().nullable(),
    img: z.string(),
    fee: z.string(),
    recharge_limit_min: z.string(),
    recharge_limit_max: z.string(),
  }),
);

export const coinListOutput = z.array(
  z.object({
    productType: z.string(),
    range: z.array(z.object({ bank_code: z.string(), min_amount: z.string(), max_amount: z.string() })),
  }),
);
export const thirdPartyRechargeInput = z.object({
  session_token: sessionToken,
  amount: amount('wallet.recharge_amount_invalid'),
  /** the fiat currency, one of the channel's bank codes */
  frenchCurrency: textParam(10).optional(),
  /** where the provider sends the buyer back to */
  pageUrl: textParam(500).optional(),
});
export const payUrlOutput = z.string();

export const bankCardRechargeInput = z.object({
  session_token: sessionToken,
  amount: amount('wallet.recharge_amount_invalid'),
  bankName: requiredText('wallet.bank_name_required', 'wallet.bank_name_required', 100),
  cardNumber: requiredText('wallet.card_number_invalid', 'wallet.card_number_invalid', 40),
  currency: textParam(10).optional(),
});

export const withdrawOpenOutput = z.object({
  session_token: z.string(),
  coinType: z.string(),
  chainName: z.string(),
  openWithdrawAddressBinding: z.number().int(),
  existWithdrawAddress: z.string(),
});

export const withdrawApplyInput = z.object({
  session_token: sessionToken,
  safeword: z.string({ error: 'accounts.safeword_required' }).max(64, { error: 'accounts.safeword_length' }).optional(),
  amount: amount('wallet.withdraw_amount_invalid'),
  /** legacy clients send the destination; it must be the bound address */
  from: textParam(100).optional(),
  channel: textParam(20).optional(),
  currency: textParam(20).optional(),
});

/** Why a withdrawal in review cannot be paid out yet ('' when nothing holds it). */
export const WITHDRAW_HOLD_REASONS = ['', 'address_changed'] as const;
/** Why a withdrawal in review gets an extra review ('' when it does not). */
export const WITHDRAW_REVIEW_REASONS = ['', 'new_address'] as const;

export const withdrawRecordOutput = z.object({
  order_no: z.string(),
  coin: z.string(),
  coin_blockchain: z.string(),
  to: z.string(),
  volume: z.string(),
  amount: z.string(),
  fee: z.string(),
  state: z.number().int(),
  tx: z.string(),
  reject_reason: z.string(),
  create_time: z.string(),
  // additions (withdrawal safety), while the withdrawal is in review:
  /** why the payout waits: '' (it does not), 'address_changed' (the cool-down after an operator changed the address) */
  hold_reason: z.enum(WITHDRAW_HOLD_REASONS),
  /** no payout before this platform time (yyyy-MM-dd HH:mm:ss); '' when not held */
  held_until: z.string(),
  /** '' or 'new_address' (the first withdrawal to this address above the review threshold gets an extra review) */
  review_reason: z.enum(WITHDRAW_REVIEW_REASONS),
});
export const withdrawPageOutput = pageObjectSchema(withdrawRecordOutput);
export const withdrawFeeInput = z.object({ channel: textParam(20).optional() });
export const withdrawFeeOutput = z.object({ withdraw_fee: z.string() });
export const withdrawLimitsOutput = z.object({ withdrawAmountMin: z.string(), withdrawAmountMax: z.string() });

export const bindAddressInput = z.object({
  blockchain_name: requiredText('wallet.protocol_unsupported', 'wallet.protocol_unsupported', 20),
  coin: textParam(10).optional(),
  channel_address: requiredText('wallet.withdraw_address_required', 'wallet.address_protocol_mismatch', 120),
});

export const statementInput = pageNoInput.extend({
  kind: choiceParam(['recharge', 'withdrawal', 'order_payment', 'order_refund', 'order_income', 'loan']).optional(),
});
export const statementLineOutput = z.object({
  transferId: z.string(),
  time: z.string(),
  kind: z.string(),
  /** 'in' | 'out' | 'hold' | 'release' */
  direction: z.string(),
  amount: z.string(),
  /** posted balance after this line */
  balance: z.string(),
  /** spendable balance after this line */
  available: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  /** on the hold of a withdrawal still in review: as withdraw!get's hold_reason, held_until, review_reason */
  holdReason: z.enum(WITHDRAW_HOLD_REASONS),
  heldUntil: z.string(),
  reviewReason: z.enum(WITHDRAW_REVIEW_REASONS),
});
export const statementOutput = pageObjectSchema(statementLineOutput);
