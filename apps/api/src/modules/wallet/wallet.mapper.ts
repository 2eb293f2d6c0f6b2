import { money, type Money } from '@caravan/contract/money';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { RechargeRow, WithdrawRow } from './wallet.repository.ts';
import { legacyState } from './wallet-state.ts';
import { isHeld, safetyOf } from './withdrawal-safety.ts';

/** Wallet figures on the wire: 2 decimals, truncated (a balance is never shown larger than it is). */
export function cents(value: Money): string {
  return money.format(value, { decimals: 2, rounding: 'down' });
}

/** Coin amounts keep their precision (BTC has 8 decimals). */
export function exact(value: Money): string {
  return money.format(value);
}

export function toRechargeRecord(row: RechargeRow, timeZone: string) {
  const time = formatLegacyDateTime(timeZone, row.createdAt);
  return {
    order_no: row.orderNo,
    coin: row.coin.toUpperCase(),
    coin_blockchain: row.method === 'blockchain' ? `${row.coin}_${row.blockchainName}`.toUpperCase() : row.coin.toUpperCase(),
    blockchain_name: row.blockchainName,
    symbol: row.coin.toLowerCase(),
    address: row.channelAddress,
    channel_address: row.channelAddress,
    from: row.fromAddress,
    amount: exact(row.amount),
    volume: cents(row.creditAmount),
    fee: cents(row.fee),
    tx: row.txHash,
    img: row.proofImageUrl,
    state: legacyState(row.state),
    method: row.method,
    reject_reason: row.rejectReason,
    create_time: time,
    created: time,
  };
}

/** `now`: what holds a withdrawal depends on the instant (a cool-down ends by itself). */
export function toWithdrawRecord(row: WithdrawRow, timeZone: string, now: Date) {
  const safety = safetyOf(row, now);
  return {
    order_no: row.orderNo,
    coin: row.coin.toUpperCase(),
    coin_blockchain: `${row.coin}_${row.blockchainName}`.toUpperCase(),
    to: row.toAddress,
    volume: cents(row.amount),
    amount: cents(row.arrivalAmount),
    fee: cents(row.fee),
    state: legacyState(row.state),
    tx: row.txHash,
    reject_reason: row.rejectReason,
    create_time: formatLegacyDateTime(timeZone, row.createdAt),
    hold_reason: safety.holdReason,
    held_until: formatLegacyDateTime(timeZone, safety.heldUntil),
    review_reason: safety.reviewReason,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A deposit as the console shows it (amounts exact, times ISO). */
export function toConsoleRecharge(row: RechargeRow, username: string) {
  return {
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    username,
    method: row.method,
    coin: row.coin,
    blockchainName: row.blockchainName,
    channelAddress: row.channelAddress,
    fromAddress: row.fromAddress,
    txHash: row.txHash,
    proofImageUrl: row.proofImageUrl,
    amount: exact(row.amount),
    rate: exact(row.rate),
    creditAmount: exact(row.creditAmount),
    declaredAmount: row.declaredAmount === null ? null : exact(row.declaredAmount),
    fiatCurrency: row.fiatCurrency,
    bankName: row.bankName,
    cardNumberMasked: row.cardNumberMasked,
    provider: row.provider,
    state: row.state,
    rejectReason: row.rejectReason,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    transferId: row.transferId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toConsoleWithdrawal(row: WithdrawRow, username: string, now: Date) {
  return {
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    username,
    coin: row.coin,
    blockchainName: row.blockchainName,
    toAddress: row.toAddress,
    amount: exact(row.amount),
    fee: exact(row.fee),
    arrivalAmount: exact(row.arrivalAmount),
    state: row.state,
    txHash: row.txHash,
    rejectReason: row.rejectReason,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    holdTransferId: row.holdTransferId,
    createdAt: row.createdAt.toISOString(),
    heldUntil: iso(row.heldUntil),
    held: isHeld(row, now),
    reviewRequired: row.reviewRequired,
  };
}
