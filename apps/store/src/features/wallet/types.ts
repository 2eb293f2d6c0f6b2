// Wire shapes of the wallet calls, taken from the shared zod contract at the type level only (the
// store does not bundle zod).
import type { PageObject } from '@caravan/contract/paging';
import type {
  balanceOutput,
  coinListOutput,
  coinPriceOutput,
  rechargeLimitsOutput,
  rechargeRecordOutput,
  sessionTokenOutput,
  statementLineOutput,
  withdrawFeeOutput,
  withdrawLimitsOutput,
  withdrawOpenOutput,
  withdrawRecordOutput,
} from '@caravan/contract/wallet';

/** The output type of a zod schema, without importing zod. */
type WireOf<Schema> = Schema extends { _zod: { output: infer Output } } ? Output : never;

export type Balance = WireOf<typeof balanceOutput>;
export type StatementLine = WireOf<typeof statementLineOutput>;
export type RechargeRecord = WireOf<typeof rechargeRecordOutput>;
export type WithdrawRecord = WireOf<typeof withdrawRecordOutput>;
export type CoinPrice = WireOf<typeof coinPriceOutput>;
export type RechargeLimits = WireOf<typeof rechargeLimitsOutput>;
export type ThirdPartyChannels = WireOf<typeof coinListOutput>;
export type SessionToken = WireOf<typeof sessionTokenOutput>;
export type WithdrawAccount = WireOf<typeof withdrawOpenOutput>;
export type WithdrawFee = WireOf<typeof withdrawFeeOutput>;
export type WithdrawLimits = WireOf<typeof withdrawLimitsOutput>;

export type { PageObject };
export type { BlockchainChannel, ThirdPartyChannel } from './channel-rules.ts';
