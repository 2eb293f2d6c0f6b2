// Wire shapes of the wallet calls the withdrawal screens make, taken from the shared zod contract at the
// type level only (the apps do not bundle zod for them).
import type { balanceOutput, withdrawFeeOutput, withdrawLimitsOutput, withdrawOpenOutput, withdrawRecordOutput } from '@caravan/contract/wallet';
import type { WireOf } from '../wire.ts';

export type Balance = WireOf<typeof balanceOutput>;
export type WithdrawRecord = WireOf<typeof withdrawRecordOutput>;
export type WithdrawAccount = WireOf<typeof withdrawOpenOutput>;
export type WithdrawFee = WireOf<typeof withdrawFeeOutput>;
export type WithdrawLimits = WireOf<typeof withdrawLimitsOutput>;
