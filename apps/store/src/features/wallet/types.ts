// Wire shapes of the wallet calls, taken from the shared zod contract at the type level only (the
// store does not bundle zod).
import type { PageObject } from '@caravan/contract/paging';
import type { coinListOutput, coinPriceOutput, rechargeLimitsOutput, rechargeRecordOutput, sessionTokenOutput, statementLineOutput } from '@caravan/contract/wallet';
import type { WireOf } from '@caravan/ui/wire';

// the withdrawal side's shapes (Balance, WithdrawRecord, ...) are in @caravan/ui/wallet/types, beside the
// withdrawal screens the store shares with the seller panel
export type StatementLine = WireOf<typeof statementLineOutput>;
export type RechargeRecord = WireOf<typeof rechargeRecordOutput>;
export type CoinPrice = WireOf<typeof coinPriceOutput>;
export type RechargeLimits = WireOf<typeof rechargeLimitsOutput>;
export type ThirdPartyChannels = WireOf<typeof coinListOutput>;
export type SessionToken = WireOf<typeof sessionTokenOutput>;

export type { PageObject };
export type { BlockchainChannel, ThirdPartyChannel } from './channel-rules.ts';
